/** API keys (db/src/schema/api.ts): insert, list with usage, revoke, and the per-request lookup. */
import type { Database } from '@tessera/db/connect';
import { apiKeys, creditHolds, generationTasks, users } from '@tessera/db/schema';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: Database, k: { userId: string; name: string; prefix: string; hash: string }): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(k).returning();
  if (!row) throw new Error('api keys: insert returned no row');
  return row;
}

export async function countLiveKeys(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

/** Serialises one user's key creations (the per-account limit and the one-time trial). */
export async function lockUserKeys(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`api_keys:${userId}`}))`);
}

/**
 * The user's keys, newest first, each with its tasks and the credits they spent (captured holds;
 * a held one is not spent yet).
 */
export async function listKeysWithUsage(db: Database, userId: string) {
  const usage = db
    .select({
      keyId: generationTasks.apiKeyId,
      tasks: sql<number>`count(*)::int`.as('tasks'),
      credits: sql<number>`coalesce(sum(${creditHolds.amount}) FILTER (WHERE ${creditHolds.status} = 'captured'), 0)::int`.as('credits'),
    })
    .from(generationTasks)
    .leftJoin(creditHolds, eq(creditHolds.taskId, generationTasks.id))
    .where(and(eq(generationTasks.userId, userId), sql`${generationTasks.apiKeyId} IS NOT NULL`))
    .groupBy(generationTasks.apiKeyId)
    .as('usage');
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      tasks: sql<number>`coalesce(${usage.tasks}, 0)`,
      credits: sql<number>`coalesce(${usage.credits}, 0)`,
    })
    .from(apiKeys)
    .leftJoin(usage, eq(usage.keyId, apiKeys.id))
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt));
}

/** Revokes one of the user's keys; false if it is not theirs or already revoked. */
export async function revokeKey(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/**
 * The live key with this hash and its owner, in one statement: revoked keys and banned owners
 * are not found (a deleted owner's keys went with the account).
 */
export async function findLiveKey(db: Database, hash: string) {
  const [row] = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId, prefix: apiKeys.prefix, lastUsedAt: apiKeys.lastUsedAt, isAnonymous: users.isAnonymous })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt), isNull(users.bannedAt)))
    .limit(1);
  return row ?? null;
}

/** Marks a key used; writes at most once a minute per key. */
export async function touchKey(db: Database, id: string, now: Date): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
}
