import { AppError } from '@tessera/shared/errors';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageFile } from '../tf.ts';
import { changeBackground, removeBackground } from './background.ts';
import { segmentSubject } from './segment.ts';

const SLOW = 30_000;

/** One person cut out of a group photo (left share of the frame), 240 px high. */
async function portrait(sample: number, rightEdge: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const file = packageFile('@vladmandic/face-api', `demo/sample${sample}.jpg`);
  const { width, height } = await sharp(file).metadata();
  const crop = sharp(file).extract({ left: 0, top: 0, width: Math.round(width * rightEdge), height }).resize({ height: 240 });
  return format === 'png' ? crop.png().toBuffer() : crop.jpeg().toBuffer();
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

async function raw(image: Buffer): Promise<Raw> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Mean of one channel over a size x size patch centred at (cx, cy). */
function patchMean(img: Raw, cx: number, cy: number, channel: number, size = 10): number {
  let sum = 0;
  const x0 = Math.max(0, Math.min(img.width - size, Math.round(cx - size / 2)));
  const y0 = Math.max(0, Math.min(img.height - size, Math.round(cy - size / 2)));
  for (let y = y0; y < y0 + size; y++) for (let x = x0; x < x0 + size; x++) sum += img.data[(y * img.width + x) * img.channels + channel]!;
  return sum / (size * size);
}

function pixel(img: Raw, x: number, y: number): number[] {
  const i = (y * img.width + x) * img.channels;
  return [...img.data.subarray(i, i + 3)];
}

function expectColourNear(actual: number[], expected: number[], tolerance: number): void {
  actual.forEach((v, c) => expect(Math.abs(v - expected[c]!), `channel ${c}: ${v} vs ${expected[c]}`).toBeLessThanOrEqual(tolerance));
}

describe('background tools', () => {
  let jpegPortrait: Buffer;
  let pngPortrait: Buffer;
  let inputSize: { width: number; height: number };

  beforeAll(async () => {
    // sample4's left-most and sample6's left-most women: a person in the middle, room in the top corners.
    jpegPortrait = await portrait(4, 0.32, 'jpeg');
    pngPortrait = await portrait(6, 0.3, 'png');
    const meta = await sharp(jpegPortrait).metadata();
    inputSize = { width: meta.width, height: meta.height };
  });

  it(
    'segmentSubject gives a full-size one-channel mask',
    async () => {
      const { mask, width, height } = await segmentSubject(jpegPortrait);
      expect({ width, height }).toEqual(inputSize);
      expect(mask.length).toBe(width * height);
    },
    SLOW,
  );

  it(
    'removeBackground makes the room transparent and keeps the person',
    async () => {
      for (const input of [jpegPortrait, pngPortrait]) {
        const out = await removeBackground(input, () => {});
        const meta = await sharp(out.data).metadata();
        const { width, height } = await sharp(input).metadata();
        expect(out.contentType).toBe('image/png');
        expect(meta.format).toBe('png');
        expect(meta.hasAlpha).toBe(true);
        expect(meta.channels).toBe(4);
        expect([meta.width, meta.height, out.width, out.height]).toEqual([width, height, width, height]);

        const img = await raw(out.data);
        const alpha = 3;
        expect(patchMean(img, 0, 0, alpha)).toBeLessThan(16);
        expect(patchMean(img, width, 0, alpha)).toBeLessThan(16);
        expect(patchMean(img, width / 2, height / 2, alpha)).toBeGreaterThan(240);
      }
    },
    SLOW,
  );

  it(
    'changeBackground fills the background with a colour, same size, and keeps the person',
    async () => {
      const progress: number[] = [];
      const out = await changeBackground(pngPortrait, { type: 'color', color: '#12ab34' }, (fraction) => progress.push(fraction));
      const img = await raw(out.data);
      const original = await raw(pngPortrait);
      expect(out.contentType).toBe('image/png');
      expect([img.width, img.height]).toEqual([original.width, original.height]);
      expect(pixel(img, 0, 0)).toEqual([0x12, 0xab, 0x34]);
      expect(pixel(img, img.width - 1, 0)).toEqual([0x12, 0xab, 0x34]);
      // The person in the middle is the original photo.
      const cx = Math.floor(img.width / 2);
      const cy = Math.floor(img.height / 2);
      expectColourNear(pixel(img, cx, cy), pixel(original, cx, cy), 2);
      expect(progress.at(-1)).toBe(1);

      // A JPEG photo comes back as a JPEG, with the colour within JPEG's error.
      const jpeg = await changeBackground(jpegPortrait, { type: 'color', color: '#12ab34' }, () => {});
      expect(jpeg.contentType).toBe('image/jpeg');
      expect((await sharp(jpeg.data).metadata()).format).toBe('jpeg');
      const j = await raw(jpeg.data);
      expect([j.width, j.height]).toEqual([inputSize.width, inputSize.height]);
      expectColourNear(pixel(j, 0, 0), [0x12, 0xab, 0x34], 4);
    },
    SLOW,
  );

  it(
    'changeBackground draws a linear gradient at the requested angle',
    async () => {
      // 90deg runs left to right: red at the top-left corner, blue at the top-right.
      const across = await raw((await changeBackground(pngPortrait, { type: 'gradient', from: '#ff0000', to: '#0000ff', angle: 90 }, () => {})).data);
      expectColourNear(pixel(across, 0, 0), [255, 0, 0], 4);
      expectColourNear(pixel(across, across.width - 1, 0), [0, 0, 255], 4);

      // 180deg runs top to bottom: both top corners are the start colour.
      const down = await raw((await changeBackground(pngPortrait, { type: 'gradient', from: '#ff0000', to: '#0000ff', angle: 180 }, () => {})).data);
      expectColourNear(pixel(down, 0, 0), [255, 0, 0], 4);
      expectColourNear(pixel(down, down.width - 1, 0), [255, 0, 0], 4);
    },
    SLOW,
  );

  it(
    'changeBackground cover-fits a background image',
    async () => {
      // A wide green | red | yellow image: covering a portrait frame keeps only the red middle
      // (stretching it would put green and yellow in the corners).
      const stripes = Buffer.alloc(600 * 100 * 3);
      for (let y = 0; y < 100; y++) {
        for (let x = 0; x < 600; x++) stripes.set(x < 200 ? [0, 255, 0] : x < 400 ? [255, 0, 0] : [255, 255, 0], (y * 600 + x) * 3);
      }
      const data = await sharp(stripes, { raw: { width: 600, height: 100, channels: 3 } }).png().toBuffer();
      const out = await raw((await changeBackground(pngPortrait, { type: 'image', data }, () => {})).data);
      const original = await sharp(pngPortrait).metadata();
      expect([out.width, out.height]).toEqual([original.width, original.height]);
      expectColourNear(pixel(out, 0, 0), [255, 0, 0], 2);
      expectColourNear(pixel(out, out.width - 1, 0), [255, 0, 0], 2);
    },
    SLOW,
  );

  it(
    'cuts out an object, not only people: a red stamp photographed on white',
    async () => {
      // A real photo of an object (no person in it) shipped with @fastify/static's example.
      const stamp = await sharp(packageFile('@fastify/static', 'example/public/images/sample.jpg')).resize(240).jpeg().toBuffer();
      const cut = await raw((await removeBackground(stamp, () => {})).data);
      expect(cut.channels).toBe(4);
      const alphaAt = (x: number, y: number) => cut.data[(y * cut.width + x) * 4 + 3]!;
      // The white corners are gone, the stamp's red ink (its centre row, "SAMPLE") stays.
      for (const [x, y] of [[2, 2], [cut.width - 3, 2], [2, cut.height - 3], [cut.width - 3, cut.height - 3]] as const) expect(alphaAt(x, y)).toBeLessThan(30);
      let redKept = 0;
      let red = 0;
      for (let i = 0; i < cut.width * cut.height; i++) {
        const [r, g, b] = [cut.data[i * 4]!, cut.data[i * 4 + 1]!, cut.data[i * 4 + 2]!];
        if (r > 150 && g < 90 && b < 90) {
          red++;
          if (cut.data[i * 4 + 3]! > 200) redKept++;
        }
      }
      expect(red).toBeGreaterThan(500);
      expect(redKept / red).toBeGreaterThan(0.9);

      // The background changer uses the same cut-out: white corners become the new colour.
      const changed = await raw((await changeBackground(stamp, { type: 'color', color: '#0000ff' }, () => {})).data);
      expectColourNear(pixel(changed, 2, 2), [0, 0, 255], 40);
    },
    SLOW,
  );

  it(
    'fails with the tool error when there is nobody in the picture',
    async () => {
      const empty = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366aa' } }).png().toBuffer();
      const removal: unknown = await removeBackground(empty, () => {}).catch((e: unknown) => e);
      expect(removal).toBeInstanceOf(AppError);
      expect(removal).toMatchObject({ catalogueCode: 'BACKGROUND_REMOVER_FAILED' });
      await expect(changeBackground(empty, { type: 'color', color: '#ffffff' }, () => {})).rejects.toMatchObject({
        catalogueCode: 'BACKGROUND_CHANGER_FAILED',
      });
    },
    SLOW,
  );
});
