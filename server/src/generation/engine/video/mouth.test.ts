import { describe, expect, it } from 'vitest';
import type { Point } from '../tools/faceSwap.ts';
import { openMouth } from './mouth.ts';

const W = 200;
const H = 200;

/**
 * 68 landmarks of a face looking at the camera, mouth closed along y = 120 from x = 80 to 120 (only
 * the mouth and the chin tip matter to openMouth; the rest sit on a rough oval).
 */
function landmarks(): Point[] {
  const pts: Point[] = Array.from({ length: 68 }, (_, i) => ({ x: 100 + 60 * Math.cos((i / 68) * 2 * Math.PI), y: 100 + 80 * Math.sin((i / 68) * 2 * Math.PI) }));
  pts[8] = { x: 100, y: 170 }; // chin tip
  // outer lips 48–59: corners 48 (left) and 54 (right), bottom 57
  const outer: [number, number][] = [[76, 120], [85, 114], [93, 112], [100, 113], [107, 112], [115, 114], [124, 120], [115, 127], [107, 130], [100, 131], [93, 130], [85, 127]];
  outer.forEach(([x, y], k) => (pts[48 + k] = { x, y }));
  // inner lips 60–67, closed: upper and lower on the same line
  const inner: [number, number][] = [[80, 120], [90, 120], [100, 120], [110, 120], [120, 120], [110, 120], [100, 120], [90, 120]];
  inner.forEach(([x, y], k) => (pts[60 + k] = { x, y }));
  return pts;
}

/** Skin with a red lip band (y 112–131) and a marker line at y = 150 (the chin). */
function face(): Uint8Array {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 3;
      const lips = y >= 112 && y <= 131 && x >= 76 && x <= 124;
      const mark = y === 150;
      data.set(mark ? [40, 40, 200] : lips ? [180, 40, 50] : [225, 180, 150], o);
    }
  }
  return data;
}

const px = (data: Uint8Array, x: number, y: number) => [...data.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];
const dark = (p: number[]) => p[0]! + p[1]! + p[2]! < 200;
/** Rows of column x that are cavity-dark. */
const darkRows = (data: Uint8Array, x: number) => Array.from({ length: H }, (_, y) => y).filter((y) => dark(px(data, x, y)));

describe('openMouth', () => {
  it('leaves a closed mouth alone', () => {
    const frame = face();
    openMouth({ data: frame, width: W, height: H, channels: 3 }, landmarks(), 0);
    expect(Buffer.compare(Buffer.from(frame), Buffer.from(face()))).toBe(0);
  });

  it('opens a dark gap below the lip line, widest in the middle, and moves the chin down', () => {
    const half = face();
    const full = face();
    openMouth({ data: half, width: W, height: H, channels: 3 }, landmarks(), 0.5);
    openMouth({ data: full, width: W, height: H, channels: 3 }, landmarks(), 1);
    // the gap starts at the lip line
    expect(darkRows(full, 100)[0]).toBeGreaterThanOrEqual(119);
    expect(darkRows(full, 100)[0]).toBeLessThanOrEqual(121);
    // wider open, taller gap; taller in the middle than near the corners
    expect(darkRows(full, 100).length).toBeGreaterThan(darkRows(half, 100).length);
    expect(darkRows(half, 100).length).toBeGreaterThan(3);
    expect(darkRows(full, 100).length).toBeGreaterThan(darkRows(full, 84).length);
    // nothing changes outside the mouth's width or above the lips
    for (const [x, y] of [[60, 125], [140, 125], [100, 100], [100, 110]] as const) expect(px(full, x, y)).toEqual(px(face(), x, y));
    // the red lower lip is pushed down under the gap
    const lipAfterGap = darkRows(full, 100).at(-1)! + 2;
    expect(px(full, 100, lipAfterGap)[0]).toBeGreaterThan(150);
    expect(px(full, 100, lipAfterGap)[1]).toBeLessThan(80);
    // the chin marker line moved down, but less than the gap
    // (the bluest row: the stretch blends the one-pixel line into its neighbours)
    const markerRow = Array.from({ length: 40 }, (_, k) => 140 + k).reduce((best, y) => (px(full, 100, y)[0]! < px(full, 100, best)[0]! ? y : best), 140);
    expect(markerRow).toBeGreaterThan(150);
    expect(markerRow! - 150).toBeLessThan(darkRows(full, 100).length);
  });
});
