/**
 * TensorFlow.js for the local engine: tfjs-core on the WASM backend (SIMD, shipped inside the
 * npm package — nothing is downloaded), loaded on first use and initialised once per thread, and
 * models read from files on disk. Every tfjs user in the engine goes through here so there is one
 * tfjs instance. Only types are imported statically: a process that never runs a tfjs tool (the
 * HTTP server's own thread, most tests) never loads tfjs.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as TfCore from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import type { LayersModel } from '@tensorflow/tfjs-layers';
import { registerChainedOps } from './tfChainedOps.ts';

/** The tfjs-core module (ops, tensors, `tidy`, `memory` …) as {@link loadTf} hands it out. */
export type Tf = typeof TfCore;
export type { GraphModel, LayersModel };

const require = createRequire(import.meta.url);

/** Absolute path of a file inside an installed npm package (works when `exports` hides it). */
export function packageFile(pkg: string, relative: string): string {
  for (const base of require.resolve.paths(pkg) ?? []) {
    if (existsSync(join(base, pkg, 'package.json'))) return join(base, pkg, relative);
  }
  throw new Error(`package ${pkg} is not installed`);
}

let ready: Promise<Tf> | undefined;

/**
 * tfjs-core with the WASM backend selected and the chained ops registered (tfChainedOps.ts), loaded
 * once per thread; later calls share the same promise.
 */
export function loadTf(): Promise<Tf> {
  ready ??= (async () => {
    const [tf, { setWasmPaths }] = await Promise.all([import('@tensorflow/tfjs-core'), import('@tensorflow/tfjs-backend-wasm')]);
    registerChainedOps(tf);
    setWasmPaths(`${packageFile('@tensorflow/tfjs-backend-wasm', 'dist')}/`);
    if (!(await tf.setBackend('wasm'))) throw new Error('tfjs wasm backend failed to initialise');
    await tf.ready();
    return tf;
  })();
  return ready;
}

/** An IOHandler reading a tfjs model.json and its weight shards from disk. */
function fileModelHandler(modelJsonPath: string): TfCore.io.IOHandler {
  return {
    load: async () => {
      const json = JSON.parse(await readFile(modelJsonPath, 'utf8')) as TfCore.io.ModelJSON;
      const dir = dirname(modelJsonPath);
      const specs: TfCore.io.WeightsManifestEntry[] = [];
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
export async function loadGraphModel(modelJsonPath: string): Promise<GraphModel> {
  await loadTf();
  const converter = await import('@tensorflow/tfjs-converter');
  return converter.loadGraphModel(fileModelHandler(modelJsonPath));
}

/** Loads a Keras layers model (e.g. ESRGAN) from disk. */
export async function loadLayersModel(modelJsonPath: string): Promise<LayersModel> {
  await loadTf();
  const layers = await import('@tensorflow/tfjs-layers');
  return layers.loadLayersModel(fileModelHandler(modelJsonPath));
}
