/**
 * bench/engine: the local engine's tools on a 1024-px photo (a real portrait shipped with
 * face-api), each run cold (models loading) and then warm, inline in this process (the pool's
 * threads run the same functions). {@link benchEsrgan}: the quality upscaler three times, against
 * the tfjs path it replaced. BENCH_ENGINE_QUALITY=0 skips ESRGAN (the tfjs baseline alone takes
 * ~25 s), BENCH_ESRGAN_BASELINE=0 only the baseline.
 */
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { type LayersModel, loadLayersModel, loadTf, packageFile, type Tf } from '@tessera/server/generation/engine/tf';
import { type ImageToolName, runTool, type ToolArgs } from '@tessera/server/generation/engine/tools';

/** The bench's photo: face-api's sample 4 at 1024 px wide (1024×772). */
const benchPhoto = () => sharp(packageFile('@vladmandic/face-api', 'demo/sample4.jpg')).resize({ width: 1024 }).jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });

export interface EngineTiming {
  tool: string;
  coldMs: number;
  warmMs: number;
  output: string;
}

export async function benchEngine(opts: { quality?: boolean } = {}): Promise<EngineTiming[]> {
  const photo = await benchPhoto();
  const face = await sharp(packageFile('@vladmandic/face-api', 'demo/sample1.jpg')).resize({ width: 1024 }).jpeg().toBuffer();
  const { width, height } = photo.info;
  const maskSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%"/><circle cx="${width * 0.8}" cy="${height * 0.25}" r="${height * 0.1}" fill="#fff"/></svg>`;
  const mask = await sharp(Buffer.from(maskSvg)).png().toBuffer();
  const image = photo.data;

  const cases: { name: string; call: { [T in ImageToolName]: { tool: T; args: ToolArgs[T] } }[ImageToolName] }[] = [
    { name: 'image to image (stylize, auto)', call: { tool: 'stylize', args: { image, prompt: 'a watercolor portrait', style: 'auto', strength: 0.7 } } },
    { name: 'upscale 2× fast (lanczos)', call: { tool: 'upscale', args: { image, scale: 2, mode: 'fast' } } },
    ...(opts.quality === false ? [] : [{ name: 'upscale 2× quality (ESRGAN)', call: { tool: 'upscale' as const, args: { image, scale: 2 as const, mode: 'quality' as const } } }]),
    { name: 'uncrop to 16:9, zoom-out 1.25', call: { tool: 'uncrop', args: { image, aspectRatio: '16:9', zoomOut: 1.25 } } },
    { name: 'object remover', call: { tool: 'removeObject', args: { image, mask } } },
    { name: 'inpaint with prompt', call: { tool: 'paint', args: { image, mask, prompt: 'golden flowers' } } },
    { name: 'background remover', call: { tool: 'removeBackground', args: { image } } },
    { name: 'background changer (gradient)', call: { tool: 'changeBackground', args: { image, background: { type: 'gradient', from: '#0ea5e9', to: '#a855f7', angle: 90 } } } },
    { name: 'face swap', call: { tool: 'faceSwap', args: { image, face } } },
  ];

  const timings: EngineTiming[] = [];
  for (const { name, call } of cases) {
    const time = async () => {
      const start = performance.now();
      const out = await runTool(call.tool, call.args as never, () => {});
      return { ms: performance.now() - start, out };
    };
    const cold = await time();
    const warm = await time();
    timings.push({ tool: name, coldMs: Math.round(cold.ms), warmMs: Math.round(warm.ms), output: `${warm.out.width}×${warm.out.height} ${warm.out.contentType}` });
  }
  return timings;
}

export interface EsrganTiming {
  /** Warm runs of the tool (onnxruntime-node), ms. */
  onnxMs: number[];
  /** The same upscale on the previous path (tfjs-core's WASM backend, 128-px tiles), ms; empty when skipped. */
  tfjsMs: number[];
  /** Load average over 1 minute before and after. */
  load: [number, number];
  input: string;
}

/** ESRGAN 2× of the 1024×772 photo: `runs` warm runs of the tool and `baselineRuns` of the old tfjs path. */
export async function benchEsrgan(opts: { runs?: number; baselineRuns?: number } = {}): Promise<EsrganTiming> {
  const { data: image, info } = await benchPhoto();
  const load0 = loadavg()[0]!;
  await runTool('upscale', { image, scale: 2, mode: 'quality' }, () => {}); // loads the model
  const onnxMs: number[] = [];
  for (let i = 0; i < (opts.runs ?? 3); i++) {
    const start = performance.now();
    await runTool('upscale', { image, scale: 2, mode: 'quality' }, () => {});
    onnxMs.push(Math.round(performance.now() - start));
  }
  const tfjsMs: number[] = [];
  if ((opts.baselineRuns ?? 1) > 0) {
    const rgba = await sharp(image).ensureAlpha().raw().toBuffer();
    const model = await loadLayersModel(fileURLToPath(new URL('../server/models/esrgan-slim/x2/model.json', import.meta.url)));
    for (let i = 0; i < (opts.baselineRuns ?? 1); i++) {
      const start = performance.now();
      await tfjsEsrgan(rgba, info.width, info.height, model);
      tfjsMs.push(Math.round(performance.now() - start));
    }
    model.dispose();
  }
  return { onnxMs, tfjsMs, load: [load0, loadavg()[0]!], input: `${info.width}×${info.height}, ${availableParallelism()} cores` };
}

/**
 * The baseline: ESRGAN as the upscaler ran it before onnxruntime (tfjs-core's WASM backend, one
 * thread, 128-px tiles with 10 px of context), up to the 8-bit RGB result.
 */
async function tfjsEsrgan(rgba: Buffer, width: number, height: number, model: LayersModel): Promise<Buffer> {
  const tf = await loadTf();
  const [tile, pad, scale] = [128, 10, 2];
  const out = Buffer.alloc(width * scale * height * scale * 3);
  for (let y0 = 0; y0 < height; y0 += tile) {
    for (let x0 = 0; x0 < width; x0 += tile) {
      const [x1, y1] = [Math.min(x0 + tile, width), Math.min(y0 + tile, height)];
      const [px0, py0] = [Math.max(0, x0 - pad), Math.max(0, y0 - pad)];
      const [pw, ph] = [Math.min(width, x1 + pad) - px0, Math.min(height, y1 + pad) - py0];
      const input = new Float32Array(pw * ph * 3);
      for (let y = 0; y < ph; y++) {
        for (let x = 0; x < pw; x++) {
          for (let c = 0; c < 3; c++) input[(y * pw + x) * 3 + c] = rgba[((py0 + y) * width + px0 + x) * 4 + c]!;
        }
      }
      const [tw, th] = [(x1 - x0) * scale, (y1 - y0) * scale];
      const result = tf.tidy(() => {
        const sr = model.predict(tf.tensor4d(input, [1, ph, pw, 3])) as ReturnType<Tf['tensor4d']>;
        return tf.cast(tf.round(tf.clipByValue(tf.slice(sr, [0, (y0 - py0) * scale, (x0 - px0) * scale, 0], [1, th, tw, 3]), 0, 255)), 'int32');
      });
      const pixels = await result.data();
      result.dispose();
      for (let y = 0; y < th; y++) out.set(pixels.subarray(y * tw * 3, (y + 1) * tw * 3), ((y0 * scale + y) * width * scale + x0 * scale) * 3);
    }
  }
  return out;
}
