/**
 * Pressed, not yet moved past the drag threshold. Moving on a node starts dragging the
 * selection, on empty canvas a marquee. Releasing without moving finishes a click: a click on an
 * already-selected node selects only it; shift-click on a selected node deselects it.
 */
import { distance } from '../../geometry.ts';
import { DRAG_THRESHOLD_PX, type ToolPointer } from '../BaseTool.ts';
import type { SelectChild, SelectTool } from '../SelectTool.ts';
import { Dragging } from './Dragging.ts';
import { Marquee } from './Marquee.ts';

export class Pointing implements SelectChild {
  readonly name = 'pointing' as const;

  constructor(
    private readonly tool: SelectTool,
    private readonly start: ToolPointer,
    private readonly target: { nodeId: string | null; wasSelected: boolean; shift: boolean },
  ) {}

  onPointerMove(e: ToolPointer): void {
    if (distance(e.point, this.start.point) < DRAG_THRESHOLD_PX) return;
    const m = this.tool.canvas;
    if (!this.target.nodeId) {
      const marquee = new Marquee(this.tool, this.start, this.target.shift ? [...m.selection.ids] : [], this.target.shift ? [...m.selection.layerIds] : []);
      this.tool.transition(marquee);
      marquee.onPointerMove(e);
      return;
    }
    if (m.readOnly) {
      this.tool.refuse();
      return;
    }
    const movable = m.selection.ids.filter((id) => m.store.get(id)?.locked === false);
    // Only locked nodes under the pointer: they stay put (they can still be selected).
    if (movable.length === 0 && m.selection.layerIds.length === 0) return;
    const dragging = new Dragging(this.tool, this.start, movable);
    this.tool.transition(dragging);
    dragging.onPointerMove(e);
  }

  onPointerUp(): void {
    const m = this.tool.canvas;
    const { nodeId, wasSelected, shift } = this.target;
    if (nodeId && wasSelected) m.selection.set(shift ? m.selection.ids.filter((id) => id !== nodeId) : [nodeId], shift ? m.selection.layerIds : []);
    this.tool.transition(null);
  }

  cancel(): void {}
}
