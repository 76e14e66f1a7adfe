/** The only place that deletes an account's rows. */
import type { Database } from '@tessera/db/connect';
import { deletedSessions, mediaObjects, sessions, users } from '@tessera/db/schema';
import { and, eq, gt, lt, sql } from 'drizzle-orm';

/** Storage keys the user owns (including media moved to them from an anonymous account). */
export async function mediaKeysOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ key: mediaObjects.key }).from(mediaObjects).where(eq(mediaObjects.userId, userId));
  return rows.map((r) => r.key);
}

/**
 * In one transaction: tombstone the user's sessions, then delete the user, which cascades to
 * sessions, accounts, tasks, creations, media rows, credit grants, holds and ledger entries (the
 * ledger's append-only trigger allows it only inside this transaction).
 */
export async function deleteUserRows(db: Database, userId: string): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    await tx.execute(sql`SET LOCAL tessera.ledger_delete = 'allow'`);
    const live = await tx
      .select({ token: sessions.token, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
    if (live.length > 0) {
      await tx
        .insert(deletedSessions)
        .values(live.map((s) => ({ token: s.token, userId, expiresAt: s.expiresAt })))
        .onConflictDoNothing();
    }
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    return deleted.length > 0;
  });
}

export async function isDeletedSessionToken(db: Database, token: string): Promise<boolean> {
  const rows = await db
    .select({ token: deletedSessions.token })
    .from(deletedSessions)
    .where(and(eq(deletedSessions.token, token), gt(deletedSessions.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}

/** Forgets tombstones whose sessions would have expired anyway. */
export async function purgeDeletedSessions(db: Database, now = new Date()): Promise<void> {
  await db.delete(deletedSessions).where(lt(deletedSessions.expiresAt, now));
}
