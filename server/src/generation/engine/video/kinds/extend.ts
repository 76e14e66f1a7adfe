/** Video extension (video.extendVideo). */
import type { GenerationInput } from '@tessera/shared/generation';
import type { RunContext } from '../../../providers/provider.ts';
import type { RenderOptions, VideoClip } from '../videoKinds.ts';

export async function renderVideoExtend(_input: GenerationInput<'video_extend'>, _ctx: RunContext, _opts: RenderOptions): Promise<VideoClip> {
  throw new Error('video_extend: the local engine does not render this kind yet');
}
