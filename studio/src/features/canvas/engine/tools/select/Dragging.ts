/**
 * Moving the selection. Frames carry their children; the moved box snaps to other nodes' edges
 * and centres within SNAP_DISTANCE_PX on screen (mod disables snapping), with guides in the
 * overlay. While it moves, collaborators see it move through my awareness state (`drag`,
 * throttled), not through the document. On release one transaction writes the positions and the
 * frame membership: a node whose centre lands in a frame becomes its child, one dragged out of
 * its frame leaves it; then the awareness drag is cleared. Selected flow cards (the selectable
 * layer's items) move along, previewed by the layer, in the same transaction and awareness drag.
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import { inflate, nodeAabb, nodeCenter, unionRects } from '../../geometry.ts';
import { SNAP_DISTANCE_PX, snapBox } from '../../snapping.ts';
import type { Point, Rect } from '../../types.ts';
import type { ToolPointer } from '../BaseTool.ts';
import type { SelectChild, SelectTool } from '../SelectTool.ts';

/** Snap targets come from this much beyond the visible area (screen pixels). */
const SNAP_MARGIN_PX = 200;
/** Enough targets for any real layout; keeps each pointer move cheap on huge boards. */
const MAX_SNAP_TARGETS = 2000;

export class Dragging implements SelectChild {
  readonly name = 'dragging' as const;
  private readonly initial = new Map<string, CanvasNode>();
  /** Moving nodes whose parent is not moving with them. */
  private readonly roots: CanvasNode[];
  private readonly startBounds: Rect | null;
  private readonly targets: Rect[];
  /** Selected layer items (flow cards) where they started. */
  private readonly layerStart: Map<string, Point>;
  private delta = { x: 0, y: 0 };

  constructor(
    private readonly tool: SelectTool,
    private readonly start: ToolPointer,
    ids: string[],
  ) {
    const m = tool.canvas;
    for (const id of [...ids, ...m.store.descendantsOf(ids)]) {
      const node = m.store.committed(id);
      if (node) this.initial.set(id, node);
    }
    this.roots = [...this.initial.values()].filter((n) => !n.parentId || !this.initial.has(n.parentId));
    this.startBounds = unionRects(this.roots.map(nodeAabb));
    this.layerStart = m.layer?.positions(m.selection.layerIds) ?? new Map();
    const zoom = m.viewport.camera.zoom;
    this.targets = m.store
      .query(inflate(m.viewport.visibleRect(), SNAP_MARGIN_PX / zoom))
      .filter((n) => !this.initial.has(n.id))
      .slice(-MAX_SNAP_TARGETS)
      .map(nodeAabb);
  }

  onPointerMove(e: ToolPointer): void {
    const m = this.tool.canvas;
    let dx = e.canvas.x - this.start.canvas.x;
    let dy = e.canvas.y - this.start.canvas.y;
    let guides: { vertical: number[]; horizontal: number[] } = { vertical: [], horizontal: [] };
    if (!e.modKey && this.startBounds && this.targets.length) {
      const moved = { ...this.startBounds, x: this.startBounds.x + dx, y: this.startBounds.y + dy };
      const snap = snapBox(moved, this.targets, SNAP_DISTANCE_PX / m.viewport.camera.zoom);
      dx += snap.dx;
      dy += snap.dy;
      guides = snap.guides;
    }
    this.delta = { x: dx, y: dy };
    m.overlay.set({ guides });
    const preview = new Map<string, { x: number; y: number }>();
    for (const node of this.initial.values()) preview.set(node.id, { x: node.x + dx, y: node.y + dy });
    m.store.setPreview(preview);
    const layerPreview = new Map<string, Point>();
    for (const [id, p] of this.layerStart) layerPreview.set(id, { x: p.x + dx, y: p.y + dy });
    if (layerPreview.size) m.layer?.preview(layerPreview);
    m.presence.setDrag(new Map([...preview, ...layerPreview]));
  }

  onPointerUp(e: ToolPointer): void {
    this.onPointerMove(e);
    const m = this.tool.canvas;
    const { x: dx, y: dy } = this.delta;
    const parents = new Map<string, string | null>();
    for (const root of this.roots) {
      if (root.type === 'frame') continue;
      const centre = nodeCenter({ ...root, x: root.x + dx, y: root.y + dy });
      const frame = m.store.hitTest(centre, (n) => n.type === 'frame' && !this.initial.has(n.id));
      const parentId = frame?.id ?? null;
      if (parentId !== root.parentId) parents.set(root.id, parentId);
    }
    const patches = new Map<string, Record<string, unknown>>();
    for (const node of this.initial.values()) {
      const patch: Record<string, unknown> = { x: node.x + dx, y: node.y + dy };
      if (parents.has(node.id)) patch.parentId = parents.get(node.id);
      patches.set(node.id, patch);
    }
    // One transaction (one undo step) for the canvas nodes and the layer's items.
    m.doc.transact(() => {
      m.store.commitPatches(patches);
      if (this.layerStart.size) {
        const moved = new Map<string, Point>();
        for (const [id, p] of this.layerStart) moved.set(id, { x: p.x + dx, y: p.y + dy });
        m.layer?.move(moved);
      }
    }, m.localOrigin);
    this.cancel();
    this.tool.transition(null);
  }

  cancel(): void {
    const m = this.tool.canvas;
    m.store.setPreview(null);
    if (this.layerStart.size) m.layer?.preview(null);
    m.presence.setDrag(null);
    m.overlay.set({ guides: { vertical: [], horizontal: [] } });
  }
}
