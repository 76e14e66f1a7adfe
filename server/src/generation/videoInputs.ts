/**
 * Input videos of a generation request (video → video, anime, upscale), resolved and checked
 * before the task is accepted, so a request that breaks a §5 rule is refused before any credits
 * are held: the reference must be a stored video the caller may use (see mayUseMedia) or one of
 * their own finished video tasks — a task still running is refused with VIDEO_PROCESSING (§4 "a
 * processing video blocks actions"). The file is then probed with ffprobe (the stored metadata
 * is not trusted for money) and the kind's rules applied; what was read is written into the
 * input as `source`, which prices the task and sizes its output.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { AppError } from '@tessera/shared/errors';
import { type GenerationInput, type GenerationKind, parseVideoRef, readField, videoFieldsOf } from '@tessera/shared/generation';
import { checkGeneralVideo, type VideoSource, type VideoUpscaleTarget, videoUpscalePlan } from '@tessera/shared/generation/video';
import { findMediaObject } from '../media/media.repo.ts';
import { probeVideo } from '../media/probe.ts';
import { type InputDeps, mayUseMedia } from './inputs.ts';
import { findTask } from './tasks.repo.ts';

/** The storage key of the video `value` names, once the caller may use it. */
async function resolveVideoKey(deps: InputDeps, userId: string, value: string, projectId: string | null): Promise<string> {
  const ref = parseVideoRef(value);
  if (!ref) throw new AppError('VIDEO_NOT_FOUND');
  let key: string;
  if (ref.kind === 'task') {
    const task = await findTask(deps.db, ref.taskId);
    // Someone else's task does not exist for the caller.
    if (!task || task.userId !== userId) throw new AppError('VIDEO_NOT_FOUND');
    if (task.status === 'queued' || task.status === 'running') throw new AppError('VIDEO_PROCESSING');
    const output = task.status === 'succeeded' ? task.outputs.find((o) => o.mediaType === 'video') : undefined;
    if (!output) throw new AppError('VIDEO_NOT_FOUND');
    key = output.key;
  } else {
    key = ref.key;
  }
  const object = await findMediaObject(deps.db, key);
  if (!object || !object.contentType.startsWith('video/')) throw new AppError('VIDEO_NOT_FOUND');
  if (!(await mayUseMedia(deps, userId, object, projectId))) throw new AppError('VIDEO_NOT_FOUND');
  return object.key;
}

/** Reads the stored video with ffprobe (from a temp copy: storage may be a bucket). */
async function probeStored(deps: InputDeps, key: string): Promise<VideoSource> {
  const stored = await deps.storage.get(key);
  if (!stored) throw new AppError('VIDEO_LOAD_FAILED');
  const dir = await mkdtemp(join(tmpdir(), 'tessera-vin-'));
  try {
    const path = join(dir, key.endsWith('.webm') ? 'source.webm' : 'source.mp4');
    await writeFile(path, await buffer(stored.stream));
    const { durationS, width, height } = await probeVideo(path);
    return { durationS, width, height };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The §5 rules of each kind that takes a video. */
function checkVideoRules(kind: GenerationKind, input: Record<string, unknown>, source: VideoSource): void {
  if (kind === 'video_upscale') {
    const plan = videoUpscalePlan(source, input.target as VideoUpscaleTarget);
    if (!plan.ok) throw new AppError(plan.error);
    return;
  }
  const broken = checkGeneralVideo(source.durationS);
  if (broken) throw new AppError(broken);
}

/**
 * Returns the input with its video reference replaced by a storage key and `source` set from
 * ffprobe; kinds without a video field are returned unchanged.
 */
export async function resolveInputVideos<K extends GenerationKind>(
  deps: InputDeps,
  userId: string,
  kind: K,
  input: GenerationInput<K>,
  projectId: string | null = null,
): Promise<GenerationInput<K>> {
  const fields = videoFieldsOf(kind);
  if (fields.length === 0) return input;
  const resolved = { ...(input as Record<string, unknown>) };
  for (const field of fields) {
    const value = readField(resolved, field);
    if (typeof value !== 'string') throw new AppError('VIDEO_NOT_FOUND');
    const key = await resolveVideoKey(deps, userId, value, projectId);
    const source = await probeStored(deps, key);
    checkVideoRules(kind, resolved, source);
    // Video kinds have one top-level video field; its probe is the task's `source`.
    resolved[field] = key;
    resolved.source = source;
  }
  return resolved as GenerationInput<K>;
}
