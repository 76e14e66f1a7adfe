/**
 * The flow layer at scale (issue 24), without React: which cards and wires to put in the page —
 * only those inside the view plus a margin (a flow of 500 cards keeps a few dozen in the DOM, so
 * panning paints a few dozen), with a window that changes only when the view leaves it (the layer
 * re-renders every few hundred pixels of panning, not every frame) — and the flow as the canvas's
 * selectable layer: the marquee's query, a group drag's positions and preview, Delete.
 */
import type { FlowEdge } from '@tessera/shared/flows';
import type { FlowDocNode } from '@tessera/shared/flows/document';
import { removeFlowNode, updateFlowNode } from '@tessera/shared/flows/document';
import type * as Y from 'yjs';
import { inflate, intersects } from '../canvas/engine/geometry.ts';
import type { Point, Rect, SelectableLayer } from '../canvas/engine/types.ts';
import { CARD_WIDTH, cardHeight, type FlowView, inputPortPoint, outputPortPoint } from './flowModel.ts';

/**
 * Below this zoom a card's small print (model, ports, previews) is under ~6 px: cards draw their
 * title and state colour only, without shadows, and the wires are one path per colour with no
 * remove buttons — a whole flow in view paints a fraction of it (wiring and settings: zoom in).
 */
export const FAR_ZOOM = 0.5;

/** Margin around the view drawn ahead of the camera, in screen pixels (a fling stays filled). */
export const CULL_MARGIN_PX = 480;
/** The window is redrawn when the view comes this close to its edge (screen pixels). */
const CULL_SLACK_PX = 120;

export function cardBox(node: FlowDocNode, view: Pick<FlowView, 'runs'>): Rect {
  return { x: node.x, y: node.y, width: CARD_WIDTH, height: cardHeight(node, (view.runs[node.id]?.outputs.length ?? 0) > 0) };
}

const contains = (outer: Rect, inner: Rect) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

/**
 * The part of the canvas whose cards are in the page, for the view `visible` (canvas units) at
 * `zoom`: `previous` while the view (with some slack) is still inside it and it is not far larger
 * than needed (after zooming in); otherwise the view grown by CULL_MARGIN_PX on every side.
 */
export function cullWindow(previous: Rect | null, visible: Rect, zoom: number): Rect {
  const wanted = inflate(visible, CULL_MARGIN_PX / zoom);
  if (previous && contains(previous, inflate(visible, CULL_SLACK_PX / zoom)) && previous.width * previous.height <= 4 * wanted.width * wanted.height) return previous;
  return wanted;
}

/** The box a wire's curve stays inside (its bends reach out at most half the span, 40 at least). */
function wireBox(a: Point, b: Point): Rect {
  const bend = Math.max(40, Math.abs(b.x - a.x) / 2);
  const x0 = Math.min(a.x, b.x - bend);
  const x1 = Math.max(a.x + bend, b.x);
  return { x: x0, y: Math.min(a.y, b.y), width: x1 - x0, height: Math.abs(b.y - a.y) };
}

export interface FlowScene {
  /** The cards to draw, at their drawn positions. */
  cards: FlowDocNode[];
  /** The wires to draw, with their end points. */
  wires: { edge: FlowEdge; from: FlowDocNode; a: Point; b: Point }[];
}

/**
 * The cards and wires to put in the page: those touching `window`, plus the cards in `keep`
 * (selected, being dragged: their settings or drag must not lose them). `place` gives a card's
 * drawn position (a drag in flight moves it). A null window draws everything.
 */
export function flowScene(view: FlowView, window: Rect | null, place: (node: FlowDocNode) => FlowDocNode, keep: ReadonlySet<string> = new Set()): FlowScene {
  const byId = new Map(view.nodes.map((n) => [n.id, place(n)]));
  const cards: FlowDocNode[] = [];
  for (const node of byId.values()) if (!window || keep.has(node.id) || intersects(cardBox(node, view), window)) cards.push(node);
  const wires: FlowScene['wires'] = [];
  for (const edge of view.edges) {
    const from = byId.get(edge.from);
    const to = byId.get(edge.to);
    const b = to && inputPortPoint(to, edge.toPort);
    if (!from || !b) continue;
    const a = outputPortPoint(from);
    if (!window || intersects(wireBox(a, b), window)) wires.push({ edge, from, a, b });
  }
  return { cards, wires };
}

/**
 * The flow as the canvas's selectable layer: `view()` is the flow as last read, `onPreview`
 * draws a drag in flight. Moves and removals write the document; the manager wraps them in its
 * transaction (one undo step with the canvas nodes of the same gesture).
 */
export function flowSelectableLayer(doc: Y.Doc, view: () => FlowView, onPreview: (positions: ReadonlyMap<string, Point> | null) => void): SelectableLayer {
  return {
    query(rect) {
      const v = view();
      return v.nodes.filter((n) => intersects(cardBox(n, v), rect)).map((n) => n.id);
    },
    positions(ids) {
      const wanted = new Set(ids);
      return new Map(view().nodes.filter((n) => wanted.has(n.id)).map((n) => [n.id, { x: n.x, y: n.y }]));
    },
    preview: onPreview,
    move(positions) {
      const current = new Map(view().nodes.map((n) => [n.id, n]));
      for (const [id, p] of positions) {
        const node = current.get(id);
        const x = Math.round(p.x);
        const y = Math.round(p.y);
        if (node && (node.x !== x || node.y !== y)) updateFlowNode(doc, id, { x, y });
      }
    },
    remove(ids) {
      for (const id of ids) removeFlowNode(doc, id);
    },
  };
}
