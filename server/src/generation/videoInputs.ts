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
import { checkGeneralVideo, checkLipSyncVideo, isExtendable, type VideoSource, type VideoUpscaleTarget, videoUpscalePlan } from '@tessera/shared/generation/video';
import { findMediaObject, type MediaObjectInfo } from '../media/media.api.ts';
import { probeVideo } from '../media/probe.ts';
import { type InputDeps, mayUseMedia, type ProjectMediaScope } from './inputs.ts';
import { findTask } from './tasks.repo.ts';

/** A video the caller may use: its stored object and when the video was made. */
interface ResolvedVideo {
  object: MediaObjectInfo;
  /** When the video was created: its task's creation for a clip made here, else the upload's. */
  createdAt: Date;
}

/** The stored video `value` names, once the caller may use it. */
async function resolveVideo(deps: InputDeps, userId: string, value: string, project: ProjectMediaScope | null): Promise<ResolvedVideo> {
  const ref = parseVideoRef(value);
  if (!ref) throw new AppError('VIDEO_NOT_FOUND');
  let key: string;
  let createdAt: Date | null = null;
  if (ref.kind === 'task') {
    const task = await findTask(deps.db, ref.taskId);
    // Someone else's task does not exist for the caller.
    if (!task || task.userId !== userId) throw new AppError('VIDEO_NOT_FOUND');
    if (task.status === 'queued' || task.status === 'running') throw new AppError('VIDEO_PROCESSING');
    const output = task.status === 'succeeded' ? task.outputs.find((o) => o.mediaType === 'video') : undefined;
    if (!output) throw new AppError('VIDEO_NOT_FOUND');
    key = output.key;
    createdAt = task.createdAt;
  } else {
    key = ref.key;
  }
  const object = await findMediaObject(deps.db, key);
  if (!object || !object.contentType.startsWith('video/')) throw new AppError('VIDEO_NOT_FOUND');
  if (!(await mayUseMedia(deps, userId, object, project))) throw new AppError('VIDEO_NOT_FOUND');
  return { object, createdAt: createdAt ?? object.createdAt };
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
function checkVideoRules(kind: GenerationKind, input: Record<string, unknown>, source: VideoSource, video: ResolvedVideo): void {
  switch (kind) {
    case 'video_upscale': {
      const plan = videoUpscalePlan(source, input.target as VideoUpscaleTarget);
      if (!plan.ok) throw new AppError(plan.error);
      return;
    }
    case 'video_extend':
      if (!isExtendable(source.durationS, video.createdAt)) throw new AppError('VIDEO_NOT_EXTENDABLE');
      return;
    case 'lip_sync': {
      const broken = checkLipSyncVideo({ ...source, sizeBytes: video.object.sizeBytes });
      if (broken) throw new AppError(broken);
      return;
    }
    default: {
      const broken = checkGeneralVideo(source.durationS);
      if (broken) throw new AppError(broken);
    }
  }
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
  project: ProjectMediaScope | null = null,
): Promise<GenerationInput<K>> {
  const fields = videoFieldsOf(kind);
  if (fields.length === 0) return input;
  const resolved = { ...(input as Record<string, unknown>) };
  for (const field of fields) {
    const value = readField(resolved, field);
    // An optional video left out (lip sync from a portrait instead); the schema said which are required.
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new AppError('VIDEO_NOT_FOUND');
    const video = await resolveVideo(deps, userId, value, project);
    const source = await probeStored(deps, video.object.key);
    checkVideoRules(kind, resolved, source, video);
    // Video kinds have one top-level video field; its probe is the task's `source`.
    resolved[field] = video.object.key;
    resolved.source = source;
  }
  return resolved as GenerationInput<K>;
}
