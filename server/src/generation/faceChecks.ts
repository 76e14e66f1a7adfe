/**
 * Accept-time checks of the kinds that work on a face (§5, §8), run after the inputs are resolved
 * and before any credits are held, so a request that cannot work is refused for free:
 * - lip sync is limited to LIP_SYNC_PER_MINUTE requests a minute per user (SPEECH_TOO_FREQUENT),
 *   counted from the task rows;
 * - a lip-sync portrait, and the face photo of a video face swap, must show a face
 *   (NO_FACES_IN_IMAGE);
 * - on the local engine, a face swap's face photo must show a face (NO_FACE_FOUND) and its target
 *   photo at least one (NO_FACES_IN_IMAGE), posed so the warp can handle them: not in profile,
 *   not lying sideways (INVALID_FACE_POSE, tools/faceSwap.ts isSwappablePose); the same holds for
 *   a local video face swap's face photo;
 * - a lip-sync video must show a face on most of FACE_SAMPLES frames spread over it
 *   (NO_FACE_FOUND), turned towards the camera and steady: no jumps or big changes of size between
 *   samples (§5 "stable faces": INVALID_FACE_POSE).
 * Faces are found with the engine's face-api detector (tools/faceSwap.ts), the one the renders use,
 * in the app's engine pool (`deps.engine`) so the HTTP event loop is not blocked; all of a
 * request's pictures go in one call.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { AppError } from '@tessera/shared/errors';
import type { GenerationInput, GenerationKind } from '@tessera/shared/generation';
import { runToolOn, type ToolRunner } from './engine/enginePool.ts';
import { ContentCache } from './faceCache.ts';
import { area, type DetectedFace, isSwappablePose, largestFace } from './engine/tools/faceSwap.ts';
import { runFfmpeg } from './engine/video/ffmpeg.ts';
import type { InputDeps } from './inputs.ts';
import { countTasksSince } from './speechLimit.repo.ts';

/** §8 "Speech generation is too frequent": lip-sync requests a user may make in a minute. */
export const LIP_SYNC_PER_MINUTE = 6;
/** Frames of a lip-sync video looked at, evenly spread. */
export const FACE_SAMPLES = 5;
/** Share of the samples that must show a face. */
const MIN_FACE_SHARE = 0.6;
/** Between two samples the face may move this many face widths, and grow or shrink this much. */
const MAX_MOVE = 0.75;
const MAX_SCALE = 1.5;
/** The nose must sit within this middle band of the jaw's width (else the face is in profile). */
const FRONTAL_BAND = [0.2, 0.8] as const;
/** Samples are decoded this wide at most (the detector works at 512 px). */
const SAMPLE_WIDTH = 640;

type FaceVerdict = 'NO_FACE_FOUND' | 'INVALID_FACE_POSE' | null;

const centre = (f: DetectedFace) => ({ x: f.box.x + f.box.width / 2, y: f.box.y + f.box.height / 2 });

/** True when the face looks towards the camera: its nose tip (30) between its jaw ends (0, 16), not at one side. */
function isFrontal(f: DetectedFace): boolean {
  const [left, right, nose] = [f.landmarks[0]!, f.landmarks[16]!, f.landmarks[30]!];
  const span = right.x - left.x;
  if (span <= 0) return false;
  const at = (nose.x - left.x) / span;
  return at >= FRONTAL_BAND[0] && at <= FRONTAL_BAND[1];
}

/**
 * The verdict on a lip-sync video from the largest face of each sampled frame (undefined: none):
 * too few faces, a face in profile, or a face that jumps or changes size between samples.
 */
export function judgeFaceSamples(samples: readonly (DetectedFace | undefined)[]): FaceVerdict {
  const faces = samples.filter((f): f is DetectedFace => f !== undefined);
  if (faces.length === 0 || faces.length < Math.ceil(samples.length * MIN_FACE_SHARE)) return 'NO_FACE_FOUND';
  if (!faces.every(isFrontal)) return 'INVALID_FACE_POSE';
  for (let i = 1; i < faces.length; i++) {
    const [a, b] = [faces[i - 1]!, faces[i]!];
    const width = (a.box.width + b.box.width) / 2;
    const moved = Math.hypot(centre(b).x - centre(a).x, centre(b).y - centre(a).y) / width;
    const scale = Math.max(area(a), area(b)) / Math.max(1, Math.min(area(a), area(b)));
    if (moved > MAX_MOVE || Math.sqrt(scale) > MAX_SCALE) return 'INVALID_FACE_POSE';
  }
  return null;
}

export interface FaceCheckDeps extends InputDeps {
  /** The engine pool the detector runs in; without one (tests calling in directly) it runs inline. */
  engine?: ToolRunner;
}

/** The faces on each of `images` (encoded pictures). */
const detected = new ContentCache<DetectedFace[][]>();
const findFaces = (deps: FaceCheckDeps, images: Buffer[]) => detected.get(images, () => runToolOn(deps.engine, 'detectFaces', { images }));

async function load(deps: InputDeps, key: string, missing: 'IMAGE_NOT_FOUND' | 'VIDEO_LOAD_FAILED'): Promise<Buffer> {
  const stored = await deps.storage.get(key);
  if (!stored) throw new AppError(missing);
  return buffer(stored.stream);
}

/** The largest face on each of FACE_SAMPLES frames spread evenly over the video. */
async function sampleFaces(deps: FaceCheckDeps, video: Buffer, durationS: number): Promise<(DetectedFace | undefined)[]> {
  const dir = await mkdtemp(join(tmpdir(), 'tessera-faces-'));
  try {
    const path = join(dir, 'source');
    await writeFile(path, video);
    const frames: Buffer[] = [];
    for (let i = 0; i < FACE_SAMPLES; i++) {
      const at = ((i + 0.5) / FACE_SAMPLES) * durationS;
      const frame = join(dir, `sample-${i}.png`);
      await runFfmpeg(
        ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-ss', at.toFixed(3), '-i', `file:${path}`, '-frames:v', '1', '-vf', `scale='min(${SAMPLE_WIDTH},iw)':-2`, `file:${frame}`],
        1,
        {},
      );
      frames.push(await readFile(frame));
    }
    return (await findFaces(deps, frames)).map(largestFace);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Refuses a face kind's request whose input cannot work (see the file comment); other kinds pass.
 * `local`: the task will run on the local engine, whose warp handles fewer poses than hosted models.
 */
export async function checkFaceInputs<K extends GenerationKind>(deps: FaceCheckDeps, userId: string, kind: K, input: GenerationInput<K>, options: { local: boolean } = { local: true }): Promise<void> {
  if (kind === 'lip_sync') {
    const i = input as GenerationInput<'lip_sync'>;
    if ((await countTasksSince(deps.db, userId, 'lip_sync', new Date(Date.now() - 60_000))) >= LIP_SYNC_PER_MINUTE) throw new AppError('SPEECH_TOO_FREQUENT');
    if (i.image) {
      const [faces] = await findFaces(deps, [await load(deps, i.image, 'IMAGE_NOT_FOUND')]);
      if (!faces?.length) throw new AppError('NO_FACES_IN_IMAGE');
    } else if (i.video && i.source) {
      const verdict = judgeFaceSamples(await sampleFaces(deps, await load(deps, i.video, 'VIDEO_LOAD_FAILED'), i.source.durationS));
      if (verdict) throw new AppError(verdict);
    }
  } else if (kind === 'video_face_swap') {
    const i = input as GenerationInput<'video_face_swap'>;
    const [faces] = await findFaces(deps, [await load(deps, i.face, 'IMAGE_NOT_FOUND')]);
    const face = largestFace(faces ?? []);
    if (!face) throw new AppError('NO_FACES_IN_IMAGE');
    if (options.local && !isSwappablePose(face)) throw new AppError('INVALID_FACE_POSE');
  } else if (kind === 'face_swap' && options.local) {
    // The same verdicts the local swap would reach after the credits were held (tools/faceSwap.ts).
    const i = input as GenerationInput<'face_swap'>;
    const [sourceFaces, targetFaces] = await findFaces(deps, [await load(deps, i.face, 'IMAGE_NOT_FOUND'), await load(deps, i.image, 'IMAGE_NOT_FOUND')]);
    const source = largestFace(sourceFaces ?? []);
    if (!source) throw new AppError('NO_FACE_FOUND');
    if (!isSwappablePose(source)) throw new AppError('INVALID_FACE_POSE');
    if (!targetFaces?.length) throw new AppError('NO_FACES_IN_IMAGE');
    if (!targetFaces.some(isSwappablePose)) throw new AppError('INVALID_FACE_POSE');
  }
}
