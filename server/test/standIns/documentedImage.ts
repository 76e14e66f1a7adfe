/**
 * Documented image endpoints (see documented.ts for the format), written from each provider's
 * API page (the `source`) and not from the catalogue entries, so a wrong mapping fails here the
 * way it would at the provider.
 */
import { z } from 'zod';
import type { DocumentedEndpoint, StandInFiles } from './documented.ts';

const url = z.url();
const seed = z.number().int().optional();
const syncMode = z.boolean().optional();

/** fal's named image sizes, or explicit dimensions. */
const FAL_IMAGE_SIZE = z.union([
  z.enum(['square_hd', 'square', 'portrait_4_3', 'portrait_16_9', 'landscape_4_3', 'landscape_16_9']),
  z.object({ width: z.number().int(), height: z.number().int() }).strict(),
]);

/** fal's Image/File object as its image models answer it. */
const falImage = (files: StandInFiles) => ({ url: files.image, content_type: 'image/png', file_name: 'output.png', file_size: 102_400, width: 512, height: 384 });
/** `{ images: [Image], seed, has_nsfw_concepts, prompt, timings }`: the FLUX family's answer. */
const falFluxImages = (files: StandInFiles, input: Record<string, unknown>) => ({
  images: [falImage(files)],
  timings: { inference: 1.2 },
  seed: 42,
  has_nsfw_concepts: [false],
  prompt: String(input.prompt ?? ''),
});
/** `{ image: Image }`: the answer of fal's image tools (upscalers, Bria, BiRefNet, try-on). */
const falOneImage = (files: StandInFiles) => ({ image: falImage(files) });
/** A Replicate prediction whose `output` is one file URL. */
const replicateFile = (files: StandInFiles) => files.image;

/** FLUX.1 Kontext [pro] (fal): an instruction edit of one image. */
const FAL_KONTEXT_PRO: DocumentedEndpoint = {
  source: 'https://fal.ai/models/fal-ai/flux-pro/kontext/api',
  input: z
    .object({
      prompt: z.string().min(1),
      image_url: url,
      seed,
      guidance_scale: z.number().min(1).max(20).optional(),
      sync_mode: syncMode,
      num_images: z.number().int().min(1).max(4).optional(),
      output_format: z.enum(['jpeg', 'png']).optional(),
      safety_tolerance: z.enum(['1', '2', '3', '4', '5', '6']).optional(),
      enhance_prompt: z.boolean().optional(),
      aspect_ratio: z.enum(['21:9', '16:9', '4:3', '3:2', '1:1', '2:3', '3:4', '9:16', '9:21']).optional(),
    })
    .strict(),
  media: { image_url: 'image' },
  output: falFluxImages,
};

/** BiRefNet v2 (fal): the cut-out as a PNG with alpha. */
const FAL_BIREFNET_V2: DocumentedEndpoint = {
  source: 'https://fal.ai/models/fal-ai/birefnet/v2/llms.txt',
  input: z
    .object({
      image_url: url,
      model: z.enum(['General Use (Light)', 'General Use (Light 2K)', 'General Use (Heavy)', 'Matting', 'Portrait', 'General Use (Dynamic)']).optional(),
      operating_resolution: z.enum(['1024x1024', '2048x2048', '2304x2304']).optional(),
      output_format: z.enum(['webp', 'png', 'gif']).optional(),
      output_mask: z.boolean().optional(),
      refine_foreground: z.boolean().optional(),
      sync_mode: syncMode,
    })
    .strict(),
  media: { image_url: 'image' },
  output: (files) => ({ image: falImage(files), mask_image: null }),
};

/** lucataco/remove-bg (Replicate): one image in, the cut-out URL out. */
const REPLICATE_REMOVE_BG: DocumentedEndpoint = {
  source: 'https://replicate.com/lucataco/remove-bg/api/schema',
  input: z.object({ image: url }).strict(),
  media: { image: 'image' },
  output: replicateFile,
};

export const DOCUMENTED_IMAGE: Record<string, DocumentedEndpoint> = {
  // https://fal.ai/models/fal-ai/flux/schnell/api
  'fal:fal-ai/flux/schnell': {
    source: 'https://fal.ai/models/fal-ai/flux/schnell/api',
    input: z
      .object({
        prompt: z.string().min(1),
        image_size: FAL_IMAGE_SIZE.optional(),
        num_inference_steps: z.number().int().min(1).max(12).optional(),
        seed: z.number().int().optional(),
        sync_mode: z.boolean().optional(),
        num_images: z.number().int().min(1).max(4).optional(),
        enable_safety_checker: z.boolean().optional(),
        output_format: z.enum(['jpeg', 'png']).optional(),
        acceleration: z.enum(['none', 'regular', 'high']).optional(),
      })
      .strict(),
    media: {},
    output: (files) => ({ images: [{ url: files.image, width: 512, height: 384, content_type: 'image/png' }], timings: { inference: 0.4 }, seed: 42, has_nsfw_concepts: [false], prompt: '' }),
  },

  // https://replicate.com/black-forest-labs/flux-schnell/api/schema — the output is a list of URIs.
  'replicate:black-forest-labs/flux-schnell': {
    source: 'https://replicate.com/black-forest-labs/flux-schnell/api/schema',
    input: z
      .object({
        prompt: z.string().min(1),
        aspect_ratio: z.enum(['1:1', '16:9', '21:9', '3:2', '2:3', '4:5', '5:4', '3:4', '4:3', '9:16', '9:21']).optional(),
        num_outputs: z.number().int().min(1).max(4).optional(),
        num_inference_steps: z.number().int().min(1).max(4).optional(),
        seed,
        output_format: z.enum(['webp', 'jpg', 'png']).optional(),
        output_quality: z.number().int().min(0).max(100).optional(),
        disable_safety_checker: z.boolean().optional(),
        go_fast: z.boolean().optional(),
        megapixels: z.enum(['1', '0.25']).optional(),
      })
      .strict(),
    media: {},
    output: (files) => [files.image],
  },

  // https://platform.openai.com/docs/api-reference/images/create — the answer is the response
  // body; the stand-in puts a real PNG where the placeholder is.
  'openai:gpt-image-1': {
    source: 'https://platform.openai.com/docs/api-reference/images/create',
    input: z
      .object({
        model: z.literal('gpt-image-1'),
        prompt: z.string().min(1).max(32_000),
        n: z.number().int().min(1).max(10).optional(),
        size: z.enum(['1024x1024', '1536x1024', '1024x1536', 'auto']).optional(),
        quality: z.enum(['low', 'medium', 'high', 'auto']).optional(),
        background: z.enum(['transparent', 'opaque', 'auto']).optional(),
        moderation: z.enum(['low', 'auto']).optional(),
        output_format: z.enum(['png', 'jpeg', 'webp']).optional(),
        output_compression: z.number().int().min(0).max(100).optional(),
        user: z.string().optional(),
      })
      .strict(),
    media: {},
    output: () => ({ created: 1, data: [{ b64_json: '<PNG_BASE64>' }] }),
  },

  // https://fal.ai/models/fal-ai/flux/dev/api
  'fal:fal-ai/flux/dev': {
    source: 'https://fal.ai/models/fal-ai/flux/dev/api',
    input: z
      .object({
        prompt: z.string().min(1),
        image_size: FAL_IMAGE_SIZE.optional(),
        num_inference_steps: z.number().int().min(1).max(50).optional(),
        seed,
        guidance_scale: z.number().min(1).max(20).optional(),
        sync_mode: syncMode,
        num_images: z.number().int().min(1).max(4).optional(),
        enable_safety_checker: z.boolean().optional(),
        output_format: z.enum(['jpeg', 'png']).optional(),
        acceleration: z.enum(['none', 'regular', 'high']).optional(),
      })
      .strict(),
    media: {},
    output: falFluxImages,
  },

  // https://fal.ai/models/fal-ai/recraft-v3/api — no seed; `style` picks realistic, digital or vector looks.
  'fal:fal-ai/recraft-v3': {
    source: 'https://fal.ai/models/fal-ai/recraft-v3/api',
    input: z
      .object({
        prompt: z.string().min(1),
        image_size: FAL_IMAGE_SIZE.optional(),
        style: z.string().min(1).optional(),
        colors: z.array(z.object({ r: z.number().int().min(0).max(255), g: z.number().int().min(0).max(255), b: z.number().int().min(0).max(255) }).strict()).optional(),
        style_id: z.string().optional(),
        enable_safety_checker: z.boolean().optional(),
      })
      .strict(),
    media: {},
    output: (files) => ({ images: [{ url: files.image, content_type: 'image/png', file_name: 'output.png', file_size: 102_400 }] }),
  },

  // https://replicate.com/google/imagen-4/api/schema — the output is one URI.
  'replicate:google/imagen-4': {
    source: 'https://replicate.com/google/imagen-4/api/schema',
    input: z
      .object({
        prompt: z.string().min(1),
        aspect_ratio: z.enum(['1:1', '9:16', '16:9', '3:4', '4:3']).optional(),
        output_format: z.enum(['jpg', 'png']).optional(),
        safety_filter_level: z.enum(['block_low_and_above', 'block_medium_and_above', 'block_only_high']).optional(),
      })
      .strict(),
    media: {},
    output: replicateFile,
  },

  // https://fal.ai/models/fal-ai/flux-pro/kontext/api (image editing and the photo effects)
  'fal:fal-ai/flux-pro/kontext': FAL_KONTEXT_PRO,

  // https://replicate.com/black-forest-labs/flux-kontext-pro/api/schema — safety_tolerance is at
  // most 2 with an input image.
  'replicate:black-forest-labs/flux-kontext-pro': {
    source: 'https://replicate.com/black-forest-labs/flux-kontext-pro/api/schema',
    input: z
      .object({
        prompt: z.string().min(1),
        input_image: url.optional(),
        aspect_ratio: z.enum(['match_input_image', '1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '4:5', '5:4', '21:9', '9:21', '2:1', '1:2']).optional(),
        seed,
        output_format: z.enum(['jpg', 'png']).optional(),
        safety_tolerance: z.number().int().min(0).max(2).optional(),
        prompt_upsampling: z.boolean().optional(),
      })
      .strict(),
    media: { input_image: 'image' },
    output: replicateFile,
  },

  // https://fal.ai/models/fal-ai/nano-banana/edit/api — a list of images to edit or fuse.
  'fal:fal-ai/nano-banana/edit': {
    source: 'https://fal.ai/models/fal-ai/nano-banana/edit/api',
    input: z
      .object({
        prompt: z.string().min(1),
        image_urls: z.array(url).min(1),
        num_images: z.number().int().min(1).max(4).optional(),
        aspect_ratio: z.enum(['auto', '21:9', '16:9', '3:2', '4:3', '5:4', '1:1', '4:5', '3:4', '2:3', '9:16']).optional(),
        output_format: z.enum(['jpeg', 'png', 'webp']).optional(),
        sync_mode: syncMode,
        limit_generations: z.boolean().optional(),
      })
      .strict(),
    media: { 'image_urls[]': 'image' },
    output: (files) => ({ images: [falImage(files)], description: 'Here is the edited image.' }),
  },

  // https://fal.ai/models/fal-ai/flux/dev/image-to-image/api
  'fal:fal-ai/flux/dev/image-to-image': {
    source: 'https://fal.ai/models/fal-ai/flux/dev/image-to-image/api',
    input: z
      .object({
        image_url: url,
        prompt: z.string().min(1),
        strength: z.number().min(0).max(1).optional(),
        num_inference_steps: z.number().int().min(1).max(50).optional(),
        seed,
        guidance_scale: z.number().min(1).max(20).optional(),
        sync_mode: syncMode,
        num_images: z.number().int().min(1).max(4).optional(),
        enable_safety_checker: z.boolean().optional(),
        output_format: z.enum(['jpeg', 'png']).optional(),
        acceleration: z.enum(['none', 'regular', 'high']).optional(),
      })
      .strict(),
    media: { image_url: 'image' },
    output: falFluxImages,
  },

  // https://fal.ai/models/fal-ai/esrgan/api
  'fal:fal-ai/esrgan': {
    source: 'https://fal.ai/models/fal-ai/esrgan/api',
    input: z
      .object({
        image_url: url,
        scale: z.number().min(1).max(8).optional(),
        tile: z.number().int().min(0).optional(),
        face: z.boolean().optional(),
        model: z.enum(['RealESRGAN_x4plus', 'RealESRGAN_x2plus', 'RealESRGAN_x4plus_anime_6B', 'RealESRGAN_x4_v3', 'RealESRGAN_x4_wdn_v3', 'RealESRGAN_x4_anime_v3']).optional(),
        output_format: z.enum(['png', 'jpeg']).optional(),
      })
      .strict(),
    media: { image_url: 'image' },
    output: falOneImage,
  },

  // https://fal.ai/models/fal-ai/clarity-upscaler/llms.txt
  'fal:fal-ai/clarity-upscaler': {
    source: 'https://fal.ai/models/fal-ai/clarity-upscaler/llms.txt',
    input: z
      .object({
        image_url: url,
        prompt: z.string().optional(),
        upscale_factor: z.number().min(1).max(4).optional(),
        negative_prompt: z.string().optional(),
        creativity: z.number().min(0).max(1).optional(),
        resemblance: z.number().min(0).max(1).optional(),
        guidance_scale: z.number().positive().optional(),
        num_inference_steps: z.number().int().positive().optional(),
        seed,
        enable_safety_checker: z.boolean().optional(),
      })
      .strict(),
    media: { image_url: 'image' },
    output: (files) => ({ image: falImage(files), seed: 42, timings: { inference: 6.1 } }),
  },

  // https://replicate.com/nightmareai/real-esrgan/api/schema — scale 0–10, the output one URI.
  'replicate:nightmareai/real-esrgan': {
    source: 'https://replicate.com/nightmareai/real-esrgan/api/schema',
    input: z
      .object({
        image: url,
        scale: z.number().min(0).max(10).optional(),
        face_enhance: z.boolean().optional(),
      })
      .strict(),
    media: { image: 'image' },
    output: replicateFile,
  },

  // https://fal.ai/models/fal-ai/bria/expand/llms.txt — canvas_size is required; aspect_ratio,
  // when given, wins over the original's size and placement.
  'fal:fal-ai/bria/expand': {
    source: 'https://fal.ai/models/fal-ai/bria/expand/llms.txt',
    input: z
      .object({
        image_url: url,
        canvas_size: z
          .array(z.number().int().positive())
          .length(2)
          .refine(([w, h]) => w! * h! <= 5000 * 5000, 'The canvas must have an area of less than 5000x5000 pixels'),
        aspect_ratio: z.enum(['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9']).optional(),
        original_image_size: z.array(z.number().int()).length(2).optional(),
        original_image_location: z.array(z.number().int()).length(2).optional(),
        prompt: z.string().optional(),
        seed: z.number().int().min(0).max(2_147_483_647).optional(),
        negative_prompt: z.string().optional(),
        sync_mode: syncMode,
      })
      .strict(),
    media: { image_url: 'image' },
    output: (files) => ({ image: falImage(files), seed: 42 }),
  },

  // https://fal.ai/models/fal-ai/bria/eraser/api
  'fal:fal-ai/bria/eraser': {
    source: 'https://fal.ai/models/fal-ai/bria/eraser/api',
    input: z
      .object({
        image_url: url,
        mask_url: url,
        mask_type: z.enum(['manual', 'automatic']).optional(),
        preserve_alpha: z.boolean().optional(),
        sync_mode: syncMode,
      })
      .strict(),
    media: { image_url: 'image', mask_url: 'image' },
    output: falOneImage,
  },

  // https://fal.ai/models/fal-ai/flux-pro/v1/fill/api — the prompt is required.
  'fal:fal-ai/flux-pro/v1/fill': {
    source: 'https://fal.ai/models/fal-ai/flux-pro/v1/fill/api',
    input: z
      .object({
        prompt: z.string().min(1),
        image_url: url,
        mask_url: url,
        seed,
        sync_mode: syncMode,
        num_images: z.number().int().min(1).max(4).optional(),
        safety_tolerance: z.enum(['1', '2', '3', '4', '5', '6']).optional(),
        output_format: z.enum(['jpeg', 'png']).optional(),
        enhance_prompt: z.boolean().optional(),
      })
      .strict(),
    media: { image_url: 'image', mask_url: 'image' },
    output: falFluxImages,
  },

  // https://fal.ai/models/fal-ai/birefnet/v2/llms.txt (background removal and the changer's cut-out)
  'fal:fal-ai/birefnet/v2': FAL_BIREFNET_V2,

  // https://fal.ai/models/fal-ai/bria/background/remove/api
  'fal:fal-ai/bria/background/remove': {
    source: 'https://fal.ai/models/fal-ai/bria/background/remove/api',
    input: z.object({ image_url: url, preserve_partial_alpha: z.boolean().optional(), sync_mode: syncMode }).strict(),
    media: { image_url: 'image' },
    output: falOneImage,
  },

  // https://replicate.com/lucataco/remove-bg/api/schema
  'replicate:lucataco/remove-bg': REPLICATE_REMOVE_BG,

  // https://replicate.com/cdingram/face-swap/api/schema — `input_image` is the target photo,
  // `swap_image` the face put into it; the output is one URI.
  'replicate:cdingram/face-swap': {
    source: 'https://replicate.com/cdingram/face-swap/api/schema',
    input: z.object({ input_image: url, swap_image: url }).strict(),
    media: { input_image: 'image', swap_image: 'image' },
    output: replicateFile,
  },

  // https://fal.ai/models/fal-ai/bria/product-shot/llms.txt — either scene_description or
  // ref_image_url; `automatic` placement answers num_results × 10 shots, `original` one each.
  'fal:fal-ai/bria/product-shot': {
    source: 'https://fal.ai/models/fal-ai/bria/product-shot/llms.txt',
    input: z
      .object({
        image_url: url,
        scene_description: z.string().min(1).optional(),
        ref_image_url: z.union([url, z.literal('')]).optional(),
        optimize_description: z.boolean().optional(),
        num_results: z.number().int().min(1).max(4).optional(),
        fast: z.boolean().optional(),
        placement_type: z.enum(['original', 'automatic', 'manual_placement', 'manual_padding']).optional(),
        original_quality: z.boolean().optional(),
        shot_size: z.array(z.number().int().positive()).length(2).optional(),
        manual_placement_selection: z
          .enum(['upper_left', 'upper_right', 'bottom_left', 'bottom_right', 'right_center', 'left_center', 'upper_center', 'bottom_center', 'center_vertical', 'center_horizontal'])
          .optional(),
        padding_values: z.array(z.number().int()).length(4).optional(),
        sync_mode: syncMode,
      })
      .strict()
      .refine((i) => Boolean(i.scene_description) !== Boolean(i.ref_image_url), 'Either ref_image_url or scene_description has to be provided but not both'),
    media: { image_url: 'image' },
    output: (files) => ({ images: [falImage(files)] }),
  },

  // https://fal.ai/models/fal-ai/kling/v1-5/kolors-virtual-try-on/api
  'fal:fal-ai/kling/v1-5/kolors-virtual-try-on': {
    source: 'https://fal.ai/models/fal-ai/kling/v1-5/kolors-virtual-try-on/api',
    input: z.object({ human_image_url: url, garment_image_url: url, sync_mode: syncMode }).strict(),
    media: { human_image_url: 'image', garment_image_url: 'image' },
    output: falOneImage,
  },
};
