/** Face swap on a video (task.createFaceSwapTask). */
import type { GenerationInput } from '@tessera/shared/generation';
import type { RunContext } from '../../../providers/provider.ts';
import type { RenderOptions, VideoClip } from '../videoKinds.ts';

export async function renderVideoFaceSwap(_input: GenerationInput<'video_face_swap'>, _ctx: RunContext, _opts: RenderOptions): Promise<VideoClip> {
  throw new Error('video_face_swap: the local engine does not render this kind yet');
}
