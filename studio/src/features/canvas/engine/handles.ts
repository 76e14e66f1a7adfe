/**
 * The selection's transform handles: 8 resize handles on the selection box and a rotate handle
 * above its top edge. A single node's box is the node itself (rotated with it); several nodes get
 * their axis-aligned union. The renderer draws the handles at `handlesFor` points with a constant
 * screen size; the select tool hit-tests them with `handleAt` and resizes with `resizeBox`.
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import type { DocumentStore } from './DocumentStore.ts';
import { canvasToLocal, clamp, distance, localToCanvas, nodeAabb, unionRects } from './geometry.ts';
import type { Point, Rect } from './types.ts';

export type HandleId = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w' | 'rotate';
export type ResizeHandleId = Exclude<HandleId, 'rotate'>;

/** Distance of the rotate handle above the top edge, screen pixels. */
export const ROTATE_HANDLE_OFFSET_PX = 24;
/** How close (screen pixels) the pointer must be to grab a handle. */
export const HANDLE_HIT_PX = 8;
/** Smallest size a resize can produce, canvas units. */
export const MIN_NODE_SIZE = 1;

/** Handle positions in the box's own frame, as fractions of width/height. */
const HANDLE_FRACTIONS: Record<ResizeHandleId, [number, number]> = {
  nw: [0, 0],
  n: [0.5, 0],
  ne: [1, 0],
  e: [1, 0.5],
  se: [1, 1],
  s: [0.5, 1],
  sw: [0, 1],
  w: [0, 0.5],
};
const CORNERS: ResizeHandleId[] = ['nw', 'ne', 'se', 'sw'];
const EDGES: ResizeHandleId[] = ['n', 'e', 's', 'w'];

/** The selection's box: bounds in the box's own frame, rotated by `rotation` about (bounds.x, bounds.y). */
export interface SelectionBox {
  bounds: Rect;
  rotation: number;
  ids: string[];
  /** Some selected node is locked: no handles. */
  locked: boolean;
}

export function selectionBox(store: DocumentStore, ids: readonly string[]): SelectionBox | null {
  const nodes = ids.map((id) => store.get(id)).filter((n): n is CanvasNode => !!n);
  if (nodes.length === 0) return null;
  const locked = nodes.some((n) => n.locked);
  const only = nodes.length === 1 ? nodes[0] : undefined;
  if (only) return { bounds: { x: only.x, y: only.y, width: only.width, height: only.height }, rotation: only.rotation, ids: [only.id], locked };
  return { bounds: unionRects(nodes.map(nodeAabb)) as Rect, rotation: 0, ids: nodes.map((n) => n.id), locked };
}

function boxOf(bounds: Rect, rotation: number) {
  return { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height, rotation };
}

/** Canvas points of the 8 resize handles and the rotate handle (its offset is constant on screen). */
export function handlesFor(bounds: Rect, rotation: number, zoom: number): { id: HandleId; point: Point }[] {
  const box = boxOf(bounds, rotation);
  const out: { id: HandleId; point: Point }[] = (Object.keys(HANDLE_FRACTIONS) as ResizeHandleId[]).map((id) => {
    const [fx, fy] = HANDLE_FRACTIONS[id];
    return { id, point: localToCanvas(box, { x: fx * bounds.width, y: fy * bounds.height }) };
  });
  out.push({ id: 'rotate', point: localToCanvas(box, { x: bounds.width / 2, y: -ROTATE_HANDLE_OFFSET_PX / zoom }) });
  return out;
}

/** The handle under a canvas point: corners first, then the rotate handle, then edges. */
export function handleAt(box: SelectionBox, p: Point, zoom: number): HandleId | null {
  const radius = HANDLE_HIT_PX / zoom;
  const handles = handlesFor(box.bounds, box.rotation, zoom);
  const order: HandleId[] = [...CORNERS, 'rotate', ...EDGES];
  for (const id of order) {
    const h = handles.find((x) => x.id === id);
    if (h && distance(h.point, p) <= radius) return id;
  }
  return null;
}

/**
 * The box after dragging `handle` from `start` to `current` (canvas points). The opposite edge or
 * corner stays put; with `keepAspect` corners scale uniformly and edges scale the other side about
 * its middle. Never smaller than MIN_NODE_SIZE and never flipped.
 */
export function resizeBox(box: { bounds: Rect; rotation: number }, handle: ResizeHandleId, start: Point, current: Point, keepAspect: boolean): Rect {
  const frame = boxOf(box.bounds, box.rotation);
  const a = canvasToLocal(frame, start);
  const b = canvasToLocal(frame, current);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const w = box.bounds.width;
  const h = box.bounds.height;
  let left = 0;
  let top = 0;
  let right = w;
  let bottom = h;
  if (handle.includes('w')) left = Math.min(dx, w - MIN_NODE_SIZE);
  if (handle.includes('e')) right = Math.max(w + dx, MIN_NODE_SIZE);
  if (handle.includes('n')) top = Math.min(dy, h - MIN_NODE_SIZE);
  if (handle.includes('s')) bottom = Math.max(h + dy, MIN_NODE_SIZE);
  if (keepAspect && w > 0 && h > 0) {
    const ratio = w / h;
    const isCorner = handle.length === 2;
    if (isCorner) {
      const scale = Math.max((right - left) / w, (bottom - top) / h, MIN_NODE_SIZE / Math.min(w, h));
      const nw = w * scale;
      const nh = h * scale;
      if (handle.includes('w')) left = right - nw;
      else right = left + nw;
      if (handle.includes('n')) top = bottom - nh;
      else bottom = top + nh;
    } else if (handle === 'e' || handle === 'w') {
      const nh = Math.max((right - left) / ratio, MIN_NODE_SIZE);
      const mid = h / 2;
      top = mid - nh / 2;
      bottom = mid + nh / 2;
    } else {
      const nw = Math.max((bottom - top) * ratio, MIN_NODE_SIZE);
      const mid = w / 2;
      left = mid - nw / 2;
      right = mid + nw / 2;
    }
  }
  const origin = localToCanvas(frame, { x: left, y: top });
  return { x: origin.x, y: origin.y, width: clamp(right - left, MIN_NODE_SIZE, Infinity), height: clamp(bottom - top, MIN_NODE_SIZE, Infinity) };
}
