/**
 * Plane geometry of the canvas. Rotation convention (Konva's): a node's box is
 * [0, width] × [0, height] in its own frame, rotated by `rotation` degrees (clockwise on screen,
 * y pointing down) about its (x, y) corner. The renderer sets exactly these on its Konva nodes.
 */
import type { Point, Rect } from './types.ts';

/** The fields geometry needs from a node. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation?: number;
}

export const DEG = Math.PI / 180;

export function rectFromPoints(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/** Closed intersection: rectangles that touch intersect. */
export function intersects(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

/** Open intersection: touching edges do not count (free-spot search places nodes edge to edge). */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function containsRect(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}

export function unionRects(rects: Iterable<Rect>): Rect | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const r of rects) {
    minX = Math.min(minX, r.x);
    minY = Math.min(minY, r.y);
    maxX = Math.max(maxX, r.x + r.width);
    maxY = Math.max(maxY, r.y + r.height);
  }
  return minX === Infinity ? null : { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

export function inflate(r: Rect, d: number): Rect {
  return { x: r.x - d, y: r.y - d, width: r.width + 2 * d, height: r.height + 2 * d };
}

export function rectCenter(r: Rect): Point {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/** `p` rotated by `deg` degrees about `origin`. */
export function rotatePoint(p: Point, origin: Point, deg: number): Point {
  if (!deg) return { x: p.x, y: p.y };
  const cos = Math.cos(deg * DEG);
  const sin = Math.sin(deg * DEG);
  const dx = p.x - origin.x;
  const dy = p.y - origin.y;
  return { x: origin.x + dx * cos - dy * sin, y: origin.y + dx * sin + dy * cos };
}

/** A point of the node's own frame (0..width, 0..height) in canvas coordinates. */
export function localToCanvas(node: Box, local: Point): Point {
  return rotatePoint({ x: node.x + local.x, y: node.y + local.y }, node, node.rotation ?? 0);
}

/** A canvas point in the node's own frame. */
export function canvasToLocal(node: Box, p: Point): Point {
  const q = rotatePoint(p, node, -(node.rotation ?? 0));
  return { x: q.x - node.x, y: q.y - node.y };
}

export function nodeCorners(node: Box): Point[] {
  return [
    { x: 0, y: 0 },
    { x: node.width, y: 0 },
    { x: node.width, y: node.height },
    { x: 0, y: node.height },
  ].map((p) => localToCanvas(node, p));
}

/** Axis-aligned bounding box of a (possibly rotated) node. */
export function nodeAabb(node: Box): Rect {
  if (!node.rotation) return { x: node.x, y: node.y, width: node.width, height: node.height };
  return unionRects(nodeCorners(node).map((p) => ({ x: p.x, y: p.y, width: 0, height: 0 }))) as Rect;
}

export function nodeCenter(node: Box): Point {
  return localToCanvas(node, { x: node.width / 2, y: node.height / 2 });
}

/** Whether the point lies on the node, rotation respected. */
export function pointInNode(node: Box, p: Point): boolean {
  const q = canvasToLocal(node, p);
  return q.x >= 0 && q.x <= node.width && q.y >= 0 && q.y <= node.height;
}

/** Degrees in [0, 360). */
export function normalizeDegrees(deg: number): number {
  const d = deg % 360;
  const out = d < 0 ? d + 360 : d;
  // Float noise from repeated rotation (359.9999999) reads as a full turn.
  return Math.abs(out - 360) < 1e-9 ? 0 : out;
}

export function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
