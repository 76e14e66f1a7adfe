import { readFile } from 'node:fs/promises';
import { AppError } from '@tessera/shared/errors';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { packageFile } from '../tf.ts';
import { subjectPng } from '../../composer/render.ts';
import { paint, removeObject } from './inpaint.ts';

const W = 240;
const H = 180;
const SQUARE = { left: 90, top: 60, size: 56 };
const noProgress = () => {};

/** A smooth diagonal gradient, optionally with a pure red square on it. */
function gradient(withSquare: boolean): Uint8Array {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const inSquare = withSquare && x >= SQUARE.left && x < SQUARE.left + SQUARE.size && y >= SQUARE.top && y < SQUARE.top + SQUARE.size;
      data[i] = inSquare ? 255 : 40 + Math.round((x / W) * 60);
      data[i + 1] = inSquare ? 0 : 110 + Math.round((y / H) * 50);
      data[i + 2] = inSquare ? 0 : 170 + Math.round(((x + y) / (W + H)) * 60);
    }
  }
  return data;
}

const png = (data: Uint8Array, width: number, height: number, channels: 1 | 3 | 4) => sharp(data, { raw: { width, height, channels } }).png().toBuffer();

/** White square on black at SQUARE, scaled to `width`×`height`. */
function squareMask(width = W, height = H): Promise<Buffer> {
  const data = new Uint8Array(width * height);
  const sx = width / W;
  const sy = height / H;
  for (let y = Math.round(SQUARE.top * sy); y < Math.round((SQUARE.top + SQUARE.size) * sy); y++) {
    for (let x = Math.round(SQUARE.left * sx); x < Math.round((SQUARE.left + SQUARE.size) * sx); x++) data[y * width + x] = 255;
  }
  return png(data, width, height, 1);
}

async function rgbOf(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Per-channel mean over the square, and how many of its pixels are still red. */
function squareStats(data: Uint8Array) {
  const sum = [0, 0, 0];
  let red = 0;
  let n = 0;
  for (let y = SQUARE.top; y < SQUARE.top + SQUARE.size; y++) {
    for (let x = SQUARE.left; x < SQUARE.left + SQUARE.size; x++) {
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
      if (data[i]! > 150 && data[i + 1]! < 100 && data[i + 2]! < 100) red++;
      n++;
    }
  }
  return { mean: sum.map((s) => s / n), red };
}

describe('removeObject', () => {
  it('removes a red square from a gradient, leaving the background colour and the rest untouched', async () => {
    const image = await png(gradient(true), W, H, 3);
    const result = await removeObject(image, await squareMask(), noProgress);

    expect(result.contentType).toBe('image/png');
    expect([result.width, result.height]).toEqual([W, H]);
    const out = await rgbOf(result.data);
    expect([out.width, out.height]).toEqual([W, H]);
    const after = squareStats(out.data);
    const background = squareStats(gradient(false));
    expect(after.red).toBe(0);
    for (let c = 0; c < 3; c++) expect(Math.abs(after.mean[c]! - background.mean[c]!)).toBeLessThan(12);
    // Far from the mask the image is byte-identical.
    const original = gradient(true);
    for (const [x, y] of [[0, 0], [W - 1, H - 1], [20, 150], [220, 20]] as const) {
      const i = (y * W + x) * 3;
      expect([...out.data.subarray(i, i + 3)]).toEqual([...original.subarray(i, i + 3)]);
    }
    // The file's first test loads OpenCV (~2 s alone, more beside other test files).
  }, 20_000);

  it('accepts a mask of another size and a mask drawn on a transparent layer', async () => {
    const image = await png(gradient(true), W, H, 3);
    const halfSize = await removeObject(image, await squareMask(W / 2, H / 2), noProgress);
    expect(squareStats((await rgbOf(halfSize.data)).data).red).toBe(0);

    const layer = new Uint8Array(W * H * 4); // transparent black, the square opaque black
    for (let y = SQUARE.top; y < SQUARE.top + SQUARE.size; y++) for (let x = SQUARE.left; x < SQUARE.left + SQUARE.size; x++) layer[(y * W + x) * 4 + 3] = 255;
    const transparent = await removeObject(image, await png(layer, W, H, 4), noProgress);
    expect(squareStats((await rgbOf(transparent.data)).data).red).toBe(0);
  });

  it('rejects an empty mask and one covering the whole image as a validation error', async () => {
    const image = await png(gradient(true), W, H, 3);
    const empty = png(new Uint8Array(W * H), W, H, 1);
    const full = png(new Uint8Array(W * H).fill(255), W, H, 1);
    for (const mask of [await empty, await full]) {
      const error = await removeObject(image, mask, noProgress).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).catalogueCode).toBe('IMAGE_VALIDATION_FAILED');
    }
    const garbage = await removeObject(Buffer.from('not an image'), await squareMask(), noProgress).catch((e: unknown) => e);
    expect((garbage as AppError).catalogueCode).toBe('IMAGE_VALIDATION_FAILED');
  });

  it('fills a large hole in a photo with colours of its surroundings, deterministically', async () => {
    const photo = await sharp(await readFile(packageFile('@vladmandic/face-api', 'demo/sample2.jpg'))).resize(320).png().toBuffer();
    const { width, height, data: before } = await rgbOf(photo);
    const mask = new Uint8Array(width * height);
    const inHole = (x: number, y: number) => ((x - width / 2) / (width * 0.15)) ** 2 + ((y - height / 2) / (height * 0.3)) ** 2 <= 1;
    const inRing = (x: number, y: number) => !inHole(x, y) && ((x - width / 2) / (width * 0.22)) ** 2 + ((y - height / 2) / (height * 0.4)) ** 2 <= 1;
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (inHole(x, y)) mask[y * width + x] = 255;
    const maskPng = await png(mask, width, height, 1);

    const progress: number[] = [];
    const result = await removeObject(photo, maskPng, (fraction) => progress.push(fraction));
    expect([result.width, result.height]).toEqual([width, height]);
    expect(progress.at(-1)).toBe(1);
    const { data: after } = await rgbOf(result.data);

    // The hole's new mean colour is close to the ring around it (it was not before: a person stood there).
    const meanOf = (data: Uint8Array, test: (x: number, y: number) => boolean) => {
      const sum = [0, 0, 0];
      let n = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (!test(x, y)) continue;
          n++;
          for (let c = 0; c < 3; c++) sum[c]! += data[(y * width + x) * 3 + c]!;
        }
      }
      return sum.map((s) => s / n);
    };
    const ring = meanOf(before, inRing);
    const filled = meanOf(after, inHole);
    for (let c = 0; c < 3; c++) expect(Math.abs(filled[c]! - ring[c]!)).toBeLessThan(30);
    expect(Buffer.compare(after, before)).not.toBe(0);

    const again = await removeObject(photo, maskPng, noProgress);
    expect(again.data.equals(result.data)).toBe(true);
  });
});

describe('paint', () => {
  const gray = () => png(new Uint8Array(W * H * 3).fill(128), W, H, 3);

  it('paints the masked area in the colours the prompt names, softly, leaving the rest alone', async () => {
    const red = await rgbOf((await paint(await gray(), await squareMask(), { prompt: 'a bright red crimson rose', seed: 7 }, noProgress)).data);
    const blue = await rgbOf((await paint(await gray(), await squareMask(), { prompt: 'blue sky over the ocean', seed: 7 }, noProgress)).data);
    const r = squareStats(red.data).mean;
    const b = squareStats(blue.data).mean;
    expect(r[0]! - r[2]!).toBeGreaterThan(30);
    expect(b[2]! - b[0]!).toBeGreaterThan(30);
    for (const i of [0, (H - 1) * W * 3, (20 * W + 20) * 3]) expect([...red.data.subarray(i, i + 3)]).toEqual([128, 128, 128]);
  });

  it('without a prompt fills from the surroundings; same seed and prompt give the same bytes, another seed differs', async () => {
    const image = await png(gradient(true), W, H, 3);
    const plain = await rgbOf((await paint(image, await squareMask(), {}, noProgress)).data);
    const stats = squareStats(plain.data);
    const background = squareStats(gradient(false));
    expect(stats.red).toBe(0);
    for (let c = 0; c < 3; c++) expect(Math.abs(stats.mean[c]! - background.mean[c]!)).toBeLessThan(12);

    const a = await paint(image, await squareMask(), { prompt: 'golden forest', seed: 42 }, noProgress);
    const b = await paint(image, await squareMask(), { prompt: 'golden forest', seed: 42 }, noProgress);
    const c = await paint(image, await squareMask(), { prompt: 'golden forest', seed: 43 }, noProgress);
    expect(a.data.equals(b.data)).toBe(true);
    expect(a.data.equals(c.data)).toBe(false);
  });
});

describe('paint with a subject', () => {
  it('fills the mask with the art of the subject the prompt names, fitted to it, leaving the rest alone', async () => {
    const gray = await png(new Uint8Array(W * H * 3).fill(128), W, H, 3);
    const fox = await rgbOf((await paint(gray, await squareMask(), { prompt: 'ein Fuchs', seed: 1 }, noProgress)).data);
    // The mask is dilated by 2 px (object fringes go too), so the art fills the square grown by 2 px.
    const side = SQUARE.size + 4;
    const expected = await sharp((await subjectPng({ icon: 'fox' }, side, side))!).ensureAlpha().raw().toBuffer();
    // Where the fox's art is opaque (away from the mask's feathered edge), the result is the art.
    let compared = 0;
    let close = 0;
    for (let y = 6; y < side - 6; y++) {
      for (let x = 6; x < side - 6; x++) {
        if (expected[(y * side + x) * 4 + 3]! < 255) continue;
        const i = ((SQUARE.top - 2 + y) * W + SQUARE.left - 2 + x) * 3;
        compared++;
        if ([0, 1, 2].every((c) => Math.abs(fox.data[i + c]! - expected[(y * side + x) * 4 + c]!) <= 3)) close++;
      }
    }
    expect(compared).toBeGreaterThan(SQUARE.size * SQUARE.size * 0.3);
    expect(close / compared).toBeGreaterThan(0.95);
    // The fox is orange, not the grey of the fill.
    const mean = squareStats(fox.data).mean;
    expect(mean[0]! - mean[2]!).toBeGreaterThan(30);
    for (const i of [0, (H - 1) * W * 3, (20 * W + 20) * 3]) expect([...fox.data.subarray(i, i + 3)]).toEqual([128, 128, 128]);
  });
});
