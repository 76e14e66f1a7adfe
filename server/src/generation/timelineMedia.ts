/**
 * The sources of a timeline export (`video_edit`), checked before the task is accepted, like the
 * images of other kinds (inputs.ts): every clip must be stored media of the right type that the
 * caller may use (mayUseMedia: their own, published and not copy protected, or shown in the
 * project's document when the caller may generate there),
 * and a clip may not run past the end of its stored source. Refusing here means no credits are
 * ever held for a timeline the engine could not render.
 */
import { AppError } from '@tessera/shared/errors';
import { parseImageRef, type VideoEditInput } from '@tessera/shared/generation';
import type { Clip } from '@tessera/shared/timeline';
import { findMediaObject } from '../media/media.api.ts';
import { type InputDeps, mayUseMedia, type ProjectMediaScope } from './inputs.ts';

/** Slack for a clip's out point against the stored duration (container rounding). */
const DURATION_SLACK_S = 0.05;

const CONTENT_TYPES: Record<Clip['mediaType'], readonly string[]> = { video: ['video/'], image: ['image/'], audio: ['audio/', 'video/'] };

/**
 * Returns the export input with every clip's `src` replaced by its storage key and its
 * `sourceDurationS` set from what was probed when the media was stored (a client's value is not
 * trusted). Throws VIDEO_NOT_FOUND (IMAGE_NOT_FOUND for a still) for media the caller may not use.
 */
export async function resolveTimelineMedia(deps: InputDeps, userId: string, input: VideoEditInput, project: ProjectMediaScope | null): Promise<VideoEditInput> {
  const clips: Clip[] = [];
  for (const clip of input.timeline.clips) {
    const missing = new AppError(clip.mediaType === 'image' ? 'IMAGE_NOT_FOUND' : 'VIDEO_NOT_FOUND');
    const ref = parseImageRef(clip.src);
    if (ref?.kind !== 'key') throw missing;
    const object = await findMediaObject(deps.db, ref.key);
    if (!object || !CONTENT_TYPES[clip.mediaType].some((prefix) => object.contentType.startsWith(prefix))) throw missing;
    if (!(await mayUseMedia(deps, userId, object, project))) throw missing;
    const sourceDurationS = object.durationS ?? undefined;
    if (sourceDurationS !== undefined && clip.out > sourceDurationS + DURATION_SLACK_S) throw new AppError('VIDEO_VALIDATION_FAILED');
    const { sourceDurationS: _claimed, ...rest } = clip;
    clips.push({ ...rest, src: object.key, ...(sourceDurationS !== undefined ? { sourceDurationS } : {}) });
  }
  return { ...input, timeline: { ...input.timeline, clips } };
}
