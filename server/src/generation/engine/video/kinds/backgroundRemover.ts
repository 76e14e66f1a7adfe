/**
 * Video background removal (videoTools.videoBackgroundRemover): the people in every frame kept,
 * the rest replaced by a colour, a gradient or an image (green #00b140 by default, for keying).
 *
 * The person mask comes from the image tools' selfie segmentation (tools/segment.ts), run in the
 * engine pool like the image background remover. A model run per output frame would be the
 * slowest part, so the source is segmented at SEGMENT_FPS at the model's 256² input size; the
 * probability maps are smoothed over time (a forward-backward exponential moving average: no lag,
 * no flicker at the edges), interpolated to every output frame (tools/maskSmoothing.ts), upsampled and feathered by the
 * image tool's own curve, and composited over the background (tools/background.ts) — per frame in
 * the engine pool (tools/videoFrames.ts), the background shared with its threads rather than
 * copied. The source's audio is kept; length and size are the source's (even sides, as H.264 needs).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@tessera/shared/errors';
import type { GenerationInput } from '@tessera/shared/generation';
import sharp from 'sharp';
import type { RunContext } from '../../../providers/provider.ts';
import { type BackgroundSpec, renderBackground } from '../../tools/background.ts';
import { mapAt } from '../../tools/maskSmoothing.ts';
import { maskCoverage, SEGMENT_SIZE } from '../../tools/segment.ts';
import { decodeFrames, rewriteFrames } from '../frames.ts';
import { runEngineTool } from '../layers.ts';
import { framesFor, inTempDir, type RenderOptions, type Size, VIDEO_FPS, type VideoClip } from '../videoKinds.ts';

/**
 * Segmentation rate: people move smoothly enough at 12 fps for interpolation to follow them (and
 * never more often than the output has frames, as in the test suite's media profile).
 */
export const SEGMENT_FPS = Math.min(12, VIDEO_FPS);
/** Frames sent to the engine pool per call. */
const BATCH = 12;
/** As the image tool: below this share of every frame the model found nobody. */
const MIN_SUBJECT_COVERAGE = 0.005;

const MAP_BYTES = SEGMENT_SIZE * SEGMENT_SIZE;

const even = (x: number) => Math.max(2, Math.floor(x / 2) * 2);

/**
 * Renders the clip; `timing` (for benches) hears how long decoding and segmenting took per segmented
 * frame, pool round trips included.
 */
export async function renderVideoBackgroundRemover(
  input: GenerationInput<'video_background_remover'>,
  ctx: RunContext,
  opts: RenderOptions,
  timing?: (t: { segmentMsPerFrame: number; segmentedFrames: number }) => void,
): Promise<VideoClip> {
  const source = input.source;
  if (!source) throw new Error('video task input has no probed source');
  const progress = opts.progress ?? (() => {});
  const video = await ctx.loadMedia(input.video);
  const background: BackgroundSpec = input.background.type === 'image' ? { type: 'image', data: await ctx.loadMedia(input.background.image) } : input.background;
  const size: Size = { width: even(source.width), height: even(source.height) };
  const frames = framesFor(source.durationS);

  return inTempDir(async (dir) => {
    const sourcePath = join(dir, 'source');
    await writeFile(sourcePath, video);

    // 1. Segment at SEGMENT_FPS and the model's size, a batch at a time through the engine pool
    // (ffmpeg waits meanwhile, so only one batch of frames is held).
    const segFrames = Math.max(1, Math.ceil((frames / VIDEO_FPS) * SEGMENT_FPS));
    const maps: Buffer[] = [];
    let batch: Buffer[] = [];
    const segment = async () => {
      const args = { frames: Buffer.concat(batch), count: batch.length };
      const done = maps.length;
      const report = (fraction: number) => progress((0.45 * (done + fraction * args.count)) / segFrames, 'segmenting');
      const strip = await runEngineTool(opts, 'segmentFrames', args, report);
      const raw = await sharp(strip.data).extractChannel(0).raw().toBuffer();
      for (let i = 0; i < args.count; i++) maps.push(raw.subarray(i * MAP_BYTES, (i + 1) * MAP_BYTES));
      batch = [];
    };
    progress(0, 'segmenting');
    const started = performance.now();
    await decodeFrames(
      sourcePath,
      { width: SEGMENT_SIZE, height: SEGMENT_SIZE, fps: SEGMENT_FPS, frames: segFrames },
      async (frame, index) => {
        batch.push(Buffer.from(frame));
        if (batch.length === BATCH || index === segFrames - 1) await segment();
      },
      opts.signal,
    );
    timing?.({ segmentMsPerFrame: (performance.now() - started) / segFrames, segmentedFrames: segFrames });
    if (!maps.some((m) => maskCoverage(m) >= MIN_SUBJECT_COVERAGE)) throw new AppError('BACKGROUND_REMOVER_FAILED');
    // In the engine pool too: smoothing every map in one go is tens of milliseconds of JavaScript.
    const smoothed = await runEngineTool(opts, 'smoothMaps', { maps: Buffer.concat(maps), count: maps.length });
    const smooth = maps.map((_, i) => smoothed.subarray(i * MAP_BYTES, (i + 1) * MAP_BYTES));

    // 2. Every output frame over the background, with the source's sound.
    // In shared memory: the same background goes to the engine threads with every frame.
    const rendered = await renderBackground(background, size.width, size.height);
    const bg = new Uint8Array(new SharedArrayBuffer(rendered.length));
    bg.set(rendered);
    return rewriteFrames(
      { dir, sourcePath, size, frames },
      (frame, index) => runEngineTool(opts, 'compositeFrame', { frame, ...size, map: mapAt(smooth, (index / VIDEO_FPS) * SEGMENT_FPS), background: bg }),
      { ...opts, from: 0.45, stage: 'compositing' },
    );
  });
}
