/** Consistent character (video.createVideoBySubjects). */
import type { GenerationInput } from '@tessera/shared/generation';
import type { RunContext } from '../../../providers/provider.ts';
import type { RenderOptions, VideoClip } from '../videoKinds.ts';

export async function renderSubjectsVideo(_input: GenerationInput<'video_subjects'>, _ctx: RunContext, _opts: RenderOptions): Promise<VideoClip> {
  throw new Error('video_subjects: the local engine does not render this kind yet');
}
