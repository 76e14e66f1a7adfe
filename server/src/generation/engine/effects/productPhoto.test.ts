import { AppError } from '@tessera/shared/errors';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { isProductScene, PRODUCT_SCENES, productPhoto } from './productPhoto.ts';

const SCENES = ['studio-white', 'marble-podium', 'sunset-gradient', 'neon-stage'];
const noProgress = () => {};

// A red bottle with a cream label (close to the backdrop colour) photographed on a plain backdrop: JPEG, no alpha.
const bottleJpeg = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
      <rect width="600" height="800" fill="#e9e5dd"/>
      <rect x="265" y="90" width="70" height="110" rx="10" fill="#3b2a20"/>
      <path d="M250 200 Q230 260 210 300 L210 700 Q210 720 230 720 L370 720 Q390 720 390 700 L390 300 Q370 260 350 200 Z" fill="#c8202a"/>
      <rect x="225" y="330" width="150" height="90" fill="#f6f0e0"/>
    </svg>`),
  )
    .jpeg({ quality: 90 })
    .toBuffer();
// A blue box already cut out: PNG with real transparency.
const boxPng = () =>
  sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><rect x="120" y="100" width="260" height="320" rx="12" fill="#1f5fd6"/></svg>'))
    .png()
    .toBuffer();

const raw = async (image: Buffer) => sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
const thumbnail = (image: Buffer) => sharp(image).resize(32, 32, { fit: 'fill' }).removeAlpha().raw().toBuffer();
const meanAbsDiff = (a: Uint8Array, b: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

/** Share of the pixels in the central column (x 42–58%, y 30–62%) that match `test`. */
async function centreShare(image: Buffer, test: (r: number, g: number, b: number) => boolean): Promise<number> {
  const { data, info } = await raw(image);
  let hits = 0;
  let count = 0;
  for (let y = Math.round(info.height * 0.3); y < info.height * 0.62; y++) {
    for (let x = Math.round(info.width * 0.42); x < info.width * 0.58; x++) {
      const i = (y * info.width + x) * 3;
      if (test(data[i]!, data[i + 1]!, data[i + 2]!)) hits++;
      count++;
    }
  }
  return hits / count;
}
const isRed = (r: number, g: number, b: number) => r > 90 && r > 2 * g && r > 2 * b;
const isBlue = (r: number, g: number, b: number) => b > 90 && b > 1.6 * r && b > 1.3 * g;

async function expectAppError(promise: Promise<unknown>, code: string): Promise<void> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).catalogueCode).toBe(code);
}

let bottle: Buffer;
let box: Buffer;

beforeAll(async () => {
  bottle = await bottleJpeg();
  box = await boxPng();
});

describe('product photo', () => {
  it('lists the scenes the catalogue uses', () => {
    expect(PRODUCT_SCENES.map((s) => s.id).sort()).toEqual([...SCENES].sort());
    expect(isProductScene('neon-stage')).toBe(true);
    expect(isProductScene('constructor')).toBe(false);
  });

  it('stands the cut-out product in every scene: 1024×1024, product at the centre, scenes distinct', async () => {
    const thumbs = new Map<string, Buffer>();
    for (const scene of SCENES) {
      const fractions: number[] = [];
      const result = await productPhoto(bottle, scene, {}, (fraction) => fractions.push(fraction));
      const meta = await sharp(result.data).metadata();
      expect(result.contentType).toBe('image/png');
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);
      expect(fractions.at(-1)).toBe(1);
      expect(await centreShare(result.data, isRed), scene).toBeGreaterThan(0.4);
      thumbs.set(scene, await thumbnail(result.data));
    }
    for (const a of SCENES) for (const b of SCENES) if (a < b) expect(meanAbsDiff(thumbs.get(a)!, thumbs.get(b)!), `${a} vs ${b}`).toBeGreaterThan(10);
    // The label, close to the backdrop colour, stays part of the product: on the dark stage its
    // centre (45% down the bottle, which spans y 205–819) is light, not a hole onto the stage.
    const stage = await raw((await productPhoto(bottle, 'neon-stage', {}, noProgress)).data);
    const label = (483 * 1024 + 512) * 3;
    expect(Math.min(stage.data[label]!, stage.data[label + 1]!, stage.data[label + 2]!)).toBeGreaterThan(120);
    expect(Math.max(stage.data[3 * 1024 * 100]!, stage.data[3 * 1024 * 100 + 1]!, stage.data[3 * 1024 * 100 + 2]!)).toBeLessThan(60);
  }, 60_000);

  it('takes a PNG cut-out as it is, and scales the product with the scale option', async () => {
    const result = await productPhoto(box, 'studio-white', {}, noProgress);
    expect(await centreShare(result.data, isBlue)).toBeGreaterThan(0.6);
    const rowsWithBlue = async (image: Buffer) => {
      const { data, info } = await raw(image);
      let rows = 0;
      for (let y = 0; y < info.height; y++) {
        const i = (y * info.width + info.width / 2) * 3;
        if (isBlue(data[i]!, data[i + 1]!, data[i + 2]!)) rows++;
      }
      return rows;
    };
    const normal = await rowsWithBlue(result.data);
    expect(normal / 1024).toBeGreaterThan(0.5);
    expect(normal / 1024).toBeLessThan(0.65);
    const small = await rowsWithBlue((await productPhoto(box, 'studio-white', { scale: 0.4 }, noProgress)).data);
    expect(small / normal).toBeCloseTo(0.4 / 0.6, 1);
  }, 30_000);

  it('refuses a picture with nothing to cut out, and unknown scenes', async () => {
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#7aa08c' } })
      .jpeg()
      .toBuffer();
    await expectAppError(productPhoto(blank, 'studio-white', {}, noProgress), 'IMAGE_VALIDATION_FAILED');
    const transparent = await sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    await expectAppError(productPhoto(transparent, 'neon-stage', {}, noProgress), 'IMAGE_VALIDATION_FAILED');
    await expect(productPhoto(bottle, 'beach', {}, noProgress)).rejects.toThrow(/unknown product scene/);
  }, 30_000);
});
