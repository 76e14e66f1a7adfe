/**
 * Accepting an image from a user: the type comes from the bytes (never the file name or the
 * declared type), the pixel count is checked from the header before anything is decoded (a tiny
 * file can declare a gigapixel image), and the image is decoded and re-encoded, so whatever
 * rides along after the image data (HTML, ZIP, scripts) is not stored. SVG is never accepted.
 */
import { AppError } from '@tessera/shared/errors';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';

export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 8_192;

const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

export interface CleanImage {
  data: Buffer;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

export async function cleanImage(input: Buffer): Promise<CleanImage> {
  const type = await fileTypeFromBuffer(input);
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
