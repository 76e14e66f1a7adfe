/** AI shorts (aiShorts.create). */
import type { GenerationInput } from '@tessera/shared/generation';
import type { RunContext } from '../../../providers/provider.ts';
import type { RenderOptions, VideoClip } from '../videoKinds.ts';

export async function renderAiShort(_input: GenerationInput<'ai_shorts'>, _ctx: RunContext, _opts: RenderOptions): Promise<VideoClip> {
  throw new Error('ai_shorts: the local engine does not render this kind yet');
}
