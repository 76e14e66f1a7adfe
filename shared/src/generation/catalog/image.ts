/**
 * Hosted models that make images (text to image, editing, the image tools and the template kinds).
 * Each entry's `source` is the provider page its input and output schema were read from.
 * See ../models.ts for what the fields mean.
 */
import type { ModelEntryInput } from '../models.ts';

/** fal's named image sizes by our aspect ratios. */
export const FAL_IMAGE_SIZE = { '1:1': 'square_hd', '4:3': 'landscape_4_3', '3:4': 'portrait_4_3', '16:9': 'landscape_16_9', '9:16': 'portrait_16_9' };

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
];
