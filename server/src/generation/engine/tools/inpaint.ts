/**
 * Object removal and painting by classical inpainting (OpenCV's Telea and Navier–Stokes
 * methods), not a diffusion model: a removed object is replaced by a smooth continuation of its
 * surroundings, and "painting" a prompt tints and textures the area with colours its words name.
 *
 * Masks are images of any size (scaled to the image): white — or opaque, for masks drawn on a
 * transparent layer — marks the area. An empty mask, or one covering (almost) everything, leaves
 * nothing to do or nothing to fill from: both are the caller's mistake, IMAGE_VALIDATION_FAILED.
 */
import { AppError } from '@tessera/shared/errors';
import { type CV, decodeImage, decodeMask, encodePng, hashString, loadOpenCv, lumaOf, type Mat, matFromRaw, type RawImage, rawFromMat, seededRandom, smoothNoise, withMats } from '../opencv.ts';
import sharp from 'sharp';
import { subjectPng } from '../../composer/render.ts';
import { parsePrompt } from '../../composer/scene.ts';
import type { EngineImage, EngineProgress } from '../types.ts';
import { paletteLut, promptPalette } from './stylize.ts';

/** Largest share of the image a mask may cover: beyond it there is too little left to fill from. */
const MAX_MASK_SHARE = 0.97;
/** Holes up to this radius (px) are inpainted directly; wider ones coarse-to-fine. */
const DIRECT_RADIUS = 12;

/** Removes what the mask marks, filling it from the surroundings (Telea, coarse-to-fine for big holes). */
export async function removeObject(image: Buffer, mask: Buffer, progress: EngineProgress): Promise<EngineImage> {
  progress(0, 'decode');
  const [cv, decoded] = await Promise.all([loadOpenCv(), decodeImage(image)]);
  const holes = prepareMask(cv, await decodeMask(mask, decoded.rgb.width, decoded.rgb.height));
  progress(0.2, 'inpaint');
  const filled = fillHoles(cv, decoded.rgb, holes, cv.INPAINT_TELEA, seededRandom(0x5eed));
  progress(0.9, 'encode');
  const result = await encodePng(filled, decoded.alpha);
  progress(1, 'done');
  return result;
}

/**
 * Fills the masked area (Navier–Stokes inpainting) and, with a prompt, paints it: the fill's own
 * shading mapped through a palette from the prompt's colour words (or, without any, a colour
 * derived from the prompt), broken up by seeded blotches and grain, and blended in through a
 * feathered mask. A prompt that names a thing the scene composer can draw gets that thing instead
 * (its art fitted to the mask); other prompts keep the painted texture.
 */
export async function paint(image: Buffer, mask: Buffer, opts: { prompt?: string; seed?: number }, progress: EngineProgress): Promise<EngineImage> {
  progress(0, 'decode');
  const [cv, decoded] = await Promise.all([loadOpenCv(), decodeImage(image)]);
  const { width, height } = decoded.rgb;
  const holes = prepareMask(cv, await decodeMask(mask, width, height));
  const prompt = opts.prompt?.trim() ?? '';
  const seed = opts.seed ?? hashString(prompt);
  const random = seededRandom(seed);
  progress(0.15, 'inpaint');
  const filled = fillHoles(cv, decoded.rgb, holes, cv.INPAINT_NS, random);
  if (!prompt) {
    progress(0.9, 'encode');
    return encodePng(filled, decoded.alpha);
  }

  // A prompt naming a thing ("a red flower") gets that thing, drawn by the scene composer's art
  // and fitted to the mask, over the fill that removed what was there.
  const subject = parsePrompt(prompt).subjects[0];
  if (subject) {
    progress(0.7, 'paint');
    const drawn = await drawSubject(cv, filled, holes, subject);
    if (drawn) {
      progress(0.9, 'encode');
      const result = await encodePng(drawn, decoded.alpha);
      progress(1, 'done');
      return result;
    }
  }

  progress(0.7, 'paint');
  const lut = paletteLut(promptPalette(prompt, seed).colors);
  const shading = lumaOf(filled);
  const minSide = Math.min(width, height);
  const blotches = smoothNoise(cv, width, height, Math.max(8, minSide / 10), random);
  const strokes = smoothNoise(cv, width, height, Math.max(2, minSide / 120), random);
  const feather = Math.max(2, minSide / 150);
  const alpha = withMats(cv, (keep) => {
    const m = keep(matFromRaw(cv, holes));
    const soft = keep(new cv.Mat());
    cv.GaussianBlur(m, soft, new cv.Size(0, 0), feather);
    return rawFromMat(cv, soft).data;
  });
  const out = new Uint8Array(filled.data);
  for (let i = 0; i < width * height; i++) {
    const a = (alpha[i]! / 255) * 0.9;
    if (a === 0) continue;
    // Keep the fill's light and shade, spread over the palette by blotches; strokes add texture.
    const level = Math.max(0, Math.min(255, Math.round(0.5 * shading[i]! + 130 * blotches[i]! + 30 * (strokes[i]! - 0.5))));
    for (let c = 0; c < 3; c++) {
      const v = filled.data[i * 3 + c]!;
      out[i * 3 + c] = Math.max(0, Math.min(255, Math.round(v + (lut[level * 3 + c]! - v) * a)));
    }
  }
  progress(0.9, 'encode');
  const result = await encodePng({ ...filled, data: out }, decoded.alpha);
  progress(1, 'done');
  return result;
}

/** The bounding box `[x0, y0, x1, y1]` of a mask's set pixels (x1 < x0 when the mask is empty). */
function holeBounds(holes: RawImage, width: number, height: number): [number, number, number, number] {
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (holes.data[y * width + x] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return [x0, y0, x1, y1];
}

/**
 * The subject's art fitted (aspect kept, centred) to the mask's bounding box and blended into the
 * fill through the mask, its edge feathered by a pixel or two: nothing outside the mask changes.
 */
async function drawSubject(cv: CV, filled: RawImage, holes: RawImage, subject: { icon: string }): Promise<RawImage | undefined> {
  const { width, height } = filled;
  const [x0, y0, x1, y1] = holeBounds(holes, width, height);
  const [bw, bh] = [x1 - x0 + 1, y1 - y0 + 1];
  const png = await subjectPng(subject, bw, bh);
  if (!png) return undefined;
  const art = await sharp(png).ensureAlpha().raw().toBuffer();
  const edge = withMats(cv, (keep) => {
    const m = keep(matFromRaw(cv, holes));
    const soft = keep(new cv.Mat());
    cv.GaussianBlur(m, soft, new cv.Size(0, 0), Math.max(1, Math.min(width, height) / 400));
    return rawFromMat(cv, soft).data;
  });
  const out = new Uint8Array(filled.data);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const i = (y0 + y) * width + x0 + x;
      // Inside the mask only (the blurred edge is kept from spilling out by the mask itself).
      if (holes.data[i] === 0) continue;
      const a = (art[(y * bw + x) * 4 + 3]! / 255) * (edge[i]! / 255);
      if (a === 0) continue;
      for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(out[i * 3 + c]! * (1 - a) + art[(y * bw + x) * 4 + c]! * a);
    }
  }
  return { ...filled, data: out };
}

/** Binarises the mask (≥ 50 %), rejects empty or all-covering masks, and dilates it a few pixels so object fringes go too. */
function prepareMask(cv: CV, mask: RawImage): RawImage {
  const binary = new Uint8Array(mask.data.length);
  let count = 0;
  for (let i = 0; i < binary.length; i++) {
    if (mask.data[i]! >= 128) {
      binary[i] = 255;
      count++;
    }
  }
  if (count === 0) throw new AppError('IMAGE_VALIDATION_FAILED', { message: 'The mask is empty: mark the area in white.' });
  if (count > binary.length * MAX_MASK_SHARE) throw new AppError('IMAGE_VALIDATION_FAILED', { message: 'The mask covers the whole image.' });
  const radius = Math.max(2, Math.round(Math.min(mask.width, mask.height) / 200));
  return withMats(cv, (keep) => {
    const m = keep(matFromRaw(cv, { ...mask, data: binary }));
    const kernel = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * radius + 1, 2 * radius + 1)));
    const dilated = keep(new cv.Mat());
    cv.dilate(m, dilated, kernel);
    return rawFromMat(cv, dilated);
  });
}

/**
 * Inpaints the holes, working only on their bounding box plus a margin wide enough for every
 * level's inpainting radius: a small mask on a large photo costs what its neighbourhood costs.
 * Subtitle removal fills the caption strokes of each video frame with it.
 */
export function fillHoles(cv: CV, rgb: RawImage, holes: RawImage, flags: number, random: () => number): RawImage {
  const { width, height } = rgb;
  const [x0, y0, x1, y1] = holeBounds(holes, width, height);
  // Coarse levels inpaint with radius 5 at scale ~DIRECT_RADIUS / holeRadius, i.e. ~0.4 hole radii at full size.
  const margin = 24 + Math.ceil(Math.min(x1 - x0 + 1, y1 - y0 + 1) * 0.4);
  const box = { left: Math.max(0, x0 - margin), top: Math.max(0, y0 - margin), right: Math.min(width, x1 + 1 + margin), bottom: Math.min(height, y1 + 1 + margin) };
  if (box.left === 0 && box.top === 0 && box.right === width && box.bottom === height) return fillRegion(cv, rgb, holes, flags, random);
  const filled = fillRegion(cv, crop(rgb, box), crop(holes, box), flags, random);
  const out: RawImage = { ...rgb, data: new Uint8Array(rgb.data) };
  const row = filled.width * 3;
  for (let y = 0; y < filled.height; y++) out.data.set(filled.data.subarray(y * row, (y + 1) * row), ((box.top + y) * width + box.left) * 3);
  return out;
}

function crop(raw: RawImage, box: { left: number; top: number; right: number; bottom: number }): RawImage {
  const width = box.right - box.left;
  const height = box.bottom - box.top;
  const data = new Uint8Array(width * height * raw.channels);
  for (let y = 0; y < height; y++) {
    const start = ((box.top + y) * raw.width + box.left) * raw.channels;
    data.set(raw.data.subarray(start, start + width * raw.channels), y * width * raw.channels);
  }
  return { data, width, height, channels: raw.channels };
}

/**
 * Inpaints the holes of a region. Small holes go straight to cv.inpaint. Wide ones would come out as radial
 * smears (both methods propagate the border inwards), so they are filled coarse-to-fine: inpainted
 * at a scale where the hole is ~DIRECT_RADIUS px wide, upsampled into the hole, and at each finer
 * level (×3) only a thin band along the hole's border is re-inpainted to join the fill to the
 * sharp surroundings. Grain measured around the hole is added back so the fill is not flat.
 * Pixels outside the mask are returned unchanged.
 */
function fillRegion(cv: CV, rgb: RawImage, holes: RawImage, flags: number, random: () => number): RawImage {
  const { width, height } = rgb;
  const [filled, depth] = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const mask = keep(matFromRaw(cv, holes));
    const dist = keep(new cv.Mat());
    cv.distanceTransform(mask, dist, cv.DIST_L2, 5);
    const depthMap = Float32Array.from(dist.data32F);
    let maxDist = 0;
    for (const d of depthMap) if (d > maxDist) maxDist = d;
    const result = keep(new cv.Mat());
    if (maxDist <= DIRECT_RADIUS) {
      cv.inpaint(src, mask, result, 5, flags);
      return [rawFromMat(cv, result), depthMap];
    }

    const coarsest = Math.max(DIRECT_RADIUS / maxDist, 32 / Math.min(width, height));
    const scales: number[] = [];
    for (let s = coarsest; s < 1; s *= 3) scales.push(s);
    scales.push(1);
    let previous: Mat | undefined;
    for (const [index, scale] of scales.entries()) {
      const size = new cv.Size(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)));
      const level = keep(new cv.Mat());
      const levelMask = keep(new cv.Mat());
      if (scale === 1) {
        src.copyTo(level);
        mask.copyTo(levelMask);
      } else {
        cv.resize(src, level, size, 0, 0, cv.INTER_AREA);
        // Any coverage counts as hole, so no object colour leaks into the coarse fill.
        cv.resize(mask, levelMask, size, 0, 0, cv.INTER_AREA);
        cv.threshold(levelMask, levelMask, 0, 255, cv.THRESH_BINARY);
      }
      const levelFilled = keep(new cv.Mat());
      if (!previous) {
        cv.inpaint(level, levelMask, levelFilled, 5, flags);
      } else {
        const upsampled = keep(new cv.Mat());
        cv.resize(previous, upsampled, size, 0, 0, cv.INTER_CUBIC);
        upsampled.copyTo(level, levelMask);
        // The band: hole pixels within a few px of its border.
        const levelDist = keep(new cv.Mat());
        cv.distanceTransform(levelMask, levelDist, cv.DIST_L2, 5);
        const band = keep(new cv.Mat());
        cv.threshold(levelDist, band, index === scales.length - 1 ? 4 : 3, 255, cv.THRESH_BINARY_INV);
        const band8 = keep(new cv.Mat());
        band.convertTo(band8, cv.CV_8U);
        cv.bitwise_and(band8, levelMask, band8);
        cv.inpaint(level, band8, levelFilled, 3, flags);
      }
      previous = levelFilled;
    }
    return [rawFromMat(cv, previous!), depthMap];
  });

  const grain = surroundingGrain(cv, rgb, holes);
  const out = new Uint8Array(filled.data.length);
  for (let i = 0; i < width * height; i++) {
    if (holes.data[i] === 0) {
      // Outside the hole: the original, exactly.
      out[i * 3] = rgb.data[i * 3]!;
      out[i * 3 + 1] = rgb.data[i * 3 + 1]!;
      out[i * 3 + 2] = rgb.data[i * 3 + 2]!;
      continue;
    }
    const noise = grain > 0 ? (random() + random() + random() - 1.5) * 2 * grain * Math.min(1, depth[i]! / 4) : 0;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.max(0, Math.min(255, Math.round(filled.data[i * 3 + c]! + noise)));
  }
  return { ...rgb, data: out };
}

/** Standard deviation of the fine detail (image minus its blur) in a ring around the holes. */
function surroundingGrain(cv: CV, rgb: RawImage, holes: RawImage): number {
  const { width, height } = rgb;
  const [ring, detail] = withMats(cv, (keep) => {
    const gray = keep(matFromRaw(cv, { data: lumaOf(rgb), width, height, channels: 1 }));
    const blurred = keep(new cv.Mat());
    cv.GaussianBlur(gray, blurred, new cv.Size(0, 0), 1.5);
    const mask = keep(matFromRaw(cv, holes));
    const grown = keep(new cv.Mat());
    const kernel = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(15, 15)));
    cv.dilate(mask, grown, kernel);
    return [rawFromMat(cv, grown).data, { gray: rawFromMat(cv, gray).data, blurred: rawFromMat(cv, blurred).data }];
  });
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let i = 0; i < width * height; i++) {
    if (ring[i] === 0 || holes.data[i] !== 0) continue;
    const d = detail.gray[i]! - detail.blurred[i]!;
    sum += d;
    sumSq += d * d;
    n++;
  }
  if (n < 16) return 0;
  const mean = sum / n;
  // Cap it: edges in the ring are structure, not grain.
  return Math.min(5, Math.sqrt(Math.max(0, sumSq / n - mean * mean)));
}
