/**
 * Dragging a resize handle. One node resizes in its own (rotated) frame; several scale with their
 * union box. Shift keeps the aspect ratio — images and videos keep it by default and shift frees
 * them. Committed once on release.
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import { resizeBox, type ResizeHandleId, type SelectionBox } from '../../handles.ts';
import type { ToolPointer } from '../BaseTool.ts';
import type { SelectChild, SelectTool } from '../SelectTool.ts';

const KEEPS_ASPECT = new Set<CanvasNode['type']>(['image', 'video', 'placeholder']);

export class Resizing implements SelectChild {
  readonly name = 'resizing' as const;
  private readonly initial: CanvasNode[];
  private readonly aspectByDefault: boolean;

  constructor(
    private readonly tool: SelectTool,
    private readonly start: ToolPointer,
    private readonly box: SelectionBox,
    private readonly handle: ResizeHandleId,
  ) {
    const m = tool.canvas;
    this.initial = box.ids.map((id) => m.store.committed(id)).filter((n): n is CanvasNode => !!n);
    this.aspectByDefault = this.initial.some((n) => KEEPS_ASPECT.has(n.type));
  }

  onPointerMove(e: ToolPointer): void {
    const m = this.tool.canvas;
    const keepAspect = e.shiftKey !== this.aspectByDefault;
    const next = resizeBox(this.box, this.handle, this.start.canvas, e.canvas, keepAspect);
    const preview = new Map<string, Partial<CanvasNode>>();
    const only = this.initial.length === 1 ? this.initial[0] : undefined;
    if (only) {
      preview.set(only.id, next);
    } else {
      const b = this.box.bounds;
      const sx = next.width / b.width;
      const sy = next.height / b.height;
      for (const n of this.initial) {
        preview.set(n.id, { x: next.x + (n.x - b.x) * sx, y: next.y + (n.y - b.y) * sy, width: n.width * sx, height: n.height * sy });
      }
    }
    m.store.setPreview(preview);
  }

  onPointerUp(e: ToolPointer): void {
    this.onPointerMove(e);
    const m = this.tool.canvas;
    m.store.commitPatches(new Map(m.store.currentPreview()));
    this.cancel();
    this.tool.transition(null);
  }

  cancel(): void {
    this.tool.canvas.store.setPreview(null);
  }
}
