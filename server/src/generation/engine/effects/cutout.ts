/**
 * Cutting one object (a product, a garment) out of its photo, for the product scenes and model
 * fitting. A PNG that already has a real cut-out (alpha) is taken as it is; otherwise the object
 * is separated from a plain-ish background: pixels far from the border colour seed OpenCV's
 * GrabCut, which refines the split with colour models, and morphology cleans the result.
 *
 * segment.ts is no use here: its selfie model only knows people. (Background removal uses this
 * file's mask for pictures with no person in them: objectAlpha.)
 */
import { AppError } from '@tessera/shared/errors';
import { type CV, decodeImage, loadOpenCv, matFromRaw, type RawImage, rawFromMat, withMats } from '../opencv.ts';

/** A cut-out is refused when its mask covers less or more than this share of the picture. */
export const MIN_CUTOUT_COVERAGE = 0.02;
export const MAX_CUTOUT_COVERAGE = 0.95;
/** GrabCut runs on a copy no larger than this (its cost grows with pixels; the mask is upsampled). */
const WORK_SIDE = 400;
/** GrabCut iterations: the split settles after three or four on product shots. */
const GRABCUT_ITERATIONS = 4;

/** An object cut out of its photo, cropped to the object's bounds. */
export interface Cutout {
  rgb: RawImage;
  /** One byte a pixel, 255 = object. */
  alpha: Uint8Array;
}

/**
 * Cuts the main object out of `image` (decoded no larger than `maxSide`). Fails with
 * IMAGE_VALIDATION_FAILED when the bytes are not an image or the object cannot be separated from
 * its background (the mask would cover under 2% or over 95% of the picture).
 */
export async function cutOut(image: Buffer, options: { maxSide: number }): Promise<Cutout> {
  const [cv, decoded] = await Promise.all([loadOpenCv(), decodeImage(image, { maxSide: options.maxSide })]);
  const { rgb } = decoded;
  let alpha: Uint8Array;
  if (decoded.alpha && acceptable(coverage(decoded.alpha))) {
    alpha = decoded.alpha;
  } else {
    // No alpha, or alpha that is not a cut-out (rounded corners, a transparent margin): separate
    // by colour, with the transparent parts seen as white as any viewer would show them.
    alpha = objectMask(cv, decoded.alpha ? flattenOnWhite(rgb, decoded.alpha) : rgb);
    if (!acceptable(coverage(alpha))) throw new AppError('IMAGE_VALIDATION_FAILED');
  }
  return cropToAlpha(rgb, alpha);
}

const acceptable = (share: number) => share >= MIN_CUTOUT_COVERAGE && share <= MAX_CUTOUT_COVERAGE;

/**
 * The soft mask (255 = object) of the main object of an opaque RGB picture, at its size, or null
 * when nothing can be separated from the background (the bounds cutOut refuses outside). Background
 * removal and changing fall back to it when the person segmentation finds nobody (tools/background.ts).
 */
export async function objectAlpha(rgb: RawImage): Promise<Uint8Array | null> {
  const alpha = objectMask(await loadOpenCv(), rgb);
  return acceptable(coverage(alpha)) ? alpha : null;
}

/** Share of pixels at least half opaque. */
function coverage(alpha: Uint8Array): number {
  let covered = 0;
  for (const v of alpha) if (v >= 128) covered++;
  return alpha.length ? covered / alpha.length : 0;
}

/** `rgb` composited over white by `alpha`. */
export function flattenOnWhite(rgb: RawImage, alpha: Uint8Array): RawImage {
  const out = new Uint8Array(rgb.data.length);
  for (let i = 0; i < alpha.length; i++) {
    const a = alpha[i]! / 255;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(rgb.data[i * 3 + c]! * a + 255 * (1 - a));
  }
  return { ...rgb, data: out };
}

// GrabCut mask labels (cv.GC_BGD … cv.GC_PR_FGD); odd values are foreground.
const GC_BGD = 0;
const GC_PR_BGD = 2;
const GC_PR_FGD = 3;

/** The object's soft mask (255 = object) at the size of `rgb`; all zero when nothing stands out. */
function objectMask(cv: CV, rgb: RawImage): Uint8Array {
  const { width, height } = rgb;
  const scale = Math.min(1, WORK_SIDE / Math.max(width, height));
  const sw = Math.max(8, Math.round(width * scale));
  const sh = Math.max(8, Math.round(height * scale));
  return withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const small = keep(new cv.Mat());
    cv.resize(src, small, new cv.Size(sw, sh), 0, 0, cv.INTER_AREA);
    const smooth = keep(new cv.Mat());
    cv.medianBlur(small, smooth, 3); // JPEG noise must not read as "different from the background"
    const pixels = Uint8Array.from(smooth.data);

    // The background colour is the median of a band along the border; its spread sets how far a
    // pixel must be from it to count as a candidate for the object.
    const band = Math.max(2, Math.round(Math.min(sw, sh) * 0.04));
    const inBorder = (x: number, y: number) => x < band || y < band || x >= sw - band || y >= sh - band;
    const channels: number[][] = [[], [], []];
    for (let y = 0; y < sh; y++) {
      for (let x = 0; x < sw; x++) if (inBorder(x, y)) for (let c = 0; c < 3; c++) channels[c]!.push(pixels[(y * sw + x) * 3 + c]!);
    }
    const background = channels.map((values) => values.sort((a, b) => a - b)[values.length >> 1]!);
    const distance = (i: number) => Math.hypot(pixels[i * 3]! - background[0]!, pixels[i * 3 + 1]! - background[1]!, pixels[i * 3 + 2]! - background[2]!);
    const borderDistances: number[] = [];
    for (let y = 0; y < sh; y++) for (let x = 0; x < sw; x++) if (inBorder(x, y)) borderDistances.push(distance(y * sw + x));
    borderDistances.sort((a, b) => a - b);
    const spread = borderDistances[Math.floor(borderDistances.length * 0.9)] ?? 0;
    const threshold = Math.min(90, Math.max(24, 2.5 * spread + 16));

    const seeds = new Uint8Array(sw * sh);
    let candidates = 0;
    for (let y = 0; y < sh; y++) {
      for (let x = 0; x < sw; x++) {
        const i = y * sw + x;
        if (inBorder(x, y)) seeds[i] = GC_BGD;
        else if (distance(i) > threshold) {
          seeds[i] = GC_PR_FGD;
          candidates++;
        } else seeds[i] = GC_PR_BGD;
      }
    }
    // Nothing stands out from the background (a blank picture): GrabCut would need foreground
    // samples to model, and there is no object to cut anyway.
    if (candidates < sw * sh * MIN_CUTOUT_COVERAGE * 0.5) return new Uint8Array(width * height);

    const mask = keep(cv.matFromArray(sh, sw, cv.CV_8UC1, seeds));
    const bgdModel = keep(new cv.Mat());
    const fgdModel = keep(new cv.Mat());
    cv.grabCut(small, mask, new cv.Rect(band, band, sw - 2 * band, sh - 2 * band), bgdModel, fgdModel, GRABCUT_ITERATIONS, cv.GC_INIT_WITH_MASK);
    const labels = Uint8Array.from(mask.data);
    const binary = new Uint8Array(sw * sh);
    for (let i = 0; i < binary.length; i++) binary[i] = labels[i]! & 1 ? 255 : 0;

    // Close small gaps (highlights, thin seams), then drop specks.
    const fg = keep(cv.matFromArray(sh, sw, cv.CV_8UC1, binary));
    const closeSize = Math.max(3, Math.round(Math.max(sw, sh) / 100) | 1);
    const closeKernel = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(closeSize, closeSize)));
    const openKernel = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(3, 3)));
    const closed = keep(new cv.Mat());
    cv.morphologyEx(fg, closed, cv.MORPH_CLOSE, closeKernel);
    const opened = keep(new cv.Mat());
    cv.morphologyEx(closed, opened, cv.MORPH_OPEN, openKernel);
    const cleaned = keepMainParts(cv, keep, rawFromMat(cv, opened));

    // Upsample the mask and sharpen its blurred edge back to a thin anti-aliased ramp.
    const lowRes = keep(matFromRaw(cv, cleaned));
    const full = keep(new cv.Mat());
    cv.resize(lowRes, full, new cv.Size(width, height), 0, 0, cv.INTER_LINEAR);
    const soft = keep(new cv.Mat());
    cv.GaussianBlur(full, soft, new cv.Size(0, 0), Math.max(0.6, 0.5 / scale));
    const out = Uint8Array.from(soft.data);
    for (let i = 0; i < out.length; i++) {
      const t = Math.min(1, Math.max(0, (out[i]! / 255 - 0.3) / 0.4));
      out[i] = Math.round(t * t * (3 - 2 * t) * 255);
    }
    return out;
  });
}

/**
 * Keeps the mask's large parts (at least 15% of the largest: a pair of shoes stays a pair, a
 * stray shadow blob goes) and fills the holes enclosed by them.
 */
function keepMainParts(cv: CV, keep: <M extends { delete(): void }>(mat: M) => M, mask: RawImage): RawImage {
  const { width, height } = mask;
  const labelParts = (data: Uint8Array) => {
    const src = keep(matFromRaw(cv, { data, width, height, channels: 1 }));
    const labels = keep(new cv.Mat());
    const stats = keep(new cv.Mat());
    const centroids = keep(new cv.Mat());
    const count = cv.connectedComponentsWithStats(src, labels, stats, centroids, 8, cv.CV_32S);
    const statRows = Int32Array.from(stats.data32S); // x, y, w, h, area per label
    return { count, labels: Int32Array.from(labels.data32S), stat: (label: number, field: number) => statRows[label * 5 + field]! };
  };

  const parts = labelParts(mask.data);
  let largest = 0;
  for (let l = 1; l < parts.count; l++) largest = Math.max(largest, parts.stat(l, cv.CC_STAT_AREA));
  const kept = new Uint8Array(width * height);
  for (let i = 0; i < kept.length; i++) {
    const l = parts.labels[i]!;
    if (l > 0 && parts.stat(l, cv.CC_STAT_AREA) >= largest * 0.15) kept[i] = 255;
  }

  const inverse = new Uint8Array(width * height);
  for (let i = 0; i < inverse.length; i++) inverse[i] = kept[i] ? 0 : 255;
  // Holes enclosed by the object are filled up to 30% of its area: a label or a highlight close
  // to the background colour is far more common on product shots than a see-through gap (a
  // mug's handle then keeps its backdrop colour; a ring's large opening stays open).
  let objectArea = 0;
  for (const v of kept) if (v) objectArea++;
  const holes = labelParts(inverse);
  const maxHole = objectArea * 0.3;
  for (let i = 0; i < kept.length; i++) {
    const l = holes.labels[i]!;
    if (l === 0) continue;
    const x = holes.stat(l, cv.CC_STAT_LEFT);
    const y = holes.stat(l, cv.CC_STAT_TOP);
    const touchesBorder = x === 0 || y === 0 || x + holes.stat(l, cv.CC_STAT_WIDTH) === width || y + holes.stat(l, cv.CC_STAT_HEIGHT) === height;
    if (!touchesBorder && holes.stat(l, cv.CC_STAT_AREA) <= maxHole) kept[i] = 255;
  }
  return { data: kept, width, height, channels: 1 };
}

/** The part of `rgb`/`alpha` inside the bounds of the visible pixels. */
export function cropToAlpha(rgb: RawImage, alpha: Uint8Array): Cutout {
  const { width, height } = rgb;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (alpha[y * width + x]! < 8) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) throw new AppError('IMAGE_VALIDATION_FAILED');
  const w = maxX - minX + 1;
  const h = maxY - minY + 1;
  const data = new Uint8Array(w * h * 3);
  const a = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const from = (minY + y) * width + minX;
    data.set(rgb.data.subarray(from * 3, (from + w) * 3), y * w * 3);
    a.set(alpha.subarray(from, from + w), y * w);
  }
  return { rgb: { data, width: w, height: h, channels: 3 }, alpha: a };
}
