/** Lip sync and AI avatar (lipSync.createLipSyncTask). */
import type { GenerationInput } from '@tessera/shared/generation';
import type { RunContext } from '../../../providers/provider.ts';
import type { RenderOptions, VideoClip } from '../videoKinds.ts';

export async function renderLipSync(_input: GenerationInput<'lip_sync'>, _ctx: RunContext, _opts: RenderOptions): Promise<VideoClip> {
  throw new Error('lip_sync: the local engine does not render this kind yet');
}
