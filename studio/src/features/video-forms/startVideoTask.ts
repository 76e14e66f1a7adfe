/** Sends a validated video request to its RPC (§7 video.*, anime.*, aiShorts.*, videoTools.*, audioVideo.*, lipSync.*, task.createFaceSwapTask). */
import type { GenerationInput, VideoGenerationKind } from '@tessera/shared/generation';
import type { useTRPCClient } from '../../lib/trpc.ts';

type Client = ReturnType<typeof useTRPCClient>;

/** `input` has passed the kind's schema (buildVideoInput), so it is that kind's input. */
export function startVideoTask(client: Client, kind: VideoGenerationKind, input: unknown): Promise<{ id: string }> {
  switch (kind) {
    case 'text_to_video':
      return client.video.createVideoByText.mutate(input as GenerationInput<'text_to_video'>);
    case 'text_to_video_v2':
      return client.video.createVideoByTextV2.mutate(input as GenerationInput<'text_to_video_v2'>);
    case 'image_to_video':
      return client.video.createVideoByImage.mutate(input as GenerationInput<'image_to_video'>);
    case 'image_to_video_v2':
      return client.video.createVideoByImageV2.mutate(input as GenerationInput<'image_to_video_v2'>);
    case 'video_to_video':
      return client.video.createVideoByVideo.mutate(input as GenerationInput<'video_to_video'>);
    case 'anime_video':
      return client.anime.createAnimatedVideo.mutate(input as GenerationInput<'anime_video'>);
    case 'video_upscale':
      return client.video.upscaleVideo.mutate(input as GenerationInput<'video_upscale'>);
    case 'video_subjects':
      return client.video.createVideoBySubjects.mutate(input as GenerationInput<'video_subjects'>);
    case 'action_imitation':
      return client.video.createActionImitation.mutate(input as GenerationInput<'action_imitation'>);
    case 'video_extend':
      return client.video.extendVideo.mutate(input as GenerationInput<'video_extend'>);
    case 'ai_shorts':
      return client.aiShorts.create.mutate(input as GenerationInput<'ai_shorts'>);
    case 'video_background_remover':
      return client.videoTools.videoBackgroundRemover.mutate(input as GenerationInput<'video_background_remover'>);
    case 'video_subtitles_remove':
      return client.videoTools.videoSubtitlesRemove.mutate(input as GenerationInput<'video_subtitles_remove'>);
    case 'sound_effects':
      return client.audioVideo.createAudioVideo.mutate(input as GenerationInput<'sound_effects'>);
    case 'lip_sync':
      return client.lipSync.createLipSyncTask.mutate(input as GenerationInput<'lip_sync'>);
    case 'video_face_swap':
      return client.task.createFaceSwapTask.mutate(input as GenerationInput<'video_face_swap'>);
  }
}
