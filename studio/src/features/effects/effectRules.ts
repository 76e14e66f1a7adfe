/**
 * Pure rules of the effects pages: which template types each list shows, where a template opens,
 * the list request of a grid, how its pages merge, and which categories get a chip. Type-only
 * imports: the effects popup and the pages share this file without pulling zod in.
 */
import type { CategoryDto, TemplateDto, TemplateListInput, TemplateType } from '@tessera/shared/catalog';

export type EffectsVariant = 'ai' | 'video' | 'photo' | 'pro';

/** The template types each effects list shows (/ai-effects shows every effect). */
export const VARIANT_TYPES: Readonly<Record<EffectsVariant, readonly TemplateType[]>> = {
  ai: ['video_effect', 'pro_effect', 'photo_effect', 'image_template'],
  video: ['video_effect'],
  photo: ['photo_effect', 'image_template'],
  pro: ['pro_effect'],
};

export const LIST_PATHS: Readonly<Record<EffectsVariant, string>> = {
  ai: '/ai-effects',
  video: '/video-effects',
  photo: '/photo-effects',
  pro: '/app/pro-effects',
};

export const PRODUCT_PHOTO_PATH = '/app/product-photo';
export const MODEL_FITTING_PATH = '/app/model-fitting';

/** The list a template belongs to (product scenes and fitting backdrops live on their own pages). */
export function variantOfType(type: TemplateType): Exclude<EffectsVariant, 'ai'> | null {
  switch (type) {
    case 'video_effect':
      return 'video';
    case 'pro_effect':
      return 'pro';
    case 'photo_effect':
    case 'image_template':
      return 'photo';
    default:
      return null;
  }
}

/** The page a template opens: its detail page, or the product photo / model fitting page with it chosen. */
export function templatePath(template: Pick<TemplateDto, 'id' | 'type'>): string {
  if (template.type === 'product_photo') return `${PRODUCT_PHOTO_PATH}?scene=${encodeURIComponent(template.id)}`;
  if (template.type === 'model_fitting') return `${MODEL_FITTING_PATH}?backdrop=${encodeURIComponent(template.id)}`;
  const variant = variantOfType(template.type);
  return `${LIST_PATHS[variant ?? 'photo']}/${template.id}`;
}

/** The `catalog.templates` input of a grid: one type as `type`, several as `types`. */
export function listInput(types: readonly TemplateType[], opts: { categoryId?: string | null; limit?: number } = {}): TemplateListInput {
  const input: TemplateListInput = types.length === 1 ? { type: types[0] } : { types: [...types] };
  if (opts.categoryId) input.categoryId = opts.categoryId;
  if (opts.limit) input.limit = opts.limit;
  return input;
}

/**
 * The templates of every loaded page in order, each once: a template edited between two page
 * loads can move across the cursor and come back on a later page.
 */
export function mergePages(pages: readonly { items: readonly TemplateDto[] }[] | undefined): TemplateDto[] {
  const seen = new Set<string>();
  const out: TemplateDto[] = [];
  for (const page of pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** Category chips of a list: its types' categories that hold templates, in the admin's order. */
export function categoriesFor(categories: readonly CategoryDto[] | undefined, types: readonly TemplateType[]): CategoryDto[] {
  return (categories ?? [])
    .filter((c) => types.includes(c.type) && c.templateCount > 0)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
}

/** Templates to suggest next to `current`: same list, not itself. */
export function otherTemplates(templates: readonly TemplateDto[], currentId: string, max = 8): TemplateDto[] {
  return templates.filter((t) => t.id !== currentId && t.status === 'active').slice(0, max);
}

/** A catalogue lookup that failed because the template does not exist or was retired (not a network problem). */
export function isUnavailableError(error: unknown): boolean {
  const data = (error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined) as { code?: string } | undefined;
  return data?.code === 'NOT_FOUND' || data?.code === 'PRECONDITION_FAILED' || data?.code === 'BAD_REQUEST';
}
