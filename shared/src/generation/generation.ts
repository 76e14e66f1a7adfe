/**
 * The catalogue of creation kinds (§1, §4, §7): for each public RPC its input schema, its
 * kind and what it outputs. The server validates with these schemas; the studio builds its
 * forms from them. Kinds are added here as their engines land.
 */
import { z } from 'zod';

export const ASPECT_RATIOS = {
  '1:1': [1024, 1024],
  '4:3': [1152, 864],
  '3:4': [864, 1152],
  '16:9': [1344, 768],
  '9:16': [768, 1344],
} as const satisfies Record<string, readonly [number, number]>;
export type AspectRatio = keyof typeof ASPECT_RATIOS;

const zPrompt = z.string().trim().min(1, 'Prompt is required').max(2000);

export const zTextToImageInput = z.object({
  prompt: zPrompt,
  negativePrompt: z.string().trim().max(1000).optional(),
  aspectRatio: z.enum(Object.keys(ASPECT_RATIOS) as [AspectRatio, ...AspectRatio[]]).default('1:1'),
  /** Same seed + prompt → same image. */
  seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
  projectId: z.string().max(100).optional(),
});
export type TextToImageInput = z.infer<typeof zTextToImageInput>;

export const GENERATION_KINDS = {
  text_to_image: { rpcName: 'text2Image.create', input: zTextToImageInput, output: 'image' },
} as const satisfies Record<string, { rpcName: string; input: z.ZodType; output: 'image' | 'video' | 'audio' }>;

export type GenerationKind = keyof typeof GENERATION_KINDS;
export type GenerationInput<K extends GenerationKind> = z.infer<(typeof GENERATION_KINDS)[K]['input']>;

export function isGenerationKind(value: string): value is GenerationKind {
  return Object.hasOwn(GENERATION_KINDS, value);
}

/** Output size of a text-to-image request. */
export function imageSizeFor(aspectRatio: AspectRatio): { width: number; height: number } {
  const [width, height] = ASPECT_RATIOS[aspectRatio];
  return { width, height };
}

/**
 * Tasks one user may run at once, by plan (§8 "Parallel task limit reached"). Until billing
 * lands every user is on FREE.
 */
export const PARALLEL_TASK_LIMITS = { FREE: 2, BASIC: 3, PRO: 4, UNLIMITED: 6, ULTIMATE: 10 } as const;
export type PlanKey = keyof typeof PARALLEL_TASK_LIMITS;
