/** The starter catalogue (db/seed/templates.json) is hand-edited data: catch a bad edit before start-up. */
import { readTemplateSeed } from '@tessera/db/seed';
import { TEMPLATE_TYPES, type TemplateType } from '@tessera/shared/catalog';
import { IMAGE_STYLES } from '@tessera/shared/generation';
import { describe, expect, it } from 'vitest';
import { isKnownRecipe } from '../../generation/engine/effects/templates.ts';

const seed = readTemplateSeed();
const byId = new Map(seed.templates.map((t) => [t.id, t]));
const categoryType = new Map(seed.categories.map((c) => [c.id, c.type]));

describe('template seed', () => {
  it('has the issue’s starter set: 12 video, 12 photo, 4 pro effects, product and fitting templates', () => {
    const count = (type: TemplateType) => seed.templates.filter((t) => t.type === type).length;
    expect(count('video_effect')).toBeGreaterThanOrEqual(12);
    expect(count('photo_effect')).toBeGreaterThanOrEqual(12);
    expect(count('pro_effect')).toBeGreaterThanOrEqual(4);
    expect(count('product_photo')).toBeGreaterThanOrEqual(2);
    expect(count('model_fitting')).toBeGreaterThanOrEqual(2);
    for (const type of TEMPLATE_TYPES) expect(count(type), type).toBeGreaterThan(0);
  });

  it('uses unique ids, recipes the engine has, and categories of the same type', () => {
    expect(byId.size).toBe(seed.templates.length);
    for (const t of seed.templates) {
      expect(isKnownRecipe(t.type, t.recipe), `${t.id}: ${t.recipe}`).toBe(true);
      expect(categoryType.get(t.categoryId), t.id).toBe(t.type);
    }
  });

  it('places only existing templates of the position’s type, in categories of that type', () => {
    for (const p of seed.positions) {
      expect(categoryType.get(p.categoryId)).toBe(p.type);
      for (const id of p.templateIds ?? []) expect(byId.get(id)?.type, `${p.id}: ${id}`).toBe(p.type);
    }
    for (const topic of seed.specialTopics) for (const id of topic.templateIds ?? []) expect(byId.has(id), id).toBe(true);
  });

  it('gives every LoRA a style the engine applies', () => {
    for (const lora of seed.loras) expect((IMAGE_STYLES as readonly string[]).includes(lora.style) && lora.style !== 'auto', lora.id).toBe(true);
  });
});
