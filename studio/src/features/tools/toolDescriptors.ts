/**
 * The image tools, one small descriptor each: which image inputs it takes, whether it needs a
 * mask, its other fields and their defaults. One generic page renders them all; the input
 * schemas and costs come from shared/generation and shared/credits.
 */
import {
  ASPECT_RATIOS,
  GENERATION_KINDS,
  type GenerationInput,
  type ImageToolKind,
  UPSCALE_MODES,
} from '@tessera/shared/generation';
import type { ModelChoice, ModelLimits } from '@tessera/shared/generation/models';
import type { z } from 'zod';
import { keepOption, narrowTo, priceFor } from '../models/modelChoice.ts';
import { Brush, Eraser, Expand, type LucideIcon, Maximize2, PaintBucket, Scissors, Smile } from 'lucide-react';

/** Image inputs a tool can take besides its mask. */
export type ImageSlot = 'image' | 'face';

export type ToolField =
  | { type: 'choice'; name: string; options: readonly (string | number)[] }
  | { type: 'slider'; name: string; min: number; max: number; step: number }
  | { type: 'prompt'; name: 'prompt' }
  | { type: 'background' };

type Values<K extends ImageToolKind> = Omit<GenerationInput<K>, 'image' | 'mask' | 'face' | 'projectId'>;

export interface ToolDescriptor<K extends ImageToolKind = ImageToolKind> {
  slug: string;
  kind: K;
  icon: LucideIcon;
  images: readonly ImageSlot[];
  /** Painted over `image` and uploaded as `mask` (white = the area to work on). */
  mask: boolean;
  fields: readonly ToolField[];
  defaults: Values<K>;
}

const tool = <K extends ImageToolKind>(d: ToolDescriptor<K>) => d;

export const TOOLS = [
  tool({
    slug: 'upscaler',
    kind: 'upscale',
    icon: Maximize2,
    images: ['image'],
    mask: false,
    fields: [
      { type: 'choice', name: 'scale', options: [2, 4] },
      { type: 'choice', name: 'mode', options: UPSCALE_MODES },
    ],
    defaults: { scale: 2, mode: 'quality' },
  }),
  tool({
    slug: 'uncrop',
    kind: 'uncrop',
    icon: Expand,
    images: ['image'],
    mask: false,
    fields: [
      { type: 'choice', name: 'aspectRatio', options: Object.keys(ASPECT_RATIOS) },
      { type: 'slider', name: 'zoomOut', min: 1, max: 2, step: 0.05 },
    ],
    defaults: { aspectRatio: '16:9', zoomOut: 1.25 },
  }),
  tool({ slug: 'object-remover', kind: 'object_remover', icon: Eraser, images: ['image'], mask: true, fields: [], defaults: {} }),
  tool({ slug: 'background-remover', kind: 'background_remover', icon: Scissors, images: ['image'], mask: false, fields: [], defaults: {} }),
  tool({
    slug: 'background-changer',
    kind: 'background_changer',
    icon: PaintBucket,
    images: ['image'],
    mask: false,
    fields: [{ type: 'background' }],
    defaults: { background: { type: 'color', color: '#ffffff' } },
  }),
  tool({ slug: 'face-swap', kind: 'face_swap', icon: Smile, images: ['image', 'face'], mask: false, fields: [], defaults: {} }),
  tool({
    slug: 'inpaint',
    kind: 'inpaint',
    icon: Brush,
    images: ['image'],
    mask: true,
    fields: [{ type: 'prompt', name: 'prompt' }],
    defaults: {},
  }),
] as const satisfies readonly ToolDescriptor[];

export function findTool(slug: string | undefined): ToolDescriptor | undefined {
  return (TOOLS as readonly ToolDescriptor[]).find((t) => t.slug === slug);
}

export function toolForKind(kind: string): ToolDescriptor | undefined {
  return (TOOLS as readonly ToolDescriptor[]).find((t) => t.kind === kind);
}

/** The request a tool form describes, validated with the kind's own schema. */
export function buildToolInput(
  tool: ToolDescriptor,
  values: Record<string, unknown>,
  refs: Partial<Record<ImageSlot | 'mask', string>>,
): ReturnType<z.ZodType['safeParse']> {
  const input: Record<string, unknown> = { ...tool.defaults, ...values };
  for (const slot of tool.images) if (refs[slot]) input[slot] = refs[slot];
  if (tool.mask && refs.mask) input.mask = refs.mask;
  if (typeof input.prompt === 'string' && !input.prompt.trim()) delete input.prompt;
  return GENERATION_KINDS[tool.kind].input.safeParse(input);
}

/** A choice field's options narrowed to what the chosen model makes (upscale factors, shapes). */
export function toolFieldOptions(field: Extract<ToolField, { type: 'choice' }>, limits: ModelLimits | undefined): readonly (string | number)[] {
  if (field.name === 'scale') return narrowTo(field.options, limits?.scales);
  if (field.name === 'aspectRatio') return narrowTo(field.options, limits?.aspectRatios);
  return field.options;
}

/** The values the form sends with this model: every choice moved onto an option the model makes. */
export function toolValuesFor(tool: ToolDescriptor, values: Record<string, unknown>, limits: ModelLimits | undefined): Record<string, unknown> {
  const out = { ...values };
  for (const field of tool.fields) if (field.type === 'choice' && field.name in out) out[field.name] = keepOption(toolFieldOptions(field, limits), out[field.name] as never);
  return out;
}

/**
 * Credits a tool run costs with these settings on `model` (the kind's price table for the local
 * engine or while the list loads). The cost depends only on the settings, not on the images, so
 * a syntactically valid stand-in key fills the image fields when none is chosen.
 */
export function toolCost(tool: ToolDescriptor, values: Record<string, unknown>, model?: ModelChoice): number {
  const standIn = 'u/cost/cost.png';
  const parsed = buildToolInput(tool, values, { image: standIn, face: standIn, mask: standIn });
  const fallback = buildToolInput(tool, {}, { image: standIn, face: standIn, mask: standIn });
  const input = parsed.success ? parsed.data : fallback.data;
  return priceFor(model, tool.kind, input as GenerationInput<typeof tool.kind>);
}
