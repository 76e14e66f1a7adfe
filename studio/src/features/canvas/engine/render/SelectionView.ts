/**
 * The local selection, drawn in SCREEN space on the ui layer (so lines and handles keep their
 * size at any zoom): an outline per selected node, the selection box when several are selected,
 * and the 8 resize handles + rotate handle at the points `handlesFor` gives — the same points the
 * select tool hit-tests. Locked selections and read-only canvases show no handles.
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import Konva from 'konva';
import { nodeCorners } from '../geometry.ts';
import { handlesFor, selectionBox } from '../handles.ts';
import type { DocumentStore } from '../DocumentStore.ts';
import type { Viewport } from '../Viewport.ts';
import type { Point } from '../types.ts';
import { SHAPE_DEFAULTS } from './NodeView.ts';

export const SELECTION_COLOR = '#6366f1';
/** Handle square side, CSS pixels. */
export const HANDLE_PX = 8;

export interface SelectionSource {
  store: DocumentStore;
  viewport: Viewport;
  selectedIds(): readonly string[];
  showHandles(): boolean;
}

/** Traces a node's (rotated) outline in screen space into the current path. */
export function traceNode(c: CanvasRenderingContext2D, node: CanvasNode, viewport: Viewport): void {
  const corners = nodeCorners(node).map((p) => viewport.canvasToScreen(p));
  const [a, b, d, e] = corners as [Point, Point, Point, Point];
  c.moveTo(a.x, a.y);
  c.lineTo(b.x, b.y);
  c.lineTo(d.x, d.y);
  c.lineTo(e.x, e.y);
  c.closePath();
}

export class SelectionView {
  readonly shape: Konva.Shape;

  constructor(private readonly source: SelectionSource) {
    this.shape = new Konva.Shape({ ...SHAPE_DEFAULTS, sceneFunc: (ctx) => this.draw(ctx._context) });
  }

  private draw(c: CanvasRenderingContext2D): void {
    const { store, viewport } = this.source;
    const ids = this.source.selectedIds();
    if (ids.length === 0) return;
    const visible = viewport.visibleRect();
    c.lineWidth = 1;
    c.strokeStyle = SELECTION_COLOR;
    c.beginPath();
    for (const id of ids) {
      const node = store.get(id);
      if (!node) continue;
      // Cheap reject before projecting corners (select-all on a large board).
      const reach = node.width + node.height;
      if (node.x - reach > visible.x + visible.width || node.x + reach < visible.x || node.y - reach > visible.y + visible.height || node.y + reach < visible.y) continue;
      traceNode(c, node, viewport);
    }
    c.stroke();

    const box = selectionBox(store, ids);
    if (!box) return;
    const zoom = viewport.camera.zoom;
    const handles = handlesFor(box.bounds, box.rotation, zoom).map((h) => ({ id: h.id, p: viewport.canvasToScreen(h.point) }));
    if (box.ids.length > 1) {
      c.beginPath();
      const corners = ['nw', 'ne', 'se', 'sw'].map((id) => handles.find((h) => h.id === id)?.p as Point);
      c.moveTo(corners[0]!.x, corners[0]!.y);
      for (const p of corners.slice(1)) c.lineTo(p.x, p.y);
      c.closePath();
      c.setLineDash([4, 3]);
      c.stroke();
      c.setLineDash([]);
    }
    if (box.locked || !this.source.showHandles()) return;
    const top = handles.find((h) => h.id === 'n')?.p;
    const rotate = handles.find((h) => h.id === 'rotate')?.p;
    if (top && rotate) {
      c.beginPath();
      c.moveTo(top.x, top.y);
      c.lineTo(rotate.x, rotate.y);
      c.stroke();
    }
    c.fillStyle = '#ffffff';
    c.lineWidth = 1.5;
    const half = HANDLE_PX / 2;
    for (const h of handles) {
      c.beginPath();
      if (h.id === 'rotate') c.arc(h.p.x, h.p.y, half + 1, 0, Math.PI * 2);
      else {
        // Squares turn with the box so they sit on its rotated edges.
        c.save();
        c.translate(h.p.x, h.p.y);
        c.rotate((box.rotation * Math.PI) / 180);
        c.rect(-half, -half, HANDLE_PX, HANDLE_PX);
        c.restore();
      }
      c.fill();
      c.stroke();
    }
  }
}
