import { describe, expect, it } from 'vitest';
import { mapAt, smoothMaps, smoothMapStrip } from './maskSmoothing.ts';

const seq = (...values: number[]) => values.map((v) => Uint8Array.of(v, 255 - v));

describe('mask smoothing over time', () => {
  it('leaves a steady mask as it is', () => {
    expect(smoothMaps(seq(200, 200, 200, 200)).map((m) => [...m])).toEqual(Array(4).fill([200, 55]));
  });

  it('damps a one-frame flicker to well under half, on both sides alike', () => {
    const out = smoothMaps(seq(255, 255, 255, 0, 255, 255, 255)).map((m) => m[0]!);
    // the dropped frame (a segmentation miss) stays mostly subject
    expect(out[3]).toBeGreaterThan(150);
    // no lag: its neighbours dip by the same amount
    expect(Math.abs(out[2]! - out[4]!)).toBeLessThanOrEqual(2);
    expect(out[0]).toBeGreaterThan(230);
    expect(out[6]).toBeGreaterThan(230);
  });

  it('follows a lasting change without delay: the step stays centred where it happened', () => {
    const out = smoothMaps(seq(0, 0, 0, 0, 255, 255, 255, 255)).map((m) => m[0]!);
    expect(out[0]).toBeLessThan(20);
    expect(out[7]).toBeGreaterThan(235);
    // symmetric around the step between frames 3 and 4
    expect(Math.abs(out[3]! + out[4]! - 255)).toBeLessThanOrEqual(30);
    for (let i = 1; i < out.length; i++) expect(out[i]).toBeGreaterThanOrEqual(out[i - 1]!);
  });

  it('interpolates maps between segmented frames and clamps at the ends', () => {
    const maps = seq(0, 100, 200);
    expect([...mapAt(maps, 0.5)]).toEqual([50, 205]);
    expect([...mapAt(maps, 1.25)]).toEqual([125, 130]);
    expect([...mapAt(maps, -1)]).toEqual([0, 255]);
    expect([...mapAt(maps, 7)]).toEqual([200, 55]);
  });

  it('smooths maps laid end to end as the engine tool gets them, the same as one by one', () => {
    const maps = seq(255, 255, 255, 0, 255, 255, 255);
    const strip = new Uint8Array(maps.length * 2);
    maps.forEach((m, i) => strip.set(m, i * 2));
    const expected = smoothMaps(maps).flatMap((m) => [...m]);
    expect([...smoothMapStrip(strip, maps.length)]).toEqual(expected);
    expect(() => smoothMapStrip(strip, 3)).toThrow(/not 3 maps/);
  });
});
