import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageFile } from '../tf.ts';
import { pickStyle, promptPalette, stylize } from './stylize.ts';

const STYLES = ['watercolor', 'sketch', 'oil', 'comic', 'pixel', 'noir', 'vivid'] as const;
const noProgress = () => {};

async function raw(image: Buffer) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const meanAbsDiff = (a: Uint8Array, b: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

let photo: Buffer;
let photoPixels: Uint8Array;

beforeAll(async () => {
  photo = await sharp(await readFile(packageFile('@vladmandic/face-api', 'demo/sample2.jpg'))).resize(256).png().toBuffer();
  photoPixels = (await raw(photo)).data;
});

describe('stylize', () => {
  it('renders every style at the input size, each different from the input and from the others', async () => {
    const { width, height } = await raw(photo);
    const outputs = new Map<string, Uint8Array>();
    for (const style of STYLES) {
      const result = await stylize(photo, { prompt: 'three friends on a sofa', style, strength: 1, seed: 5 }, noProgress);
      expect(result.contentType).toBe('image/png');
      expect([result.width, result.height]).toEqual([width, height]);
      const out = await raw(result.data);
      expect([out.width, out.height, out.channels]).toEqual([width, height, 3]);
      expect(meanAbsDiff(out.data, photoPixels)).toBeGreaterThan(6);
      outputs.set(style, out.data);
    }
    for (const a of STYLES) for (const b of STYLES) if (a < b) expect(meanAbsDiff(outputs.get(a)!, outputs.get(b)!), `${a} vs ${b}`).toBeGreaterThan(4);
    // Sanity of the looks: noir and sketch are colourless, vivid is more saturated than the input.
    const chroma = (d: Uint8Array) => {
      let sum = 0;
      for (let i = 0; i < d.length; i += 3) sum += Math.max(d[i]!, d[i + 1]!, d[i + 2]!) - Math.min(d[i]!, d[i + 1]!, d[i + 2]!);
      return sum / (d.length / 3);
    };
    expect(chroma(outputs.get('noir')!)).toBe(0);
    expect(chroma(outputs.get('sketch')!)).toBeLessThan(chroma(photoPixels) / 2);
    expect(chroma(outputs.get('vivid')!)).toBeGreaterThan(chroma(photoPixels) * 1.2);
  });

  it('is deterministic for the same seed and prompt, and the seed varies textured styles', async () => {
    for (const style of ['watercolor', 'comic', 'pixel'] as const) {
      const a = await stylize(photo, { prompt: 'golden hour', style, strength: 0.8, seed: 11 }, noProgress);
      const b = await stylize(photo, { prompt: 'golden hour', style, strength: 0.8, seed: 11 }, noProgress);
      expect(a.data.equals(b.data), style).toBe(true);
    }
    const one = await stylize(photo, { prompt: 'golden hour', style: 'watercolor', strength: 0.8, seed: 11 }, noProgress);
    const two = await stylize(photo, { prompt: 'golden hour', style: 'watercolor', strength: 0.8, seed: 12 }, noProgress);
    expect(one.data.equals(two.data)).toBe(false);
  });

  it('blends with the original by strength', async () => {
    const light = await raw((await stylize(photo, { prompt: 'x', style: 'comic', strength: 0.1, seed: 1 }, noProgress)).data);
    const full = await raw((await stylize(photo, { prompt: 'x', style: 'comic', strength: 1, seed: 1 }, noProgress)).data);
    expect(meanAbsDiff(light.data, photoPixels)).toBeLessThan(meanAbsDiff(full.data, photoPixels) / 4);
  });

  it('auto picks the style the prompt asks for; colour words tint the result', async () => {
    expect(pickStyle('a pencil sketch of a cat')).toBe('sketch');
    expect(pickStyle('retro 8-bit arcade game')).toBe('pixel');
    expect(pickStyle('film noir detective, black and white')).toBe('noir');
    expect(pickStyle('a house')).toBe(pickStyle('a house'));
    const auto = await stylize(photo, { prompt: 'a pencil sketch', style: 'auto', strength: 0.7, seed: 3 }, noProgress);
    const sketch = await stylize(photo, { prompt: 'a pencil sketch', style: 'sketch', strength: 0.7, seed: 3 }, noProgress);
    expect(auto.data.equals(sketch.data)).toBe(true);

    const blueness = (d: Uint8Array) => {
      let sum = 0;
      for (let i = 0; i < d.length; i += 3) sum += d[i + 2]! - d[i]!;
      return sum / (d.length / 3);
    };
    const ocean = await raw((await stylize(photo, { prompt: 'deep blue ocean', style: 'oil', strength: 1, seed: 2 }, noProgress)).data);
    const fire = await raw((await stylize(photo, { prompt: 'red fire', style: 'oil', strength: 1, seed: 2 }, noProgress)).data);
    expect(blueness(ocean.data) - blueness(fire.data)).toBeGreaterThan(20);

    const forest = promptPalette('misty forest', 0);
    expect(forest.fromWords).toBe(true);
    for (const [r, g, b] of forest.colors) expect(g).toBeGreaterThan(Math.max(r, b));
    expect(promptPalette('a house', 0).fromWords).toBe(false);
  });

  it('caps the longest side at 2048 and keeps transparency', async () => {
    const wide = await sharp({ create: { width: 2100, height: 60, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
    const capped = await stylize(wide, { prompt: 'x', style: 'vivid', strength: 1, seed: 1 }, noProgress);
    expect([capped.width, capped.height]).toEqual([2048, 59]);

    const rgba = new Uint8Array(64 * 64 * 4);
    for (let i = 0; i < 64 * 64; i++) rgba.set(i % 64 < 32 ? [200, 80, 40, 255] : [0, 0, 0, 0], i * 4);
    const half = await sharp(rgba, { raw: { width: 64, height: 64, channels: 4 } }).png().toBuffer();
    const out = await raw((await stylize(half, { prompt: 'x', style: 'watercolor', strength: 1, seed: 1 }, noProgress)).data);
    expect(out.channels).toBe(4);
    expect(out.data[3]).toBe(255);
    expect(out.data[(64 - 1) * 4 + 3]).toBe(0);
  });
});
