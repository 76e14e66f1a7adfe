/**
 * Video background removal (videoTools.videoBackgroundRemover): the people in every frame kept,
 * the rest replaced by a colour, a gradient or an image (green #00b140 by default, for keying).
 *
 * The person mask comes from the image tools' selfie segmentation (tools/segment.ts), run in the
 * engine pool like the image background remover. A model run per output frame would be the
 * slowest part, so the source is segmented at SEGMENT_FPS at the model's 256² input size; the
 * probability maps are smoothed over time (a forward-backward exponential moving average: no lag,
 * no flicker at the edges), interpolated to every output frame, upsampled and feathered by the
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
/** Weight of the newest map in each pass of the moving average. */
const SMOOTHING = 0.5;
/** As the image tool: below this share of every frame the model found nobody. */
const MIN_SUBJECT_COVERAGE = 0.005;

const MAP_BYTES = SEGMENT_SIZE * SEGMENT_SIZE;

/**
 * Forward-backward exponential moving average over a sequence of equally sized maps: each pass
 * is `s[i] = α·x[i] + (1 − α)·s[i−1]`, the second one run backwards over the first's result, so a
 * one-frame flicker is damped on both sides while a lasting change is followed without delay.
 */
export function smoothMaps(maps: readonly Uint8Array[], alpha = SMOOTHING): Uint8Array[] {
  if (maps.length === 0) return [];
  const length = maps[0]!.length;
  const acc = new Float32Array(length);
  const forward: Float32Array[] = [];
  acc.set(maps[0]!);
  for (const map of maps) {
    for (let p = 0; p < length; p++) acc[p] = alpha * map[p]! + (1 - alpha) * acc[p]!;
    forward.push(Float32Array.from(acc));
  }
  const out: Uint8Array[] = new Array<Uint8Array>(maps.length);
  acc.set(forward[forward.length - 1]!);
  for (let i = forward.length - 1; i >= 0; i--) {
    const f = forward[i]!;
    const o = new Uint8Array(length);
    for (let p = 0; p < length; p++) {
      acc[p] = alpha * f[p]! + (1 - alpha) * acc[p]!;
      o[p] = Math.round(acc[p]!);
    }
    out[i] = o;
  }
  return out;
}

/** The map at fractional index `position` (linear between its neighbours, clamped at the ends). */
export function mapAt(maps: readonly Uint8Array[], position: number): Uint8Array {
  const last = maps.length - 1;
  const at = Math.min(last, Math.max(0, position));
  const i = Math.floor(at);
  const t = at - i;
  const a = maps[i]!;
  if (t < 1e-6 || i === last) return a;
  const b = maps[i + 1]!;
  const out = new Uint8Array(a.length);
  for (let p = 0; p < a.length; p++) out[p] = Math.round(a[p]! + (b[p]! - a[p]!) * t);
  return out;
}

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
    const smooth = smoothMaps(maps);

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
