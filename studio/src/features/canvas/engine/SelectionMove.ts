/**
 * Moving the whole selection from outside the select tool — a flow card dragged by its header
 * carries the other selected cards and the selected canvas nodes (frames with their children;
 * locked nodes stay). Like the select tool's drag: previews while it moves (my store, the
 * selectable layer, and collaborators through my awareness `drag`, throttled), then ONE
 * transaction with the local origin on `commit` — one undo step — and the awareness drag cleared
 * after it. No snapping, no frame membership changes.
 */
import type { CanvasManager } from './CanvasManager.ts';
import type { Point } from './types.ts';

export class SelectionMove {
  private readonly nodes = new Map<string, Point>();
  private readonly layerItems: Map<string, Point>;
  private delta: Point = { x: 0, y: 0 };

  constructor(private readonly manager: CanvasManager) {
    const m = manager;
    const movable = m.selection.ids.filter((id) => m.store.committed(id)?.locked === false);
    for (const id of [...movable, ...m.store.descendantsOf(movable)]) {
      const node = m.store.committed(id);
      if (node) this.nodes.set(id, { x: node.x, y: node.y });
    }
    this.layerItems = m.layer?.positions(m.selection.layerIds) ?? new Map();
  }

  /** Previews the selection moved by (dx, dy) canvas units from where it started. */
  move(dx: number, dy: number): void {
    const m = this.manager;
    this.delta = { x: dx, y: dy };
    const nodes = this.shifted(this.nodes);
    const items = this.shifted(this.layerItems);
    if (nodes.size) m.store.setPreview(nodes);
    if (items.size) m.layer?.preview(items);
    m.presence.setDrag(new Map([...nodes, ...items]));
  }

  /** Writes the move (nothing when it did not move), then ends the previews. */
  commit(): void {
    const m = this.manager;
    if (this.delta.x !== 0 || this.delta.y !== 0) {
      m.doc.transact(() => {
        m.store.commitPatches(new Map([...this.shifted(this.nodes)].map(([id, p]) => [id, { x: p.x, y: p.y }])));
        if (this.layerItems.size) m.layer?.move(this.shifted(this.layerItems));
      }, m.localOrigin);
    }
    this.cancel();
  }

  /** Ends the previews without writing. */
  cancel(): void {
    const m = this.manager;
    if (this.nodes.size) m.store.setPreview(null);
    if (this.layerItems.size) m.layer?.preview(null);
    m.presence.setDrag(null);
  }

  private shifted(start: ReadonlyMap<string, Point>): Map<string, Point> {
    const out = new Map<string, Point>();
    for (const [id, p] of start) out.set(id, { x: p.x + this.delta.x, y: p.y + this.delta.y });
    return out;
  }
}
