/**
 * Converts the ESRGAN-slim tfjs models (server/models/esrgan-slim/x2 and x4: model.json and its
 * weight shards) to ONNX next to them (model.onnx), which the upscaler runs on onnxruntime. The
 * output is deterministic; the .onnx files are committed, so this runs only when the models change.
 * upscale.test.ts checks that the committed files are what this produces and that they compute
 * what the tfjs models compute.
 *
 *   node --import tsx scripts/esrgan-to-onnx.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LayersModelJson, layersModelToOnnx } from '../server/src/generation/engine/kerasToOnnx.ts';

const root = fileURLToPath(new URL('../server/models/esrgan-slim/', import.meta.url));

for (const scale of [2, 4]) {
  const dir = join(root, `x${scale}`);
  const json = JSON.parse(await readFile(join(dir, 'model.json'), 'utf8')) as LayersModelJson;
  const shards = await Promise.all(json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(join(dir, p))));
  const onnx = layersModelToOnnx(json, Buffer.concat(shards), {
    name: `esrgan-slim-x${scale}`,
    docString: `ESRGAN-slim ${scale}x (RDN) from @upscalerjs/esrgan-slim 1.0.0 (MIT), converted from its tfjs layers model by scripts/esrgan-to-onnx.ts. NCHW float32 RGB in 0..255 in and out.`,
  });
  await writeFile(join(dir, 'model.onnx'), onnx);
  console.log(`x${scale}/model.onnx: ${onnx.length} bytes`);
}
