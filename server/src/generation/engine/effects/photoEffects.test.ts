import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageFile } from '../tf.ts';
import { applyPhotoEffect, isPhotoEffectRecipe, PHOTO_EFFECT_RECIPES } from './photoEffects.ts';

// The recipe ids the catalogue seed uses.
const REQUIRED = [
  'sepia',
  'duotone',
  'pop-art',
  'cartoon',
  'lomo',
  'polaroid',
  'mosaic',
  'neon-edges',
  'halftone',
  'rgb-split',
  'tilt-shift',
  'thermal',
  'emboss',
  'pencil-color',
  'poster-frame',
  'film-strip',
];
const noProgress = () => {};

/** A 32×32 RGB thumbnail: what "looks different" means at a glance. */
const thumbnail = (image: Buffer) => sharp(image).flatten({ background: '#808080' }).resize(32, 32, { fit: 'fill' }).removeAlpha().raw().toBuffer();
const meanAbsDiff = (a: Uint8Array, b: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

let photo: Buffer;

beforeAll(async () => {
  // A real photo (three people, indoor light), downscaled like the face-swap tests.
  photo = await sharp(readFileSync(packageFile('@vladmandic/face-api', 'demo/sample1.jpg')))
    .resize(640, 640, { fit: 'inside' })
    .jpeg()
    .toBuffer();
});

describe('photo effects', () => {
  it('implements every recipe the catalogue uses, and only those it lists', () => {
    expect(PHOTO_EFFECT_RECIPES.map((r) => r.id).sort()).toEqual([...REQUIRED].sort());
    for (const id of REQUIRED) expect(isPhotoEffectRecipe(id)).toBe(true);
    expect(isPhotoEffectRecipe('toString')).toBe(false);
    expect(isPhotoEffectRecipe('zoom-in')).toBe(false);
  });

  it('renders every recipe as a valid image, each visibly different from all others', async () => {
    const thumbs = new Map<string, Buffer>();
    for (const id of REQUIRED) {
      const fractions: number[] = [];
      const result = await applyPhotoEffect(photo, id, {}, (fraction) => fractions.push(fraction));
      const meta = await sharp(result.data).metadata();
      expect(['png', 'jpeg', 'webp']).toContain(meta.format);
      expect(result.contentType).toBe(`image/${meta.format}`);
      expect([meta.width, meta.height]).toEqual([result.width, result.height]);
      expect(Math.min(result.width, result.height), id).toBeGreaterThanOrEqual(256);
      expect(Math.max(result.width, result.height), id).toBeLessThanOrEqual(2048);
      expect(fractions.at(-1)).toBe(1);
      thumbs.set(id, await thumbnail(result.data));
    }
    for (const a of REQUIRED) for (const b of REQUIRED) if (a < b) expect(meanAbsDiff(thumbs.get(a)!, thumbs.get(b)!), `${a} vs ${b}`).toBeGreaterThan(8);
  }, 60_000);

  it('keeps the size and transparency of the photo for in-place effects; layouts make their own frame', async () => {
    const meta = await sharp(photo).metadata();
    const sepia = await applyPhotoEffect(photo, 'sepia', {}, noProgress);
    expect([sepia.width, sepia.height]).toEqual([meta.width, meta.height]);

    const polaroid = await applyPhotoEffect(photo, 'polaroid', {}, noProgress);
    expect(polaroid.height).toBeGreaterThan(polaroid.width); // square print over a deep bottom border
    const strip = await applyPhotoEffect(photo, 'film-strip', {}, noProgress);
    expect(strip.width).toBeGreaterThan(strip.height * 2);
    // The strip's sprocket holes are light against the dark film base.
    const { data, info } = await sharp(strip.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let light = 0;
    for (let x = 0; x < info.width; x++) if (data[(20 * info.width + x) * 3]! > 200) light++;
    expect(light / info.width).toBeGreaterThan(0.3);
    expect(light / info.width).toBeLessThan(0.7);

    const cutout = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><circle cx="150" cy="150" r="100" fill="#3a7bd5"/></svg>'))
      .png()
      .toBuffer();
    const emboss = await applyPhotoEffect(cutout, 'emboss', {}, noProgress);
    const alpha = await sharp(emboss.data).extractChannel(3).raw().toBuffer();
    expect(alpha[0]).toBe(0); // the transparent corner stays transparent
    expect(alpha[150 * 300 + 150]).toBe(255);
  }, 30_000);

  it('follows its options: duotone colours, poster title', async () => {
    const result = await applyPhotoEffect(photo, 'duotone', { from: '#000000', to: '#00ff00' }, noProgress);
    const { data } = await sharp(result.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let redBlue = 0;
    let green = 0;
    for (let i = 0; i < data.length; i += 3) {
      redBlue += data[i]! + data[i + 2]!;
      green += data[i + 1]!;
    }
    expect(redBlue).toBe(0);
    expect(green / (data.length / 3)).toBeGreaterThan(40);

    // The title is drawn in the poster's bottom band: two titles give two different bands.
    const band = async (title: string) => {
      const poster = await applyPhotoEffect(photo, 'poster-frame', { title, color: '#ffcc00' }, noProgress);
      expect([poster.width, poster.height]).toEqual([1080, 1440]);
      return sharp(poster.data).extract({ left: 0, top: 1180, width: 1080, height: 200 }).removeAlpha().raw().toBuffer();
    };
    expect(meanAbsDiff(await band('Night out'), await band('Summer camp'))).toBeGreaterThan(2);
    await expect(applyPhotoEffect(photo, 'duotone', { from: 'red' }, noProgress)).rejects.toThrow(/hex colour/);
  }, 30_000);

  it('is deterministic, and rejects unknown recipes and unreadable images', async () => {
    const a = await applyPhotoEffect(photo, 'rgb-split', {}, noProgress);
    const b = await applyPhotoEffect(photo, 'rgb-split', {}, noProgress);
    expect(a.data.equals(b.data)).toBe(true);
    await expect(applyPhotoEffect(photo, 'zoom-in', {}, noProgress)).rejects.toThrow(/unknown photo effect/);
    await expect(applyPhotoEffect(Buffer.from('not an image'), 'sepia', {}, noProgress)).rejects.toMatchObject({ catalogueCode: 'IMAGE_VALIDATION_FAILED' });
  });
});
