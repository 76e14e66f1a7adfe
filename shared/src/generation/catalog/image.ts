/**
 * Hosted models that make images (text to image, editing, the image tools and the template kinds).
 * Each entry's `source` is the provider page its input and output schema were read from.
 * See ../models.ts for what the fields mean.
 */
import { ASPECT_RATIOS } from '../generation.ts';
import type { ModelEntryInput } from '../models.ts';

/** fal's named image sizes by our aspect ratios. */
export const FAL_IMAGE_SIZE = { '1:1': 'square_hd', '4:3': 'landscape_4_3', '3:4': 'portrait_4_3', '16:9': 'landscape_16_9', '9:16': 'portrait_16_9' };

/** Canvas sizes by our aspect ratios (the sizes the local engine makes), for models that take pixels. */
const CANVAS_SIZE = Object.fromEntries(Object.entries(ASPECT_RATIOS).map(([shape, [width, height]]) => [shape, [width, height]]));

/** Our shapes; the models below that take a shape know them all. */
const OUR_ASPECTS = Object.keys(ASPECT_RATIOS);

export const IMAGE_MODELS: ModelEntryInput[] = [
  {
    id: 'fal-flux-schnell',
    name: 'FLUX.1 [schnell]',
    vendor: 'Black Forest Labs',
    provider: 'fal',
    remoteId: 'fal-ai/flux/schnell',
    kinds: ['text_to_image'],
    input: {
      prompt: { from: 'prompt' },
      image_size: { from: 'aspectRatio', map: FAL_IMAGE_SIZE, default: 'square_hd' },
      seed: { from: 'seed' },
      num_images: { const: 1 },
      enable_safety_checker: { const: true },
    },
    output: { files: ['images[].url'], unsafe: 'has_nsfw_concepts[]' },
    price: { credits: 2, per: 'run' },
    speed: 'fast',
    timeoutS: 120,
    source: 'https://fal.ai/models/fal-ai/flux/schnell/api',
  },
  {
    id: 'replicate-flux-schnell',
    name: 'FLUX.1 [schnell]',
    vendor: 'Black Forest Labs',
    provider: 'replicate',
    remoteId: 'black-forest-labs/flux-schnell',
    kinds: ['text_to_image'],
    input: {
      prompt: { from: 'prompt' },
      aspect_ratio: { from: 'aspectRatio', default: '1:1' },
      seed: { from: 'seed' },
      num_outputs: { const: 1 },
      output_format: { const: 'png' },
    },
    output: { files: ['output[]', 'output'] },
    price: { credits: 2, per: 'run' },
    speed: 'fast',
    timeoutS: 120,
    source: 'https://replicate.com/black-forest-labs/flux-schnell/api/schema',
  },
  {
    id: 'openai-gpt-image-1',
    name: 'GPT Image 1',
    vendor: 'OpenAI',
    provider: 'openai',
    remoteId: 'gpt-image-1',
    kinds: ['text_to_image'],
    input: {
      model: { const: 'gpt-image-1' },
      prompt: { from: 'prompt' },
      size: { from: 'aspectRatio', map: { '1:1': '1024x1024', '4:3': '1536x1024', '16:9': '1536x1024', '3:4': '1024x1536', '9:16': '1024x1536' }, default: '1024x1024' },
      n: { const: 1 },
    },
    output: { files: ['data[].b64_json'] },
    price: { credits: 8, per: 'run' },
    speed: 'standard',
    timeoutS: 180,
    source: 'https://platform.openai.com/docs/api-reference/images/create',
  },
  {
    id: 'fal-flux-dev',
    name: 'FLUX.1 [dev]',
    vendor: 'Black Forest Labs',
    provider: 'fal',
    remoteId: 'fal-ai/flux/dev',
    kinds: ['text_to_image'],
    input: {
      prompt: { from: 'prompt' },
      image_size: { from: 'aspectRatio', map: FAL_IMAGE_SIZE, default: 'square_hd' },
      seed: { from: 'seed' },
      num_images: { const: 1 },
      enable_safety_checker: { const: true },
    },
    output: { files: ['images[].url'], unsafe: 'has_nsfw_concepts[]' },
    // $0.025 a megapixel.
    price: { credits: 3, per: 'run' },
    timeoutS: 180,
    source: 'https://fal.ai/models/fal-ai/flux/dev/api',
  },
  {
    id: 'fal-recraft-v3',
    name: 'Recraft V3',
    vendor: 'Recraft',
    provider: 'fal',
    remoteId: 'fal-ai/recraft-v3',
    kinds: ['text_to_image'],
    // Recraft takes no seed or negative prompt; its default style is a realistic image.
    input: {
      prompt: { from: 'prompt' },
      image_size: { from: 'aspectRatio', map: FAL_IMAGE_SIZE, default: 'square_hd' },
    },
    output: { files: ['images[].url'] },
    // $0.04 an image (vector styles, which we do not ask for, cost double).
    price: { credits: 4, per: 'run' },
    timeoutS: 180,
    source: 'https://fal.ai/models/fal-ai/recraft-v3/api',
  },

  {
    id: 'replicate-imagen-4',
    name: 'Imagen 4',
    vendor: 'Google',
    provider: 'replicate',
    remoteId: 'google/imagen-4',
    kinds: ['text_to_image'],
    // Imagen takes no seed or negative prompt; it knows our five shapes by name.
    input: {
      prompt: { from: 'prompt' },
      aspect_ratio: { from: 'aspectRatio', default: '1:1' },
      output_format: { const: 'png' },
      safety_filter_level: { const: 'block_medium_and_above' },
    },
    output: { files: ['output'] },
    // $0.04 an image.
    price: { credits: 4, per: 'run' },
    limits: { aspectRatios: OUR_ASPECTS },
    timeoutS: 180,
    source: 'https://replicate.com/google/imagen-4/api/schema',
  },

  // Image editing: the prompt is the instruction. Our `style` has no parameter in these models
  // (a template cannot say "only when not auto"), so only models with a strength take `strength`.
  {
    id: 'fal-flux-kontext-pro',
    name: 'FLUX.1 Kontext [pro]',
    vendor: 'Black Forest Labs',
    provider: 'fal',
    remoteId: 'fal-ai/flux-pro/kontext',
    kinds: ['image_to_image'],
    input: {
      prompt: { from: 'prompt' },
      image_url: { from: 'image', as: 'url' },
      seed: { from: 'seed' },
      num_images: { const: 1 },
      output_format: { const: 'png' },
    },
    output: { files: ['images[].url'], unsafe: 'has_nsfw_concepts[]' },
    // $0.04 an image.
    price: { credits: 4, per: 'run' },
    timeoutS: 180,
    source: 'https://fal.ai/models/fal-ai/flux-pro/kontext/api',
  },
  {
    id: 'replicate-flux-kontext-pro',
    name: 'FLUX.1 Kontext [pro]',
    vendor: 'Black Forest Labs',
    provider: 'replicate',
    remoteId: 'black-forest-labs/flux-kontext-pro',
    kinds: ['image_to_image'],
    input: {
      prompt: { from: 'prompt' },
      input_image: { from: 'image', as: 'url' },
      // The edit keeps the photo's shape.
      aspect_ratio: { const: 'match_input_image' },
      seed: { from: 'seed' },
      output_format: { const: 'png' },
    },
    output: { files: ['output'] },
    price: { credits: 4, per: 'run' },
    timeoutS: 180,
    source: 'https://replicate.com/black-forest-labs/flux-kontext-pro/api/schema',
  },
  {
    id: 'fal-nano-banana-edit',
    name: 'Nano Banana (Gemini 2.5 Flash Image) edit',
    vendor: 'Google',
    provider: 'fal',
    remoteId: 'fal-ai/nano-banana/edit',
    kinds: ['image_to_image'],
    input: {
      prompt: { from: 'prompt' },
      // A list of images (several are fused); ours is the one photo.
      image_urls: { from: 'image', as: 'urls' },
      num_images: { const: 1 },
      output_format: { const: 'png' },
    },
    output: { files: ['images[].url'] },
    // $0.039 an image.
    price: { credits: 4, per: 'run' },
    timeoutS: 180,
    source: 'https://fal.ai/models/fal-ai/nano-banana/edit/api',
  },
  {
    id: 'fal-flux-dev-i2i',
    name: 'FLUX.1 [dev] image to image',
    vendor: 'Black Forest Labs',
    provider: 'fal',
    remoteId: 'fal-ai/flux/dev/image-to-image',
    kinds: ['image_to_image'],
    input: {
      prompt: { from: 'prompt' },
      image_url: { from: 'image', as: 'url' },
      // Both run 0–1 with 1 repainting the image fully.
      strength: { from: 'strength' },
      seed: { from: 'seed' },
      num_images: { const: 1 },
      enable_safety_checker: { const: true },
    },
    output: { files: ['images[].url'], unsafe: 'has_nsfw_concepts[]' },
    price: { credits: 3, per: 'run' },
    timeoutS: 180,
    source: 'https://fal.ai/models/fal-ai/flux/dev/image-to-image/api',
  },

  // Upscale: our 2× and 4× are within every model's range of factors.
  {
    id: 'fal-esrgan',
    name: 'Real-ESRGAN',
    vendor: 'Tencent ARC',
    provider: 'fal',
    remoteId: 'fal-ai/esrgan',
    kinds: ['upscale'],
    input: {
      image_url: { from: 'image', as: 'url' },
      scale: { from: 'scale' },
      output_format: { const: 'png' },
    },
    output: { files: ['image.url'] },
    price: { credits: 2, per: 'run' },
    limits: { scales: [2, 4] },
    speed: 'fast',
    timeoutS: 180,
    source: 'https://fal.ai/models/fal-ai/esrgan/api',
  },
  {
    id: 'fal-clarity-upscaler',
    name: 'Clarity Upscaler',
    vendor: 'Clarity AI',
    provider: 'fal',
    remoteId: 'fal-ai/clarity-upscaler',
    kinds: ['upscale'],
    // A diffusion upscaler: it adds detail rather than only sharpening.
    input: {
      image_url: { from: 'image', as: 'url' },
      upscale_factor: { from: 'scale' },
      enable_safety_checker: { const: true },
    },
    output: { files: ['image.url'] },
    // $0.03 a megapixel of output.
    price: { credits: 5, per: 'run' },
    limits: { scales: [2, 4] },
    speed: 'slow',
    timeoutS: 300,
    source: 'https://fal.ai/models/fal-ai/clarity-upscaler/api',
  },
  {
    id: 'replicate-real-esrgan',
    name: 'Real-ESRGAN',
    vendor: 'Tencent ARC',
    provider: 'replicate',
    remoteId: 'nightmareai/real-esrgan',
    kinds: ['upscale'],
    input: {
      image: { from: 'image', as: 'url' },
      scale: { from: 'scale' },
    },
    output: { files: ['output'] },
    price: { credits: 2, per: 'run' },
    limits: { scales: [2, 4] },
    speed: 'fast',
    timeoutS: 180,
    source: 'https://replicate.com/nightmareai/real-esrgan/api/schema',
  },

  // Uncrop: Bria places the photo in the middle of a canvas of the asked shape (the shape wins
  // over the photo's own placement); `zoomOut` has no parameter, the canvas is our size of that shape.
  {
    id: 'fal-bria-expand',
    name: 'Bria Expand',
    vendor: 'Bria',
    provider: 'fal',
    remoteId: 'fal-ai/bria/expand',
    kinds: ['uncrop'],
    input: {
      image_url: { from: 'image', as: 'url' },
      aspect_ratio: { from: 'aspectRatio', default: '16:9' },
      canvas_size: { from: 'aspectRatio', map: CANVAS_SIZE, default: [1344, 768] },
    },
    output: { files: ['image.url'] },
    // $0.04 an image.
    price: { credits: 4, per: 'run' },
    limits: { aspectRatios: OUR_ASPECTS },
    timeoutS: 180,
    source: 'https://fal.ai/models/fal-ai/bria/expand/api',
  },

  // Object removal: the mask is drawn by the user (Bria's `manual` mask type).
  {
    id: 'fal-bria-eraser',
    name: 'Bria Eraser',
    vendor: 'Bria',
    provider: 'fal',
    remoteId: 'fal-ai/bria/eraser',
    kinds: ['object_remover'],
    input: {
      image_url: { from: 'image', as: 'url' },
      mask_url: { from: 'mask', as: 'url' },
      mask_type: { const: 'manual' },
    },
    output: { files: ['image.url'] },
    // $0.04 an image.
    price: { credits: 4, per: 'run' },
    timeoutS: 180,
    source: 'https://fal.ai/models/fal-ai/bria/eraser/api',
  },

  // Inpaint: FLUX Fill needs a prompt; without one the area is filled to match what surrounds it.
  {
    id: 'fal-flux-pro-fill',
    name: 'FLUX.1 Fill [pro]',
    vendor: 'Black Forest Labs',
    provider: 'fal',
    remoteId: 'fal-ai/flux-pro/v1/fill',
    kinds: ['inpaint'],
    input: {
      image_url: { from: 'image', as: 'url' },
      mask_url: { from: 'mask', as: 'url' },
      prompt: { from: 'prompt', default: 'the same background as around it, seamless' },
      seed: { from: 'seed' },
      num_images: { const: 1 },
      output_format: { const: 'png' },
    },
    output: { files: ['images[].url'], unsafe: 'has_nsfw_concepts[]' },
    // $0.05 a megapixel.
    price: { credits: 5, per: 'run' },
    timeoutS: 180,
    source: 'https://fal.ai/models/fal-ai/flux-pro/v1/fill/api',
  },

  // Background removal: a PNG cut-out with alpha.
  {
    id: 'fal-birefnet',
    name: 'BiRefNet v2',
    vendor: 'ZhengPeng7 (BiRefNet)',
    provider: 'fal',
    remoteId: 'fal-ai/birefnet/v2',
    kinds: ['background_remover'],
    input: {
      image_url: { from: 'image', as: 'url' },
      output_format: { const: 'png' },
    },
    output: { files: ['image.url'] },
    price: { credits: 1, per: 'run' },
    speed: 'fast',
    timeoutS: 120,
    source: 'https://fal.ai/models/fal-ai/birefnet/v2/api',
  },
  {
    id: 'fal-bria-rmbg',
    name: 'Bria RMBG 2.0',
    vendor: 'Bria',
    provider: 'fal',
    remoteId: 'fal-ai/bria/background/remove',
    kinds: ['background_remover'],
    input: { image_url: { from: 'image', as: 'url' } },
    output: { files: ['image.url'] },
    // $0.018 an image.
    price: { credits: 2, per: 'run' },
    speed: 'fast',
    timeoutS: 120,
    source: 'https://fal.ai/models/fal-ai/bria/background/remove/api',
  },
  {
    id: 'replicate-remove-bg',
    name: 'Remove background',
    vendor: 'lucataco',
    provider: 'replicate',
    remoteId: 'lucataco/remove-bg',
    kinds: ['background_remover'],
    input: { image: { from: 'image', as: 'url' } },
    output: { files: ['output'] },
    price: { credits: 1, per: 'run' },
    speed: 'fast',
    timeoutS: 120,
    source: 'https://replicate.com/lucataco/remove-bg/api/schema',
  },

  // Background change: the cut-out of a removal model, composed by the server on the user's
  // colour, gradient or picture (`post: 'background'`).
  {
    id: 'fal-birefnet-background',
    name: 'BiRefNet v2 cut-out',
    vendor: 'ZhengPeng7 (BiRefNet)',
    provider: 'fal',
    remoteId: 'fal-ai/birefnet/v2',
    kinds: ['background_changer'],
    input: {
      image_url: { from: 'image', as: 'url' },
      output_format: { const: 'png' },
    },
    output: { files: ['image.url'] },
    post: 'background',
    price: { credits: 2, per: 'run' },
    speed: 'fast',
    timeoutS: 120,
    source: 'https://fal.ai/models/fal-ai/birefnet/v2/api',
  },
  {
    id: 'replicate-remove-bg-background',
    name: 'Remove background cut-out',
    vendor: 'lucataco',
    provider: 'replicate',
    remoteId: 'lucataco/remove-bg',
    kinds: ['background_changer'],
    input: { image: { from: 'image', as: 'url' } },
    output: { files: ['output'] },
    post: 'background',
    price: { credits: 2, per: 'run' },
    speed: 'fast',
    timeoutS: 120,
    source: 'https://replicate.com/lucataco/remove-bg/api/schema',
  },

  // Face swap: `input_image` is the photo whose face is replaced, `swap_image` the new face.
  {
    id: 'replicate-face-swap',
    name: 'Face swap (InsightFace)',
    vendor: 'cdingram',
    provider: 'replicate',
    remoteId: 'cdingram/face-swap',
    kinds: ['face_swap'],
    input: {
      input_image: { from: 'image', as: 'url' },
      swap_image: { from: 'face', as: 'url' },
    },
    output: { files: ['output'] },
    price: { credits: 3, per: 'run' },
    speed: 'fast',
    timeoutS: 180,
    source: 'https://replicate.com/cdingram/face-swap/api/schema',
  },

  // Photo effects: an instruction editing model told the template's look.
  {
    id: 'fal-flux-kontext-effect',
    name: 'FLUX.1 Kontext [pro]',
    vendor: 'Black Forest Labs',
    provider: 'fal',
    remoteId: 'fal-ai/flux-pro/kontext',
    kinds: ['photo_effect'],
    input: {
      prompt: { template: 'Restyle this photo with the {template.options.prompt|template.name} effect, keeping the people and the composition' },
      image_url: { from: 'image', as: 'url' },
      num_images: { const: 1 },
      output_format: { const: 'png' },
    },
    output: { files: ['images[].url'], unsafe: 'has_nsfw_concepts[]' },
    price: { credits: 4, per: 'run' },
    timeoutS: 180,
    source: 'https://fal.ai/models/fal-ai/flux-pro/kontext/api',
  },

  // Product photos: Bria cuts the product out and generates the template's scene around it,
  // keeping the product where it is in the photo (`original` placement gives one result).
  {
    id: 'fal-bria-product-shot',
    name: 'Bria Product Shot',
    vendor: 'Bria',
    provider: 'fal',
    remoteId: 'fal-ai/bria/product-shot',
    kinds: ['product_photo'],
    input: {
      image_url: { from: 'image', as: 'url' },
      scene_description: { template: '{template.options.prompt|template.name}' },
      placement_type: { const: 'original' },
      num_results: { const: 1 },
    },
    output: { files: ['images[].url'] },
    // $0.04 a result.
    price: { credits: 5, per: 'run' },
    timeoutS: 240,
    source: 'https://fal.ai/models/fal-ai/bria/product-shot/api',
  },

  // Model fitting: `image` is the person, `garment` what they put on.
  {
    id: 'fal-kolors-try-on',
    name: 'Kolors Virtual Try-On v1.5',
    vendor: 'Kuaishou',
    provider: 'fal',
    remoteId: 'fal-ai/kling/v1-5/kolors-virtual-try-on',
    kinds: ['model_fitting'],
    input: {
      human_image_url: { from: 'image', as: 'url' },
      garment_image_url: { from: 'garment', as: 'url' },
    },
    output: { files: ['image.url'] },
    // $0.07 an image.
    price: { credits: 7, per: 'run' },
    timeoutS: 240,
    source: 'https://fal.ai/models/fal-ai/kling/v1-5/kolors-virtual-try-on/api',
  },
];
