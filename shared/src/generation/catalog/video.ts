/**
 * Hosted models that make videos (text and image to video, the video tools, lip sync and
 * avatars). Each entry's `source` is the provider page its input and output schema were read
 * from. See ../models.ts for what the fields mean.
 *
 * Limits follow the model docs and our input schemas (generation.ts): a model that only makes
 * 5 s and 10 s clips says `durations: [5, 10]`, so an 8 s request (the V2 kinds) is refused
 * before credits are held instead of silently getting another length. Prices are credits
 * (≈ $0.015 each) per second of output, scaled from what the provider charges.
 */
import type { ModelEntryInput } from '../models.ts';

/** A fal answer whose result is one video (`{ video: { url, … } }`). */
const FAL_VIDEO = { files: ['video.url'] };
/** A Replicate prediction whose `output` is the video's URL. */
const REPLICATE_FILE = { files: ['output', 'output[]'] };

/** Kling's shapes; image-to-video keeps the photo's and ignores it. */
const KLING_ASPECTS = ['16:9', '9:16', '1:1'];
/** PixVerse v3.5 has no 480p: its 540p is the nearest it makes. */
const PIXVERSE_RESOLUTION = { '480p': '540p', '720p': '720p' };

/** Kling 2.1 Standard image to video on fal: the default for photos, effects and extensions. */
const KLING_I2V = 'fal-ai/kling-video/v2.1/standard/image-to-video';
const KLING_I2V_SOURCE = 'https://fal.ai/models/fal-ai/kling-video/v2.1/standard/image-to-video/api';

export const VIDEO_MODELS: ModelEntryInput[] = [
  // ---- Image to video (and V2: 8 s is refused by the models that cannot make it) ----
  {
    id: 'fal-kling-video',
    name: 'Kling 2.1 Standard',
    vendor: 'Kuaishou',
    provider: 'fal',
    remoteId: KLING_I2V,
    kinds: ['image_to_video', 'image_to_video_v2'],
    input: {
      prompt: { from: 'prompt', default: 'natural, smooth motion' },
      image_url: { from: 'image', as: 'url' },
      duration: { from: 'duration', as: 'string' },
      negative_prompt: { from: 'negativePrompt' },
    },
    output: FAL_VIDEO,
    // Kling 2.1 Standard renders 720p, 5 or 10 s.
    limits: { durations: [5, 10], resolutions: ['720p'] },
    price: { credits: 4, per: 'second' },
    speed: 'slow',
    timeoutS: 900,
    source: KLING_I2V_SOURCE,
  },
  {
    id: 'fal-pixverse-i2v',
    name: 'PixVerse v3.5',
    vendor: 'PixVerse',
    provider: 'fal',
    remoteId: 'fal-ai/pixverse/v3.5/image-to-video',
    kinds: ['image_to_video', 'image_to_video_v2'],
    input: {
      prompt: { from: 'prompt', default: 'natural, smooth motion' },
      image_url: { from: 'image', as: 'url' },
      duration: { from: 'duration', as: 'string' },
      resolution: { from: 'resolution', map: PIXVERSE_RESOLUTION },
      negative_prompt: { from: 'negativePrompt' },
      seed: { from: 'seed' },
    },
    output: FAL_VIDEO,
    // 5 or 8 s (its 1080p is 5 s only, so 1080p is not offered).
    limits: { durations: [5, 8], resolutions: ['480p', '720p'] },
    // $0.15 a 5 s clip at 540p, $0.20 at 720p (8 s costs double).
    price: { credits: 2, per: 'second', resolution: { '720p': 1.5 } },
    speed: 'standard',
    timeoutS: 600,
    source: 'https://fal.ai/models/fal-ai/pixverse/v3.5/image-to-video/api',
  },
  {
    id: 'fal-wan-i2v',
    name: 'Wan 2.1 image-to-video',
    vendor: 'Alibaba',
    provider: 'fal',
    remoteId: 'fal-ai/wan-i2v',
    kinds: ['image_to_video', 'image_to_video_v2'],
    input: {
      prompt: { from: 'prompt', default: 'natural, smooth motion' },
      image_url: { from: 'image', as: 'url' },
      negative_prompt: { from: 'negativePrompt' },
      resolution: { from: 'resolution' },
      seed: { from: 'seed' },
      // 81 frames at 16 fps: Wan's 5 s clip.
      num_frames: { const: 81 },
      frames_per_second: { const: 16 },
    },
    output: FAL_VIDEO,
    limits: { durations: [5], resolutions: ['480p', '720p'] },
    price: { credits: 3, per: 'second', resolution: { '720p': 2 } },
    speed: 'slow',
    timeoutS: 900,
    source: 'https://fal.ai/models/fal-ai/wan-i2v/api',
  },
  {
    id: 'replicate-kling-v16',
    name: 'Kling 1.6 Standard',
    vendor: 'Kuaishou',
    provider: 'replicate',
    remoteId: 'kwaivgi/kling-v1.6-standard',
    kinds: ['image_to_video', 'image_to_video_v2'],
    input: {
      prompt: { from: 'prompt', default: 'natural, smooth motion' },
      // The clip takes the first frame's shape (Kling ignores `aspect_ratio` with a start image).
      start_image: { from: 'image', as: 'url' },
      duration: { from: 'duration', as: 'int' },
      negative_prompt: { from: 'negativePrompt' },
    },
    output: REPLICATE_FILE,
    limits: { durations: [5, 10], resolutions: ['720p'] },
    price: { credits: 4, per: 'second' },
    speed: 'slow',
    timeoutS: 900,
    source: 'https://replicate.com/kwaivgi/kling-v1.6-standard/api/schema',
  },

  // ---- Text to video ----
  {
    id: 'fal-kling-t2v',
    name: 'Kling 1.6 Standard',
    vendor: 'Kuaishou',
    provider: 'fal',
    remoteId: 'fal-ai/kling-video/v1.6/standard/text-to-video',
    kinds: ['text_to_video', 'text_to_video_v2'],
    input: {
      prompt: { from: 'prompt' },
      duration: { from: 'duration', as: 'string' },
      aspect_ratio: { from: 'aspectRatio' },
      negative_prompt: { from: 'negativePrompt' },
    },
    output: FAL_VIDEO,
    limits: { durations: [5, 10], resolutions: ['720p'], aspectRatios: KLING_ASPECTS },
    price: { credits: 3, per: 'second' },
    speed: 'slow',
    timeoutS: 900,
    source: 'https://fal.ai/models/fal-ai/kling-video/v1.6/standard/text-to-video/api',
  },
  {
    id: 'fal-pixverse-t2v',
    name: 'PixVerse v3.5',
    vendor: 'PixVerse',
    provider: 'fal',
    remoteId: 'fal-ai/pixverse/v3.5/text-to-video',
    kinds: ['text_to_video', 'text_to_video_v2'],
    input: {
      prompt: { from: 'prompt' },
      duration: { from: 'duration', as: 'string' },
      aspect_ratio: { from: 'aspectRatio' },
      resolution: { from: 'resolution', map: PIXVERSE_RESOLUTION },
      negative_prompt: { from: 'negativePrompt' },
      seed: { from: 'seed' },
    },
    output: FAL_VIDEO,
    limits: { durations: [5, 8], resolutions: ['480p', '720p'], aspectRatios: ['16:9', '9:16', '1:1', '4:3', '3:4'] },
    price: { credits: 2, per: 'second', resolution: { '720p': 1.5 } },
    speed: 'standard',
    timeoutS: 600,
    source: 'https://fal.ai/models/fal-ai/pixverse/v3.5/text-to-video/api',
  },
  {
    id: 'replicate-kling-v16-t2v',
    name: 'Kling 1.6 Standard',
    vendor: 'Kuaishou',
    provider: 'replicate',
    remoteId: 'kwaivgi/kling-v1.6-standard',
    kinds: ['text_to_video', 'text_to_video_v2'],
    input: {
      prompt: { from: 'prompt' },
      aspect_ratio: { from: 'aspectRatio' },
      duration: { from: 'duration', as: 'int' },
      negative_prompt: { from: 'negativePrompt' },
    },
    output: REPLICATE_FILE,
    limits: { durations: [5, 10], resolutions: ['720p'], aspectRatios: KLING_ASPECTS },
    price: { credits: 4, per: 'second' },
    speed: 'slow',
    timeoutS: 900,
    source: 'https://replicate.com/kwaivgi/kling-v1.6-standard/api/schema',
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
      num_frames: { const: 81 },
      frames_per_second: { const: 16 },
    },
    output: FAL_VIDEO,
    // Wan makes one ~5 s clip (81 frames at 16 fps), landscape or portrait only.
    limits: { durations: [5], resolutions: ['480p', '720p'], aspectRatios: ['16:9', '9:16'] },
    price: { credits: 3, per: 'second', resolution: { '720p': 2 } },
    speed: 'slow',
    timeoutS: 900,
    source: 'https://fal.ai/models/fal-ai/wan-t2v/api',
  },

  // ---- Restyling a whole video (keeps its length up to the model's 129 frames ≈ 5.4 s) ----
  {
    id: 'fal-hunyuan-v2v',
    name: 'Hunyuan Video (video to video)',
    vendor: 'Tencent',
    provider: 'fal',
    remoteId: 'fal-ai/hunyuan-video/video-to-video',
    kinds: ['video_to_video'],
    input: {
      // Hunyuan has no style setting: the look is asked for in the prompt.
      prompt: { from: 'prompt', default: 'the same scene, cinematic, high quality' },
      video_url: { from: 'video', as: 'url' },
      resolution: { from: 'resolution' },
      strength: { const: 0.75 },
      num_frames: { const: '129' },
      seed: { from: 'seed' },
    },
    output: FAL_VIDEO,
    limits: { resolutions: ['480p', '720p'], maxSourceSeconds: 5 },
    price: { credits: 6, per: 'second' },
    speed: 'slow',
    timeoutS: 900,
    source: 'https://fal.ai/models/fal-ai/hunyuan-video/video-to-video/api',
  },
  {
    id: 'fal-hunyuan-anime',
    name: 'Hunyuan Video (anime)',
    vendor: 'Tencent',
    provider: 'fal',
    remoteId: 'fal-ai/hunyuan-video/video-to-video',
    kinds: ['anime_video'],
    input: {
      // Anime is a restyle with a fixed look; the user's prompt adds to it.
      prompt: { template: 'anime style, cel shading, vibrant colors, clean line art. {prompt}' },
      video_url: { from: 'video', as: 'url' },
      resolution: { from: 'resolution' },
      strength: { const: 0.8 },
      num_frames: { const: '129' },
      seed: { from: 'seed' },
    },
    output: FAL_VIDEO,
    limits: { resolutions: ['480p', '720p'], maxSourceSeconds: 5 },
    price: { credits: 6, per: 'second' },
    speed: 'slow',
    timeoutS: 900,
    source: 'https://fal.ai/models/fal-ai/hunyuan-video/video-to-video/api',
  },

  // ---- Video upscale ----
  {
    id: 'fal-seedvr2-video',
    name: 'SeedVR2',
    vendor: 'ByteDance',
    provider: 'fal',
    remoteId: 'fal-ai/seedvr/upscale/video',
    kinds: ['video_upscale'],
    input: {
      video_url: { from: 'video', as: 'url' },
      // `target` mode: the model works out the factor from the source to our target.
      upscale_mode: { const: 'target' },
      target_resolution: { from: 'target', map: { '1080p': '1080p', '2k': '1440p', '4k': '2160p' } },
    },
    output: FAL_VIDEO,
    // Charged per megapixel of output: 4k is four times 1080p.
    price: { credits: 3, per: 'second', resolution: { '2k': 1.8, '4k': 4 } },
    speed: 'slow',
    timeoutS: 1200,
    source: 'https://fal.ai/models/fal-ai/seedvr/upscale/video/llms.txt',
  },
  {
    id: 'replicate-real-esrgan-video',
    name: 'Real-ESRGAN Video',
    vendor: 'Tencent ARC',
    provider: 'replicate',
    remoteId: 'lucataco/real-esrgan-video',
    kinds: ['video_upscale'],
    input: {
      video_path: { from: 'video', as: 'url' },
      resolution: { from: 'target', map: { '1080p': 'FHD', '2k': '2k', '4k': '4k' } },
      model: { const: 'RealESRGAN_x4plus' },
    },
    output: REPLICATE_FILE,
    price: { credits: 2, per: 'second', resolution: { '2k': 2, '4k': 4 } },
    speed: 'slow',
    timeoutS: 1800,
    source: 'https://replicate.com/lucataco/real-esrgan-video/api/schema',
  },

  // ---- Consistent subjects (reference to video) ----
  {
    id: 'replicate-kling-v16-subjects',
    name: 'Kling 1.6 Elements',
    vendor: 'Kuaishou',
    provider: 'replicate',
    remoteId: 'kwaivgi/kling-v1.6-standard',
    kinds: ['video_subjects'],
    input: {
      prompt: { from: 'prompt' },
      reference_images: { from: 'subjects', as: 'urls' },
      aspect_ratio: { from: 'aspectRatio' },
      duration: { from: 'duration', as: 'int' },
      negative_prompt: { from: 'negativePrompt' },
    },
    output: REPLICATE_FILE,
    limits: { durations: [5, 10], resolutions: ['720p'], aspectRatios: KLING_ASPECTS },
    price: { credits: 4, per: 'second' },
    speed: 'slow',
    timeoutS: 900,
    source: 'https://replicate.com/kwaivgi/kling-v1.6-standard/api/schema',
  },

  // ---- Mimic motion: the person in the photo performs the video's motion ----
  {
    id: 'fal-wan-animate-move',
    name: 'Wan 2.2 Animate (move)',
    vendor: 'Alibaba',
    provider: 'fal',
    remoteId: 'fal-ai/wan/v2.2-14b/animate/move',
    kinds: ['action_imitation'],
    input: {
      video_url: { from: 'video', as: 'url' },
      image_url: { from: 'image', as: 'url' },
      resolution: { from: 'resolution' },
      seed: { from: 'seed' },
    },
    output: FAL_VIDEO,
    limits: { resolutions: ['480p', '720p'], maxSourceSeconds: 30 },
    // $0.04 a second at 480p, $0.08 at 720p (per second of the driving video).
    price: { credits: 3, per: 'second', resolution: { '720p': 2 } },
    speed: 'slow',
    timeoutS: 1200,
    source: 'https://fal.ai/models/fal-ai/wan/v2.2-14b/animate/move/llms.txt',
  },

  // ---- Extension: an image-to-video clip from the source's last frame, appended to it ----
  {
    id: 'fal-kling-extend',
    name: 'Kling 2.1 Standard (extend)',
    vendor: 'Kuaishou',
    provider: 'fal',
    remoteId: KLING_I2V,
    kinds: ['video_extend'],
    input: {
      prompt: { from: 'prompt', default: 'the scene continues naturally' },
      image_url: { from: '$lastFrame', as: 'url' },
      duration: { from: 'duration', as: 'string' },
    },
    output: FAL_VIDEO,
    post: 'append',
    limits: { durations: [5, 10] },
    price: { credits: 4, per: 'second' },
    speed: 'slow',
    timeoutS: 900,
    source: KLING_I2V_SOURCE,
  },

  // ---- AI shorts: the video model for its scenes (one 5 s clip per scene image) ----
  {
    id: 'fal-pixverse-shorts',
    name: 'PixVerse v3.5 (shorts scenes)',
    vendor: 'PixVerse',
    provider: 'fal',
    remoteId: 'fal-ai/pixverse/v3.5/image-to-video',
    kinds: ['ai_shorts'],
    input: {
      prompt: { from: 'prompt', default: 'subtle cinematic motion' },
      image_url: { from: 'image', as: 'url' },
      duration: { const: '5' },
      resolution: { from: 'resolution', map: { '720p': '720p', '1080p': '1080p' }, default: '720p' },
      negative_prompt: { from: 'negativePrompt' },
      seed: { from: 'seed' },
    },
    output: FAL_VIDEO,
    // No `durations`: a short's 15/30/60 s is made of 5 s scenes (PixVerse's 1080p is 5 s only).
    limits: { resolutions: ['720p', '1080p'] },
    // $0.20 a 5 s scene at 720p, $0.40 at 1080p.
    price: { credits: 3, per: 'second', resolution: { '1080p': 2 } },
    speed: 'fast',
    timeoutS: 600,
    source: 'https://fal.ai/models/fal-ai/pixverse/v3.5/image-to-video/api',
  },

  // ---- Video background removal (BEN v2 answers the cut-out; the server lays it on the chosen background) ----
  {
    id: 'fal-ben2-video',
    name: 'BEN2 video background removal',
    vendor: 'Prama LLC',
    provider: 'fal',
    remoteId: 'fal-ai/ben/v2/video',
    kinds: ['video_background_remover'],
    input: {
      video_url: { from: 'video', as: 'url' },
    },
    output: FAL_VIDEO,
    post: 'background',
    limits: { maxSourceSeconds: 30 },
    price: { credits: 2, per: 'second' },
    speed: 'standard',
    timeoutS: 900,
    source: 'https://fal.ai/models/fal-ai/ben/v2/video/llms.txt',
  },

  // ---- Burnt-in subtitles: YOLO text detection and inpainting on every frame ----
  {
    id: 'replicate-video-text-remover',
    name: 'Video Text Remover',
    vendor: 'hjunior29',
    provider: 'replicate',
    remoteId: 'hjunior29/video-text-remover',
    kinds: ['video_subtitles_remove'],
    input: {
      // The model finds text anywhere in the frame (our `region` is not a setting it has).
      video: { from: 'video', as: 'url' },
      method: { const: 'hybrid' },
      margin: { const: 5 },
    },
    output: REPLICATE_FILE,
    price: { credits: 2, per: 'second' },
    speed: 'standard',
    timeoutS: 900,
    source: 'https://replicate.com/hjunior29/video-text-remover/api/schema',
  },

  // ---- Sound effects: MMAudio hears the video and the prompt, answers the video with sound ----
  {
    id: 'fal-mmaudio-v2',
    name: 'MMAudio V2',
    vendor: 'MMAudio (Sony AI, UIUC)',
    provider: 'fal',
    remoteId: 'fal-ai/mmaudio-v2',
    kinds: ['sound_effects'],
    input: {
      video_url: { from: 'video', as: 'url' },
      prompt: { from: 'prompt' },
      duration: { from: '$sourceSeconds' },
      // No seed: MMAudio's is 0–65535, ours goes to 2³¹.
    },
    output: FAL_VIDEO,
    limits: { maxSourceSeconds: 30 },
    price: { credits: 1, per: 'second' },
    speed: 'fast',
    timeoutS: 300,
    source: 'https://fal.ai/models/fal-ai/mmaudio-v2/llms.txt',
  },
  {
    id: 'replicate-mmaudio',
    name: 'MMAudio',
    vendor: 'MMAudio (Sony AI, UIUC)',
    provider: 'replicate',
    remoteId: 'zsxkib/mmaudio',
    kinds: ['sound_effects'],
    input: {
      video: { from: 'video', as: 'url' },
      prompt: { from: 'prompt' },
      duration: { from: '$sourceSeconds' },
      seed: { from: 'seed' },
    },
    output: REPLICATE_FILE,
    limits: { maxSourceSeconds: 30 },
    price: { credits: 1, per: 'second' },
    speed: 'fast',
    timeoutS: 300,
    source: 'https://replicate.com/zsxkib/mmaudio/api/schema',
  },

  // ---- Lip sync on a video (an entry whose input reads `video`) ----
  {
    id: 'fal-sync-lipsync-v2',
    name: 'Sync Lipsync 2.0',
    vendor: 'Sync Labs',
    provider: 'fal',
    remoteId: 'fal-ai/sync-lipsync/v2',
    kinds: ['lip_sync'],
    input: {
      video_url: { from: 'video', as: 'url' },
      audio_url: { from: '$speech', as: 'url' },
      // Speech longer than the video keeps the video going back and forth instead of cutting.
      sync_mode: { const: 'bounce' },
    },
    output: FAL_VIDEO,
    price: { credits: 4, per: 'second' },
    speed: 'standard',
    timeoutS: 900,
    source: 'https://fal.ai/models/fal-ai/sync-lipsync/v2/api',
  },
  {
    id: 'fal-latentsync',
    name: 'LatentSync',
    vendor: 'ByteDance',
    provider: 'fal',
    remoteId: 'fal-ai/latentsync',
    kinds: ['lip_sync'],
    input: {
      video_url: { from: 'video', as: 'url' },
      audio_url: { from: '$speech', as: 'url' },
      loop_mode: { const: 'pingpong' },
    },
    output: FAL_VIDEO,
    price: { credits: 2, per: 'second' },
    speed: 'standard',
    timeoutS: 900,
    source: 'https://fal.ai/models/fal-ai/latentsync/api',
  },
  {
    id: 'replicate-latentsync',
    name: 'LatentSync',
    vendor: 'ByteDance',
    provider: 'replicate',
    remoteId: 'bytedance/latentsync',
    kinds: ['lip_sync'],
    input: {
      video: { from: 'video', as: 'url' },
      audio: { from: '$speech', as: 'url' },
    },
    output: REPLICATE_FILE,
    price: { credits: 2, per: 'second' },
    speed: 'standard',
    timeoutS: 900,
    source: 'https://replicate.com/bytedance/latentsync/api/schema',
  },

  // ---- AI avatar: lip sync on a portrait photo (an entry whose input reads `image`) ----
  {
    id: 'fal-kling-avatar',
    name: 'Kling AI Avatar',
    vendor: 'Kuaishou',
    provider: 'fal',
    remoteId: 'fal-ai/kling-video/v1/standard/ai-avatar',
    kinds: ['lip_sync'],
    input: {
      image_url: { from: 'image', as: 'url' },
      audio_url: { from: '$speech', as: 'url' },
    },
    output: FAL_VIDEO,
    price: { credits: 4, per: 'second' },
    speed: 'slow',
    timeoutS: 1200,
    source: 'https://fal.ai/models/fal-ai/kling-video/v1/standard/ai-avatar/llms.txt',
  },
  {
    id: 'fal-sadtalker',
    name: 'SadTalker',
    vendor: 'Tencent AI Lab',
    provider: 'fal',
    remoteId: 'fal-ai/sadtalker',
    kinds: ['lip_sync'],
    input: {
      source_image_url: { from: 'image', as: 'url' },
      driven_audio_url: { from: '$speech', as: 'url' },
      face_model_resolution: { from: 'resolution', map: { '480p': '256', '720p': '512', '1080p': '512' }, default: '512' },
      preprocess: { const: 'full' },
      still_mode: { const: true },
    },
    output: FAL_VIDEO,
    price: { credits: 2, per: 'second' },
    speed: 'standard',
    timeoutS: 900,
    source: 'https://fal.ai/models/fal-ai/sadtalker/api',
  },

  // ---- Face swap on every frame of a video ----
  {
    id: 'replicate-roop-video',
    name: 'Roop face swap',
    vendor: 'roop (s0md3v)',
    provider: 'replicate',
    remoteId: 'arabyai-replicate/roop_face_swap',
    kinds: ['video_face_swap'],
    input: {
      target_video: { from: 'video', as: 'url' },
      swap_image: { from: 'face', as: 'url' },
    },
    output: REPLICATE_FILE,
    price: { credits: 3, per: 'second' },
    speed: 'standard',
    timeoutS: 900,
    source: 'https://replicate.com/arabyai-replicate/roop_face_swap/api/schema',
  },

  // ---- Video effects: the template's motion prompt on an image-to-video model ----
  {
    id: 'fal-kling-effect',
    name: 'Kling 2.1 Standard (effects)',
    vendor: 'Kuaishou',
    provider: 'fal',
    remoteId: KLING_I2V,
    kinds: ['video_effect'],
    input: {
      prompt: { template: '{template.options.prompt|template.name}' },
      image_url: { from: 'image', as: 'url' },
      duration: { const: '5' },
    },
    output: FAL_VIDEO,
    // One 5 s clip (Kling 2.1 Standard: $0.25).
    price: { credits: 20, per: 'run' },
    speed: 'slow',
    timeoutS: 900,
    source: KLING_I2V_SOURCE,
  },
];
