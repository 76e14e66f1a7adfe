/**
 * Subtitle removal (videoTools.videoSubtitlesRemove): burnt-in captions found and painted out.
 *
 * Frames sampled at SAMPLE_FPS go through a text detector (textDetector.ts: PaddleOCR's PP-OCRv4
 * detection model, in the engine pool when there is one) within the requested region — the whole
 * frame for `auto`, else the bottom or top third. The boxes are united over time into captions with a
 * start and an end. Every output frame then has the strokes inside the captions showing at its
 * time (the stroke edges, grown to cover fill and outline) inpainted by the image object remover's
 * Telea fill (tools/inpaint.ts), so only the text's pixels change, not the whole band. Audio,
 * length and size are the source's. Detection and painting both run in the engine pool
 * (tools/videoFrames.ts), a frame per call, so the worker's event loop only moves frames.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GenerationInput } from '@tessera/shared/generation';
import type { RunContext } from '../../../providers/provider.ts';
import { decodeFrames, rewriteFrames } from '../frames.ts';
import { runEngineTool } from '../layers.ts';
import { framesFor, inTempDir, type RenderOptions, type Size, VIDEO_FPS, type VideoClip } from '../videoKinds.ts';
import { type Box, type TextDetector, type TextTrack, unionOverTime } from './textDetector.ts';

/** Detection rate: a caption stays up for a second or more. */
export const SAMPLE_FPS = 2;

const even = (x: number) => Math.max(2, Math.floor(x / 2) * 2);

/** Captions showing at `t` seconds. */
const activeAt = (tracks: readonly TextTrack[], t: number) => tracks.filter((k) => t >= k.start && t < k.end).map((k) => k.box);

export async function renderSubtitlesRemove(
  input: GenerationInput<'video_subtitles_remove'>,
  ctx: RunContext,
  opts: RenderOptions,
  detector: TextDetector = { detect: (frame, region) => runEngineTool(opts, 'detectText', { frame: frame.data, width: frame.width, height: frame.height, region }) },
): Promise<VideoClip> {
  const source = input.source;
  if (!source) throw new Error('video task input has no probed source');
  const progress = opts.progress ?? (() => {});
  const video = await ctx.loadMedia(input.video);
  const size: Size = { width: even(source.width), height: even(source.height) };
  const frames = framesFor(source.durationS);
  const durationS = frames / VIDEO_FPS;

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
        return runEngineTool(opts, 'eraseCaptions', { frame, ...size, boxes });
      },
      { ...opts, from: 0.3, stage: 'removing text' },
    );
  });
}
