import { describe, expect, it } from 'vitest';
import type { DetectedFace } from './engine/tools/faceSwap.ts';
import { judgeFaceSamples } from './faceChecks.ts';

/** A face with its box at (x, y), `size` wide, its nose at `noseAt` (0–1) between its jaw ends. */
function face(x: number, y: number, size = 100, noseAt = 0.5): DetectedFace {
  const landmarks = Array.from({ length: 68 }, () => ({ x: x + size / 2, y: y + size / 2 }));
  landmarks[0] = { x, y: y + size / 3 };
  landmarks[16] = { x: x + size, y: y + size / 3 };
  landmarks[30] = { x: x + size * noseAt, y: y + size / 2 };
  return { score: 0.95, box: { x, y, width: size, height: size }, landmarks };
}

describe('lip-sync video face samples', () => {
  it('accepts a steady frontal face, even missing from one sample', () => {
    expect(judgeFaceSamples([face(100, 100), face(110, 102), face(120, 98), face(115, 100), face(105, 101, 110)])).toBeNull();
    expect(judgeFaceSamples([face(100, 100), undefined, face(120, 98), face(115, 100), face(105, 101)])).toBeNull();
  });

  it('finds no face when most samples have none', () => {
    expect(judgeFaceSamples([undefined, undefined, undefined, undefined, undefined])).toBe('NO_FACE_FOUND');
    expect(judgeFaceSamples([face(100, 100), undefined, undefined, face(100, 100), undefined])).toBe('NO_FACE_FOUND');
  });

  it('refuses a face that jumps, changes size a lot, or turns to profile', () => {
    expect(judgeFaceSamples([face(100, 100), face(100, 100), face(400, 100), face(400, 100), face(400, 100)])).toBe('INVALID_FACE_POSE');
    expect(judgeFaceSamples([face(100, 100), face(100, 100, 200), face(100, 100, 200), face(100, 100, 200), face(100, 100, 200)])).toBe('INVALID_FACE_POSE');
    expect(judgeFaceSamples([face(100, 100), face(100, 100, 100, 0.1), face(100, 100), face(100, 100), face(100, 100)])).toBe('INVALID_FACE_POSE');
  });
});
