/**
 * Upscale tool: `fast` is lanczos3 resampling, `quality` runs ESRGAN-slim (the RDN models that
 * `@upscalerjs/esrgan-slim` 1.0.0 ships, MIT; the x2 and x4 ones are kept in
 * server/models/esrgan-slim/, see its NOTICE.md) tile by tile on the tfjs WASM backend.
 */
import { fileURLToPath } from 'node:url';
import type { Tensor4D } from '@tensorflow/tfjs-core';
import { AppError } from '@tessera/shared/errors';
import { MAX_UPSCALE_SIDE } from '@tessera/shared/generation';
import sharp from 'sharp';
import { type LayersModel, loadLayersModel, loadTf } from '../tf.ts';
import type { EngineImage, EngineProgress } from '../types.ts';

export interface UpscaleOptions {
  scale: 2 | 4;
  mode: 'quality' | 'fast';
}

/**
 * Tiles bound the memory of one forward pass (the RDN keeps ~64 feature maps per pixel) and give
 * progress per tile. 128 px is the patch size the models were trained on.
 */
const TILE = 128;
/**
 * Context each tile sees beyond its own pixels, cropped away afterwards so tile seams do not
 * show. Measured against one whole-image pass: 4 px leaves seams (up to 3 levels off), 8 px is
 * within one rounding step, 10 px matched exactly for both x2 and x4.
 */
const TILE_PAD = 10;

const models = new Map<2 | 4, Promise<LayersModel>>();

/** The ESRGAN-slim model for a scale, loaded once per thread. */
function esrgan(scale: 2 | 4): Promise<LayersModel> {
  let model = models.get(scale);
  if (!model) {
    model = loadLayersModel(fileURLToPath(new URL(`../../../../models/esrgan-slim/x${scale}/model.json`, import.meta.url)));
    // A failed load is not cached, so the next task retries.
    model.catch(() => models.delete(scale));
    models.set(scale, model);
  }
  return model;
}

/**
 * Upscales an image 2x or 4x. Output is a PNG (keeps the alpha channel when the input has one).
 * Throws `IMAGE_UPSCALE_TOO_LARGE` when either output side would exceed {@link MAX_UPSCALE_SIDE}.
 */
export async function upscale(image: Buffer, opts: UpscaleOptions, progress: EngineProgress): Promise<EngineImage> {
  const { scale, mode } = opts;
  const meta = await sharp(image).metadata();
  const width = meta.autoOrient.width;
  const height = meta.autoOrient.height;
  const outWidth = width * scale;
  const outHeight = height * scale;
  if (outWidth > MAX_UPSCALE_SIDE || outHeight > MAX_UPSCALE_SIDE) throw new AppError('IMAGE_UPSCALE_TOO_LARGE');
  progress(0, 'decode');

  if (mode === 'fast') {
    const data = await sharp(image).autoOrient().resize(outWidth, outHeight, { kernel: 'lanczos3', fit: 'fill' }).png().toBuffer();
    progress(1, 'done');
    return { data, contentType: 'image/png', width: outWidth, height: outHeight };
  }

  // One decode to 8-bit sRGB(A), whatever the input's colour space or bit depth.
  const rgba = await sharp(image).autoOrient().toColourspace('srgb').ensureAlpha().raw({ depth: 'uchar' }).toBuffer();
  const model = await esrgan(scale);
  progress(0.05, 'model');

  const rgb = await esrganTiles(rgba, width, height, scale, model, (done) => progress(0.05 + 0.85 * done, 'upscale'));

  progress(0.9, 'encode');
  let out = sharp(rgb, { raw: { width: outWidth, height: outHeight, channels: 3 } });
  if (meta.hasAlpha) {
    // ESRGAN knows only RGB; the alpha channel is resampled on its own and joined back.
    const alpha = Buffer.alloc(width * height);
    for (let i = 0; i < alpha.length; i++) alpha[i] = rgba[i * 4 + 3] ?? 255;
    const alphaUp = await sharp(alpha, { raw: { width, height, channels: 1 } })
      .resize(outWidth, outHeight, { kernel: 'lanczos3', fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    out = out.joinChannel(alphaUp, { raw: { width: outWidth, height: outHeight, channels: 1 } });
  }
  const data = await out.png().toBuffer();
  progress(1, 'done');
  return { data, contentType: 'image/png', width: outWidth, height: outHeight };
}

/** Runs the model over overlapping tiles of an RGBA image and assembles the RGB result. */
async function esrganTiles(
  rgba: Buffer,
  width: number,
  height: number,
  scale: number,
  model: LayersModel,
  onTile: (fraction: number) => void,
): Promise<Buffer> {
  const tf = await loadTf();
  const outWidth = width * scale;
  const out = Buffer.alloc(outWidth * height * scale * 3);
  const cols = Math.ceil(width / TILE);
  const rows = Math.ceil(height / TILE);
  let done = 0;
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < cols; tx++) {
      // The tile proper, and the padded region actually fed to the model (clamped to the image).
      const x0 = tx * TILE;
      const y0 = ty * TILE;
      const x1 = Math.min(x0 + TILE, width);
      const y1 = Math.min(y0 + TILE, height);
      const px0 = Math.max(0, x0 - TILE_PAD);
      const py0 = Math.max(0, y0 - TILE_PAD);
      const px1 = Math.min(width, x1 + TILE_PAD);
      const py1 = Math.min(height, y1 + TILE_PAD);
      const pw = px1 - px0;
      const ph = py1 - py0;

      // The rdn ESRGAN models take and return RGB in 0..255 (UpscalerJS: inputRange/outputRange [0, 255]).
      const input = new Float32Array(pw * ph * 3);
      for (let y = 0; y < ph; y++) {
        for (let x = 0; x < pw; x++) {
          const s = ((py0 + y) * width + px0 + x) * 4;
          const d = (y * pw + x) * 3;
          input[d] = rgba[s] ?? 0;
          input[d + 1] = rgba[s + 1] ?? 0;
          input[d + 2] = rgba[s + 2] ?? 0;
        }
      }
      const tw = (x1 - x0) * scale;
      const th = (y1 - y0) * scale;
      const result = tf.tidy(() => {
        const x = tf.tensor4d(input, [1, ph, pw, 3]);
        const y = model.predict(x) as Tensor4D;
        const tile = tf.slice(y, [0, (y0 - py0) * scale, (x0 - px0) * scale, 0], [1, th, tw, 3]);
        return tf.cast(tf.round(tf.clipByValue(tile, 0, 255)), 'int32');
      });
      const pixels = await result.data();
      result.dispose();

      for (let y = 0; y < th; y++) {
        const rowStart = ((y0 * scale + y) * outWidth + x0 * scale) * 3;
        out.set(pixels.subarray(y * tw * 3, (y + 1) * tw * 3), rowStart);
      }
      done++;
      onTile(done / (rows * cols));
    }
  }
  return out;
}
