/** Documented image endpoints (see documented.ts for the format). */
import { z } from 'zod';
import type { DocumentedEndpoint } from './documented.ts';

export const DOCUMENTED_IMAGE: Record<string, DocumentedEndpoint> = {
  // https://fal.ai/models/fal-ai/flux/schnell/api
  'fal:fal-ai/flux/schnell': {
    source: 'https://fal.ai/models/fal-ai/flux/schnell/api',
    input: z
      .object({
        prompt: z.string().min(1),
        image_size: z.union([z.enum(['square_hd', 'square', 'portrait_4_3', 'portrait_16_9', 'landscape_4_3', 'landscape_16_9']), z.object({ width: z.number().int(), height: z.number().int() })]).optional(),
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
};
