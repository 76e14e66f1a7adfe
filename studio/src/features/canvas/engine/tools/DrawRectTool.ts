/**
 * Shared gesture of the creation tools that draw a box (frame, rect, ellipse, text): press,
 * drag to draw a draft in the overlay, release to create the node — or just click for a default.
 * After finishing, the manager goes back to the select tool.
 */
import { distance, rectFromPoints } from '../geometry.ts';
import type { Overlay, Point, Rect } from '../types.ts';
import { BaseTool, DRAG_THRESHOLD_PX, type ToolPointer } from './BaseTool.ts';

type DraftKind = NonNullable<Overlay['draft']>['kind'];

export abstract class DrawRectTool extends BaseTool {
  protected abstract readonly draftKind: DraftKind;
  private start: ToolPointer | null = null;

  /** Creates the node: `rect` is the drawn box, or null for a click at `point`. */
  protected abstract finish(rect: Rect | null, point: Point): void;

  override onPointerDown(e: ToolPointer): void {
    if (e.button !== 0) return;
    if (this.manager.readOnly) {
      this.refuse();
      return;
    }
    this.start = e;
    this.setState('pointing');
  }

  override onPointerMove(e: ToolPointer): void {
    if (!this.start) return;
    if (this.state === 'pointing' && distance(e.point, this.start.point) < DRAG_THRESHOLD_PX) return;
    this.setState('drawing');
    this.manager.overlay.set({ draft: { ...this.drawnRect(e), kind: this.draftKind } });
  }

  override onPointerUp(e: ToolPointer): void {
    const start = this.start;
    if (!start) return;
    const rect = this.state === 'drawing' ? this.drawnRect(e) : null;
    this.cancel();
    this.finish(rect, start.canvas);
    this.manager.tools.set('select');
  }

  override cancel(): boolean {
    if (this.start) this.manager.overlay.set({ draft: null });
    this.start = null;
    return super.cancel();
  }

  /** The box from the press to the pointer; shift draws a square. */
  private drawnRect(e: ToolPointer): Rect {
    const start = (this.start as ToolPointer).canvas;
    let end = e.canvas;
    if (e.shiftKey) {
      const side = Math.max(Math.abs(end.x - start.x), Math.abs(end.y - start.y));
      end = { x: start.x + Math.sign(end.x - start.x || 1) * side, y: start.y + Math.sign(end.y - start.y || 1) * side };
    }
    return rectFromPoints(start, end);
  }

  /** Whether a drawn box is big enough on screen to be meant (else the click default applies). */
  protected bigEnough(rect: Rect | null, minScreenPx: number): rect is Rect {
    const zoom = this.manager.viewport.camera.zoom;
    return !!rect && rect.width * zoom >= minScreenPx && rect.height * zoom >= minScreenPx;
  }
}
