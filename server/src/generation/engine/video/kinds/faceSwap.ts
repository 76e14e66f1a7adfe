/**
 * Face swap on a video (task.createFaceSwapTask) on the local engine: the image face swap
 * (tools/faceSwap.ts: landmark-driven piecewise-affine warp, colour match, feathered blend) applied
 * to every frame. Detection runs on key frames only and the faces' landmarks are interpolated in
 * between (faceTrack.ts), which keeps the swapped face from jittering. The clip keeps the source's
 * length, size and sound (silence when it has none); frames without a face pass through.
 *
 * Runs on the task worker's event loop like lip sync (see lipSync.ts): one face-api detection per
 * key frame, and the per-frame warp of the image tool (a few ms per face), yielding between frames.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { AppError } from '@tessera/shared/errors';
import type { GenerationInput } from '@tessera/shared/generation';
import { probeVideo } from '../../../../media/probe.ts';
import type { RunContext } from '../../../providers/provider.ts';
import { area, type DetectedFace, decode, detect, swapOne } from '../../tools/faceSwap.ts';
import { facesAt, keyFrameIndices, type KeyFaces, rgbaToRgb, rgbToRgba } from '../faceTrack.ts';
import { decodeFrames, FrameSink } from '../frames.ts';
import { encode, framesFor, inTempDir, type RenderOptions, VIDEO_FPS, type VideoClip } from '../videoKinds.ts';

/** Frames between face detections (a quarter second at 24 fps: faces in a clip move more than a speaker's). */
export const FACE_SWAP_DETECT_EVERY = 6;
/** The face photo is only sampled, so it is decoded no larger than this (as the image tool does). */
const MAX_FACE_SIDE = 2048;

const even = (x: number) => Math.max(2, Math.floor(x / 2) * 2);

export async function renderVideoFaceSwap(input: GenerationInput<'video_face_swap'>, ctx: RunContext, opts: RenderOptions): Promise<VideoClip> {
  if (!input.source) throw new Error('face swap video has no probed source');
  opts.progress?.(0, 'detecting');
  const face = await decode(await ctx.loadMedia(input.face), MAX_FACE_SIDE);
  const sourceFace = (await detect(face.pixels)).reduce<DetectedFace | undefined>((best, f) => (!best || area(f) > area(best) ? f : best), undefined);
  if (!sourceFace) throw new AppError('NO_FACES_IN_IMAGE');
  const size = { width: even(input.source.width), height: even(input.source.height) };
  const frames = framesFor(input.source.durationS);
  const video = await ctx.loadMedia(input.video);

  return inTempDir(async (dir) => {
    const sourcePath = join(dir, 'source');
    await writeFile(sourcePath, video);
    const { hasAudio } = await probeVideo(sourcePath);
    const format = { ...size, fps: VIDEO_FPS, frames };

    // Pass 1: faces on the key frames.
    const keys: KeyFaces[] = [];
    const keyAt = new Set(keyFrameIndices(frames, FACE_SWAP_DETECT_EVERY));
    await decodeFrames(
      sourcePath,
      format,
      async (frame, index) => {
        if (!keyAt.has(index)) return;
        keys.push({ frame: index, faces: await detect(rgbToRgba(frame, size.width, size.height)) });
        opts.progress?.(0.05 + 0.35 * (index / frames), 'detecting');
      },
      opts.signal,
    );
    if (keys.every((k) => k.faces.length === 0)) throw new AppError('NO_FACE_FOUND');

    // Pass 2: every frame with its (interpolated) faces replaced.
    const swappedPath = join(dir, 'swapped.mkv');
    const sink = new FrameSink(swappedPath, { ...size, fps: VIDEO_FPS }, opts.signal);
    try {
      await decodeFrames(
        sourcePath,
        format,
        async (frame, index) => {
          const faces = facesAt(keys, index);
          if (faces.length > 0) {
            const canvas = rgbToRgba(frame, size.width, size.height);
            for (const target of faces) await swapOne(canvas, target, face.pixels, sourceFace, () => {});
            rgbaToRgb(canvas, frame);
          }
          await sink.write(frame);
          if (index % 12 === 0) {
            opts.progress?.(0.4 + 0.4 * (index / frames), 'swapping');
            await setImmediate();
          }
        },
        opts.signal,
      );
      await sink.close();
    } catch (error) {
      await sink.kill();
      throw error;
    }

    return encode(
      {
        dir,
        inputs: ['-i', `file:${swappedPath}`, ...(hasAudio ? ['-i', `file:${sourcePath}`] : [])],
        inputCount: hasAudio ? 2 : 1,
        graph: '[0:v]null',
        size,
        frames,
        mode: 'std',
        ...(hasAudio ? { audioFrom: 1 } : {}),
      },
      { ...opts, progress: (fraction, stage) => opts.progress?.(0.8 + 0.2 * fraction, stage === 'rendering' ? 'encoding' : stage) },
    );
  });
}
