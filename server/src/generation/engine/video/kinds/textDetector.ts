/**
 * Finding burnt-in text (subtitles, captions) in video frames, for subtitle removal.
 *
 * The issue asks for an OCR text-detection model shipped on npm (PP-OCR detection on an ONNX
 * runtime). None is installed here, so this is the honest classical stand-in behind the
 * `TextDetector` interface a model-backed detector would implement: text is rows of short,
 * high-contrast strokes, and subtitles are light. The morphological gradient marks stroke edges; a
 * horizontal closing joins the letters of a word into one blob; blobs of text height on one line
 * are joined into lines; lines are kept when they are line-shaped (wide, of text height), stroke-
 * dense, with many edge runs per row (letters have edges every few pixels, a horizon or an outline
 * one or two per row) and partly bright (white or yellow fill).
 *
 * Boxes found on sampled frames are then united over time (`unionOverTime`): a box seen on
 * consecutive samples at about the same place is one caption, shown from one sample interval
 * before its first sighting to one after its last (it may appear or go between samples).
 */
import { type CV, loadOpenCv, lumaOf, matFromRaw, type RawImage, rawFromMat, withMats } from '../../opencv.ts';

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

/** Edge strength (morphological gradient of luma) that counts as a stroke edge. */
const EDGE_THRESHOLD = 64;
/** Text line height as a share of the frame's short side. */
const MIN_LINE = 0.025;
const MAX_LINE = 0.16;
/** A line is at least this many times as wide as high, and this share of the frame wide. */
const MIN_ASPECT = 1.8;
const MIN_WIDTH_SHARE = 0.12;
/** Share of the box that is stroke edge. */
const MIN_DENSITY = 0.18;
const MAX_DENSITY = 0.85;
/** Edge runs per row, per line height of width (bold captions give ~0.8; a horizon or an outline ≲ 0.2). */
const MIN_RUNS = 0.45;
/** Subtitles are light (white or yellow fill): at least this share of the box is brighter than BRIGHT. */
const BRIGHT = 190;
const MIN_BRIGHT = 0.04;

/** The classical detector (see the module comment). */
export class StrokeTextDetector implements TextDetector {
  async detect(frame: RawImage, region: TextRegion): Promise<Box[]> {
    const cv = await loadOpenCv();
    const { top, bottom } = regionRows(region, frame.height);
    const band: RawImage = { data: frame.data.subarray(top * frame.width * 3, bottom * frame.width * 3), width: frame.width, height: bottom - top, channels: 3 };
    return findTextLines(cv, band, Math.min(frame.width, frame.height)).map((b) => ({ ...b, y: b.y + top }));
  }
}

/** Stroke-edge map of an RGB image: 255 where the luma's morphological gradient is strong. */
export function strokeEdges(cv: CV, rgb: RawImage): RawImage {
  return withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb));
    const gray = keep(new cv.Mat());
    cv.cvtColor(src, gray, cv.COLOR_RGB2GRAY);
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    const gradient = keep(new cv.Mat());
    cv.morphologyEx(gray, gradient, cv.MORPH_GRADIENT, kernel);
    const edges = keep(new cv.Mat());
    cv.threshold(gradient, edges, EDGE_THRESHOLD, 255, cv.THRESH_BINARY);
    return rawFromMat(cv, edges);
  });
}

function findTextLines(cv: CV, band: RawImage, shortSide: number): Box[] {
  const edges = strokeEdges(cv, band);
  const { width } = band;
  const minLine = Math.max(6, shortSide * MIN_LINE);
  const maxLine = shortSide * MAX_LINE;
  // Join the letters of a word (gaps well under a line height) into one blob, without joining lines.
  const joinX = Math.max(3, Math.round(minLine * 0.8)) | 1;
  const blobs = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, edges));
    const closed = keep(new cv.Mat());
    cv.morphologyEx(src, closed, cv.MORPH_CLOSE, keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(joinX, 3))));
    const labels = keep(new cv.Mat());
    const stats = keep(new cv.Mat());
    const centroids = keep(new cv.Mat());
    const count = cv.connectedComponentsWithStats(closed, labels, stats, centroids, 8, cv.CV_32S);
    const rows = Int32Array.from(stats.data32S); // x, y, w, h, area per label
    const boxes: Box[] = [];
    for (let l = 1; l < count; l++) boxes.push({ x: rows[l * 5]!, y: rows[l * 5 + 1]!, width: rows[l * 5 + 2]!, height: rows[l * 5 + 3]! });
    return boxes;
  });
  const words = blobs.filter((b) => b.height >= minLine && b.height <= maxLine);
  const luma = lumaOf(band);
  return mergeLines(words).filter((b) => {
    if (b.height > maxLine || b.width < b.height * MIN_ASPECT || b.width < width * MIN_WIDTH_SHARE) return false;
    let on = 0;
    let runs = 0;
    let bright = 0;
    for (let y = b.y; y < b.y + b.height; y++) {
      let previous = 0;
      for (let x = b.x; x < b.x + b.width; x++) {
        const i = y * width + x;
        const v = edges.data[i]!;
        if (v) on++;
        if (v && !previous) runs++;
        if (luma[i]! >= BRIGHT) bright++;
        previous = v;
      }
    }
    const area = b.width * b.height;
    const density = on / area;
    const runsPerLine = runs / b.height / (b.width / b.height);
    return density >= MIN_DENSITY && density <= MAX_DENSITY && runsPerLine >= MIN_RUNS && bright / area >= MIN_BRIGHT;
  });
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
