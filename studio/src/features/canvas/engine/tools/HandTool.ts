/** Pans the camera by dragging (also space+drag and middle-button drag, through the ToolManager). */
import { BaseTool, type ToolPointer } from './BaseTool.ts';

export class HandTool extends BaseTool {
  readonly id = 'hand' as const;
  private last: { x: number; y: number } | null = null;

  override onPointerDown(e: ToolPointer): void {
    this.last = e.point;
    this.manager.viewport.beginGesture();
    this.setState('panning');
  }

  override onPointerMove(e: ToolPointer): void {
    if (!this.last) return;
    this.manager.viewport.panBy(e.point.x - this.last.x, e.point.y - this.last.y);
    this.last = e.point;
  }

  override onPointerUp(e: ToolPointer): void {
    this.onPointerMove(e);
    this.cancel();
  }

  override cancel(): boolean {
    if (this.last) this.manager.viewport.endGesture();
    this.last = null;
    return super.cancel();
  }
}
