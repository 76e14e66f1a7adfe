/**
 * The seed overflow class: every seed the engine derives must reach native code (OpenCV's
 * setRNGSeed, ffmpeg graphs) as a C int. "Comic" used to throw on about half of all prompts
 * because a prompt hash above 2^31−1 went straight into cv.setRNGSeed.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashString } from './opencv.ts';
import { NATIVE_INT_MAX, nativeSeed } from './nativeSeed.ts';
import { packageFile } from './tf.ts';
import { paint } from './tools/inpaint.ts';
import { stylize } from './tools/stylize.ts';
import { musicBedGraph } from './video/kinds/musicBed.ts';
import { effectsGraph, recipesFor } from './video/kinds/soundRecipes.ts';

const noProgress = () => {};
/** Dozens of small renders: about 4 s on an idle CI runner, more on a busy machine. */
const SLOW = 30_000;
/** Seeds at and around every boundary a JS-derived seed can cross. */
const EDGE_SEEDS = [0, 1, NATIVE_INT_MAX - 1, NATIVE_INT_MAX, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1, -1, -(2 ** 31) - 1, 12.7];
/** Prompts whose derived seeds (hashString) spread over the whole unsigned 32-bit range. */
const PROMPTS = Array.from({ length: 16 }, (_, i) => `a comic panel of a paper boat number ${i} in the rain`);

describe('nativeSeed', () => {
  it('maps any number into 0..2^31−1, keeps in-range seeds and neighbours apart', () => {
    for (const seed of [...EDGE_SEEDS, NaN, Infinity, -Infinity]) {
      const out = nativeSeed(seed);
      expect(Number.isInteger(out), String(seed)).toBe(true);
      expect(out).toBeGreaterThanOrEqual(0);
      expect(out).toBeLessThanOrEqual(NATIVE_INT_MAX);
    }
    expect(nativeSeed(12345)).toBe(12345);
    expect(nativeSeed(NATIVE_INT_MAX)).toBe(NATIVE_INT_MAX);
    expect(nativeSeed(2 ** 31)).not.toBe(nativeSeed(2 ** 31 + 1));
  });

  it('the prompt hashes really do overflow a C int (so the cases below are exercised)', () => {
    expect(PROMPTS.some((p) => hashString(`${p}\u0000comic`) > NATIVE_INT_MAX)).toBe(true);
  });
});

describe('seeds into OpenCV', () => {
  let photo: Buffer;
  let mask: Buffer;
  beforeAll(async () => {
    // Small, so the many runs below stay quick: the overflow does not depend on the size.
    photo = await sharp(await readFile(packageFile('@vladmandic/face-api', 'demo/sample2.jpg'))).resize(64).png().toBuffer();
    const { height } = await sharp(photo).metadata();
    mask = await sharp({ create: { width: 64, height: height!, channels: 3, background: '#000' } })
      .composite([{ input: { create: { width: 20, height: 20, channels: 3, background: '#fff' } }, left: 20, top: 10 }])
      .png()
      .toBuffer();
  });

  it('the k-means styles (comic, pixel) and paint run with seeds at the limits', async () => {
    for (const seed of EDGE_SEEDS) {
      for (const style of ['comic', 'pixel'] as const) {
        await expect(stylize(photo, { prompt: 'a paper boat', style, strength: 1, seed }, noProgress), `${style} ${seed}`).resolves.toMatchObject({ contentType: 'image/png' });
      }
      await expect(paint(photo, mask, { prompt: 'a red flower', seed }, noProgress), `paint ${seed}`).resolves.toMatchObject({ contentType: 'image/png' });
    }
  }, SLOW);

  it('every style runs on many prompts with no seed given (seeds derived from the prompt hash)', async () => {
    for (const prompt of PROMPTS) {
      for (const style of ['comic', 'pixel', 'auto'] as const) {
        await expect(stylize(photo, { prompt, style, strength: 0.8 }, noProgress), `${style}: ${prompt}`).resolves.toMatchObject({ contentType: 'image/png' });
      }
    }
  }, SLOW);
});

describe('seeds into ffmpeg graphs', () => {
  /** Every integer handed to a noise generator or random() state in a graph. */
  const graphSeeds = (graph: string) => [...graph.matchAll(/(?:seed=|st\(0,)(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)/g)].map((m) => Number(m[1]));

  it('sound effects and the music bed pass only C ints, whatever the seed', () => {
    const recipes = recipesFor('rain and thunder in a busy city street with birds');
    for (const seed of EDGE_SEEDS) {
      const seeds = [...graphSeeds(effectsGraph({ recipes, seconds: 4, seed, volume: 0.8, overOriginal: false })), ...graphSeeds(musicBedGraph({ seconds: 4, seed, level: 0.5 }))];
      expect(seeds.length).toBeGreaterThan(0);
      for (const s of seeds) {
        expect(Number.isInteger(s), `seed ${seed} → ${s}`).toBe(true);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(NATIVE_INT_MAX + 1);
      }
    }
  });
});
