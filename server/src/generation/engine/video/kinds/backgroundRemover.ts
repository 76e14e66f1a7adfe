/** Video background removal (videoTools.videoBackgroundRemover). */
import type { GenerationInput } from '@tessera/shared/generation';
import type { RunContext } from '../../../providers/provider.ts';
import type { RenderOptions, VideoClip } from '../videoKinds.ts';

export async function renderVideoBackgroundRemover(_input: GenerationInput<'video_background_remover'>, _ctx: RunContext, _opts: RenderOptions): Promise<VideoClip> {
  throw new Error('video_background_remover: the local engine does not render this kind yet');
}
