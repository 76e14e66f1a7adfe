/** Idempotency-Key rows (db/src/schema/api.ts `api_idempotency_keys`); ages are by the database's clock. */
import type { Database } from '@tessera/db/connect';
import { apiIdempotencyKeys } from '@tessera/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';

export interface IdempotencyRow {
  requestHash: string;
  /** null while the first request is being answered. */
  statusCode: number | null;
  response: unknown;
}

const olderThan = (seconds: number) => sql`${apiIdempotencyKeys.createdAt} < now() - make_interval(secs => ${seconds})`;

/**
 * Takes (user, key) for a request, or null when a live row holds it. A row past `ttlS`, or one
 * still in flight after `abandonedS` (its node died mid-request), is taken over.
 */
export async function reserveIdempotencyKey(
  db: Database,
  row: { userId: string; key: string; requestHash: string },
  ages: { ttlS: number; abandonedS: number },
): Promise<boolean> {
  const taken = await db
    .insert(apiIdempotencyKeys)
    .values(row)
    .onConflictDoUpdate({
      target: [apiIdempotencyKeys.userId, apiIdempotencyKeys.key],
      set: { requestHash: row.requestHash, statusCode: null, response: null, createdAt: sql`now()` },
      setWhere: sql`${olderThan(ages.ttlS)} OR (${apiIdempotencyKeys.statusCode} IS NULL AND ${olderThan(ages.abandonedS)})`,
    })
    .returning({ key: apiIdempotencyKeys.key });
  return taken.length > 0;
}

export async function findIdempotencyKey(db: Database, userId: string, key: string): Promise<IdempotencyRow | null> {
  const [row] = await db
    .select({ requestHash: apiIdempotencyKeys.requestHash, statusCode: apiIdempotencyKeys.statusCode, response: apiIdempotencyKeys.response })
    .from(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key)));
  return row ?? null;
}

/** Stores the answer of the request that holds the key. */
export async function completeIdempotencyKey(db: Database, userId: string, key: string, answer: { statusCode: number; response: unknown }): Promise<void> {
  await db
    .update(apiIdempotencyKeys)
    .set(answer)
    .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key), isNull(apiIdempotencyKeys.statusCode)));
}

/** Gives an in-flight key up (the request failed in a way a retry may cure). */
export async function releaseIdempotencyKey(db: Database, userId: string, key: string): Promise<void> {
  await db.delete(apiIdempotencyKeys).where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key), isNull(apiIdempotencyKeys.statusCode)));
}

/** Deletes rows past their time to live (uses the created_at index). */
export async function purgeIdempotencyKeys(db: Database, ttlS: number): Promise<number> {
  const gone = await db.delete(apiIdempotencyKeys).where(olderThan(ttlS)).returning({ key: apiIdempotencyKeys.key });
  return gone.length;
}
