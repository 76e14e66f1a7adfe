/**
 * Dragging on empty canvas: selects every node the rectangle touches (added to the previous
 * selection with shift). A frame caught by the marquee stands for its children. Items of the
 * selectable layer (flow cards) it touches are selected with them.
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import { rectFromPoints } from '../../geometry.ts';
import type { ToolPointer } from '../BaseTool.ts';
import type { SelectChild, SelectTool } from '../SelectTool.ts';

export class Marquee implements SelectChild {
  readonly name = 'marquee' as const;

  constructor(
    private readonly tool: SelectTool,
    private readonly start: ToolPointer,
    private readonly base: string[],
    private readonly baseLayer: string[] = [],
  ) {}

  onPointerMove(e: ToolPointer): void {
    const m = this.tool.canvas;
    const rect = rectFromPoints(this.start.canvas, e.canvas);
    m.overlay.set({ marquee: rect });
    const hits = m.store.query(rect);
    const hitIds = new Set(hits.map((n) => n.id));
    const hasHitAncestor = (node: CanvasNode) => {
      const seen = new Set<string>();
      for (let parent = node.parentId; parent && !seen.has(parent); parent = m.store.get(parent)?.parentId ?? null) {
        if (hitIds.has(parent)) return true;
        seen.add(parent);
      }
      return false;
    };
    m.selection.set([...this.base, ...hits.filter((n) => !hasHitAncestor(n)).map((n) => n.id)], [...this.baseLayer, ...(m.layer?.query(rect) ?? [])]);
  }

  onPointerUp(): void {
    this.cancel();
    this.tool.transition(null);
  }

  cancel(): void {
    this.tool.canvas.overlay.set({ marquee: null });
  }
}
