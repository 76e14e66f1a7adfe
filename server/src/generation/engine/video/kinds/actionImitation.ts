/** Mimic motion (video.createActionImitation). */
import type { GenerationInput } from '@tessera/shared/generation';
import type { RunContext } from '../../../providers/provider.ts';
import type { RenderOptions, VideoClip } from '../videoKinds.ts';

export async function renderActionImitation(_input: GenerationInput<'action_imitation'>, _ctx: RunContext, _opts: RenderOptions): Promise<VideoClip> {
  throw new Error('action_imitation: the local engine does not render this kind yet');
}
