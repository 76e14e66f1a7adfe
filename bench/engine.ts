/**
 * bench/engine: the local engine's tools on a 1024-px photo (a real portrait shipped with
 * face-api), each run cold (models loading) and then warm, inline in this process (the pool's
 * threads run the same functions). ESRGAN at 1024 px takes tens of seconds on WASM; set
 * BENCH_ENGINE_QUALITY=0 to skip it.
 */
import sharp from 'sharp';
import { packageFile } from '@tessera/server/generation/engine/tf';
import { type ImageToolName, runTool, type ToolArgs } from '@tessera/server/generation/engine/tools';

export interface EngineTiming {
  tool: string;
  coldMs: number;
  warmMs: number;
  output: string;
}

export async function benchEngine(opts: { quality?: boolean } = {}): Promise<EngineTiming[]> {
  const photo = await sharp(packageFile('@vladmandic/face-api', 'demo/sample4.jpg')).resize({ width: 1024 }).jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
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
