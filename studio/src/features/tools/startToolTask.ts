/** Sends a validated tool request to its RPC (§7 imageTools.*). */
import type { GenerationInput, ImageToolKind } from '@tessera/shared/generation';
import type { useTRPCClient } from '../../lib/trpc.ts';

type Client = ReturnType<typeof useTRPCClient>;

/** `input` has passed the kind's schema (buildToolInput), so it is that kind's input. */
export function startToolTask(client: Client, kind: ImageToolKind, input: unknown): Promise<{ id: string }> {
  switch (kind) {
    case 'upscale':
      return client.imageTools.upscale.mutate(input as GenerationInput<'upscale'>);
    case 'uncrop':
      return client.imageTools.uncrop.mutate(input as GenerationInput<'uncrop'>);
    case 'object_remover':
      return client.imageTools.objectRemover.mutate(input as GenerationInput<'object_remover'>);
    case 'background_remover':
      return client.imageTools.backgroundRemover.mutate(input as GenerationInput<'background_remover'>);
    case 'background_changer':
      return client.imageTools.backgroundChanger.mutate(input as GenerationInput<'background_changer'>);
    case 'face_swap':
      return client.imageTools.faceSwap.mutate(input as GenerationInput<'face_swap'>);
    case 'inpaint':
      return client.imageTools.painting.mutate(input as GenerationInput<'inpaint'>);
  }
}
