/** The admin console's model catalogue changes (table model_overrides). */
import type { Database } from '@tessera/db/connect';
import { modelOverrides } from '@tessera/db/schema';
import { eq } from 'drizzle-orm';

export interface StoredOverride {
  id: string;
  override: unknown;
}

/** Every stored change, oldest first (later ones win when applied in order). */
export function listOverrides(db: Database): Promise<StoredOverride[]> {
  return db.select({ id: modelOverrides.id, override: modelOverrides.override }).from(modelOverrides).orderBy(modelOverrides.updatedAt);
}

export async function findOverride(db: Database, id: string): Promise<StoredOverride | null> {
  const [row] = await db.select({ id: modelOverrides.id, override: modelOverrides.override }).from(modelOverrides).where(eq(modelOverrides.id, id));
  return row ?? null;
}

export async function upsertOverride(db: Database, id: string, override: Record<string, unknown>, updatedBy: string): Promise<void> {
  await db
    .insert(modelOverrides)
    .values({ id, override, updatedBy })
    .onConflictDoUpdate({ target: modelOverrides.id, set: { override, updatedBy, updatedAt: new Date() } });
}

/** Deletes the change; answers what it was, or null when there was none. */
export async function deleteOverride(db: Database, id: string): Promise<unknown> {
  const [row] = await db.delete(modelOverrides).where(eq(modelOverrides.id, id)).returning({ override: modelOverrides.override });
  return row ? row.override : null;
}
