/**
 * Accepting an image from a user: the type comes from the bytes (never the file name or the
 * declared type), the pixel count is checked from the header before anything is decoded (a tiny
 * file can declare a gigapixel image), and the image is decoded and re-encoded, so whatever
 * rides along after the image data (HTML, ZIP, scripts) is not stored. SVG is never accepted.
 */
import { AppError } from '@tessera/shared/errors';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { probeVideo, validateGeneralVideo, type VideoProbe } from './probe.ts';

export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 8_192;

const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

/** Whether `mime` (as read from the bytes) is an image type we accept. */
export function isAcceptedImageType(mime: string): boolean {
  return ACCEPTED.has(mime);
}

export interface CleanImage {
  data: Buffer;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

/** `input` is the image's bytes or the path of a file holding them (an upload's temporary file). */
export async function cleanImage(input: Buffer | string): Promise<CleanImage> {
  const type = typeof input === 'string' ? await fileTypeFromFile(input) : await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw new AppError('IMAGE_VALIDATION_FAILED');

  let meta: Metadata;
  try {
    // metadata() reads the header only: a pixel flood is refused before any decoding.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new AppError('IMAGE_VALIDATION_FAILED', { cause });
  }
  const { width = 0, height = 0 } = meta;
  if (!width || !height || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new AppError('IMAGE_VALIDATION_FAILED');
  }

  try {
    // First frame only for animations; EXIF orientation applied, metadata dropped.
    const pipeline = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false }).rotate();
    if (type.mime === 'image/jpeg') {
      const out = await pipeline.jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
      return { data: out.data, contentType: 'image/jpeg', ext: 'jpg', width: out.info.width, height: out.info.height };
    }
    if (type.mime === 'image/webp') {
      const out = await pipeline.webp({ quality: 92 }).toBuffer({ resolveWithObject: true });
      return { data: out.data, contentType: 'image/webp', ext: 'webp', width: out.info.width, height: out.info.height };
    }
    const out = await pipeline.png().toBuffer({ resolveWithObject: true });
    return { data: out.data, contentType: 'image/png', ext: 'png', width: out.info.width, height: out.info.height };
  } catch (cause) {
    throw new AppError('IMAGE_VALIDATION_FAILED', { cause });
  }
}

export const VIDEO_TYPES = { 'video/mp4': 'mp4', 'video/quicktime': 'mp4', 'video/webm': 'webm' } as const;

export interface CleanVideo {
  contentType: 'video/mp4' | 'video/webm';
  ext: 'mp4' | 'webm';
  probe: VideoProbe;
}

/** Whether `mime` (as read from the bytes) is a video container we accept. */
export function isAcceptedVideoType(mime: string): mime is keyof typeof VIDEO_TYPES {
  return Object.hasOwn(VIDEO_TYPES, mime);
}

/**
 * Accepting a video, from the file at `path`: the container comes from the bytes; ffprobe
 * (MP4/MOV/WebM demuxers only) must find a video stream with a size and a duration, and §5's
 * 3–30 s rule applies. The bytes are stored as uploaded (re-encoding a video belongs to the
 * generation that uses it).
 */
export async function checkVideoFile(path: string): Promise<CleanVideo> {
  const type = await fileTypeFromFile(path);
  if (!type || !isAcceptedVideoType(type.mime)) throw new AppError('VIDEO_VALIDATION_FAILED');
  const ext = VIDEO_TYPES[type.mime];
  const probe = await probeVideo(path);
  validateGeneralVideo(probe);
  return { contentType: ext === 'mp4' ? 'video/mp4' : 'video/webm', ext, probe };
}
