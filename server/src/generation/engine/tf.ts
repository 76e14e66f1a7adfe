/**
 * TensorFlow.js for the local engine: the WASM backend (SIMD, shipped inside the npm package —
 * nothing is downloaded) initialised once per thread, and models read from files that npm
 * packages ship. Every tfjs user in the engine goes through here so there is one tfjs instance.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

export { tf };

const require = createRequire(import.meta.url);

/** Absolute path of a file inside an installed npm package (works when `exports` hides it). */
export function packageFile(pkg: string, relative: string): string {
  for (const base of require.resolve.paths(pkg) ?? []) {
    if (existsSync(join(base, pkg, 'package.json'))) return join(base, pkg, relative);
  }
  throw new Error(`package ${pkg} is not installed`);
}

let ready: Promise<void> | undefined;

/** Selects the WASM backend once; later calls share the same promise. */
export function initTf(): Promise<void> {
  ready ??= (async () => {
    setWasmPaths(`${packageFile('@tensorflow/tfjs-backend-wasm', 'dist')}/`);
    if (!(await tf.setBackend('wasm'))) throw new Error('tfjs wasm backend failed to initialise');
    await tf.ready();
  })();
  return ready;
}

/** An IOHandler reading a tfjs model.json and its weight shards from disk. */
export function fileModelHandler(modelJsonPath: string): tf.io.IOHandler {
  return {
    load: async () => {
      const json = JSON.parse(await readFile(modelJsonPath, 'utf8')) as tf.io.ModelJSON;
      const dir = dirname(modelJsonPath);
      const specs: tf.io.WeightsManifestEntry[] = [];
      const buffers: Buffer[] = [];
      for (const group of json.weightsManifest) {
        specs.push(...group.weights);
        for (const path of group.paths) buffers.push(await readFile(join(dir, path)));
      }
      const joined = Buffer.concat(buffers);
      return {
        modelTopology: json.modelTopology,
        ...(json.format ? { format: json.format } : {}),
        ...(json.generatedBy ? { generatedBy: json.generatedBy } : {}),
        ...(json.convertedBy ? { convertedBy: json.convertedBy } : {}),
        weightSpecs: specs,
        weightData: joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength),
      };
    },
  };
}

/** Loads a graph model (converted TF/TFLite models, e.g. segmentation) from disk. */
export async function loadGraphModel(modelJsonPath: string): Promise<tf.GraphModel> {
  await initTf();
  return tf.loadGraphModel(fileModelHandler(modelJsonPath));
}

/** Loads a Keras layers model (e.g. ESRGAN) from disk. */
export async function loadLayersModel(modelJsonPath: string): Promise<tf.LayersModel> {
  await initTf();
  return tf.loadLayersModel(fileModelHandler(modelJsonPath));
}
