/**
 * The template catalogue (issue 7): categories group templates of one type, positions are
 * ordered placements of templates on a page, special topics are curated collections, templates
 * are what a user applies (an effect, a product scene, a fitting backdrop). Each template names a
 * `recipe` the engine implements; `options` tune it. LoRAs are styles text-to-image can apply.
 */
import { z } from 'zod';

export const TEMPLATE_TYPES = ['video_effect', 'photo_effect', 'pro_effect', 'image_template', 'product_photo', 'model_fitting'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** The generation kind (shared/generation) a template of each type makes. */
export const TEMPLATE_KIND = {
  video_effect: 'video_effect',
  pro_effect: 'video_effect',
  photo_effect: 'photo_effect',
  image_template: 'photo_effect',
  product_photo: 'product_photo',
  model_fitting: 'model_fitting',
} as const satisfies Record<TemplateType, string>;

/** What a template's output is. */
export function templateMediaType(type: TemplateType): 'video' | 'image' {
  return TEMPLATE_KIND[type] === 'video_effect' ? 'video' : 'image';
}

/** Pro effects need a paid plan (§6 PRO_FEATURE). */
export const isProTemplateType = (type: TemplateType): boolean => type === 'pro_effect';

export const TEMPLATE_STATUSES = ['active', 'retired'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** Slugs are the ids of catalogue rows: lower case, digits and dashes. */
export const zSlug = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes.');

const zName = z.string().trim().min(1).max(80);
const zDescription = z.string().trim().max(500);
const zOptions = z.record(z.string().max(40), z.union([z.number(), z.string().max(200), z.boolean()]));

export const zCategoryInput = z.object({
  id: zSlug,
  type: z.enum(TEMPLATE_TYPES),
  name: zName,
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type CategoryInput = z.input<typeof zCategoryInput>;

export const zPositionInput = z.object({
  id: zSlug,
  categoryId: zSlug,
  /** Must equal the category's type ("a position or template type must match its category type"). */
  type: z.enum(TEMPLATE_TYPES),
  name: zName,
  /** Templates shown in this slot, in order. */
  templateIds: z.array(zSlug).max(100).default([]),
});
export type PositionInput = z.input<typeof zPositionInput>;

export const zSpecialTopicInput = z.object({
  id: zSlug,
  title: zName,
  description: zDescription.default(''),
  templateIds: z.array(zSlug).max(100).default([]),
  /** Shown only between these instants (ISO), when set. */
  startsAt: z.iso.datetime().nullable().default(null),
  endsAt: z.iso.datetime().nullable().default(null),
});
export type SpecialTopicInput = z.input<typeof zSpecialTopicInput>;

export const zTemplateInput = z.object({
  id: zSlug,
  type: z.enum(TEMPLATE_TYPES),
  categoryId: zSlug,
  name: zName,
  description: zDescription.default(''),
  /** The engine recipe (`zoom-in`, `sepia` …); see server/src/generation/engine/effects. */
  recipe: z.string().trim().min(1).max(64),
  options: zOptions.default({}),
  cost: z.number().int().min(0).max(1000),
  status: z.enum(TEMPLATE_STATUSES).default('active'),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
  tags: z.array(z.string().trim().min(1).max(24)).max(8).default([]),
});
export type TemplateInput = z.input<typeof zTemplateInput>;

export const zTemplateListInput = z.object({
  type: z.enum(TEMPLATE_TYPES).optional(),
  /** Several types at once (the effects popup lists video and pro effects together). */
  types: z.array(z.enum(TEMPLATE_TYPES)).max(6).optional(),
  categoryId: zSlug.optional(),
  /** Retired templates are listed only to admins who ask for them. */
  includeRetired: z.boolean().default(false),
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(60).default(24),
});
export type TemplateListInput = z.input<typeof zTemplateListInput>;

export const zTemplateId = z.object({ id: zSlug });

export interface TemplateDto {
  id: string;
  type: TemplateType;
  categoryId: string;
  name: string;
  description: string;
  recipe: string;
  options: Record<string, number | string | boolean>;
  cost: number;
  status: TemplateStatus;
  /** Needs a paid plan. */
  pro: boolean;
  mediaType: 'video' | 'image';
  /** A real result of this template on the sample photo, made on first request and cached. */
  previewUrl: string;
  /** The preview's media type (video effects preview as short MP4s). */
  previewMediaType: 'video' | 'image';
  tags: string[];
  sortOrder: number;
  usageCount: number;
}

export interface TemplatePage {
  items: TemplateDto[];
  nextCursor: string | null;
}

export interface CategoryDto {
  id: string;
  type: TemplateType;
  name: string;
  sortOrder: number;
  templateCount: number;
}

export interface PositionDto {
  id: string;
  categoryId: string;
  type: TemplateType;
  name: string;
  templateIds: string[];
}

export interface SpecialTopicDto {
  id: string;
  title: string;
  description: string;
  templateIds: string[];
  startsAt: string | null;
  endsAt: string | null;
}

/** A style text-to-image can apply (the /loras and /lora-detail pages). */
export interface LoraDto {
  id: string;
  name: string;
  description: string;
  /** The image-to-image style the local engine applies over the rendered picture. */
  style: string;
  /** Words added to the prompt. */
  trigger: string;
  previewUrl: string;
  tags: string[];
}

/** Public URL of a template's (lazily rendered) preview. */
export const templatePreviewUrl = (id: string): string => `/api/catalog/templates/${id}/preview`;
export const loraPreviewUrl = (id: string): string => `/api/catalog/loras/${id}/preview`;
