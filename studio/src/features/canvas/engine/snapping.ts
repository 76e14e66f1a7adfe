/**
 * Snapping of a moving box to other nodes' edges and centres. Works on axis-aligned boxes: each
 * axis snaps independently to the nearest line within the threshold, and the guides are every
 * target line the snapped box then lines up with.
 */
import type { Rect } from './types.ts';

/** Snap distance in SCREEN pixels (divided by the zoom to get canvas units). */
export const SNAP_DISTANCE_PX = 6;

export interface SnapResult {
  dx: number;
  dy: number;
  guides: { vertical: number[]; horizontal: number[] };
}

const xLines = (r: Rect) => [r.x, r.x + r.width / 2, r.x + r.width];
const yLines = (r: Rect) => [r.y, r.y + r.height / 2, r.y + r.height];

function bestOffset(moving: number[], targets: number[], threshold: number): number | null {
  let best: number | null = null;
  for (const m of moving) {
    for (const t of targets) {
      const d = t - m;
      if (Math.abs(d) <= threshold && (best === null || Math.abs(d) < Math.abs(best))) best = d;
    }
  }
  return best;
}

function alignedLines(moving: number[], targets: number[], epsilon: number): number[] {
  const out = new Set<number>();
  for (const t of targets) if (moving.some((m) => Math.abs(m - t) <= epsilon)) out.add(t);
  return [...out].sort((a, b) => a - b);
}

/**
 * How far to shift `moving` so one of its edges/centre lines lands on a target's, per axis
 * (0 when nothing is within `threshold` canvas units), and the guides to draw.
 */
export function snapBox(moving: Rect, targets: readonly Rect[], threshold: number): SnapResult {
  const tx = targets.flatMap(xLines);
  const ty = targets.flatMap(yLines);
  const sx = bestOffset(xLines(moving), tx, threshold);
  const sy = bestOffset(yLines(moving), ty, threshold);
  const dx = sx ?? 0;
  const dy = sy ?? 0;
  const snapped = { ...moving, x: moving.x + dx, y: moving.y + dy };
  // Float noise only: a line counts as aligned when it is within a thousandth of the threshold.
  const epsilon = threshold / 1000;
  return {
    dx,
    dy,
    guides: {
      vertical: sx === null ? [] : alignedLines(xLines(snapped), tx, epsilon),
      horizontal: sy === null ? [] : alignedLines(yLines(snapped), ty, epsilon),
    },
  };
}
