/** Subtitle removal (videoTools.videoSubtitlesRemove). */
import type { GenerationInput } from '@tessera/shared/generation';
import type { RunContext } from '../../../providers/provider.ts';
import type { RenderOptions, VideoClip } from '../videoKinds.ts';

export async function renderSubtitlesRemove(_input: GenerationInput<'video_subtitles_remove'>, _ctx: RunContext, _opts: RenderOptions): Promise<VideoClip> {
  throw new Error('video_subtitles_remove: the local engine does not render this kind yet');
}
