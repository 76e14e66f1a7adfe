import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type LayersModelJson, layersModelToOnnx } from './kerasToOnnx.ts';
import { loadLayersModel, loadTf, packageFile } from './tf.ts';

const modelDir = (scale: number) => fileURLToPath(new URL(`../../../models/esrgan-slim/x${scale}/`, import.meta.url));

/** A 64×48 crop of a real photo, as float RGB 0..255 (height-major, interleaved). */
async function patch(): Promise<{ width: number; height: number; rgb: Float32Array }> {
  const width = 64;
  const height = 48;
  const raw = await sharp(packageFile('@vladmandic/face-api', 'demo/sample2.jpg')).resize(160).extract({ left: 40, top: 30, width, height }).removeAlpha().raw().toBuffer();
  return { width, height, rgb: Float32Array.from(raw) };
}

describe('layersModelToOnnx (ESRGAN-slim)', () => {
  it('produces the committed model.onnx files from the tfjs models', async () => {
    for (const scale of [2, 4]) {
      const json = JSON.parse(await readFile(`${modelDir(scale)}model.json`, 'utf8')) as LayersModelJson;
      const weights = await readFile(`${modelDir(scale)}group1-shard1of1.bin`);
      const onnx = layersModelToOnnx(json, weights, {
        name: `esrgan-slim-x${scale}`,
        docString: `ESRGAN-slim ${scale}x (RDN) from @upscalerjs/esrgan-slim 1.0.0 (MIT), converted from its tfjs layers model by scripts/esrgan-to-onnx.ts. NCHW float32 RGB in 0..255 in and out.`,
      });
      // Regenerate with `node --import tsx scripts/esrgan-to-onnx.ts` when the converter changes.
      expect(Buffer.from(onnx).equals(await readFile(`${modelDir(scale)}model.onnx`))).toBe(true);
    }
  });

  it('computes what the tfjs model computes, on a non-square photo patch including its borders (2× and 4×)', async () => {
    const tf = await loadTf();
    const { width, height, rgb } = await patch();
    const planar = new Float32Array(rgb.length);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) planar[c * width * height + i] = rgb[i * 3 + c]!;
    }
    for (const scale of [2, 4]) {
      const keras = await loadLayersModel(`${modelDir(scale)}model.json`);
      const expected = tf.tidy(() => (keras.predict(tf.tensor4d(rgb, [1, height, width, 3])) as ReturnType<typeof tf.tensor4d>).dataSync());
      keras.dispose();

      const session = await ort.InferenceSession.create(`${modelDir(scale)}model.onnx`, { intraOpNumThreads: 1 });
      const outputs = await session.run({ LR: new ort.Tensor('float32', planar, [1, 3, height, width]) });
      const actual = outputs.SR!;
      await session.release();

      const [w, h] = [width * scale, height * scale];
      expect(actual.dims).toEqual([1, 3, h, w]);
      const onnx = actual.data as Float32Array;
      let maxDiff = 0;
      let sum = 0;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          for (let c = 0; c < 3; c++) {
            const a = onnx[(c * h + y) * w + x]!;
            const b = expected[(y * w + x) * 3 + c]!;
            maxDiff = Math.max(maxDiff, Math.abs(a - b));
            sum += b;
          }
        }
      }
      // A real picture came out (not zeros), and the two agree to float rounding (measured: 2–3e-4
      // on 0..255); a wrong transpose, channel order or sub-pixel phase differs by tens of levels
      // (DepthToSpace in DCR mode instead of CRD: 107).
      expect(sum / (w * h * 3)).toBeGreaterThan(50);
      expect(maxDiff).toBeLessThan(1e-3);
    }
  });
});
