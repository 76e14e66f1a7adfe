import { describe, expect, it } from 'vitest';
import { boxesOverlap, occupiedBox, type PlacementBox, placeInFreeSpace } from './placement.ts';

const centreOf = (boxes: PlacementBox[]) => {
  const left = Math.min(...boxes.map((b) => b.x));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const top = Math.min(...boxes.map((b) => b.y));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: (left + right) / 2, y: (top + bottom) / 2 };
};

/** A small deterministic generator, so a failing layout can be reproduced. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('placeInFreeSpace', () => {
  it('centres the row on the view centre of an empty board, 24 apart', () => {
    const placed = placeInFreeSpace(
      [
        { width: 512, height: 512 },
        { width: 512, height: 288 },
      ],
      [],
      { x: 1000, y: 500 },
    );
    expect(placed).toEqual([
      { x: 476, y: 244, width: 512, height: 512 },
      { x: 1012, y: 244, width: 512, height: 288 },
    ]);
  });

  it('moves off work that sits at the view centre, to the nearest free side, keeping the gap', () => {
    const work = { x: -300, y: -300, width: 600, height: 600 };
    const [box] = placeInFreeSpace([{ width: 400, height: 400 }], [work], { x: 0, y: 0 });
    expect(boxesOverlap(box!, { x: work.x - 24, y: work.y - 24, width: work.width + 48, height: work.height + 48 })).toBe(false);
    // The nearest free spot touches the gap on one side: centre 300 + 24 + 200 = 524 away at most (plus a grid step).
    const c = centreOf([box!]);
    expect(Math.hypot(c.x, c.y)).toBeLessThanOrEqual(524 + 100);
  });

  it('finds the hole in a crowded board rather than going far away', () => {
    // A 3×3 block of 500-px tiles with the middle one missing; the view is on the hole.
    const tiles: PlacementBox[] = [];
    for (let i = -1; i <= 1; i++) for (let j = -1; j <= 1; j++) if (i || j) tiles.push({ x: i * 600 - 250, y: j * 600 - 250, width: 500, height: 500 });
    const [box] = placeInFreeSpace([{ width: 300, height: 300 }], tiles, { x: 0, y: 0 });
    expect(box).toEqual({ x: -150, y: -150, width: 300, height: 300 });
  });

  it('never overlaps what is there and stays near the centre, on random boards', () => {
    const next = random(22);
    for (let board = 0; board < 40; board++) {
      const nodes = Array.from({ length: 30 }, () => ({
        x: Math.round(next() * 4000 - 2000),
        y: Math.round(next() * 4000 - 2000),
        width: Math.round(100 + next() * 700),
        height: Math.round(100 + next() * 700),
        rotation: next() < 0.2 ? Math.round(next() * 90) : 0,
      }));
      const count = 1 + Math.floor(next() * 4);
      const sizes = Array.from({ length: count }, () => ({ width: 512, height: next() < 0.5 ? 512 : 288 }));
      const centre = { x: Math.round(next() * 2000 - 1000), y: Math.round(next() * 2000 - 1000) };
      const placed = placeInFreeSpace(sizes, nodes, centre);
      expect(placed).toHaveLength(count);
      for (const box of placed) for (const node of nodes) expect(boxesOverlap(box, occupiedBox(node)), JSON.stringify({ board, box, node })).toBe(false);
      for (let i = 1; i < placed.length; i++) expect(placed[i]!.x).toBe(placed[i - 1]!.x + placed[i - 1]!.width + 24);
      // The boards are 4000 wide: a free spot is always found well inside 3000 of the centre.
      const c = centreOf(placed);
      expect(Math.hypot(c.x - centre.x, c.y - centre.y)).toBeLessThan(3000);
    }
  });

  it('goes below everything when nothing is free within its search', () => {
    const wall = { x: -10_000, y: -10_000, width: 20_000, height: 20_000 };
    const [box] = placeInFreeSpace([{ width: 100, height: 100 }], [wall], { x: 0, y: 0 }, { maxRings: 3 });
    expect(box).toEqual({ x: -50, y: 10_024, width: 100, height: 100 });
  });
});

describe('occupiedBox', () => {
  it('covers a node rotated about its top-left corner', () => {
    const box = occupiedBox({ x: 0, y: 0, width: 100, height: 50, rotation: 90 });
    expect(box.x).toBeCloseTo(-50);
    expect(box.y).toBeCloseTo(0);
    expect(box.width).toBeCloseTo(50);
    expect(box.height).toBeCloseTo(100);
  });
});
