/** The only place that queries the catalogue tables. */
import type { Database } from '@tessera/db/connect';
import { catalogCategories, catalogLoras, catalogPositions, catalogSpecialTopics, catalogTemplates } from '@tessera/db/schema';
import { and, asc, count, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';

export type CategoryRow = typeof catalogCategories.$inferSelect;
export type PositionRow = typeof catalogPositions.$inferSelect;
export type SpecialTopicRow = typeof catalogSpecialTopics.$inferSelect;
export type TemplateRow = typeof catalogTemplates.$inferSelect;
export type LoraRow = typeof catalogLoras.$inferSelect;

const PG_UNIQUE_VIOLATION = '23505';

/** True when `error` (or its cause, as drizzle wraps driver errors) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === PG_UNIQUE_VIOLATION) return true;
  }
  return false;
}

export async function selectCategories(db: Database, type?: string): Promise<(CategoryRow & { templateCount: number })[]> {
  const rows = await db
    .select()
    .from(catalogCategories)
    .where(type ? eq(catalogCategories.type, type) : undefined)
    .orderBy(asc(catalogCategories.type), asc(catalogCategories.sortOrder), asc(catalogCategories.id));
  const counts = await db
    .select({ categoryId: catalogTemplates.categoryId, n: count() })
    .from(catalogTemplates)
    .where(eq(catalogTemplates.status, 'active'))
    .groupBy(catalogTemplates.categoryId);
  const countOf = new Map(counts.map((c) => [c.categoryId, Number(c.n)]));
  return rows.map((row) => ({ ...row, templateCount: countOf.get(row.id) ?? 0 }));
}

export async function selectCategory(db: Database, id: string): Promise<CategoryRow | null> {
  const [row] = await db.select().from(catalogCategories).where(eq(catalogCategories.id, id)).limit(1);
  return row ?? null;
}

export async function countTemplatesInCategory(db: Database, categoryId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(catalogTemplates).where(eq(catalogTemplates.categoryId, categoryId));
  return Number(row?.n ?? 0);
}

export async function selectPositions(db: Database): Promise<PositionRow[]> {
  return db.select().from(catalogPositions).orderBy(asc(catalogPositions.id));
}

export async function selectPosition(db: Database, id: string): Promise<PositionRow | null> {
  const [row] = await db.select().from(catalogPositions).where(eq(catalogPositions.id, id)).limit(1);
  return row ?? null;
}

export async function selectSpecialTopics(db: Database, activeAt?: Date): Promise<SpecialTopicRow[]> {
  const where = activeAt
    ? and(
        or(sql`${catalogSpecialTopics.startsAt} IS NULL`, sql`${catalogSpecialTopics.startsAt} <= ${activeAt}`),
        or(sql`${catalogSpecialTopics.endsAt} IS NULL`, sql`${catalogSpecialTopics.endsAt} > ${activeAt}`),
      )
    : undefined;
  return db.select().from(catalogSpecialTopics).where(where).orderBy(asc(catalogSpecialTopics.id));
}

export async function selectSpecialTopic(db: Database, id: string): Promise<SpecialTopicRow | null> {
  const [row] = await db.select().from(catalogSpecialTopics).where(eq(catalogSpecialTopics.id, id)).limit(1);
  return row ?? null;
}

export async function selectTemplate(db: Database, id: string): Promise<TemplateRow | null> {
  const [row] = await db.select().from(catalogTemplates).where(eq(catalogTemplates.id, id)).limit(1);
  return row ?? null;
}

/** Keyset-paged on (sort_order, id). */
export async function selectTemplates(
  db: Database,
  p: { types?: string[]; categoryId?: string; includeRetired: boolean; after?: { sortOrder: number; id: string }; limit: number },
): Promise<TemplateRow[]> {
  const conditions: (SQL | undefined)[] = [
    p.types?.length ? inArray(catalogTemplates.type, p.types) : undefined,
    p.categoryId ? eq(catalogTemplates.categoryId, p.categoryId) : undefined,
    p.includeRetired ? undefined : eq(catalogTemplates.status, 'active'),
    p.after
      ? or(gt(catalogTemplates.sortOrder, p.after.sortOrder), and(eq(catalogTemplates.sortOrder, p.after.sortOrder), gt(catalogTemplates.id, p.after.id)))
      : undefined,
  ];
  return db
    .select()
    .from(catalogTemplates)
    .where(and(...conditions))
    .orderBy(asc(catalogTemplates.sortOrder), asc(catalogTemplates.id))
    .limit(p.limit);
}

export async function bumpTemplateUsage(db: Database, id: string): Promise<void> {
  await db
    .update(catalogTemplates)
    .set({ usageCount: sql`${catalogTemplates.usageCount} + 1` })
    .where(eq(catalogTemplates.id, id));
}

export async function selectLoras(db: Database): Promise<LoraRow[]> {
  return db.select().from(catalogLoras).orderBy(asc(catalogLoras.sortOrder), asc(catalogLoras.id));
}

export async function selectLora(db: Database, id: string): Promise<LoraRow | null> {
  const [row] = await db.select().from(catalogLoras).where(eq(catalogLoras.id, id)).limit(1);
  return row ?? null;
}

// ---- Writes (admin CRUD); ids are the rows' slugs.

export type NewCategory = typeof catalogCategories.$inferInsert;
export type NewPosition = typeof catalogPositions.$inferInsert;
export type NewSpecialTopic = typeof catalogSpecialTopics.$inferInsert;
export type NewTemplate = typeof catalogTemplates.$inferInsert;

export const insertCategory = (db: Database, row: NewCategory) => db.insert(catalogCategories).values(row);
export const updateCategoryRow = (db: Database, id: string, set: Partial<NewCategory>) => db.update(catalogCategories).set(set).where(eq(catalogCategories.id, id));
export const deleteCategoryRow = (db: Database, id: string) => db.delete(catalogCategories).where(eq(catalogCategories.id, id));

export const insertPosition = (db: Database, row: NewPosition) => db.insert(catalogPositions).values(row);
export const updatePositionRow = (db: Database, id: string, set: Partial<NewPosition>) => db.update(catalogPositions).set(set).where(eq(catalogPositions.id, id));
export const deletePositionRow = (db: Database, id: string) => db.delete(catalogPositions).where(eq(catalogPositions.id, id));

export const insertSpecialTopic = (db: Database, row: NewSpecialTopic) => db.insert(catalogSpecialTopics).values(row);
export const updateSpecialTopicRow = (db: Database, id: string, set: Partial<NewSpecialTopic>) =>
  db.update(catalogSpecialTopics).set(set).where(eq(catalogSpecialTopics.id, id));
export const deleteSpecialTopicRow = (db: Database, id: string) => db.delete(catalogSpecialTopics).where(eq(catalogSpecialTopics.id, id));

export const insertTemplate = (db: Database, row: NewTemplate) => db.insert(catalogTemplates).values(row);
export const updateTemplateRow = (db: Database, id: string, set: Partial<NewTemplate>) => db.update(catalogTemplates).set(set).where(eq(catalogTemplates.id, id));
export const deleteTemplateRow = (db: Database, id: string) => db.delete(catalogTemplates).where(eq(catalogTemplates.id, id));
