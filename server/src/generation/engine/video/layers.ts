/**
 * Cut-out layers for the video kinds that move a photo's subject over a scene (consistent
 * character, mimic motion). People are cut out with the image tools' selfie segmentation
 * (tools/background.ts, in the engine pool when there is one); a photo with nobody in it falls
 * back to the product cut-out (effects/cutout.ts: GrabCut against a plain-ish background), and a
 * photo where neither separates anything is used whole.
 */
import { AppError } from '@tessera/shared/errors';
import sharp from 'sharp';
import { ProviderError } from '../../providers/provider.ts';
import { cutOut } from '../effects/cutout.ts';
import { encodePng } from '../opencv.ts';
import { runToolOn } from '../enginePool.ts';
import type { ToolArgs, ToolName, ToolResult } from '../tools.ts';
import type { EngineProgress } from '../types.ts';
import type { RenderOptions } from './videoKinds.ts';

/** Runs an engine tool in the pool when the render has one, else inline. */
export function runEngineTool<T extends ToolName>(opts: RenderOptions, tool: T, args: ToolArgs[T], progress: EngineProgress = () => {}): Promise<ToolResult<T>> {
  return runToolOn(opts.engine, tool, args, progress, opts.signal);
}

/** True when `error` is the catalogue failure `code`, thrown inline (AppError) or relayed by the pool (ProviderError). */
const failedWith = (error: unknown, code: string) =>
  (error instanceof AppError && error.catalogueCode === code) || (error instanceof ProviderError && error.code === code);

/** The people of `photo` as an RGBA PNG of the photo's (upright) size, the rest transparent; null when nobody is found. */
export async function cutOutPeople(photo: Buffer, opts: RenderOptions): Promise<Buffer | null> {
  try {
    return (await runEngineTool(opts, 'removeBackground', { image: photo })).data;
  } catch (error) {
    if (failedWith(error, 'BACKGROUND_REMOVER_FAILED')) return null;
    throw error;
  }
}

/** What a subject photo became: an RGBA PNG cropped to the subject, and how it was cut. */
export interface SubjectLayer {
  png: Buffer;
  width: number;
  height: number;
  cut: 'person' | 'object' | 'whole';
}

/** Bounds of the pixels at least a quarter opaque in an RGBA buffer; null when there are none. */
export function alphaBounds(rgba: Uint8Array, width: number, height: number): { left: number; top: number; width: number; height: number } | null {
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3]! < 64) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? null : { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** A subject photo (no larger than `maxSide`) cut out and cropped to itself: people, else an object, else the whole photo. */
export async function subjectLayer(photo: Buffer, maxSide: number, opts: RenderOptions): Promise<SubjectLayer> {
  const upright = await sharp(photo).rotate().resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  const people = await cutOutPeople(upright, opts);
  if (people) {
    const { data, info } = await sharp(people).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const box = alphaBounds(data, info.width, info.height);
    if (box) {
      const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).extract(box).png().toBuffer();
      return { png, width: box.width, height: box.height, cut: 'person' };
    }
  }
  try {
    const object = await cutOut(upright, { maxSide });
    const { data, width, height } = await encodePng(object.rgb, object.alpha);
    return { png: data, width, height, cut: 'object' };
  } catch (error) {
    if (!failedWith(error, 'IMAGE_VALIDATION_FAILED')) throw error;
  }
  // Nothing separates from its background: the photo itself, with softly rounded corners.
  const meta = await sharp(upright).metadata();
  const [width, height] = [meta.width ?? maxSide, meta.height ?? maxSide];
  const radius = Math.round(Math.min(width, height) * 0.06);
  const corners = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" ry="${radius}"/></svg>`);
  const png = await sharp(upright).ensureAlpha().composite([{ input: corners, blend: 'dest-in' }]).png().toBuffer();
  return { png, width, height, cut: 'whole' };
}
