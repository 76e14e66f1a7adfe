/**
 * Upscale tool: `fast` is lanczos3 resampling, `quality` runs ESRGAN-slim (the RDN models that
 * `@upscalerjs/esrgan-slim` 1.0.0 ships, MIT; the x2 and x4 ones are kept in
 * server/models/esrgan-slim/, see its NOTICE.md) on onnxruntime's native CPU backend, in large
 * tiles. The models run as ONNX graphs converted from the tfjs ones (scripts/esrgan-to-onnx.ts;
 * upscale.test.ts checks both compute the same). Native, not onnxruntime-web's WASM build: the
 * convolutions are ~90% of the work, and WASM's 128-bit SIMD without FMA ran them 4–5 times slower
 * than MLAS' AVX2/AVX-512 kernels on one core (docs/benchmarks.md).
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { AppError } from '@tessera/shared/errors';
import { MAX_UPSCALE_SIDE } from '@tessera/shared/generation';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import type { EngineImage, EngineProgress } from '../types.ts';

export interface UpscaleOptions {
  scale: 2 | 4;
  mode: 'quality' | 'fast';
}

/**
 * The largest tile side, in input pixels. Tiles bound the memory of one forward pass (the RDN
 * keeps several 64-channel feature maps per pixel, and onnxruntime's arena keeps its peak for the
 * next run: a thread's whole process measured ~0.6 GB at 384 px, ~1 GB at 512, whatever the
 * image's size) and give progress per tile; the tiles of an image are made as even as they can be.
 * 384 and 512 px ran a 1024×772 picture equally fast (2.6–3.5 s warm, one thread); 256 px, with
 * more overlap, ~4 s.
 */
const TILE = 384;
/**
 * Context each tile sees beyond its own pixels, cropped away afterwards: the models' receptive
 * field reaches 10 px (eight 3×3 convolutions and one 5×5), so tiles join without seams — the
 * result equals one whole-image pass.
 */
const TILE_PAD = 10;

interface Esrgan {
  session: InferenceSession;
  Tensor: typeof Tensor;
}

const models = new Map<2 | 4, Promise<Esrgan>>();

/**
 * onnxruntime's threads for one forward pass: the engine's budget, ENGINE_THREADS when set
 * (worker threads see the process's environment), else one per core but one, as the engine
 * pool's default — the HTTP loop and the database driver keep a core. The pool's threads are
 * niced (thread.ts) and onnxruntime's threads, started from them, inherit it.
 */
function intraOpThreads(): number {
  const configured = Number(process.env.ENGINE_THREADS);
  return Number.isInteger(configured) && configured > 0 ? configured : Math.max(1, availableParallelism() - 1);
}

/** The ESRGAN-slim model for a scale, loaded once per thread. */
function esrgan(scale: 2 | 4): Promise<Esrgan> {
  let model = models.get(scale);
  if (!model) {
    model = (async () => {
      const ort = await import('onnxruntime-node');
      const path = fileURLToPath(new URL(`../../../../models/esrgan-slim/x${scale}/model.onnx`, import.meta.url));
      const session = await ort.InferenceSession.create(path, {
        executionProviders: ['cpu'],
        graphOptimizationLevel: 'all',
        intraOpNumThreads: intraOpThreads(),
        interOpNumThreads: 1,
        executionMode: 'sequential',
      });
      return { session, Tensor: ort.Tensor };
    })();
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

/**
 * `length` cut into `ceil(length / TILE)` spans as even as they can be, each with the window of
 * input the model sees for it: the span and TILE_PAD on both sides, shifted inwards at the image's
 * edges (more context there, never less), so every window has the same size — onnxruntime reuses
 * its memory plan between runs of one input shape.
 */
function tiling(length: number): { window: number; tiles: { start: number; end: number; from: number }[] } {
  const count = Math.ceil(length / TILE);
  const cut = (i: number) => Math.round((i * length) / count);
  const window = Math.min(length, Math.ceil(length / count) + 2 * TILE_PAD);
  const tiles = Array.from({ length: count }, (_, i) => ({ start: cut(i), end: cut(i + 1), from: Math.min(Math.max(0, cut(i) - TILE_PAD), length - window) }));
  return { window, tiles };
}

/** Runs the model over overlapping tiles of an RGBA image and assembles the RGB result. */
async function esrganTiles(rgba: Buffer, width: number, height: number, scale: number, model: Esrgan, onTile: (fraction: number) => void): Promise<Buffer> {
  const { session, Tensor: OrtTensor } = model;
  const outWidth = width * scale;
  const out = Buffer.alloc(outWidth * height * scale * 3);
  const { window: pw, tiles: columns } = tiling(width);
  const { window: ph, tiles: rows } = tiling(height);
  // The models take and return RGB in 0..255 (UpscalerJS: inputRange/outputRange [0, 255]), planar.
  const plane = pw * ph;
  const input = new Float32Array(3 * plane);
  let done = 0;
  for (const { start: y0, end: y1, from: py0 } of rows) {
    for (const { start: x0, end: x1, from: px0 } of columns) {
      for (let y = 0; y < ph; y++) {
        for (let x = 0; x < pw; x++) {
          const s = ((py0 + y) * width + px0 + x) * 4;
          const d = y * pw + x;
          input[d] = rgba[s]!;
          input[plane + d] = rgba[s + 1]!;
          input[2 * plane + d] = rgba[s + 2]!;
        }
      }
      const outputs = await session.run({ [session.inputNames[0]!]: new OrtTensor('float32', input, [1, 3, ph, pw]) });
      const sr = outputs[session.outputNames[0]!]!.data as Float32Array; // [1, 3, ph·scale, pw·scale]

      // Crop the padding away and interleave into the output.
      const srWidth = pw * scale;
      const srPlane = srWidth * ph * scale;
      const ox = (x0 - px0) * scale;
      const oy = (y0 - py0) * scale;
      const tw = (x1 - x0) * scale;
      const th = (y1 - y0) * scale;
      for (let y = 0; y < th; y++) {
        let d = ((y0 * scale + y) * outWidth + x0 * scale) * 3;
        let s = (oy + y) * srWidth + ox;
        for (let x = 0; x < tw; x++, s++) {
          // The model's output strays a little outside 0..255: rounded and clamped, as the tfjs path did.
          out[d++] = Math.min(255, Math.max(0, Math.round(sr[s]!)));
          out[d++] = Math.min(255, Math.max(0, Math.round(sr[srPlane + s]!)));
          out[d++] = Math.min(255, Math.max(0, Math.round(sr[2 * srPlane + s]!)));
        }
      }
      done++;
      onTile(done / (rows.length * columns.length));
    }
  }
  return out;
}
