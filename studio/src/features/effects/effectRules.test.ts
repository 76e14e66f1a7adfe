import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEMPLATE_TYPES, type CategoryDto, type TemplateDto, type TemplateType } from '@tessera/shared/catalog';
import i18next from 'i18next';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { categoriesFor, isUnavailableError, LIST_PATHS, listInput, mergePages, otherTemplates, templatePath, VARIANT_TYPES, variantOfType } from './effectRules.ts';
import { templateImageSlots } from './startTemplateTask.ts';

const template = (id: string, type: TemplateType = 'photo_effect', extra: Partial<TemplateDto> = {}): TemplateDto => ({
  id,
  type,
  categoryId: 'classic-looks',
  name: id,
  description: '',
  recipe: id,
  options: {},
  cost: 4,
  status: 'active',
  pro: type === 'pro_effect',
  mediaType: type === 'video_effect' || type === 'pro_effect' ? 'video' : 'image',
  previewUrl: `/api/catalog/templates/${id}/preview`,
  previewMediaType: type === 'video_effect' || type === 'pro_effect' ? 'video' : 'image',
  tags: [],
  sortOrder: 0,
  usageCount: 0,
  ...extra,
});

const category = (id: string, type: TemplateType, sortOrder: number, templateCount = 3): CategoryDto => ({ id, type, name: id, sortOrder, templateCount });

/** The studio's routes, read from router.tsx's source (importing it would pull in the app shell). */
const routerSource = readFileSync(join(import.meta.dirname, '../../app/router.tsx'), 'utf8');
const routes: RouteObject[] = [...routerSource.matchAll(/\{ path: '([^']+)', element: (<[^>]+>)/g)]
  .filter((m) => m[1] !== '*')
  .map((m) => ({ path: `/${m[1]}`, id: m[2] }));
const routeOf = (path: string) => matchRoutes(routes, path.split('?')[0] ?? path)?.at(-1)?.route.id;

describe('templatePath', () => {
  it.each([
    ['zoom-in', 'video_effect', '/video-effects/zoom-in', '<EffectDetailPage variant="video" />'],
    ['dolly-zoom', 'pro_effect', '/app/pro-effects/dolly-zoom', '<EffectDetailPage variant="pro" />'],
    ['sepia', 'photo_effect', '/photo-effects/sepia', '<EffectDetailPage variant="photo" />'],
    ['poster-frame', 'image_template', '/photo-effects/poster-frame', '<EffectDetailPage variant="photo" />'],
    ['marble-podium', 'product_photo', '/app/product-photo?scene=marble-podium', '<ProductPhotoPage />'],
    ['soft-blur', 'model_fitting', '/app/model-fitting?backdrop=soft-blur', '<ModelFittingPage />'],
  ] as const)('opens %s (%s) at %s, a page of the router', (id, type, path, element) => {
    expect(templatePath({ id, type })).toBe(path);
    expect(routeOf(path)).toBe(element);
  });

  it('sends every effect type to the detail page of the list that shows it', () => {
    for (const type of TEMPLATE_TYPES) {
      const variant = variantOfType(type);
      if (!variant) continue;
      expect(VARIANT_TYPES[variant]).toContain(type);
      expect(templatePath({ id: 'x1', type }).startsWith(`${LIST_PATHS[variant]}/`)).toBe(true);
    }
  });

  it('lists every effect type on /ai-effects and no product scene or backdrop on any effects list', () => {
    expect([...VARIANT_TYPES.ai].sort()).toEqual(TEMPLATE_TYPES.filter((type) => variantOfType(type) !== null).sort());
    for (const types of Object.values(VARIANT_TYPES)) {
      expect(types).not.toContain('product_photo');
      expect(types).not.toContain('model_fitting');
    }
  });
});

describe('listInput', () => {
  it('asks for one type as `type` and several as `types`, with the category and page size', () => {
    expect(listInput(['video_effect'])).toEqual({ type: 'video_effect' });
    expect(listInput(['photo_effect', 'image_template'], { categoryId: 'art-styles', limit: 24 })).toEqual({
      types: ['photo_effect', 'image_template'],
      categoryId: 'art-styles',
      limit: 24,
    });
    expect(listInput(['pro_effect'], { categoryId: null })).toEqual({ type: 'pro_effect' });
  });
});

describe('grid paging', () => {
  it('keeps page order and shows a template that moved across the cursor once', () => {
    const pages = [{ items: [template('a'), template('b')] }, { items: [template('b'), template('c')] }, { items: [] }];
    expect(mergePages(pages).map((t) => t.id)).toEqual(['a', 'b', 'c']);
    expect(mergePages(undefined)).toEqual([]);
  });

  it('gives chips to the categories of the list that hold templates, in the admin order', () => {
    const all = [
      category('art-styles', 'photo_effect', 1),
      category('camera-moves', 'video_effect', 0),
      category('classic-looks', 'photo_effect', 0),
      category('layouts', 'image_template', 0),
      category('unused', 'photo_effect', 2, 0),
    ];
    expect(categoriesFor(all, VARIANT_TYPES.photo).map((c) => c.id)).toEqual(['classic-looks', 'layouts', 'art-styles']);
    expect(categoriesFor(all, VARIANT_TYPES.video).map((c) => c.id)).toEqual(['camera-moves']);
    expect(categoriesFor(undefined, VARIANT_TYPES.ai)).toEqual([]);
  });

  it('suggests other active templates, never the current one', () => {
    const list = [template('a'), template('b'), template('c', 'photo_effect', { status: 'retired' }), template('d')];
    expect(otherTemplates(list, 'b').map((t) => t.id)).toEqual(['a', 'd']);
    expect(otherTemplates(list, 'x', 2).map((t) => t.id)).toEqual(['a', 'b']);
  });
});

describe('template pages', () => {
  it('asks model fitting for a person and a garment, everything else for one image', () => {
    expect(templateImageSlots('model_fitting')).toEqual(['image', 'garment']);
    for (const type of TEMPLATE_TYPES.filter((t) => t !== 'model_fitting')) expect(templateImageSlots(type)).toEqual(['image']);
  });

  it('treats unknown, retired and malformed templates as unavailable, and other failures as retryable', () => {
    expect(isUnavailableError({ message: 'Template not found.', data: { code: 'NOT_FOUND' } })).toBe(true);
    expect(isUnavailableError({ message: 'This image effect is no longer supported.', data: { code: 'PRECONDITION_FAILED' } })).toBe(true);
    expect(isUnavailableError({ data: { code: 'BAD_REQUEST' } })).toBe(true);
    expect(isUnavailableError({ data: { code: 'INTERNAL_SERVER_ERROR' } })).toBe(false);
    expect(isUnavailableError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isUnavailableError(null)).toBe(false);
  });
});

describe('effects texts', () => {
  const en = JSON.parse(readFileSync(join(import.meta.dirname, '../../locales/en/effects.json'), 'utf8')) as Record<string, unknown>;
  const i18n = i18next.createInstance();
  void i18n.init({ lng: 'en', resources: { en: { effects: en } }, defaultNS: 'effects', initImmediate: false, showSupportNotice: false });

  it('puts the cost on the Generate button and tiles with the right plural', () => {
    expect(i18n.t('form.generate', { count: 1 })).toBe('Generate · 1 credit');
    expect(i18n.t('form.generate', { count: 4 })).toBe('Generate · 4 credits');
    expect(i18n.t('tile.costLabel', { count: 10 })).toBe('10 credits');
    expect(i18n.t('detail.cost', { count: 20 })).toBe('20 credits per result');
  });
});
