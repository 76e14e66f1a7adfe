import { fileURLToPath } from 'node:url';
import { AppError } from '@tessera/shared/errors';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { packageFile } from '../tf.ts';
import { upscale } from './upscale.ts';

// ESRGAN is the engine's heaviest model and CI's cores are shared; inputs stay small.
const SLOW = 30_000;

/** A real photo, downscaled so the model runs in about a second. */
async function photo(sample: number, width: number): Promise<Buffer> {
  return sharp(packageFile('@vladmandic/face-api', `demo/sample${sample}.jpg`)).resize(width).png().toBuffer();
}

/** Mean absolute Laplacian of the luma: higher means more fine detail / crisper edges. */
async function laplacian(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const w = info.width;
  let sum = 0;
  for (let y = 1; y < info.height - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      sum += Math.abs(4 * data[i]! - data[i - 1]! - data[i + 1]! - data[i - w]! - data[i + w]!);
    }
  }
  return sum / ((w - 2) * (info.height - 2));
}

async function meanAbsDifference(a: Buffer, b: Buffer): Promise<number> {
  const [ra, rb] = await Promise.all([sharp(a).removeAlpha().raw().toBuffer(), sharp(b).removeAlpha().raw().toBuffer()]);
  expect(ra.length).toBe(rb.length);
  let sum = 0;
  for (let i = 0; i < ra.length; i++) sum += Math.abs(ra[i]! - rb[i]!);
  return sum / ra.length;
}

describe('upscale', () => {
  it('fast mode doubles and quadruples the size with lanczos', async () => {
    const input = await photo(3, 150);
    const { width, height } = await sharp(input).metadata();
    for (const scale of [2, 4] as const) {
      const out = await upscale(input, { scale, mode: 'fast' }, () => {});
      const meta = await sharp(out.data).metadata();
      expect(out.contentType).toBe('image/png');
      expect(meta.format).toBe('png');
      expect([meta.width, meta.height]).toEqual([width * scale, height * scale]);
      expect([out.width, out.height]).toEqual([width * scale, height * scale]);
    }
  });

  it(
    'quality mode gives exact 2x and 4x PNGs that are not just lanczos',
    async () => {
      const input = await photo(2, 128);
      const { width, height } = await sharp(input).metadata();

      const q2 = await upscale(input, { scale: 2, mode: 'quality' }, () => {});
      const f2 = await upscale(input, { scale: 2, mode: 'fast' }, () => {});
      const m2 = await sharp(q2.data).metadata();
      expect(m2.format).toBe('png');
      expect([m2.width, m2.height, q2.width, q2.height]).toEqual([width * 2, height * 2, width * 2, height * 2]);
      expect(q2.data.equals(f2.data)).toBe(false);
      // At 2x lanczos' ringing makes it look as "sharp" by a Laplacian as the slim model, so only
      // require a real difference in the pixels (measured: about 3 levels on average).
      expect(await meanAbsDifference(q2.data, f2.data)).toBeGreaterThan(1);

      const q4 = await upscale(input, { scale: 4, mode: 'quality' }, () => {});
      const f4 = await upscale(input, { scale: 4, mode: 'fast' }, () => {});
      const m4 = await sharp(q4.data).metadata();
      expect([m4.width, m4.height]).toEqual([width * 4, height * 4]);
      // At 4x the difference is plain: measured 2.2–2.7 times lanczos' detail on these photos.
      expect(await laplacian(q4.data)).toBeGreaterThan(1.5 * (await laplacian(f4.data)));
    },
    SLOW,
  );

  it(
    'quality mode works in tiles that join without seams and reports progress per tile',
    async () => {
      // 600×100 is two tiles (the second one's window shifted inwards at the image's edge).
      const input = await sharp(packageFile('@vladmandic/face-api', 'demo/sample2.jpg')).resize(600, 100, { fit: 'fill' }).png().toBuffer();
      const reports: { fraction: number; stage: string }[] = [];
      const out = await upscale(input, { scale: 2, mode: 'quality' }, (fraction, stage) => reports.push({ fraction, stage }));

      expect([out.width, out.height]).toEqual([1200, 200]);
      expect(reports.filter((r) => r.stage === 'upscale')).toHaveLength(2);
      expect(reports.map((r) => r.stage)).toEqual(['decode', 'model', 'upscale', 'upscale', 'encode', 'done']);
      const fractions = reports.map((r) => r.fraction);
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
      expect(fractions.at(-1)).toBe(1);

      // The same model over the whole picture at once.
      const rgb = await sharp(input).removeAlpha().raw().toBuffer();
      const planar = new Float32Array(rgb.length);
      for (let i = 0; i < 600 * 100; i++) {
        for (let c = 0; c < 3; c++) planar[c * 600 * 100 + i] = rgb[i * 3 + c]!;
      }
      const session = await ort.InferenceSession.create(fileURLToPath(new URL('../../../../models/esrgan-slim/x2/model.onnx', import.meta.url)), { intraOpNumThreads: 1 });
      const whole = (await session.run({ LR: new ort.Tensor('float32', planar, [1, 3, 100, 600]) })).SR!.data as Float32Array;
      await session.release();
      const tiled = await sharp(out.data).removeAlpha().raw().toBuffer();
      let differing = 0;
      for (let i = 0; i < 1200 * 200; i++) {
        for (let c = 0; c < 3; c++) {
          if (tiled[i * 3 + c] !== Math.min(255, Math.max(0, Math.round(whole[c * 1200 * 200 + i]!)))) differing++;
        }
      }
      // Each tile sees the models' whole receptive field, so the pixels are the same to the bit
      // (with 3 px of padding instead of 10, 279 values near the seam are one level off).
      expect(differing).toBe(0);
    },
    SLOW,
  );

  it(
    'keeps the alpha channel',
    async () => {
      // Left half transparent, right half opaque.
      const rgba = Buffer.alloc(64 * 64 * 4);
      for (let y = 0; y < 64; y++) {
        for (let x = 0; x < 64; x++) rgba.set([200, 80, 40, x < 32 ? 0 : 255], (y * 64 + x) * 4);
      }
      const input = await sharp(rgba, { raw: { width: 64, height: 64, channels: 4 } }).png().toBuffer();
      const out = await upscale(input, { scale: 2, mode: 'quality' }, () => {});
      const { data, info } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(4);
      expect([info.width, info.height]).toEqual([128, 128]);
      expect(data[(64 * 128 + 10) * 4 + 3]).toBe(0);
      expect(data[(64 * 128 + 118) * 4 + 3]).toBe(255);
    },
    SLOW,
  );

  it('follows the EXIF orientation', async () => {
    // Stored 40x20, displayed rotated a quarter turn: 20x40.
    const input = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    for (const mode of ['fast', 'quality'] as const) {
      const out = await upscale(input, { scale: 2, mode }, () => {});
      const meta = await sharp(out.data).metadata();
      expect([meta.width, meta.height]).toEqual([40, 80]);
    }
  });

  it('refuses an output side above 4096 before doing any work', async () => {
    const wide = await sharp({ create: { width: 2049, height: 8, channels: 3, background: '#000000' } }).png().toBuffer();
    const tall = await sharp({ create: { width: 8, height: 1025, channels: 3, background: '#000000' } }).png().toBuffer();
    const tooLarge = { catalogueCode: 'IMAGE_UPSCALE_TOO_LARGE' };
    const error: unknown = await upscale(wide, { scale: 2, mode: 'quality' }, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject(tooLarge);
    await expect(upscale(wide, { scale: 2, mode: 'fast' }, () => {})).rejects.toMatchObject(tooLarge);
    await expect(upscale(tall, { scale: 4, mode: 'quality' }, () => {})).rejects.toMatchObject(tooLarge);

    // Exactly 4096 is allowed.
    const edge = await sharp({ create: { width: 1024, height: 8, channels: 3, background: '#000000' } }).png().toBuffer();
    const out = await upscale(edge, { scale: 4, mode: 'fast' }, () => {});
    expect([out.width, out.height]).toEqual([4096, 32]);
  });
});
