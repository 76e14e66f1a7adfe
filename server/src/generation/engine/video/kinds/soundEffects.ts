/** Sound effects (audioVideo.createAudioVideo). */
import type { GenerationInput } from '@tessera/shared/generation';
import type { RunContext } from '../../../providers/provider.ts';
import type { RenderOptions, VideoClip } from '../videoKinds.ts';

export async function renderSoundEffects(_input: GenerationInput<'sound_effects'>, _ctx: RunContext, _opts: RenderOptions): Promise<VideoClip> {
  throw new Error('sound_effects: the local engine does not render this kind yet');
}
