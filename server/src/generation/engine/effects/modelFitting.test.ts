import { readFileSync } from 'node:fs';
import { AppError } from '@tessera/shared/errors';
import sharp, { type OutputInfo } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageFile } from '../tf.ts';
import { type DetectedFace, detectFaces } from '../tools/faceSwap.ts';
import { isModelFittingRecipe, MODEL_FITTING_RECIPES, modelFitting } from './modelFitting.ts';

const RECIPES = ['keep-background', 'studio', 'soft-blur'];
const noProgress = () => {};

// A real group photo shipped with face-api, downscaled to keep the WASM detector quick.
const personPhoto = () =>
  sharp(readFileSync(packageFile('@vladmandic/face-api', 'demo/sample1.jpg')))
    .resize(640, 640, { fit: 'inside' })
    .jpeg()
    .toBuffer();
// A green t-shirt laid flat on white.
const tShirt = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="560">
      <rect width="600" height="560" fill="#ffffff"/>
      <path d="M210 40 Q300 100 390 40 L560 120 L510 250 L450 220 L450 520 L150 520 L150 220 L90 250 L40 120 Z" fill="#1fa64a"/>
    </svg>`),
  )
    .jpeg()
    .toBuffer();
// A face-free picture: sky, sun and hills.
const landscape = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
      <rect width="480" height="320" fill="#7fb2e5"/><circle cx="380" cy="70" r="30" fill="#f6e05e"/>
      <path d="M0 220 Q120 150 240 210 T480 190 V320 H0 Z" fill="#2f855a"/>
    </svg>`),
  )
    .jpeg()
    .toBuffer();

const raw = async (image: Buffer) => sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
// 128 px rather than 32: a blurred background barely changes a 32 px thumbnail.
const thumbnail = (image: Buffer) => sharp(image).resize(128, 128, { fit: 'fill' }).removeAlpha().raw().toBuffer();
/** Mean horizontal pixel-to-pixel change over the top eighth (background above the heads in the test photo): detail. */
const detail = ({ data, info }: { data: Buffer; info: OutputInfo }) => {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < info.height / 8; y++) {
    for (let x = 1; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      sum += Math.abs(data[i + 1]! - data[i - 2]!);
      count++;
    }
  }
  return sum / count;
};
const meanAbsDiff = (a: Uint8Array, b: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};
const isGarmentGreen = (r: number, g: number, b: number) => g > 80 && g > 1.4 * r && g > 1.4 * b;

async function expectAppError(promise: Promise<unknown>, code: string): Promise<void> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).catalogueCode).toBe(code);
}

let person: Buffer;
let shirt: Buffer;
let face: DetectedFace;

beforeAll(async () => {
  person = await personPhoto();
  shirt = await tShirt();
  const faces = await detectFaces(person);
  face = faces.reduce((a, b) => (a.box.width * a.box.height >= b.box.width * b.box.height ? a : b));
}, 60_000);

describe('model fitting', () => {
  it('lists the recipes the catalogue uses', () => {
    expect(MODEL_FITTING_RECIPES.map((r) => r.id).sort()).toEqual([...RECIPES].sort());
    expect(isModelFittingRecipe('studio')).toBe(true);
    expect(isModelFittingRecipe('hasOwnProperty')).toBe(false);
  });

  it('dresses the person: the garment sits under the largest face, at the photo size, and each recipe differs', async () => {
    const meta = await sharp(person).metadata();
    const chin = face.landmarks[8]!;
    const jawWidth = face.landmarks[16]!.x - face.landmarks[0]!.x;
    const thumbs = new Map<string, Buffer>();
    const outputs = new Map<string, Awaited<ReturnType<typeof raw>>>();
    for (const recipe of RECIPES) {
      const fractions: number[] = [];
      const result = await modelFitting(person, shirt, recipe, {}, (fraction) => fractions.push(fraction));
      expect(result.contentType).toBe('image/png');
      expect([result.width, result.height]).toEqual([meta.width, meta.height]);
      expect(fractions.at(-1)).toBe(1);
      const out = await raw(result.data);
      outputs.set(recipe, out);
      // The chest: from a third of a face below the chin, half a jaw to either side of it.
      let green = 0;
      let count = 0;
      for (let y = Math.round(chin.y + 0.3 * face.box.height); y < Math.min(out.info.height, chin.y + 1.2 * face.box.height); y++) {
        for (let x = Math.round(chin.x - jawWidth / 2); x < chin.x + jawWidth / 2; x++) {
          const i = (y * out.info.width + x) * 3;
          if (isGarmentGreen(out.data[i]!, out.data[i + 1]!, out.data[i + 2]!)) green++;
          count++;
        }
      }
      expect(green / count, recipe).toBeGreaterThan(0.7);
      // Above the chin is still the face, not the garment.
      const forehead = (Math.round(face.box.y + face.box.height * 0.3) * out.info.width + Math.round(face.box.x + face.box.width / 2)) * 3;
      expect(isGarmentGreen(out.data[forehead]!, out.data[forehead + 1]!, out.data[forehead + 2]!)).toBe(false);
      thumbs.set(recipe, await thumbnail(result.data));
    }
    for (const a of RECIPES) for (const b of RECIPES) if (a < b) expect(meanAbsDiff(thumbs.get(a)!, thumbs.get(b)!), `${a} vs ${b}`).toBeGreaterThan(3);
    // keep-background leaves the photo alone away from the garment (the top-left corner); soft-blur
    // keeps the people but loses the background's detail.
    const original = await raw(person);
    expect(Math.abs(outputs.get('keep-background')!.data[0]! - original.data[0]!)).toBeLessThanOrEqual(2);
    expect(detail(outputs.get('soft-blur')!)).toBeLessThan(detail(outputs.get('keep-background')!) * 0.5);
  }, 60_000);

  it('refuses a photo without a face and a garment that cannot be cut out', async () => {
    await expectAppError(modelFitting(await landscape(), shirt, 'studio', {}, noProgress), 'NO_FACE_FOUND');
    const blank = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    await expectAppError(modelFitting(person, blank, 'studio', {}, noProgress), 'IMAGE_VALIDATION_FAILED');
    await expect(modelFitting(person, shirt, 'catwalk', {}, noProgress)).rejects.toThrow(/unknown model fitting recipe/);
  }, 60_000);
});
