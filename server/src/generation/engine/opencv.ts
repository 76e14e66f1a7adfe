/**
 * OpenCV for the local engine: the `@techstark/opencv-js` WASM build (shipped inside the npm
 * package — nothing is downloaded), loaded once per process or worker thread, and the glue
 * between sharp's raw pixel buffers and `cv.Mat`. Every engine tool that uses OpenCV goes through
 * here so there is one instance and one place that knows the Emscripten quirks.
 *
 * Mats live in the WASM heap, not the JS heap: nothing frees them but `.delete()`. Tools create
 * them inside `withMats`, which deletes every tracked Mat when the callback returns or throws.
 */
import { createRequire } from 'node:module';
import type { CV, Mat } from '@techstark/opencv-js';
import { AppError } from '@tessera/shared/errors';
import sharp from 'sharp';
import type { EngineImage } from './types.ts';

export type { CV, Mat };

const require = createRequire(import.meta.url);

/** The few Emscripten module fields the loader touches (the package typings omit them). */
interface EmscriptenModule {
  Mat?: unknown;
  calledRun?: boolean;
  then?: unknown;
  onRuntimeInitialized?: () => void;
  onAbort?: (what: unknown) => void;
}

let loading: Promise<CV> | undefined;

/**
 * The initialised OpenCV module; later calls share the same promise. The package's `opencv.js`
 * exports either a Promise (some builds) or the Emscripten module object, which is a *thenable*
 * that resolves to itself — awaiting it as-is never settles, so its `then` is removed before the
 * module is handed out.
 */
export function loadOpenCv(): Promise<CV> {
  loading ??= new Promise<CV>((resolve, reject) => {
    const ready = (module: EmscriptenModule) => {
      if (typeof module.then === 'function') delete module.then;
      if (typeof module.Mat !== 'function') return reject(new Error('opencv-js initialised without cv.Mat'));
      resolve(module as unknown as CV);
    };
    const exported: unknown = require('@techstark/opencv-js');
    if (exported instanceof Promise) {
      exported.then((module: EmscriptenModule) => ready(module), reject);
      return;
    }
    const module = exported as EmscriptenModule;
    if (typeof module.Mat === 'function' || module.calledRun) return ready(module);
    const previous = module.onRuntimeInitialized;
    module.onRuntimeInitialized = () => {
      previous?.();
      ready(module);
    };
    module.onAbort = (what) => reject(new Error(`opencv-js aborted: ${String(what)}`));
  });
  // A failed load must not poison the process forever: the next call tries again.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Anything with a WASM-side allocation (Mat, MatVector, CLAHE …). */
interface Deletable {
  delete(): void;
}

/**
 * Runs `fn` with a `keep` function that registers Mats for deletion; all of them are deleted when
 * `fn` returns or throws. Synchronous on purpose: OpenCV calls are synchronous, and a Mat must
 * never outlive the scope (copy pixels out with `rawFromMat`).
 */
export function withMats<T>(cv: CV, fn: (keep: <M extends Deletable>(mat: M) => M) => T): T {
  const owned: Deletable[] = [];
  try {
    return fn((mat) => {
      owned.push(mat);
      return mat;
    });
  } catch (error) {
    throw cvError(cv, error);
  } finally {
    for (const mat of owned.reverse()) mat.delete();
  }
}

/** opencv-js throws C++ exceptions as bare numbers (pointers); turn them into readable Errors. */
function cvError(cv: CV, error: unknown): unknown {
  if (typeof error !== 'number') return error;
  const exceptionFromPtr = (cv as unknown as { exceptionFromPtr?: (ptr: number) => { msg?: string } }).exceptionFromPtr;
  const message = exceptionFromPtr?.(error)?.msg ?? `OpenCV exception ${error}`;
  return new Error(message.trim());
}

/** Interleaved 8-bit pixels, row-major without padding, as sharp's `.raw()` produces them. */
export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

/** A Mat holding a copy of `raw` (CV_8UC1/3/4). */
export function matFromRaw(cv: CV, raw: RawImage): Mat {
  const type = raw.channels === 1 ? cv.CV_8UC1 : raw.channels === 3 ? cv.CV_8UC3 : cv.CV_8UC4;
  const mat = new cv.Mat(raw.height, raw.width, type);
  mat.data.set(raw.data.subarray(0, raw.width * raw.height * raw.channels));
  return mat;
}

/**
 * A JS-heap copy of an 8-bit Mat's pixels. Copied at once because the WASM heap may grow (and
 * detach every view onto it) on the next allocation.
 */
export function rawFromMat(cv: CV, mat: Mat): RawImage {
  const channels = mat.channels();
  if (mat.depth() !== cv.CV_8U || (channels !== 1 && channels !== 3 && channels !== 4)) throw new Error(`rawFromMat needs an 8-bit 1/3/4-channel Mat, got type ${mat.type()}`);
  const source = mat.isContinuous() ? mat : mat.clone();
  try {
    return { data: Uint8Array.from(source.data), width: source.cols, height: source.rows, channels };
  } finally {
    if (source !== mat) source.delete();
  }
}

/** A decoded input: RGB pixels, and the alpha channel when the image has real transparency. */
export interface DecodedImage {
  rgb: RawImage;
  alpha: Uint8Array | null;
}

/**
 * Decodes an input image (EXIF orientation applied) to RGB + optional alpha, scaled down so its
 * longest side is at most `maxSide`. Undecodable bytes are the user's fault: IMAGE_VALIDATION_FAILED.
 */
export async function decodeImage(input: Buffer, options: { maxSide?: number } = {}): Promise<DecodedImage> {
  try {
    let pipeline = sharp(input, { failOn: 'error' }).rotate();
    if (options.maxSide) pipeline = pipeline.resize({ width: options.maxSide, height: options.maxSide, fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' });
    const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixels = info.width * info.height;
    const rgb = new Uint8Array(pixels * 3);
    const alpha = new Uint8Array(pixels);
    let opaque = true;
    for (let i = 0, j = 0; i < pixels; i++, j += 4) {
      rgb[i * 3] = data[j]!;
      rgb[i * 3 + 1] = data[j + 1]!;
      rgb[i * 3 + 2] = data[j + 2]!;
      alpha[i] = data[j + 3]!;
      if (data[j + 3] !== 255) opaque = false;
    }
    return { rgb: { data: rgb, width: info.width, height: info.height, channels: 3 }, alpha: opaque ? null : alpha };
  } catch (cause) {
    throw new AppError('IMAGE_VALIDATION_FAILED', { cause });
  }
}

/**
 * Decodes a mask to one channel (0..255) of exactly `width`×`height`: its alpha where the mask has
 * transparency (strokes on a transparent layer), otherwise its luminance (white on black).
 */
export async function decodeMask(input: Buffer, width: number, height: number): Promise<RawImage> {
  try {
    const { data, info } = await sharp(input, { failOn: 'error' })
      .rotate()
      .resize({ width, height, fit: 'fill', kernel: 'nearest' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = info.width * info.height;
    let hasTransparency = false;
    for (let i = 3; i < data.length; i += 4) {
      if (data[i] !== 255) {
        hasTransparency = true;
        break;
      }
    }
    const out = new Uint8Array(pixels);
    for (let i = 0, j = 0; i < pixels; i++, j += 4) {
      out[i] = hasTransparency ? data[j + 3]! : Math.round(0.299 * data[j]! + 0.587 * data[j + 1]! + 0.114 * data[j + 2]!);
    }
    return { data: out, width: info.width, height: info.height, channels: 1 };
  } catch (cause) {
    throw new AppError('IMAGE_VALIDATION_FAILED', { cause });
  }
}

/** Encodes RGB (+ optional alpha of the same size) as PNG — lossless, so untouched pixels stay exact. */
export async function encodePng(rgb: RawImage, alpha: Uint8Array | null = null): Promise<EngineImage> {
  const { width, height } = rgb;
  let raw: RawImage = rgb;
  if (alpha) {
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba[i * 4] = rgb.data[i * 3]!;
      rgba[i * 4 + 1] = rgb.data[i * 3 + 1]!;
      rgba[i * 4 + 2] = rgb.data[i * 3 + 2]!;
      rgba[i * 4 + 3] = alpha[i]!;
    }
    raw = { data: rgba, width, height, channels: 4 };
  }
  const data = await sharp(raw.data, { raw: { width, height, channels: raw.channels } }).png({ compressionLevel: 6 }).toBuffer();
  return { data, contentType: 'image/png', width, height };
}

/** A small deterministic PRNG (mulberry32): same seed, same sequence, in every thread. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string, for deriving seeds and choices from prompt words. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Smooth value noise, about 0..1: seeded random values on a grid every `cell` pixels, bicubically
 * upsampled to `width`×`height`. Textures (paper, grain, blotches) are built from octaves of it.
 */
export function smoothNoise(cv: CV, width: number, height: number, cell: number, random: () => number): Float32Array {
  const gridW = Math.max(2, Math.ceil(width / cell) + 1);
  const gridH = Math.max(2, Math.ceil(height / cell) + 1);
  const grid = new Float32Array(gridW * gridH);
  for (let i = 0; i < grid.length; i++) grid[i] = random();
  return withMats(cv, (keep) => {
    const small = keep(cv.matFromArray(gridH, gridW, cv.CV_32FC1, grid));
    const large = keep(new cv.Mat());
    cv.resize(small, large, new cv.Size(width, height), 0, 0, cv.INTER_CUBIC);
    return Float32Array.from(large.data32F);
  });
}

/** Rec. 601 luma of an RGB image, one byte per pixel. */
export function lumaOf(rgb: RawImage): Uint8Array {
  const pixels = rgb.width * rgb.height;
  const out = new Uint8Array(pixels);
  const d = rgb.data;
  for (let i = 0, j = 0; i < pixels; i++, j += 3) out[i] = (77 * d[j]! + 150 * d[j + 1]! + 29 * d[j + 2]! + 128) >> 8;
  return out;
}

/** A numeric constant the build has but the package typings omit (e.g. KMEANS_PP_CENTERS). */
export function cvConstant(cv: CV, name: string): number {
  const value = (cv as unknown as Record<string, unknown>)[name];
  if (typeof value !== 'number') throw new Error(`opencv-js has no constant ${name}`);
  return value;
}
