import { describe, expect, it } from 'vitest';
import { keyframeSpacing, MAX_KEYFRAMES, piecewiseLinear, resampleTrack } from './keyframes.ts';

/** Evaluates an expression as ffmpeg would, for the functions piecewiseLinear writes. */
function evaluate(expression: string, x: number): number {
  return new Function('max', 'abs', 'x', `return ${expression};`)(Math.max, Math.abs, x) as number;
}

describe('keyframed filter options', () => {
  it('passes through every keyframe, is linear between them and holds after the last', () => {
    const values = [0, 10, -4, 2.5];
    const expression = piecewiseLinear('x', values, 4);
    values.forEach((v, k) => expect(evaluate(expression, k * 4)).toBeCloseTo(v, 6));
    expect(evaluate(expression, 2)).toBeCloseTo(5, 6);
    expect(evaluate(expression, 10)).toBeCloseTo(-0.75, 6);
    expect(evaluate(expression, 40)).toBeCloseTo(2.5, 6);
  });

  it('keeps a long clip under the keyframe budget and a still track to one number', () => {
    expect(Math.ceil(720 / keyframeSpacing(720))).toBeLessThanOrEqual(MAX_KEYFRAMES);
    expect(keyframeSpacing(72)).toBe(2);
    expect(piecewiseLinear('in', [3, 3, 3], 2)).toBe('3');
  });

  it('resamples a measured track to keyframes, smoothing single-frame jitter', () => {
    // 12 samples a second, read every 6 output frames at 24 fps: every third sample
    const ramp = Array.from({ length: 13 }, (_, i) => i);
    expect(resampleTrack(ramp, 12, 5, 6, 24)).toEqual([0.25, 3, 6, 9, 11.75]);
    const jitter = [0, 0, 8, 0, 0];
    expect(resampleTrack(jitter, 24, 5, 1, 24)[2]).toBe(4);
  });
});
