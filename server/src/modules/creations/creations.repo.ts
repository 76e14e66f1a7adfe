/** The only place that queries creations. */
import type { Database } from '@tessera/db/connect';
import { creations, generationTasks, mediaObjects } from '@tessera/db/schema';
import { and, asc, desc, eq, inArray, lt, or } from 'drizzle-orm';

export type CreationRecord = typeof creations.$inferSelect;
export type NewCreation = typeof creations.$inferInsert;

/** Records a task's creations; a re-run of the same task records nothing new. */
export async function insertCreations(tx: Database, rows: NewCreation[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(creations).values(rows).onConflictDoNothing({ target: [creations.taskId, creations.outputIndex] });
}

/** A task's creation ids in output order. */
export async function creationIdsOfTask(db: Database, taskId: string): Promise<string[]> {
  const rows = await db.select({ id: creations.id }).from(creations).where(eq(creations.taskId, taskId)).orderBy(asc(creations.outputIndex));
  return rows.map((row) => row.id);
}

/** A task's creations in output order, with the engine that made them (canvas lineage). */
export async function creationsOfTask(db: Database, taskId: string): Promise<{ id: string; engine: string }[]> {
  return db.select({ id: creations.id, engine: creations.engine }).from(creations).where(eq(creations.taskId, taskId)).orderBy(asc(creations.outputIndex));
}

/** The creation whose media is `key`, if the key is one of the user's creations. */
export async function findCreationIdByMediaKey(db: Database, userId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: creations.id })
    .from(creations)
    .where(and(eq(creations.userId, userId), eq(creations.mediaKey, key)))
    .limit(1);
  return row?.id ?? null;
}

export async function findCreation(db: Database, id: string): Promise<CreationRecord | null> {
  const [row] = await db.select().from(creations).where(eq(creations.id, id)).limit(1);
  return row ?? null;
}

/** Newest first, keyset-paged on (created_at, id). */
export async function listCreations(
  db: Database,
  p: { userId: string; kind?: string; after?: { createdAt: Date; id: string }; limit: number },
): Promise<CreationRecord[]> {
  const conditions = [eq(creations.userId, p.userId)];
  if (p.kind) conditions.push(eq(creations.kind, p.kind));
  if (p.after) {
    const before = or(lt(creations.createdAt, p.after.createdAt), and(eq(creations.createdAt, p.after.createdAt), lt(creations.id, p.after.id)));
    if (before) conditions.push(before);
  }
  return db
    .select()
    .from(creations)
    .where(and(...conditions))
    .orderBy(desc(creations.createdAt), desc(creations.id))
    .limit(p.limit);
}

export async function deleteCreation(db: Database, id: string, userId: string): Promise<CreationRecord | null> {
  const [row] = await db
    .delete(creations)
    .where(and(eq(creations.id, id), eq(creations.userId, userId)))
    .returning();
  return row ?? null;
}

/** True when another creation still shows this media (a task's outputs are one creation each, so rarely). */
export async function isMediaKeyInUse(db: Database, key: string): Promise<boolean> {
  const rows = await db.select({ id: creations.id }).from(creations).where(eq(creations.mediaKey, key)).limit(1);
  return rows.length > 0;
}

export async function deleteMediaObjects(db: Database, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(mediaObjects).where(inArray(mediaObjects.key, keys));
}

/**
 * Account link step: an anonymous user's tasks, creations and media become the new account's.
 * (Storage keys keep the old id; access follows media_objects.user_id.)
 */
export async function moveCreations(tx: Database, fromUserId: string, toUserId: string): Promise<void> {
  await tx.update(generationTasks).set({ userId: toUserId }).where(eq(generationTasks.userId, fromUserId));
  await tx.update(creations).set({ userId: toUserId }).where(eq(creations.userId, fromUserId));
  await tx.update(mediaObjects).set({ userId: toUserId }).where(eq(mediaObjects.userId, fromUserId));
}

/**
 * How the published creations that show `key` show it: whether any shows it as its main file
 * (not only as its preview) and whether any of those is copy-protected. Null when no published
 * creation shows it.
 */
export async function publishedUseOfMedia(db: Database, key: string): Promise<{ asMain: boolean; copyProtected: boolean } | null> {
  const rows = await db
    .select({ mediaKey: creations.mediaKey, copyProtected: creations.copyProtected })
    .from(creations)
    .where(and(eq(creations.publishStatus, 'published'), or(eq(creations.mediaKey, key), eq(creations.thumbnailKey, key))))
    .limit(20);
  if (rows.length === 0) return null;
  const main = rows.filter((row) => row.mediaKey === key);
  return { asMain: main.length > 0, copyProtected: main.some((row) => row.copyProtected) };
}

/** Whether `key` is the media or thumbnail of a copy-protected creation (§6: others may view, not reuse). */
export async function isCopyProtectedMedia(db: Database, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: creations.id })
    .from(creations)
    .where(and(eq(creations.copyProtected, true), or(eq(creations.mediaKey, key), eq(creations.thumbnailKey, key))))
    .limit(1);
  return Boolean(row);
}
