/**
 * The local engine's tools by name, with structured-clone-safe arguments so the same call runs
 * in a worker thread (engine/thread.ts) or, for tests and tiny jobs, inline. Buffers arrive in a
 * thread as Uint8Arrays; `buf` turns them back without copying. Most tools answer an image; those
 * in ToolData answer plain data (face landmarks …).
 */
import type { AspectRatio, ImageStyle } from '@tessera/shared/generation';
import { modelFitting } from './effects/modelFitting.ts';
import { applyPhotoEffect, type EffectOptions } from './effects/photoEffects.ts';
import { productPhoto } from './effects/productPhoto.ts';
import { type BackgroundSpec, changeBackground, removeBackground } from './tools/background.ts';
import { type DetectedFace, detectFaceBatch, faceSwap, type RawFormat, swapFrameFaces } from './tools/faceSwap.ts';
import { paint, removeObject } from './tools/inpaint.ts';
import { classifyNsfw, type NsfwScores } from './tools/nsfw.ts';
import { smoothMapStrip } from './tools/maskSmoothing.ts';
import { segmentFrameStrip } from './tools/segment.ts';
import { stylize } from './tools/stylize.ts';
import { uncrop } from './tools/uncrop.ts';
import { upscale } from './tools/upscale.ts';
import { compositeFrame, detectText, eraseCaptions } from './tools/videoFrames.ts';
import type { EngineImage, EngineProgress } from './types.ts';
import type { Box, TextRegion } from './video/kinds/textDetector.ts';

type Bytes = Uint8Array;
const buf = (bytes: Bytes): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

export interface ToolArgs {
  stylize: { image: Bytes; prompt: string; style: ImageStyle; strength: number; seed?: number };
  upscale: { image: Bytes; scale: 2 | 4; mode: 'quality' | 'fast' };
  uncrop: { image: Bytes; aspectRatio: AspectRatio; zoomOut: number };
  removeObject: { image: Bytes; mask: Bytes };
  paint: { image: Bytes; mask: Bytes; prompt?: string; seed?: number };
  removeBackground: { image: Bytes };
  changeBackground: { image: Bytes; background: { type: 'color'; color: string } | { type: 'gradient'; from: string; to: string; angle: number } | { type: 'image'; data: Bytes } };
  faceSwap: { image: Bytes; face: Bytes };
  /** Faces on each picture: encoded images, or raw pixels of the `raw` format (see detectFaceBatch). */
  detectFaces: { images: Bytes[]; raw?: RawFormat };
  /** Packed-RGB video frames end to end, the faces to replace on each, and the face to put there (RGBA, see cropToFace). */
  swapFaces: { frames: Bytes; width: number; height: number; faces: DetectedFace[][]; source: { data: Bytes; width: number; height: number }; sourceFace: DetectedFace };
  /** Video frames at the segmentation size, end to end (see segmentFrameStrip). */
  segmentFrames: { frames: Bytes; count: number };
  /** A clip's SEGMENT_SIZE² person maps, end to end, smoothed over time (tools/maskSmoothing.ts). */
  smoothMaps: { maps: Bytes; count: number };
  /**
   * Video frames, packed RGB (tools/videoFrames.ts): over a background by a SEGMENT_SIZE²
   * probability map; text lines found in a region; captions inside boxes painted out.
   */
  compositeFrame: { frame: Bytes; width: number; height: number; map: Bytes; background: Bytes };
  detectText: { frame: Bytes; width: number; height: number; region: TextRegion };
  eraseCaptions: { frame: Bytes; width: number; height: number; boxes: Box[] };
  photoEffect: { image: Bytes; recipe: string; options: EffectOptions };
  productPhoto: { image: Bytes; recipe: string; options: EffectOptions };
  modelFitting: { image: Bytes; garment: Bytes; recipe: string; options: EffectOptions };
  /** NSFW class probabilities of one picture (image moderation, generation/imageModeration.ts). */
  classifyNsfw: { image: Bytes };
}
export type ToolName = keyof ToolArgs;

/**
 * What a tool answers: an image, unless listed here. These answer plain data (arrays, numbers,
 * Uint8Arrays) that survives the structured clone to and from a thread as it is.
 */
export interface ToolData {
  /** Per picture, its faces (score ≥ 0.5) with their 68 landmarks. */
  detectFaces: DetectedFace[][];
  /** The frames with their faces swapped, laid out as they came. */
  swapFaces: Uint8Array;
  /** The smoothed maps, laid out as they came. */
  smoothMaps: Uint8Array;
  /** The composited frame (RGB). */
  compositeFrame: Uint8Array;
  /** Text lines in frame pixels. */
  detectText: Box[];
  /** The frame with its captions painted out (RGB). */
  eraseCaptions: Uint8Array;
  /** drawing, hentai, neutral, porn, sexy: probabilities summing to 1. */
  classifyNsfw: NsfwScores;
}
export type ToolResult<T extends ToolName> = T extends keyof ToolData ? ToolData[T] : EngineImage;
/** The tools that answer an image. */
export type ImageToolName = Exclude<ToolName, keyof ToolData>;

const TOOLS: { [T in ToolName]: (args: ToolArgs[T], progress: EngineProgress) => Promise<ToolResult<T>> } = {
  stylize: (a, p) => stylize(buf(a.image), { prompt: a.prompt, style: a.style, strength: a.strength, ...(a.seed !== undefined ? { seed: a.seed } : {}) }, p),
  upscale: (a, p) => upscale(buf(a.image), { scale: a.scale, mode: a.mode }, p),
  uncrop: (a, p) => uncrop(buf(a.image), { aspectRatio: a.aspectRatio, zoomOut: a.zoomOut }, p),
  removeObject: (a, p) => removeObject(buf(a.image), buf(a.mask), p),
  paint: (a, p) => paint(buf(a.image), buf(a.mask), { ...(a.prompt ? { prompt: a.prompt } : {}), ...(a.seed !== undefined ? { seed: a.seed } : {}) }, p),
  removeBackground: (a, p) => removeBackground(buf(a.image), p),
  changeBackground: (a, p) => {
    const background: BackgroundSpec = a.background.type === 'image' ? { type: 'image', data: buf(a.background.data) } : a.background;
    return changeBackground(buf(a.image), background, p);
  },
  faceSwap: (a, p) => faceSwap(buf(a.image), buf(a.face), p),
  detectFaces: (a, p) => detectFaceBatch(a.images.map(buf), a.raw, p),
  swapFaces: (a, p) => swapFrameFaces(buf(a.frames), a, a.faces, { ...a.source, data: buf(a.source.data) }, a.sourceFace, p),
  segmentFrames: (a, p) => segmentFrameStrip(buf(a.frames), a.count, p),
  smoothMaps: async (a) => smoothMapStrip(a.maps, a.count),
  compositeFrame: (a) => compositeFrame(buf(a.frame), a.width, a.height, buf(a.map), buf(a.background)),
  detectText: (a) => detectText(buf(a.frame), a.width, a.height, a.region),
  eraseCaptions: (a) => eraseCaptions(buf(a.frame), a.width, a.height, a.boxes),
  photoEffect: (a, p) => applyPhotoEffect(buf(a.image), a.recipe, a.options, p),
  productPhoto: (a, p) => productPhoto(buf(a.image), a.recipe, a.options, p),
  modelFitting: (a, p) => modelFitting(buf(a.image), buf(a.garment), a.recipe, a.options, p),
  classifyNsfw: (a) => classifyNsfw(buf(a.image)),
};

export function runTool<T extends ToolName>(tool: T, args: ToolArgs[T], progress: EngineProgress): Promise<ToolResult<T>> {
  const fn = TOOLS[tool] as (args: ToolArgs[T], progress: EngineProgress) => Promise<ToolResult<T>>;
  return fn(args, progress);
}
