/**
 * Hosted models that make videos (text and image to video, the video tools, lip sync and
 * avatars). Each entry's `source` is the provider page its input and output schema were read
 * from. See ../models.ts for what the fields mean.
 */
import type { ModelEntryInput } from '../models.ts';

export const VIDEO_MODELS: ModelEntryInput[] = [
  {
    id: 'fal-kling-video',
    name: 'Kling 2.1 Standard',
    vendor: 'Kuaishou',
    provider: 'fal',
    remoteId: 'fal-ai/kling-video/v2.1/standard/image-to-video',
    kinds: ['image_to_video', 'image_to_video_v2'],
    input: {
      prompt: { from: 'prompt' },
      image_url: { from: 'image', as: 'url' },
      duration: { from: 'duration', as: 'string' },
      negative_prompt: { from: 'negativePrompt' },
    },
    output: { files: ['video.url'] },
    limits: { durations: [5, 10], resolutions: ['720p'] },
    price: { credits: 6, per: 'second' },
    speed: 'slow',
    timeoutS: 900,
    source: 'https://fal.ai/models/fal-ai/kling-video/v2.1/standard/image-to-video/api',
  },
  {
    id: 'fal-wan-t2v',
    name: 'Wan 2.1 text-to-video',
    vendor: 'Alibaba',
    provider: 'fal',
    remoteId: 'fal-ai/wan-t2v',
    kinds: ['text_to_video', 'text_to_video_v2'],
    input: {
      prompt: { from: 'prompt' },
      negative_prompt: { from: 'negativePrompt' },
      aspect_ratio: { from: 'aspectRatio' },
      resolution: { from: 'resolution' },
      seed: { from: 'seed' },
    },
    output: { files: ['video.url'] },
    limits: { durations: [5], resolutions: ['480p', '720p'], aspectRatios: ['16:9', '9:16'] },
    price: { credits: 4, per: 'second', resolution: { '720p': 2 } },
    speed: 'slow',
    timeoutS: 900,
    source: 'https://fal.ai/models/fal-ai/wan-t2v/api',
  },
  {
    id: 'replicate-minimax-video',
    name: 'MiniMax Video-01',
    vendor: 'MiniMax',
    provider: 'replicate',
    remoteId: 'minimax/video-01',
    kinds: ['text_to_video', 'image_to_video'],
    input: {
      prompt: { from: 'prompt' },
      first_frame_image: { from: 'image', as: 'url' },
    },
    output: { files: ['output'] },
    limits: { durations: [5, 10], resolutions: ['720p'] },
    price: { credits: 10, per: 'run' },
    speed: 'slow',
    timeoutS: 900,
    source: 'https://replicate.com/minimax/video-01/api/schema',
  },
];
