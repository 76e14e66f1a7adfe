/**
 * Finding burnt-in text (subtitles, captions) in video frames, for subtitle removal.
 *
 * `PpOcrTextDetector` runs PaddleOCR's PP-OCRv4 text detection model (tools/textDetection.ts) on
 * the searched rows only, on the thread it is called on (subtitle removal calls it in the engine
 * pool, through the `detectText` tool of tools/videoFrames.ts), and turns its probability map
 * into boxes the way PaddleOCR's DB post-processing does: threshold the map, keep the regions the
 * model is sure of on average, and grow each ("unclip") by area × ratio / perimeter, because the
 * model is trained to mark a shrunken core of each text line. Regions are axis-aligned boxes here
 * (captions are horizontal), and the words of one line are joined into one box.
 *
 * Boxes found on sampled frames are then united over time (`unionOverTime`): a box seen on
 * consecutive samples at about the same place is one caption, shown from one sample interval
 * before its first sighting to one after its last (it may appear or go between samples).
 */
import sharp from 'sharp';
import { type CV, loadOpenCv, matFromRaw, type RawImage, withMats } from '../../opencv.ts';
import { DET_STRIDE, textProbabilities } from '../../tools/textDetection.ts';
import type { Size } from '../videoKinds.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Which rows of the frame to search. */
export type TextRegion = 'auto' | 'bottom' | 'top';

export interface TextDetector {
  /** Boxes of text lines in an RGB frame, within `region`, in frame pixels. */
  detect(frame: RawImage, region: TextRegion): Promise<Box[]>;
}

/** Rows searched: the whole frame (auto) or its bottom or top third. */
export function regionRows(region: TextRegion, height: number): { top: number; bottom: number } {
  if (region === 'bottom') return { top: Math.floor((height * 2) / 3), bottom: height };
  if (region === 'top') return { top: 0, bottom: Math.ceil(height / 3) };
  return { top: 0, bottom: height };
}

/**
 * The model's input: the searched rows scaled, up or down, so the long side is this. PaddleOCR
 * itself only scales down (to 960), but on small frames the model misses and splits lines of
 * ~16 px text it finds whole at twice the size; 640 keeps a sample's inference well under a second.
 */
export const DET_LIMIT = 640;
/** PaddleOCR's DB post-processing defaults: map threshold, mean probability kept, unclip ratio, smallest side. */
const DB_THRESHOLD = 0.3;
const DB_BOX_THRESHOLD = 0.6;
const DB_UNCLIP_RATIO = 1.5;
const DB_MIN_SIDE = 3;

/**
 * An image of `width`×`height` scaled to the model: `scaled` keeps its aspect with the long side
 * DET_LIMIT, `padded` rounds both sides up to multiples of 32 (PaddleOCR stretches to them instead;
 * padding with the edge pixels keeps the letters' shape).
 */
export function detSize(width: number, height: number): { scaled: Size; padded: Size } {
  const ratio = DET_LIMIT / Math.max(width, height);
  const scaled = { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
  const up = (x: number) => Math.ceil(x / DET_STRIDE) * DET_STRIDE;
  return { scaled, padded: { width: up(scaled.width), height: up(scaled.height) } };
}

/**
 * Text boxes in a probability map (1 channel, 0..255), in map pixels: the regions over
 * DB_THRESHOLD whose mean probability is at least DB_BOX_THRESHOLD, each unclipped.
 */
export function dbBoxes(cv: CV, map: RawImage): Box[] {
  const { width, height } = map;
  const bitmap = new Uint8Array(width * height);
  for (let i = 0; i < bitmap.length; i++) bitmap[i] = map.data[i]! > DB_THRESHOLD * 255 ? 255 : 0;
  const { count, labels, stats } = withMats(cv, (keep) => {
    const labelMat = keep(new cv.Mat());
    const statMat = keep(new cv.Mat());
    const n = cv.connectedComponentsWithStats(keep(matFromRaw(cv, { data: bitmap, width, height, channels: 1 })), labelMat, statMat, keep(new cv.Mat()), 8, cv.CV_32S);
    return { count: n, labels: Int32Array.from(labelMat.data32S), stats: Int32Array.from(statMat.data32S) };
  });
  // Mean probability inside each region (PaddleOCR's "slow" score: over the region itself).
  const sums = new Float64Array(count);
  for (let i = 0; i < labels.length; i++) if (labels[i]) sums[labels[i]!]! += map.data[i]! / 255;
  const boxes: Box[] = [];
  for (let l = 1; l < count; l++) {
    const [x, y, w, h, area] = [stats[l * 5]!, stats[l * 5 + 1]!, stats[l * 5 + 2]!, stats[l * 5 + 3]!, stats[l * 5 + 4]!];
    if (Math.min(w, h) < DB_MIN_SIDE || sums[l]! / area < DB_BOX_THRESHOLD) continue;
    const d = (w * h * DB_UNCLIP_RATIO) / (2 * (w + h));
    const x0 = Math.max(0, x - d);
    const y0 = Math.max(0, y - d);
    const x1 = Math.min(width, x + w + d);
    const y1 = Math.min(height, y + h + d);
    boxes.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
  }
  return boxes;
}

/** The model-backed detector (see the module comment), on the calling thread. */
export class PpOcrTextDetector implements TextDetector {
  async detect(frame: RawImage, region: TextRegion): Promise<Box[]> {
    const { top, bottom } = regionRows(region, frame.height);
    const band = { width: frame.width, height: bottom - top };
    const { scaled, padded } = detSize(band.width, band.height);
    const image = await sharp(frame.data.subarray(top * frame.width * 3, bottom * frame.width * 3), { raw: { ...band, channels: 3 } })
      .resize(scaled.width, scaled.height, { fit: 'fill', kernel: 'linear' })
      .extend({ right: padded.width - scaled.width, bottom: padded.height - scaled.height, extendWith: 'copy' })
      .raw()
      .toBuffer();
    const probabilities = await textProbabilities(image, padded.width, padded.height);
    const sx = band.width / scaled.width;
    const sy = band.height / scaled.height;
    const boxes: Box[] = [];
    for (const b of dbBoxes(await loadOpenCv(), { data: probabilities, ...padded, channels: 1 })) {
      // Back to frame pixels, clipped to the band (a box may reach into the padding).
      const x = Math.floor(b.x * sx);
      const y = Math.floor(b.y * sy);
      const width = Math.min(band.width, Math.ceil((b.x + b.width) * sx)) - x;
      const height = Math.min(band.height, Math.ceil((b.y + b.height) * sy)) - y;
      if (width > 0 && height > 0) boxes.push({ x, y: y + top, width, height });
    }
    return mergeLines(boxes);
  }
}

/**
 * Joins the word blobs of one line: boxes that share most of their height and are less than a
 * line height apart, repeatedly, so a caption is one box however many words it has.
 */
export function mergeLines(boxes: readonly Box[]): Box[] {
  const lines = boxes.map((b) => ({ ...b }));
  for (let merged = true; merged; ) {
    merged = false;
    outer: for (let i = 0; i < lines.length; i++) {
      for (let j = i + 1; j < lines.length; j++) {
        const a = lines[i]!;
        const b = lines[j]!;
        const shared = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        const gap = Math.max(a.x, b.x) - Math.min(a.x + a.width, b.x + b.width);
        if (shared >= 0.6 * Math.min(a.height, b.height) && gap <= Math.max(a.height, b.height)) {
          lines[i] = unionBox(a, b);
          lines.splice(j, 1);
          merged = true;
          break outer;
        }
      }
    }
  }
  return lines;
}

/** A caption: where it is (the union of its sightings) and when (seconds, end exclusive). */
export interface TextTrack {
  box: Box;
  start: number;
  end: number;
}

function overlapShare(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.min(a.width * a.height, b.width * b.height);
}

export function unionBox(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/**
 * Unites the boxes found on frames sampled every `interval` seconds into tracks: a box that
 * overlaps (by half of the smaller) a track seen on the previous sample joins it. Each track runs
 * from one interval before its first sighting to one after its last, clamped to [0, duration].
 */
export function unionOverTime(samples: readonly { t: number; boxes: readonly Box[] }[], interval: number, duration: number): TextTrack[] {
  const done: { box: Box; first: number; last: number }[] = [];
  let open: { box: Box; first: number; last: number }[] = [];
  for (const sample of [...samples].sort((a, b) => a.t - b.t)) {
    const next: typeof open = [];
    for (const box of sample.boxes) {
      const track = open.find((o) => overlapShare(o.box, box) >= 0.5) ?? next.find((o) => overlapShare(o.box, box) >= 0.5);
      if (track) {
        track.box = unionBox(track.box, box);
        track.last = sample.t;
        if (!next.includes(track)) next.push(track);
        open = open.filter((o) => o !== track);
      } else {
        next.push({ box, first: sample.t, last: sample.t });
      }
    }
    done.push(...open);
    open = next;
  }
  done.push(...open);
  return done
    .map((d) => ({ box: d.box, start: Math.max(0, d.first - interval), end: Math.min(duration, d.last + interval) }))
    .sort((a, b) => a.start - b.start);
}
