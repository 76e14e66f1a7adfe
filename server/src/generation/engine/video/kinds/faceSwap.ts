/**
 * Face swap on a video (task.createFaceSwapTask) on the local engine: the image face swap
 * (tools/faceSwap.ts: landmark-driven piecewise-affine warp, colour match, feathered blend) applied
 * to every frame. Detection runs on key frames only and the faces' landmarks are interpolated in
 * between (faceTrack.ts), which keeps the swapped face from jittering. The clip keeps the source's
 * length, size and sound (silence when it has none); frames without a face pass through.
 *
 * The heavy parts run in the engine pool's threads: face-api detection (one per key frame, like
 * lip sync's, see lipSync.ts) and the per-frame warp and blend (the `swapFaces` tool, a batch of
 * frames per call); the event loop only moves frames between ffmpeg and the pool.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@tessera/shared/errors';
import type { GenerationInput } from '@tessera/shared/generation';
import { probeVideo } from '../../../../media/probe.ts';
import type { RunContext } from '../../../providers/provider.ts';
import { cropToFace, decode, type DetectedFace, largestFace } from '../../tools/faceSwap.ts';
import { facesAt, KeyFrameFaces, keyFrameIndices } from '../faceTrack.ts';
import { decodeFrames, encodeWithSourceSound, FrameSink } from '../frames.ts';
import { runEngineTool } from '../layers.ts';
import { framesFor, inTempDir, type RenderOptions, VIDEO_FPS, type VideoClip } from '../videoKinds.ts';

/** Frames between face detections: a quarter second (6 at 24 fps; faces in a clip move more than a speaker's). */
export const FACE_SWAP_DETECT_EVERY = VIDEO_FPS / 4;
/** The face photo is only sampled, so it is decoded no larger than this (as the image tool does). */
const MAX_FACE_SIDE = 2048;
/** Frames sent to the swap per engine call. */
const SWAP_BATCH = 8;

const even = (x: number) => Math.max(2, Math.floor(x / 2) * 2);

export async function renderVideoFaceSwap(input: GenerationInput<'video_face_swap'>, ctx: RunContext, opts: RenderOptions): Promise<VideoClip> {
  if (!input.source) throw new Error('face swap video has no probed source');
  opts.progress?.(0, 'detecting');
  const face = await decode(await ctx.loadMedia(input.face), MAX_FACE_SIDE);
  const { width, height } = face.pixels;
  const [faces] = await runEngineTool(opts, 'detectFaces', { images: [face.pixels.data], raw: { width, height, channels: 4 } });
  const largest = largestFace(faces ?? []);
  if (!largest) throw new AppError('NO_FACES_IN_IMAGE');
  // Only the face's part of the photo is sampled, and only it goes to the threads.
  const source = cropToFace(face.pixels, largest);
  const size = { width: even(input.source.width), height: even(input.source.height) };
  const frames = framesFor(input.source.durationS);
  const video = await ctx.loadMedia(input.video);

  return inTempDir(async (dir) => {
    const sourcePath = join(dir, 'source');
    await writeFile(sourcePath, video);
    const { hasAudio } = await probeVideo(sourcePath);
    const format = { ...size, fps: VIDEO_FPS, frames };

    // Pass 1: faces on the key frames.
    const detector = new KeyFrameFaces({ ...size, channels: 3 }, opts);
    const keyAt = new Set(keyFrameIndices(frames, FACE_SWAP_DETECT_EVERY));
    await decodeFrames(
      sourcePath,
      format,
      async (frame, index) => {
        if (!keyAt.has(index)) return;
        await detector.add(index, frame);
        opts.progress?.(0.05 + 0.35 * (index / frames), 'detecting');
      },
      opts.signal,
    );
    const keys = await detector.done();
    if (keys.every((k) => k.faces.length === 0)) throw new AppError('NO_FACE_FOUND');

    // Pass 2: every frame with its (interpolated) faces replaced, SWAP_BATCH frames per engine call.
    const swappedPath = join(dir, 'swapped.mkv');
    const sink = new FrameSink(swappedPath, { ...size, fps: VIDEO_FPS }, opts.signal);
    const frameBytes = size.width * size.height * 3;
    let batch: { frame: Buffer; faces: DetectedFace[] }[] = [];
    let done = 0;
    const swap = async () => {
      const faces = batch.map((b) => b.faces);
      const frameData = Buffer.concat(batch.map((b) => b.frame));
      const swapped = faces.some((f) => f.length > 0)
        ? await runEngineTool(opts, 'swapFaces', { frames: frameData, ...size, faces, source: source.pixels, sourceFace: source.face })
        : frameData;
      for (let i = 0; i < batch.length; i++) await sink.write(swapped.subarray(i * frameBytes, (i + 1) * frameBytes));
      done += batch.length;
      batch = [];
      opts.progress?.(0.4 + 0.4 * (done / frames), 'swapping');
    };
    try {
      await decodeFrames(
        sourcePath,
        format,
        async (frame, index) => {
          batch.push({ frame: Buffer.from(frame), faces: facesAt(keys, index) });
          if (batch.length >= SWAP_BATCH) await swap();
        },
        opts.signal,
      );
      if (batch.length > 0) await swap();
      await sink.close();
    } catch (error) {
      await sink.kill();
      throw error;
    }

    return encodeWithSourceSound(
      { dir, framesPath: swappedPath, sourcePath, hasAudio, size, frames },
      { ...opts, progress: (fraction, stage) => opts.progress?.(0.8 + 0.2 * fraction, stage === 'rendering' ? 'encoding' : stage) },
    );
  });
}
