/**
 * Background remover and changer: the subject mask (people from segment.ts, else the main object
 * from effects/cutout.ts), applied as alpha or used to composite the subject over a colour, a
 * linear gradient or another image.
 */
import { AppError } from '@tessera/shared/errors';
import sharp from 'sharp';
import type { EngineImage, EngineProgress } from '../types.ts';
import { flattenOnWhite, objectAlpha } from '../effects/cutout.ts';
import type { RawImage } from '../opencv.ts';
import { decodeRgba, maskCoverage, type RgbaImage, segmentRgba } from './segment.ts';

/** Colours are '#rrggbb'. A gradient's angle follows CSS: 0 runs upwards, 90 to the right. */
export type BackgroundSpec = { type: 'color'; color: string } | { type: 'gradient'; from: string; to: string; angle: number } | { type: 'image'; data: Buffer };

/**
 * Below this share of the image the segmentation has found nobody (a photo with no person gives
 * a few stray pixels at most; the smallest person in the test photos covers several percent).
 */
const MIN_SUBJECT_COVERAGE = 0.005;
/**
 * Below this share the people found may be bystanders behind the real subject (a robot on a busy
 * street gives 2%), so the picture's main object is tried first.
 */
const PERSON_COVERAGE = 0.05;

/**
 * The subject's soft mask (255 = subject) at the image's size, or null when there is none. The
 * selfie model segments people only; a picture of an object, a product or an animal is cut out by
 * colour instead (GrabCut, the product photo's cut-out: effects/cutout.ts), so both kinds of
 * subject work. Small people are kept when no object stands out either.
 */
export async function subjectMask(rgba: RgbaImage): Promise<Uint8Array | null> {
  const { mask } = await segmentRgba(rgba);
  const people = maskCoverage(mask);
  if (people >= PERSON_COVERAGE) return mask;
  const object = await objectAlpha(flattenRgba(rgba));
  if (object) return object;
  return people >= MIN_SUBJECT_COVERAGE ? mask : null;
}

/** RGBA as opaque RGB, transparent parts shown on white as a viewer would. */
function flattenRgba({ data, width, height }: RgbaImage): RawImage {
  const alpha = new Uint8Array(width * height);
  const out = new Uint8Array(width * height * 3);
  for (let i = 0; i < alpha.length; i++) {
    alpha[i] = data[i * 4 + 3] ?? 255;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = data[i * 4 + c] ?? 0;
  }
  return flattenOnWhite({ data: out, width, height, channels: 3 }, alpha);
}

/** Cuts the subject (people, else the main object) out of a photo: PNG with the background fully transparent. */
export async function removeBackground(image: Buffer, progress: EngineProgress): Promise<EngineImage> {
  progress(0, 'decode');
  const rgba = await decodeRgba(image);
  progress(0.1, 'segment');
  const mask = await subjectMask(rgba);
  if (!mask) throw new AppError('BACKGROUND_REMOVER_FAILED');
  progress(0.8, 'encode');

  const { data, width, height } = rgba;
  const out = Buffer.from(data);
  for (let i = 0; i < mask.length; i++) {
    // Keep any transparency the input already had.
    out[i * 4 + 3] = Math.round(((data[i * 4 + 3] ?? 255) * (mask[i] ?? 0)) / 255);
  }
  const png = await sharp(out, { raw: { width, height, channels: 4 } }).png().toBuffer();
  progress(1, 'done');
  return { data: png, contentType: 'image/png', width, height };
}

/**
 * Puts the subject of a photo (people, else the main object) in front of a new background; same size as the input. A JPEG photo
 * gives a JPEG, anything else a PNG (the result is opaque either way).
 *
 * When no subject is found this fails with `BACKGROUND_CHANGER_FAILED` rather than returning the
 * bare background: an image with the whole photo gone is never what was asked for, and failing
 * lets the task refund its credits.
 */
export async function changeBackground(image: Buffer, background: BackgroundSpec, progress: EngineProgress): Promise<EngineImage> {
  progress(0, 'decode');
  const format = (await sharp(image).metadata()).format;
  const rgba = await decodeRgba(image);
  progress(0.1, 'segment');
  const mask = await subjectMask(rgba);
  if (!mask) throw new AppError('BACKGROUND_CHANGER_FAILED');
  progress(0.7, 'background');

  const { data, width, height } = rgba;
  const bg = await renderBackground(background, width, height);
  progress(0.8, 'composite');
  const out = compositeOver(data, 4, mask, bg);
  const pipeline = sharp(out, { raw: { width, height, channels: 3 } });
  const jpeg = format === 'jpeg';
  // 4:4:4 so flat background colours come out as asked rather than shifted by chroma subsampling.
  const encoded = jpeg ? await pipeline.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer() : await pipeline.png().toBuffer();
  progress(1, 'done');
  return { data: encoded, contentType: jpeg ? 'image/jpeg' : 'image/png', width, height };
}

/**
 * RGB of `pixels` (RGB, or RGBA whose alpha also counts) over `background` (RGB of the same size),
 * weighted by `mask` (255 = the picture). Video background removal composites every frame with it.
 */
export function compositeOver(pixels: Uint8Array, channels: 3 | 4, mask: Uint8Array, background: Uint8Array): Buffer {
  const count = mask.length;
  const out = Buffer.alloc(count * 3);
  for (let i = 0; i < count; i++) {
    const a = ((channels === 4 ? (pixels[i * 4 + 3] ?? 255) / 255 : 1) * (mask[i] ?? 0)) / 255;
    for (let c = 0; c < 3; c++) {
      out[i * 3 + c] = Math.round((pixels[i * channels + c] ?? 0) * a + (background[i * 3 + c] ?? 0) * (1 - a));
    }
  }
  return out;
}

/** The new background as raw RGB of the given size (video background removal paints it under every frame). */
export async function renderBackground(spec: BackgroundSpec, width: number, height: number): Promise<Buffer> {
  switch (spec.type) {
    case 'color': {
      const [r, g, b] = parseHex(spec.color);
      const out = Buffer.alloc(width * height * 3);
      for (let i = 0; i < out.length; i += 3) {
        out[i] = r;
        out[i + 1] = g;
        out[i + 2] = b;
      }
      return out;
    }
    case 'gradient':
      return linearGradient(parseHex(spec.from), parseHex(spec.to), spec.angle, width, height);
    case 'image': {
      const image: RgbaImage = await decodeRgba(spec.data);
      return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
        .removeAlpha()
        .resize(width, height, { fit: 'cover' })
        .raw()
        .toBuffer();
    }
  }
}

/**
 * CSS `linear-gradient(<angle>deg, from, to)`: the gradient line passes through the centre, is
 * just long enough for the corners to reach the end colours, and colours mix in sRGB.
 */
function linearGradient(from: Rgb, to: Rgb, angle: number, width: number, height: number): Buffer {
  const rad = (angle * Math.PI) / 180;
  const dx = Math.sin(rad);
  const dy = -Math.cos(rad); // image y grows downwards; 0deg points up
  const length = Math.abs(width * dx) + Math.abs(height * dy);
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const along = (x + 0.5 - width / 2) * dx + (y + 0.5 - height / 2) * dy;
      const t = Math.min(1, Math.max(0, along / length + 0.5));
      const o = (y * width + x) * 3;
      out[o] = Math.round(from[0] + (to[0] - from[0]) * t);
      out[o + 1] = Math.round(from[1] + (to[1] - from[1]) * t);
      out[o + 2] = Math.round(from[2] + (to[2] - from[2]) * t);
    }
  }
  return out;
}

type Rgb = [number, number, number];

function parseHex(color: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) throw new Error(`not a #rrggbb colour: ${color}`);
  return [parseInt(match[1] ?? '0', 16), parseInt(match[2] ?? '0', 16), parseInt(match[3] ?? '0', 16)];
}
