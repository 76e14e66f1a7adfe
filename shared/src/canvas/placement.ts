/**
 * Where new things go on a canvas (issue 22): a row of boxes in free space, as near the point
 * the user is looking at as the board allows. Pure, so the server (chat results) and the studio
 * (an added image) place alike, and the rule is tested without a canvas.
 *
 * The row is tried at the points of a grid around `centre`, nearest first; the first place where
 * the row (with `gap` around it) touches no occupied box wins. A crowded board falls back to just
 * below everything, which is always free.
 */

export interface PlacementBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A node's box as the canvas stores it (rotation in degrees about its top-left corner). */
export interface OccupiedNode extends PlacementBox {
  rotation?: number;
}

export interface FreeSpaceOptions {
  /** Space kept between the new boxes, and between them and what is there. */
  gap?: number;
  /** How far out (in grid steps) the search goes before falling back to below everything. */
  maxRings?: number;
}

const DEFAULT_GAP = 24;
const DEFAULT_MAX_RINGS = 80;

/** The axis-aligned box around a node, rotation included (the canvas rotates about the top-left corner). */
export function occupiedBox(node: OccupiedNode): PlacementBox {
  const rotation = node.rotation ?? 0;
  if (!rotation) return { x: node.x, y: node.y, width: node.width, height: node.height };
  const rad = (rotation * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const xs = [0, node.width * cos, node.width * cos - node.height * sin, -node.height * sin].map((dx) => node.x + dx);
  const ys = [0, node.width * sin, node.width * sin + node.height * cos, node.height * cos].map((dy) => node.y + dy);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** True when the two boxes share any area (touching edges do not count). */
export function boxesOverlap(a: PlacementBox, b: PlacementBox): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Boxes of `sizes`, laid out left to right `gap` apart, centred as near `centre` as possible
 * without overlapping any of `occupied` (nor coming closer to them than `gap`). Coordinates are
 * rounded to whole canvas units.
 */
export function placeInFreeSpace(
  sizes: readonly { width: number; height: number }[],
  occupied: readonly OccupiedNode[],
  centre: { x: number; y: number },
  opts: FreeSpaceOptions = {},
): PlacementBox[] {
  if (!sizes.length) return [];
  const gap = opts.gap ?? DEFAULT_GAP;
  const rowWidth = sizes.reduce((sum, s) => sum + s.width, 0) + gap * (sizes.length - 1);
  const rowHeight = Math.max(...sizes.map((s) => s.height));
  const boxes = occupied.map(occupiedBox);
  const layout = (left: number, top: number): PlacementBox[] => {
    let x = Math.round(left);
    return sizes.map((s) => {
      const box = { x, y: Math.round(top), width: s.width, height: s.height };
      x += s.width + gap;
      return box;
    });
  };
  const isFree = (left: number, top: number) => {
    const area = { x: left - gap, y: top - gap, width: rowWidth + 2 * gap, height: rowHeight + 2 * gap };
    return !boxes.some((b) => boxesOverlap(area, b));
  };

  // A step a fraction of the row's smaller side finds gaps the row fits in without trying every unit.
  const step = Math.max(8, Math.round(Math.min(rowWidth, rowHeight) / 4));
  const origin = { x: centre.x - rowWidth / 2, y: centre.y - rowHeight / 2 };
  const maxRings = opts.maxRings ?? DEFAULT_MAX_RINGS;
  let best: { left: number; top: number; distance: number } | null = null;
  // Ring r holds the grid points at Chebyshev distance r; none of them is nearer than r steps,
  // so once a free point is found at distance d, rings beyond d / step cannot beat it.
  for (let ring = 0; ring <= maxRings; ring++) {
    if (best && ring * step > best.distance) break;
    for (const [i, j] of ringPoints(ring)) {
      const left = origin.x + i * step;
      const top = origin.y + j * step;
      const distance = Math.hypot(i * step, j * step);
      if (best && distance >= best.distance) continue;
      if (isFree(left, top)) best = { left, top, distance };
    }
  }
  if (best) return layout(best.left, best.top);
  // Nothing free nearby: below everything there is, centred under the view.
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return layout(origin.x, bottom + gap);
}

/** The grid offsets at Chebyshev distance `ring` from the origin (just the origin for ring 0). */
function ringPoints(ring: number): [number, number][] {
  if (ring === 0) return [[0, 0]];
  const out: [number, number][] = [];
  for (let k = -ring; k <= ring; k++) {
    out.push([k, -ring], [k, ring]);
    if (k > -ring && k < ring) out.push([-ring, k], [ring, k]);
  }
  return out;
}
