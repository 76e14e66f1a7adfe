/**
 * Subtitle removal (videoTools.videoSubtitlesRemove): burnt-in captions found and painted out.
 *
 * Frames sampled at SAMPLE_FPS go through a text detector (textDetector.ts: PaddleOCR's PP-OCRv4
 * detection model, in the engine pool when there is one) within the requested region — the whole
 * frame for `auto`, else the bottom or top third. The boxes are united over time into captions with a
 * start and an end. Every output frame then has the strokes inside the captions showing at its
 * time (the stroke edges, grown to cover fill and outline) inpainted by the image object remover's
 * Telea fill (tools/inpaint.ts), so only the text's pixels change, not the whole band. Audio,
 * length and size are the source's.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GenerationInput } from '@tessera/shared/generation';
import type { RunContext } from '../../../providers/provider.ts';
import { type CV, loadOpenCv, matFromRaw, type RawImage, rawFromMat, seededRandom, withMats } from '../../opencv.ts';
import { fillHoles } from '../../tools/inpaint.ts';
import { decodeFrames, rewriteFrames } from '../frames.ts';
import { framesFor, inTempDir, type RenderOptions, type Size, VIDEO_FPS, type VideoClip } from '../videoKinds.ts';
import { type Box, PpOcrTextDetector, type TextDetector, type TextTrack, unionOverTime } from './textDetector.ts';

/** Detection rate: a caption stays up for a second or more. */
export const SAMPLE_FPS = 2;

const even = (x: number) => Math.max(2, Math.floor(x / 2) * 2);

/** Edge strength (morphological gradient of luma) that counts as a stroke edge. */
const EDGE_THRESHOLD = 64;

/** Stroke-edge map of an RGB image: 255 where the luma's morphological gradient is strong. */
function strokeEdges(cv: CV, rgb: RawImage): RawImage {
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

/**
 * The caption pixels of one frame: stroke edges inside the boxes (each grown by a quarter of its
 * height, for outlines and shadows), dilated so a letter's fill between its edges is covered too.
 */
export function captionMask(cv: CV, frame: RawImage, boxes: readonly Box[]): RawImage {
  const { width, height } = frame;
  const padded = boxes.map((b) => {
    const pad = Math.max(2, Math.round(b.height * 0.25));
    const x = Math.max(0, b.x - pad);
    const y = Math.max(0, b.y - pad);
    return { x, y, width: Math.min(width, b.x + b.width + pad) - x, height: Math.min(height, b.y + b.height + pad) - y };
  });
  const grow = Math.max(2, ...boxes.map((b) => Math.round(b.height * 0.12)));
  // Edges of the boxes' rows only: a caption is a small part of a large frame.
  const top = Math.min(...padded.map((b) => b.y));
  const bottom = Math.max(...padded.map((b) => b.y + b.height));
  const edges = strokeEdges(cv, { data: frame.data.subarray(top * width * 3, bottom * width * 3), width, height: bottom - top, channels: 3 });
  const inBoxes = new Uint8Array(width * height);
  for (const b of padded) {
    for (let y = b.y; y < b.y + b.height; y++) {
      for (let x = b.x; x < b.x + b.width; x++) inBoxes[y * width + x] = edges.data[(y - top) * width + x]!;
    }
  }
  return withMats(cv, (keep) => {
    const m = keep(matFromRaw(cv, { data: inBoxes, width, height, channels: 1 }));
    const dilated = keep(new cv.Mat());
    cv.dilate(m, dilated, keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * grow + 1, 2 * grow + 1))));
    return rawFromMat(cv, dilated);
  });
}

/** Captions showing at `t` seconds. */
const activeAt = (tracks: readonly TextTrack[], t: number) => tracks.filter((k) => t >= k.start && t < k.end).map((k) => k.box);

export async function renderSubtitlesRemove(
  input: GenerationInput<'video_subtitles_remove'>,
  ctx: RunContext,
  opts: RenderOptions,
  detector: TextDetector = new PpOcrTextDetector(opts),
): Promise<VideoClip> {
  const source = input.source;
  if (!source) throw new Error('video task input has no probed source');
  const progress = opts.progress ?? (() => {});
  const video = await ctx.loadMedia(input.video);
  const size: Size = { width: even(source.width), height: even(source.height) };
  const frames = framesFor(source.durationS);
  const durationS = frames / VIDEO_FPS;
  const cv = await loadOpenCv();

  return inTempDir(async (dir) => {
    const sourcePath = join(dir, 'source');
    await writeFile(sourcePath, video);

    // 1. Find the captions on sampled frames and unite them over time.
    const sampleCount = Math.max(1, Math.ceil(durationS * SAMPLE_FPS));
    const samples: { t: number; boxes: Box[] }[] = [];
    await decodeFrames(
      sourcePath,
      { ...size, fps: SAMPLE_FPS, frames: sampleCount },
      async (frame, index) => {
        samples.push({ t: index / SAMPLE_FPS, boxes: await detector.detect({ data: frame, ...size, channels: 3 }, input.region) });
        progress((0.3 * (index + 1)) / sampleCount, 'finding text');
      },
      opts.signal,
    );
    const tracks = unionOverTime(samples, 1 / SAMPLE_FPS, durationS);

    // 2. Paint the captions out of every frame they show in.
    return rewriteFrames(
      { dir, sourcePath, size, frames },
      (frame, index) => {
        const boxes = activeAt(tracks, index / VIDEO_FPS);
        if (boxes.length === 0) return frame;
        const rgb: RawImage = { data: frame, ...size, channels: 3 };
        const mask = captionMask(cv, rgb, boxes);
        if (!mask.data.some((v) => v !== 0)) return frame;
        // Same seed every frame: the fill's grain does not crawl.
        return fillHoles(cv, rgb, mask, cv.INPAINT_TELEA, seededRandom(0x5b7)).data;
      },
      { ...opts, from: 0.3, stage: 'removing text' },
    );
  });
}
