/**
 * Seed data: the plan catalogue, products and missions of db/seed/catalogue.json, upserted at
 * start-up after the migrations. Editing the JSON and restarting changes prices, credits and
 * missions; a product removed from the file is deactivated, never deleted (subscriptions point
 * at it).
 */
import { readFileSync } from 'node:fs';
import { zCategoryInput, zPositionInput, zSpecialTopicInput, zTemplateInput } from '@tessera/shared/catalog';
import { PLAN_KEYS } from '@tessera/shared/plans';
import { MISSION_KINDS, MISSION_METRICS } from '@tessera/shared/rewards';
import { notInArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './connect.ts';
import {
  billingProducts,
  catalogCategories,
  catalogLoras,
  catalogPositions,
  catalogSpecialTopics,
  catalogTemplates,
  missions,
  planCatalogue,
} from './schema/all.ts';

export const CATALOGUE_FILE = new URL('../seed/catalogue.json', import.meta.url);

const zCount = z.number().int().nonnegative();

export const zCatalogue = z.object({
  appName: z.string().min(1),
  plans: z.array(
    z.object({
      key: z.enum(PLAN_KEYS),
      keyword: z.string().min(1),
      tier: z.enum(['free', 'premium']),
      name: z.string().min(1),
      parallelTasks: z.number().int().positive(),
      watermark: z.boolean(),
      proFeatures: z.boolean(),
      unmeteredImages: z.boolean(),
      queueDelaySeconds: zCount,
      apiRequestsPerMinute: z.number().int().positive(),
    }),
  ),
  products: z.array(
    z.object({
      id: z.string().min(1),
      plan: z.enum(PLAN_KEYS),
      productName: z.string().min(1),
      period: z.enum(['monthly', 'yearly']),
      duration: z.number().int().positive(),
      priceId: z.string().min(1),
      price: zCount,
      moreCurrency: z.record(z.string().regex(/^[a-z]{3}$/), zCount),
      usageCount: zCount,
      usageList: z.array(z.object({ usageType: z.string().min(1), usageCount: zCount })),
    }),
  ),
  missions: z.array(
    z.object({
      key: z.string().min(1),
      kind: z.enum(MISSION_KINDS),
      metric: z.enum(MISSION_METRICS),
      target: z.number().int().positive(),
      credits: z.number().int().positive(),
    }),
  ),
});
export type Catalogue = z.infer<typeof zCatalogue>;

export function readCatalogue(file: URL | string = CATALOGUE_FILE): Catalogue {
  return zCatalogue.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** Upserts the catalogue in one transaction. */
export async function seedCatalogue(db: Database, catalogue: Catalogue = readCatalogue()): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [i, plan] of catalogue.plans.entries()) {
      const row = { ...plan, sortOrder: i };
      await tx.insert(planCatalogue).values(row).onConflictDoUpdate({ target: planCatalogue.key, set: row });
    }
    for (const [i, p] of catalogue.products.entries()) {
      const row = {
        id: p.id,
        appName: catalogue.appName,
        planKey: p.plan,
        productName: p.productName,
        period: p.period,
        duration: p.duration,
        priceId: p.priceId,
        price: p.price,
        moreCurrency: p.moreCurrency,
        usageCount: p.usageCount,
        usageList: p.usageList,
        active: true,
        sortOrder: i,
      };
      await tx.insert(billingProducts).values(row).onConflictDoUpdate({ target: billingProducts.id, set: row });
    }
    const productIds = catalogue.products.map((p) => p.id);
    await tx.update(billingProducts).set({ active: false }).where(notInArray(billingProducts.id, productIds));
    for (const [i, m] of catalogue.missions.entries()) {
      const row = { ...m, active: true, sortOrder: i };
      await tx.insert(missions).values(row).onConflictDoUpdate({ target: missions.key, set: row });
    }
    await tx
      .update(missions)
      .set({ active: false })
      .where(
        notInArray(
          missions.key,
          catalogue.missions.map((m) => m.key),
        ),
      );
  });
}

export const TEMPLATES_FILE = new URL('../seed/templates.json', import.meta.url);

export const zTemplateSeed = z.object({
  categories: z.array(zCategoryInput),
  templates: z.array(zTemplateInput),
  positions: z.array(zPositionInput),
  specialTopics: z.array(zSpecialTopicInput),
  loras: z.array(
    z.object({
      id: z.string().min(2),
      name: z.string().min(1),
      description: z.string(),
      style: z.string().min(1),
      trigger: z.string(),
      tags: z.array(z.string()),
    }),
  ),
});
export type TemplateSeed = z.infer<typeof zTemplateSeed>;

export function readTemplateSeed(file: URL | string = TEMPLATES_FILE): TemplateSeed {
  return zTemplateSeed.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * The starter template catalogue (db/seed/templates.json). Unlike plans, rows are only inserted,
 * never overwritten: after the first start admins own the catalogue (edits, retirements), and a
 * restart adds what the file has new without undoing their work.
 */
export async function seedTemplates(db: Database, seed: TemplateSeed = readTemplateSeed()): Promise<void> {
  await db.transaction(async (tx) => {
    if (seed.categories.length) await tx.insert(catalogCategories).values(seed.categories).onConflictDoNothing();
    if (seed.templates.length) await tx.insert(catalogTemplates).values(seed.templates).onConflictDoNothing();
    if (seed.positions.length) await tx.insert(catalogPositions).values(seed.positions).onConflictDoNothing();
    const topics = seed.specialTopics.map((t) => ({
      ...t,
      startsAt: t.startsAt ? new Date(t.startsAt) : null,
      endsAt: t.endsAt ? new Date(t.endsAt) : null,
    }));
    if (topics.length) await tx.insert(catalogSpecialTopics).values(topics).onConflictDoNothing();
    const loras = seed.loras.map((l, i) => ({ ...l, sortOrder: i }));
    if (loras.length) await tx.insert(catalogLoras).values(loras).onConflictDoNothing();
  });
}
