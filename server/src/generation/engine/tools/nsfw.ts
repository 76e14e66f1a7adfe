/**
 * NSFW image classification with the MobileNetV2 model that `nsfwjs` 4.2.1 (MIT, Infinite Red)
 * ships inside its npm package (dist/models/mobilenet_v2: the Keras topology and one weight shard,
 * each wrapped in a small UMD module, the shard as base64). Nothing is downloaded at run time: the
 * two files are read from node_modules and fed to tfjs-layers through our own IOHandler, on the
 * engine's one tfjs instance (tf.ts) — nsfwjs's own loader is not used because it imports the
 * full `@tensorflow/tfjs` bundle and a browser-oriented `fromPixels`.
 *
 * MobileNetV2 rather than the package's InceptionV3: 2.6 MB of weights and a 224² input against
 * 22 MB and 299²; the nsfwjs authors give ~90 % accuracy for it, enough for a gate whose hosted
 * moderation can sit on top.
 */
import { createRequire } from 'node:module';
import type { Tensor } from '@tensorflow/tfjs-core';
import type { io } from '@tensorflow/tfjs-core';
import sharp from 'sharp';
import { type LayersModel, loadTf, packageFile } from '../tf.ts';

const require = createRequire(import.meta.url);

/** The model's classes in output order (nsfwjs dist/cjs/nsfw_classes.js). */
export const NSFW_CLASSES = ['drawing', 'hentai', 'neutral', 'porn', 'sexy'] as const;
export type NsfwClass = (typeof NSFW_CLASSES)[number];
export type NsfwScores = Record<NsfwClass, number>;

/** The model's input side (nsfwjs IMAGE_SIZE for MobileNetV2). */
const SIZE = 224;

/** An IOHandler over the two UMD modules: the first exports the model JSON, the second the weights as base64. */
function bundledModelHandler(): io.IOHandler {
  return {
    load: () => {
      const json = require(packageFile('nsfwjs', 'dist/models/mobilenet_v2/model.min.js')) as io.ModelJSON;
      const shard = require(packageFile('nsfwjs', 'dist/models/mobilenet_v2/group1-shard1of1.min.js')) as string;
      const bytes = Buffer.from(shard, 'base64');
      return Promise.resolve({
        modelTopology: json.modelTopology,
        weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
        weightData: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      });
    },
  };
}

let model: Promise<LayersModel> | undefined;

/** The classifier, loaded once per thread. */
function classifier(): Promise<LayersModel> {
  if (!model) {
    const loading = (async () => {
      await loadTf();
      const layers = await import('@tensorflow/tfjs-layers');
      return layers.loadLayersModel(bundledModelHandler());
    })();
    // A failed load is not cached, so the next image retries.
    loading.catch(() => {
      if (model === loading) model = undefined;
    });
    model = loading;
  }
  return model;
}

/**
 * The longest side an image is decoded at before the model's own resize. nsfwjs (whose published
 * accuracy is what we rely on) resizes the full picture with tfjs's bilinear, align-corners
 * resize, which samples rather than averages; the model's scores depend on that (a smoothing
 * resize moved clothed group photos from "sexy" to "porn"), so we do the same, after a bounded
 * pre-shrink that keeps a 12 MP upload from needing a 150 MB float tensor.
 */
const MAX_DECODE_SIDE = 1024;

/**
 * The five class probabilities (summing to 1) for any image sharp decodes, scaled to 0..1 and
 * stretched to the model's square as nsfwjs does; transparency is flattened onto white so a
 * cut-out subject is judged on its own.
 */
export async function classifyNsfw(image: Buffer): Promise<NsfwScores> {
  const [tf, net] = await Promise.all([loadTf(), classifier()]);
  const { data, info } = await sharp(image, { failOn: 'none' })
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize(MAX_DECODE_SIDE, MAX_DECODE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const probabilities = tf.tidy(() => {
    // Resizing is linear, so scaling to 0..1 after it (on 224² values, not millions) is the same.
    const pixels = tf.tensor3d(new Int32Array(data), [info.height, info.width, 3], 'int32');
    const input = tf.reshape(tf.div(tf.image.resizeBilinear(pixels, [SIZE, SIZE], true), 255), [1, SIZE, SIZE, 3]);
    return (net.predict(input) as Tensor).dataSync();
  });
  return Object.fromEntries(NSFW_CLASSES.map((name, i) => [name, probabilities[i] ?? 0])) as NsfwScores;
}
