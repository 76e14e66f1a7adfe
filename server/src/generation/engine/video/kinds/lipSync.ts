/**
 * Lip sync and AI avatar (lipSync.createLipSyncTask) on the local engine — an honest classical
 * stand-in for a talking-head model. The text is spoken by a Flite voice (speech.ts); the speech's
 * loudness on each frame sets how far the mouth opens (mouthOpenness), and mouth.ts opens the mouth
 * of the face face-api finds:
 * - video mode: on every frame of the source, resampled to VIDEO_FPS at the requested resolution. The
 *   clip lasts as long as the speech, the source playing forwards and backwards (ping-pong) when it
 *   is shorter; faces are detected on key frames and interpolated between them (faceTrack.ts).
 * - avatar mode (a portrait): on the still, detected once, with a slow sway of the whole picture
 *   (rotation and drift in the encode graph) so it does not look frozen.
 * Frames go through the shared FrameSink into the encode of videoKinds.ts with the speech as the
 * clip's audio (AAC), so the output is H.264 + AAC, faststart, with a poster.
 *
 * Face-api inference, the heavy part (~0.3–0.7 s per key frame), runs in the engine pool's threads
 * (the `detectFaces` tool, via faceTrack.ts); the event loop decodes, opens mouths (cheap pixel
 * work) and yields between frames.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { AppError } from '@tessera/shared/errors';
import type { GenerationInput } from '@tessera/shared/generation';
import { fitVideoSize } from '@tessera/shared/generation/video';
import sharp from 'sharp';
import type { RunContext } from '../../../providers/provider.ts';
import { largestFace } from '../../tools/faceSwap.ts';
import { facesAt, KeyFrameFaces, keyFrameIndices } from '../faceTrack.ts';
import { decodeFrames, FrameSink } from '../frames.ts';
import { runEngineTool } from '../layers.ts';
import { openMouth } from '../mouth.ts';
import { mouthOpenness, speechEnvelope, synthesizeSpeech } from '../speech.ts';
import { encode, framesFor, inTempDir, n, type RenderOptions, type Size, VIDEO_FPS, type VideoClip } from '../videoKinds.ts';

/** Source frames between face detections: half a second (12 at 24 fps). */
export const LIP_SYNC_DETECT_EVERY = VIDEO_FPS / 2;
/** The avatar's sway: how much larger the picture is drawn than the frame, its roll and drift. */
const SWAY_ZOOM = 1.08;
const SWAY_ROLL_RAD = 0.012;
const SWAY_DRIFT = 0.015;

/** Which source frame plays on output frame `i` when a clip of `count` frames plays back and forth. */
export function pingPong(i: number, count: number): number {
  if (count <= 1) return 0;
  const period = 2 * (count - 1);
  const k = i % period;
  return k < count ? k : period - k;
}

const even = (x: number) => Math.max(2, Math.round(x / 2) * 2);

/** The sway of the avatar mode: scale up, roll and drift slowly, crop back to `size`. */
function swayGraph(size: Size): string {
  const w = even(size.width * SWAY_ZOOM);
  const h = even(size.height * SWAY_ZOOM);
  const dx = n(size.width * SWAY_DRIFT);
  const dy = n(size.height * SWAY_DRIFT * 0.6);
  return (
    `[0:v]scale=${w}:${h}:flags=bicubic,rotate=a='${SWAY_ROLL_RAD}*sin(2*PI*t/3.7)':ow=iw:oh=ih:c=black,` +
    `crop=${size.width}:${size.height}:x='(iw-ow)/2+${dx}*sin(2*PI*t/5.3)':y='(ih-oh)/2+${dy}*sin(2*PI*t/4.1)'`
  );
}

/** Avatar mode: the portrait with its mouth moving, `open.length` frames into `sink`. */
async function avatarFrames(image: Buffer, resolution: GenerationInput<'lip_sync'>['resolution'], open: Float32Array, dir: string, opts: RenderOptions) {
  const upright = await sharp(image).rotate().toBuffer({ resolveWithObject: true });
  const size = fitVideoSize(upright.info.width, upright.info.height, resolution);
  const base = await sharp(upright.data).flatten({ background: '#000000' }).resize(size.width, size.height, { fit: 'cover', kernel: 'lanczos3' }).removeAlpha().raw().toBuffer();
  const [faces] = await runEngineTool(opts, 'detectFaces', { images: [base], raw: { ...size, channels: 3 } });
  const face = largestFace(faces ?? []);
  if (!face) throw new AppError('NO_FACES_IN_IMAGE');
  const path = join(dir, 'mouth.mkv');
  const sink = new FrameSink(path, { ...size, fps: VIDEO_FPS }, opts.signal);
  try {
    const frame = Buffer.alloc(base.length);
    for (let i = 0; i < open.length; i++) {
      base.copy(frame);
      openMouth({ data: frame, width: size.width, height: size.height, channels: 3 }, face.landmarks, open[i]!);
      await sink.write(frame);
      if (i % VIDEO_FPS === 0) opts.progress?.(0.1 + 0.6 * (i / open.length), 'animating');
    }
    await sink.close();
  } catch (error) {
    await sink.kill();
    throw error;
  }
  return { path, size, graph: swayGraph(size) };
}

/** Video mode: every frame of the source (ping-ponged to the speech's length) with its mouth moving. */
async function videoFrames(
  video: Buffer,
  source: { width: number; height: number; durationS: number },
  resolution: GenerationInput<'lip_sync'>['resolution'],
  open: Float32Array,
  dir: string,
  opts: RenderOptions,
) {
  const size = fitVideoSize(source.width, source.height, resolution);
  const count = framesFor(source.durationS);
  const sourcePath = join(dir, 'source');
  await writeFile(sourcePath, video);
  // Pass 1: the source's frames, kept as JPEG (a 10 s 1080p clip raw would be ~1.5 GB), with
  // faces on key frames.
  const stored: Buffer[] = [];
  const detector = new KeyFrameFaces({ ...size, channels: 3 }, opts);
  const keyAt = new Set(keyFrameIndices(count, LIP_SYNC_DETECT_EVERY));
  const raw = { width: size.width, height: size.height, channels: 3 as const };
  await decodeFrames(
    sourcePath,
    { ...size, fps: VIDEO_FPS, frames: count },
    async (frame, index) => {
      stored.push(await sharp(frame, { raw }).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer());
      if (keyAt.has(index)) {
        await detector.add(index, frame);
        opts.progress?.(0.1 + 0.3 * (index / count), 'finding the face');
      }
    },
    opts.signal,
  );
  // Only the speaker's face (the largest) is animated.
  const keys = (await detector.done()).map(({ frame, faces }) => {
    const face = largestFace(faces);
    return { frame, faces: face ? [face] : [] };
  });
  if (keys.every((k) => k.faces.length === 0)) throw new AppError('NO_FACE_FOUND');
  const path = join(dir, 'mouth.mkv');
  const sink = new FrameSink(path, { ...size, fps: VIDEO_FPS }, opts.signal);
  try {
    for (let i = 0; i < open.length; i++) {
      const s = pingPong(i, count);
      const frame = await sharp(stored[s]!).raw().toBuffer();
      const face = largestFace(facesAt(keys, s));
      if (face) openMouth({ data: frame, width: size.width, height: size.height, channels: 3 }, face.landmarks, open[i]!);
      await sink.write(frame);
      if (i % VIDEO_FPS === 0) {
        opts.progress?.(0.4 + 0.3 * (i / open.length), 'animating');
        await setImmediate();
      }
    }
    await sink.close();
  } catch (error) {
    await sink.kill();
    throw error;
  }
  return { path, size, graph: '[0:v]null' };
}

export async function renderLipSync(input: GenerationInput<'lip_sync'>, ctx: RunContext, opts: RenderOptions): Promise<VideoClip> {
  opts.progress?.(0, 'speaking');
  const speech = await synthesizeSpeech(input.text, input.voice, opts.signal);
  const frames = framesFor(speech.durationS);
  const open = mouthOpenness(speechEnvelope(speech.samples, speech.sampleRate, VIDEO_FPS, frames));
  opts.progress?.(0.1, 'animating');
  const media = input.image ? await ctx.loadMedia(input.image) : await ctx.loadMedia(input.video!);
  return inTempDir(async (dir) => {
    const wavPath = join(dir, 'speech.wav');
    await writeFile(wavPath, speech.wav);
    let mouth: { path: string; size: Size; graph: string };
    if (input.image) {
      mouth = await avatarFrames(media, input.resolution, open, dir, opts);
    } else {
      if (!input.source) throw new Error('lip sync video has no probed source');
      mouth = await videoFrames(media, input.source, input.resolution, open, dir, opts);
    }
    return encode(
      {
        dir,
        inputs: ['-i', `file:${mouth.path}`, '-i', `file:${wavPath}`],
        inputCount: 2,
        graph: mouth.graph,
        size: mouth.size,
        frames,
        mode: 'std',
        audioFrom: 1,
      },
      { ...opts, progress: (fraction, stage) => opts.progress?.(0.7 + 0.3 * fraction, stage) },
    );
  });
}
