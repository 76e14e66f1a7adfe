/**
 * Level of detail and culling: the pure decisions behind what the renderer creates and draws.
 * Only nodes near the camera exist as Konva nodes, and how each is drawn depends on how big it is
 * on screen — a 5-pixel image costs as much to decode and blit as a 500-pixel one, so it is drawn
 * as a box in its average colour instead.
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import type { Camera, Rect } from '../types.ts';

/**
 * - `box`: a plain rectangle in the image's average colour (or grey);
 * - `thumb`: a small picture, drawn in a batch without a Konva node of its own;
 * - `full`: a Konva view with everything (labels, badges, progress).
 */
export type Lod = 'box' | 'thumb' | 'full';

/** Below this many CSS pixels a node is a coloured box. */
export const BOX_MAX_PX = 8;
/** Below this many CSS pixels an image is drawn from a thumbnail in a batch. */
export const THUMB_MAX_PX = 96;

/** How to draw something `displaySize` CSS pixels across (its larger side on screen). */
export function lodFor(displaySize: number): Lod {
  if (!(displaySize >= BOX_MAX_PX)) return 'box';
  if (displaySize < THUMB_MAX_PX) return 'thumb';
  return 'full';
}

/** The node's larger side on screen, in CSS pixels. */
export function displaySizeOf(node: Pick<CanvasNode, 'width' | 'height'>, zoom: number): number {
  return Math.max(node.width, node.height) * zoom;
}

/**
 * Whether the node is drawn by a batch at this level (no Konva node of its own). Only kinds
 * whose small rendering is a picture or a plain shape are batched; text, frames (title) and
 * placeholders (progress) keep their view until they are mere boxes.
 */
export function isBatched(node: Pick<CanvasNode, 'type'>, lod: Lod): boolean {
  if (lod === 'box') return true;
  if (lod === 'full') return false;
  return node.type === 'image' || node.type === 'video' || node.type === 'shape';
}

const MIN_BUCKET = 64;
const MAX_BUCKET = 4096;

/**
 * The display width to ask `resolveImageUrl` for: the next power of two, so a zoom gesture
 * changes URLs (and loads) only when the size crosses a bucket.
 */
export function imageWidthBucket(px: number): number {
  if (!(px > MIN_BUCKET)) return MIN_BUCKET;
  return Math.min(MAX_BUCKET, 2 ** Math.ceil(Math.log2(px)));
}

/** What culling needs from the store and the viewport (the real DocumentStore and Viewport fit). */
export interface CullingStore {
  query(rect: Rect): CanvasNode[];
}
export interface CullingViewport {
  camera: Camera;
  visibleRect(): Rect;
}

/** The visible canvas area grown by `marginPx` screen pixels on each side. */
export function cullRect(viewport: CullingViewport, marginPx: number): Rect {
  const r = viewport.visibleRect();
  const m = marginPx / viewport.camera.zoom;
  return { x: r.x - m, y: r.y - m, width: r.width + 2 * m, height: r.height + 2 * m };
}

/** Nodes to create views for at this camera, in draw order. */
export function visibleNodes(store: CullingStore, viewport: CullingViewport, marginPx = 0): CanvasNode[] {
  return store.query(cullRect(viewport, marginPx));
}

/** Ids of the nodes to draw at this camera (the culling set), in draw order. */
export function visibleIds(store: CullingStore, viewport: CullingViewport, marginPx = 0): string[] {
  return visibleNodes(store, viewport, marginPx).map((n) => n.id);
}
