/**
 * Uncrop (outpainting) by classical means, not a generative model: the canvas grows to the
 * requested shape around the original, and the new border continues the picture's edges — a
 * mirror of the image near the seam that dissolves, with distance, into ever stronger blur of it
 * (so the mirror copies fade to the image's colours and light), the seam band inpainted so no
 * hard mirror line remains, and fine grain matched to the original so the border is not flat.
 * The original's pixels are kept exactly (PNG output).
 */
import { type AspectRatio, uncropLayout } from '@tessera/shared/generation';
import { type CV, decodeImage, encodePng, loadOpenCv, lumaOf, matFromRaw, type RawImage, rawFromMat, seededRandom, smoothNoise, withMats } from '../opencv.ts';
import type { EngineImage, EngineProgress } from '../types.ts';

/**
 * Places the image (scaled down when the canvas would exceed MAX_UNCROP_SIDE) at
 * `uncropLayout(...).inner` on a canvas of exactly the layout's size and fills the rest.
 * Transparent pixels of the original are flattened onto white: the result is opaque.
 */
export async function uncrop(image: Buffer, opts: { aspectRatio: AspectRatio; zoomOut: number }, progress: EngineProgress): Promise<EngineImage> {
  progress(0, 'decode');
  const [cv, decoded] = await Promise.all([loadOpenCv(), decodeImage(image)]);
  const layout = uncropLayout(decoded.rgb.width, decoded.rgb.height, opts.aspectRatio, opts.zoomOut);
  const { inner } = layout;
  const outW = layout.width;
  const outH = layout.height;
  const left = inner.left;
  const top = inner.top;
  const right = outW - inner.left - inner.width;
  const bottom = outH - inner.top - inner.height;
  progress(0.1, 'extend');

  // The original at its place in the result: scaled to `inner`, alpha flattened onto white.
  const original = withMats(cv, (keep) => {
    const flat = flatten(decoded.rgb, decoded.alpha);
    const src = keep(matFromRaw(cv, flat));
    if (inner.width === flat.width && inner.height === flat.height) return flat;
    const scaled = keep(new cv.Mat());
    cv.resize(src, scaled, new cv.Size(inner.width, inner.height), 0, 0, cv.INTER_AREA);
    return rawFromMat(cv, scaled);
  });
  if (left === 0 && top === 0 && right === 0 && bottom === 0) return encodePng(original);

  const side = Math.max(outW, outH);
  // Blur grows with distance from the original: sharp mirror at the seam, soft colour far out.
  const levels = [0, side / 160, side / 40, side / 10];
  const reach = Math.max(left, right, top, bottom);
  const stops = [0, Math.max(4, reach * 0.06), Math.max(8, reach * 0.25), Math.max(12, reach * 0.7)];
  const layers = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, original));
    const padded = keep(new cv.Mat());
    cv.copyMakeBorder(src, padded, top, bottom, left, right, cv.BORDER_REFLECT_101);
    const blurredLayers: Uint8Array[] = [rawFromMat(cv, padded).data];
    for (const sigma of levels.slice(1)) {
      // Large blurs are computed on a downscaled copy: same look, a fraction of the work.
      const factor = Math.min(1, 4 / sigma);
      const small = keep(new cv.Mat());
      cv.resize(padded, small, new cv.Size(Math.max(1, Math.round(outW * factor)), Math.max(1, Math.round(outH * factor))), 0, 0, cv.INTER_AREA);
      const smallBlur = keep(new cv.Mat());
      cv.GaussianBlur(small, smallBlur, new cv.Size(0, 0), Math.max(0.5, sigma * factor), 0, cv.BORDER_REFLECT_101);
      const up = keep(new cv.Mat());
      cv.resize(smallBlur, up, new cv.Size(outW, outH), 0, 0, cv.INTER_LINEAR);
      blurredLayers.push(rawFromMat(cv, up).data);
    }
    return blurredLayers;
  });
  progress(0.5, 'blend');

  const distanceOut = (x: number, y: number) => {
    const dx = x < left ? left - x : x >= left + inner.width ? x - (left + inner.width - 1) : 0;
    const dy = y < top ? top - y : y >= top + inner.height ? y - (top + inner.height - 1) : 0;
    return Math.hypot(dx, dy);
  };
  const canvas = new Uint8Array(outW * outH * 3);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const i = y * outW + x;
      const d = distanceOut(x, y);
      if (d === 0) continue;
      let k = 0;
      while (k < stops.length - 2 && d > stops[k + 1]!) k++;
      const t = Math.min(1, (d - stops[k]!) / (stops[k + 1]! - stops[k]!));
      const a = layers[k]!;
      const b = layers[k + 1]!;
      for (let c = 0; c < 3; c++) canvas[i * 3 + c] = Math.round(a[i * 3 + c]! + (b[i * 3 + c]! - a[i * 3 + c]!) * t);
    }
  }
  pasteInner(canvas, outW, original, left, top);
  progress(0.7, 'seam');

  // The mirror line right at the seam (and where mirrored tiles meet) reads as a fold: inpaint a
  // thin band just outside the original from both sides.
  const band = Math.max(2, Math.round(side / 600));
  const seamMask = new Uint8Array(outW * outH);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const d = distanceOut(x, y);
      if (d > band * 0.5 && d <= band * 2.5) seamMask[y * outW + x] = 255;
    }
  }
  const seamed = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, { data: canvas, width: outW, height: outH, channels: 3 }));
    const mask = keep(matFromRaw(cv, { data: seamMask, width: outW, height: outH, channels: 1 }));
    // cv.inpaint does whole-image work per call: run it on a strip along each side that has a border.
    const m = Math.ceil(band * 5.5) + 2;
    const strip = (x: number, y: number, w: number, h: number) => {
      const x0 = Math.max(0, x);
      const y0 = Math.max(0, y);
      return new cv.Rect(x0, y0, Math.min(outW, x + w) - x0, Math.min(outH, y + h) - y0);
    };
    const strips = [
      left > 0 && strip(left - m, top - m, 2 * m, inner.height + 2 * m),
      right > 0 && strip(left + inner.width - m, top - m, 2 * m, inner.height + 2 * m),
      top > 0 && strip(left - m, top - m, inner.width + 2 * m, 2 * m),
      bottom > 0 && strip(left - m, top + inner.height - m, inner.width + 2 * m, 2 * m),
    ];
    for (const rect of strips) {
      if (!rect) continue;
      const region = keep(src.roi(rect));
      const regionMask = keep(mask.roi(rect));
      const dst = keep(new cv.Mat());
      cv.inpaint(region, regionMask, dst, band + 2, cv.INPAINT_TELEA);
      dst.copyTo(region);
    }
    return rawFromMat(cv, src).data;
  });
  progress(0.85, 'grain');

  // Blur erased the grain; add back the original's, growing in with distance.
  const grain = grainOf(cv, original);
  const random = seededRandom(outW * 7919 + outH);
  const texture = smoothNoise(cv, outW, outH, Math.max(4, side / 64), random);
  const out = new Uint8Array(seamed);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const d = distanceOut(x, y);
      if (d === 0) continue;
      const i = y * outW + x;
      const ramp = Math.min(1, d / stops[1]!);
      const noise = ((random() + random() + random() - 1.5) * 2 * grain + (texture[i]! - 0.5) * 6) * ramp;
      for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.max(0, Math.min(255, Math.round(seamed[i * 3 + c]! + noise)));
    }
  }
  pasteInner(out, outW, original, left, top);
  progress(0.95, 'encode');
  const result = await encodePng({ data: out, width: outW, height: outH, channels: 3 });
  progress(1, 'done');
  return result;
}

function flatten(rgb: RawImage, alpha: Uint8Array | null): RawImage {
  if (!alpha) return rgb;
  const data = new Uint8Array(rgb.data.length);
  for (let i = 0; i < alpha.length; i++) {
    const a = alpha[i]! / 255;
    for (let c = 0; c < 3; c++) data[i * 3 + c] = Math.round(rgb.data[i * 3 + c]! * a + 255 * (1 - a));
  }
  return { ...rgb, data };
}

function pasteInner(canvas: Uint8Array, canvasWidth: number, image: RawImage, left: number, top: number): void {
  const row = image.width * 3;
  for (let y = 0; y < image.height; y++) canvas.set(image.data.subarray(y * row, (y + 1) * row), ((top + y) * canvasWidth + left) * 3);
}

/** Standard deviation of the original's fine detail (luma minus a light blur), capped at 6. */
function grainOf(cv: CV, rgb: RawImage): number {
  const luma = lumaOf(rgb);
  const blurred = withMats(cv, (keep) => {
    const gray = keep(matFromRaw(cv, { data: luma, width: rgb.width, height: rgb.height, channels: 1 }));
    const dst = keep(new cv.Mat());
    cv.medianBlur(gray, dst, 3);
    return rawFromMat(cv, dst).data;
  });
  let sumSq = 0;
  for (let i = 0; i < luma.length; i++) sumSq += (luma[i]! - blurred[i]!) ** 2;
  return Math.min(6, Math.sqrt(sumSq / luma.length));
}
