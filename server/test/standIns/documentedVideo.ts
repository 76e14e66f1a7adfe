/**
 * Documented video endpoints (see documented.ts for the format), written from each provider's
 * API page (the `source`) and not from the catalogue entries, so a wrong mapping fails here the
 * way it would at the provider.
 */
import { z } from 'zod';
import type { DocumentedEndpoint, StandInFiles } from './documented.ts';

const url = z.url();
const seed = z.number().int().optional();

/** fal's File object, as its video models answer it. */
const falFile = (files: StandInFiles) => ({ url: files.video, content_type: 'video/mp4', file_name: 'output.mp4', file_size: 204_800 });
/** `{ video: File }`, the answer of most fal video endpoints. */
const falVideo = (files: StandInFiles) => ({ video: falFile(files) });
/** `{ video: File, seed }` (Wan, Hunyuan, SeedVR, BEN). */
const falVideoSeed = (files: StandInFiles) => ({ video: falFile(files), seed: 42 });
/** A Replicate prediction whose `output` is one file URL. */
const replicateFile = (files: StandInFiles) => files.video;

const PIXVERSE_ASPECTS = z.enum(['16:9', '4:3', '1:1', '3:4', '9:16']);
const PIXVERSE_RESOLUTIONS = z.enum(['360p', '540p', '720p', '1080p']);
const PIXVERSE_STYLES = z.enum(['anime', '3d_animation', 'clay', 'comic', 'cyberpunk']);
const PIXVERSE_I2V: DocumentedEndpoint = {
  source: 'https://fal.ai/models/fal-ai/pixverse/v3.5/image-to-video/api',
  input: z
    .object({
      prompt: z.string().min(1),
      image_url: url,
      aspect_ratio: PIXVERSE_ASPECTS.optional(),
      resolution: PIXVERSE_RESOLUTIONS.optional(),
      // "8s videos cost double. 1080p videos are limited to 5 seconds"
      duration: z.enum(['5', '8']).optional(),
      negative_prompt: z.string().optional(),
      style: PIXVERSE_STYLES.optional(),
      seed,
    })
    .strict(),
  media: { image_url: 'image' },
  output: falVideo,
};

export const DOCUMENTED_VIDEO: Record<string, DocumentedEndpoint> = {
  // https://fal.ai/models/fal-ai/kling-video/v2.1/standard/image-to-video/api
  'fal:fal-ai/kling-video/v2.1/standard/image-to-video': {
    source: 'https://fal.ai/models/fal-ai/kling-video/v2.1/standard/image-to-video/api',
    input: z
      .object({
        prompt: z.string().min(1).max(2500),
        image_url: url,
        duration: z.enum(['5', '10']).optional(),
        negative_prompt: z.string().optional(),
        cfg_scale: z.number().min(0).max(1).optional(),
      })
      .strict(),
    media: { image_url: 'image' },
    output: falVideo,
  },
  'fal:fal-ai/pixverse/v3.5/image-to-video': PIXVERSE_I2V,
  'fal:fal-ai/pixverse/v3.5/text-to-video': {
    source: 'https://fal.ai/models/fal-ai/pixverse/v3.5/text-to-video/api',
    input: (PIXVERSE_I2V.input as z.ZodObject).omit({ image_url: true }).strict(),
    media: {},
    output: falVideo,
  },
  // https://fal.ai/models/fal-ai/wan-i2v/api
  'fal:fal-ai/wan-i2v': {
    source: 'https://fal.ai/models/fal-ai/wan-i2v/api',
    input: z
      .object({
        prompt: z.string().min(1),
        image_url: url,
        negative_prompt: z.string().optional(),
        num_frames: z.number().int().min(81).max(100).optional(),
        frames_per_second: z.number().int().min(5).max(24).optional(),
        seed,
        resolution: z.enum(['480p', '720p']).optional(),
        num_inference_steps: z.number().int().optional(),
        guide_scale: z.number().optional(),
        enable_safety_checker: z.boolean().optional(),
        enable_prompt_expansion: z.boolean().optional(),
        aspect_ratio: z.enum(['auto', '16:9', '9:16', '1:1']).optional(),
      })
      .strict(),
    media: { image_url: 'image' },
    output: falVideoSeed,
  },
  // https://fal.ai/models/fal-ai/wan-t2v/api
  'fal:fal-ai/wan-t2v': {
    source: 'https://fal.ai/models/fal-ai/wan-t2v/api',
    input: z
      .object({
        prompt: z.string().min(1),
        negative_prompt: z.string().optional(),
        num_frames: z.number().int().min(81).max(100).optional(),
        frames_per_second: z.number().int().min(5).max(24).optional(),
        seed,
        resolution: z.enum(['480p', '580p', '720p']).optional(),
        num_inference_steps: z.number().int().optional(),
        enable_safety_checker: z.boolean().optional(),
        enable_prompt_expansion: z.boolean().optional(),
        aspect_ratio: z.enum(['16:9', '9:16']).optional(),
      })
      .strict(),
    media: {},
    output: falVideoSeed,
  },
  // https://fal.ai/models/fal-ai/kling-video/v1.6/standard/text-to-video/api
  'fal:fal-ai/kling-video/v1.6/standard/text-to-video': {
    source: 'https://fal.ai/models/fal-ai/kling-video/v1.6/standard/text-to-video/api',
    input: z
      .object({
        prompt: z.string().min(1).max(2500),
        duration: z.enum(['5', '10']).optional(),
        aspect_ratio: z.enum(['16:9', '9:16', '1:1']).optional(),
        negative_prompt: z.string().optional(),
        cfg_scale: z.number().min(0).max(1).optional(),
      })
      .strict(),
    media: {},
    output: falVideo,
  },
  // https://replicate.com/kwaivgi/kling-v1.6-standard/api/schema (same inputs as kling-v1.6-pro's page)
  'replicate:kwaivgi/kling-v1.6-standard': {
    source: 'https://replicate.com/kwaivgi/kling-v1.6-standard/api/schema',
    input: z
      .object({
        prompt: z.string().min(1),
        negative_prompt: z.string().optional(),
        aspect_ratio: z.enum(['16:9', '9:16', '1:1']).optional(),
        start_image: url.optional(),
        reference_images: z.array(url).max(4).optional(),
        cfg_scale: z.number().min(0).max(1).optional(),
        duration: z.union([z.literal(5), z.literal(10)]).optional(),
      })
      .strict(),
    media: { start_image: 'image', 'reference_images[]': 'image' },
    output: replicateFile,
  },
  // https://fal.ai/models/fal-ai/hunyuan-video/video-to-video/api
  'fal:fal-ai/hunyuan-video/video-to-video': {
    source: 'https://fal.ai/models/fal-ai/hunyuan-video/video-to-video/api',
    input: z
      .object({
        prompt: z.string().min(1),
        video_url: url,
        num_inference_steps: z.number().int().min(2).max(30).optional(),
        seed,
        pro_mode: z.boolean().optional(),
        aspect_ratio: z.enum(['16:9', '9:16']).optional(),
        resolution: z.enum(['480p', '580p', '720p']).optional(),
        num_frames: z.enum(['129', '85']).optional(),
        enable_safety_checker: z.boolean().optional(),
        strength: z.number().min(0.01).max(1).optional(),
      })
      .strict(),
    media: { video_url: 'video' },
    output: falVideoSeed,
  },
  // https://fal.ai/models/fal-ai/seedvr/upscale/video/llms.txt
  'fal:fal-ai/seedvr/upscale/video': {
    source: 'https://fal.ai/models/fal-ai/seedvr/upscale/video/llms.txt',
    input: z
      .object({
        video_url: url,
        upscale_mode: z.enum(['target', 'factor']).optional(),
        upscale_factor: z.number().min(1).max(10).optional(),
        target_resolution: z.enum(['720p', '1080p', '1440p', '2160p']).optional(),
        seed,
      })
      .strict(),
    media: { video_url: 'video' },
    output: falVideoSeed,
  },
  // https://replicate.com/lucataco/real-esrgan-video/api/schema
  'replicate:lucataco/real-esrgan-video': {
    source: 'https://replicate.com/lucataco/real-esrgan-video/api/schema',
    input: z
      .object({
        video_path: url,
        resolution: z.enum(['HD', 'FHD', '2k', '4k']).optional(),
        model: z.enum(['RealESRGAN_x4plus', 'RealESRGAN_x4plus_anime_6B', 'realesr-animevideov3']).optional(),
      })
      .strict(),
    media: { video_path: 'video' },
    output: replicateFile,
  },
  // https://fal.ai/models/fal-ai/wan/v2.2-14b/animate/move/llms.txt (the same inputs as .../animate/replace)
  'fal:fal-ai/wan/v2.2-14b/animate/move': {
    source: 'https://fal.ai/models/fal-ai/wan/v2.2-14b/animate/move/llms.txt',
    input: z
      .object({
        video_url: url,
        image_url: url,
        guidance_scale: z.number().min(1).max(10).optional(),
        resolution: z.enum(['480p', '580p', '720p']).optional(),
        seed,
        num_inference_steps: z.number().int().min(2).max(40).optional(),
        enable_safety_checker: z.boolean().optional(),
        shift: z.number().min(1).max(10).optional(),
        video_quality: z.enum(['low', 'medium', 'high', 'maximum']).optional(),
        video_write_mode: z.enum(['fast', 'balanced', 'small']).optional(),
      })
      .strict(),
    media: { video_url: 'video', image_url: 'image' },
    output: (files) => ({ video: falFile(files), prompt: '', seed: 42 }),
  },
  // https://fal.ai/models/fal-ai/ben/v2/video/llms.txt
  'fal:fal-ai/ben/v2/video': {
    source: 'https://fal.ai/models/fal-ai/ben/v2/video/llms.txt',
    input: z
      .object({
        video_url: url,
        // "If not provided, the background will be transparent."
        background_color: z.array(z.number().int().min(0).max(255)).length(3).optional(),
        seed,
      })
      .strict(),
    media: { video_url: 'video' },
    output: falVideoSeed,
  },
  // https://replicate.com/hjunior29/video-text-remover/api/schema (the model's cog schema)
  'replicate:hjunior29/video-text-remover': {
    source: 'https://replicate.com/hjunior29/video-text-remover/api/schema',
    input: z
      .object({
        video: url,
        method: z.enum(['hybrid', 'inpaint', 'inpaint_ns', 'blur', 'black', 'background']).optional(),
        conf_threshold: z.number().min(0).max(1).optional(),
        iou_threshold: z.number().min(0).max(1).optional(),
        margin: z.number().int().min(0).max(20).optional(),
      })
      .strict(),
    media: { video: 'video' },
    output: replicateFile,
  },
  // https://replicate.com/arabyai-replicate/roop_face_swap/api/schema
  'replicate:arabyai-replicate/roop_face_swap': {
    source: 'https://replicate.com/arabyai-replicate/roop_face_swap/api/schema',
    input: z.object({ target_video: url, swap_image: url }).strict(),
    media: { target_video: 'video', swap_image: 'image' },
    output: replicateFile,
  },
  // https://fal.ai/models/fal-ai/mmaudio-v2/llms.txt
  'fal:fal-ai/mmaudio-v2': {
    source: 'https://fal.ai/models/fal-ai/mmaudio-v2/llms.txt',
    input: z
      .object({
        video_url: url,
        prompt: z.string().min(1),
        negative_prompt: z.string().optional(),
        seed: z.number().int().min(0).max(65535).optional(),
        num_steps: z.number().int().min(4).max(50).optional(),
        duration: z.number().min(1).max(30).optional(),
        cfg_strength: z.number().min(0).max(20).optional(),
        mask_away_clip: z.boolean().optional(),
      })
      .strict(),
    media: { video_url: 'video' },
    output: falVideo,
  },
  // https://replicate.com/zsxkib/mmaudio/api/schema
  'replicate:zsxkib/mmaudio': {
    source: 'https://replicate.com/zsxkib/mmaudio/api/schema',
    input: z
      .object({
        prompt: z.string().optional(),
        negative_prompt: z.string().optional(),
        video: url.optional(),
        image: url.optional(),
        duration: z.number().min(1).optional(),
        num_steps: z.number().int().optional(),
        cfg_strength: z.number().min(1).optional(),
        seed: z.number().int().min(-1).optional(),
      })
      .strict(),
    media: { video: 'video', image: 'image' },
    output: replicateFile,
  },
  // https://fal.ai/models/fal-ai/sync-lipsync/v2/api
  'fal:fal-ai/sync-lipsync/v2': {
    source: 'https://fal.ai/models/fal-ai/sync-lipsync/v2/api',
    input: z
      .object({
        video_url: url,
        audio_url: url,
        model: z.enum(['lipsync-2', 'lipsync-2-pro']).optional(),
        sync_mode: z.enum(['cut_off', 'loop', 'bounce', 'silence', 'remap']).optional(),
      })
      .strict(),
    media: { video_url: 'video', audio_url: 'audio' },
    output: falVideo,
  },
  // https://fal.ai/models/fal-ai/latentsync/api
  'fal:fal-ai/latentsync': {
    source: 'https://fal.ai/models/fal-ai/latentsync/api',
    input: z
      .object({
        video_url: url,
        audio_url: url,
        guidance_scale: z.number().min(1).max(2).optional(),
        seed,
        loop_mode: z.enum(['pingpong', 'loop']).optional(),
      })
      .strict(),
    media: { video_url: 'video', audio_url: 'audio' },
    output: falVideo,
  },
  // https://replicate.com/bytedance/latentsync/api/schema
  'replicate:bytedance/latentsync': {
    source: 'https://replicate.com/bytedance/latentsync/api/schema',
    input: z
      .object({
        video: url,
        audio: url,
        guidance_scale: z.number().min(1).max(3).optional(),
        inference_steps: z.number().int().min(20).max(50).optional(),
        seed: z.number().int().optional(),
      })
      .strict(),
    media: { video: 'video', audio: 'audio' },
    output: replicateFile,
  },
  // https://fal.ai/models/fal-ai/kling-video/v1/standard/ai-avatar/llms.txt
  'fal:fal-ai/kling-video/v1/standard/ai-avatar': {
    source: 'https://fal.ai/models/fal-ai/kling-video/v1/standard/ai-avatar/llms.txt',
    input: z.object({ image_url: url, audio_url: url, prompt: z.string().optional() }).strict(),
    media: { image_url: 'image', audio_url: 'audio' },
    output: (files) => ({ video: falFile(files), duration: 1 }),
  },
  // https://fal.ai/models/fal-ai/sadtalker/api
  'fal:fal-ai/sadtalker': {
    source: 'https://fal.ai/models/fal-ai/sadtalker/api',
    input: z
      .object({
        source_image_url: url,
        driven_audio_url: url,
        face_model_resolution: z.enum(['256', '512']).optional(),
        expression_scale: z.number().min(0).max(3).optional(),
        face_enhancer: z.enum(['gfpgan']).optional(),
        pose_style: z.number().int().min(0).max(45).optional(),
        preprocess: z.enum(['crop', 'extcrop', 'resize', 'full', 'extfull']).optional(),
        still_mode: z.boolean().optional(),
      })
      .strict(),
    media: { source_image_url: 'image', driven_audio_url: 'audio' },
    output: falVideo,
  },
};
