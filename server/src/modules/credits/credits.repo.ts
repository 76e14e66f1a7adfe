/**
 * The only place that queries the credits ledger (db/src/schema/credits.ts). Every function
 * takes the db it is given, which may be a transaction: the service decides the boundaries.
 *
 * Lock order: every path that locks several grants locks them in GRANT_ORDER (soonest expiry
 * first, NULL expiry last, then creation, then id — a total order), so two transactions never
 * wait on each other's grants in opposite orders.
 */
import type { Database } from '@tessera/db/connect';
import { creditEntries, creditGrants, creditHoldAllocations, creditHolds } from '@tessera/db/schema';
import type { CreditEntryKind, CreditHistoryEntry } from '@tessera/shared/credits';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

const GRANT_ORDER = [sql`${creditGrants.expiresAt} asc nulls last`, asc(creditGrants.createdAt), asc(creditGrants.id)];

export type GrantSourceKind = (typeof creditGrants.sourceKind.enumValues)[number];

/**
 * A hold in ONE statement (one round trip, whatever the caller's transaction): lock the user's
 * spendable grants in GRANT_ORDER, allocate the amount soonest-expiring first, and — only if
 * they cover it — insert the hold, take from the grants, record the allocations and the hold
 * entry. Writes nothing when the grants do not cover the amount (`covered: false`) or the task
 * already has a hold (`held: false`).
 */
export async function holdFromGrants(
  db: Database,
  h: { taskId: string; userId: string; usageType: string; amount: number; note: string },
): Promise<{ covered: boolean; held: boolean }> {
  const query = sql`
    WITH locked AS (
      SELECT id, remaining, expires_at, created_at FROM credit_grants
      WHERE user_id = ${h.userId} AND usage_type = ${h.usageType} AND remaining > 0
        AND expired_at IS NULL AND (expires_at IS NULL OR expires_at > now())
      ORDER BY expires_at ASC NULLS LAST, created_at ASC, id ASC
      FOR UPDATE
    ),
    running AS (
      SELECT id, remaining,
        sum(remaining) OVER (ORDER BY expires_at ASC NULLS LAST, created_at ASC, id ASC) - remaining AS before
      FROM locked
    ),
    alloc AS (
      SELECT id AS grant_id, least(remaining, ${h.amount}::int - before)::int AS take FROM running WHERE before < ${h.amount}::int
    ),
    covered AS (
      SELECT coalesce(sum(take), 0) = ${h.amount}::int AS ok FROM alloc
    ),
    hold AS (
      INSERT INTO credit_holds (task_id, user_id, usage_type, amount)
      SELECT ${h.taskId}::uuid, ${h.userId}, ${h.usageType}, ${h.amount}::int FROM covered WHERE ok
      ON CONFLICT (task_id) DO NOTHING
      RETURNING task_id
    ),
    taken AS (
      UPDATE credit_grants g SET remaining = g.remaining - a.take
      FROM alloc a, hold WHERE g.id = a.grant_id
      RETURNING g.id
    ),
    allocated AS (
      INSERT INTO credit_hold_allocations (task_id, grant_id, amount)
      SELECT hold.task_id, a.grant_id, a.take FROM alloc a, hold
      RETURNING grant_id
    ),
    entry AS (
      INSERT INTO credit_entries (user_id, usage_type, kind, amount, task_id, note)
      SELECT ${h.userId}, ${h.usageType}, 'hold', ${h.amount}::int, hold.task_id, ${h.note} FROM hold WHERE ${h.amount}::int > 0
      RETURNING id
    )
    SELECT (SELECT ok FROM covered) AS covered, EXISTS (SELECT 1 FROM hold) AS held,
      (SELECT count(*) FROM taken) AS taken, (SELECT count(*) FROM allocated) AS allocated, (SELECT count(*) FROM entry) AS entries
  `;
  // A named prepared statement: PostgreSQL plans this statement once per connection instead of
  // on every hold (planning it costs more than running it). Both drivers answer `{ rows }`.
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, 'tessera_hold_from_grants', false);
  const result = (await prepared.execute()) as { rows: { covered: boolean; held: boolean }[] };
  const row = result.rows[0];
  return { covered: Boolean(row?.covered), held: Boolean(row?.held) };
}

export interface NewEntry {
  userId: string;
  usageType: string;
  kind: CreditEntryKind;
  amount: number;
  grantId?: string | null;
  taskId?: string | null;
  note: string | null;
}

export async function insertEntries(db: Database, entries: NewEntry[]): Promise<void> {
  if (entries.length > 0) await db.insert(creditEntries).values(entries);
}

export interface ResolvedHold {
  userId: string;
  usageType: string;
  amount: number;
}

/**
 * Moves a hold from 'held' to `status`. The conditional update is the exactly-once guard: of two
 * concurrent resolutions one waits on the row lock, then finds the status changed and gets null.
 */
export async function resolveHold(db: Database, taskId: string, status: 'captured' | 'released'): Promise<ResolvedHold | null> {
  const [row] = await db
    .update(creditHolds)
    .set({ status, resolvedAt: sql`now()` })
    .where(and(eq(creditHolds.taskId, taskId), eq(creditHolds.status, 'held')))
    .returning({ userId: creditHolds.userId, usageType: creditHolds.usageType, amount: creditHolds.amount });
  return row ?? null;
}

export interface HeldAllocation {
  grantId: string;
  amount: number;
  /** The grant's remainder was already written off: what comes back to it expires at once. */
  grantExpired: boolean;
}

/** A task's allocations with their grants locked in GRANT_ORDER. */
export async function lockAllocationGrants(db: Database, taskId: string): Promise<HeldAllocation[]> {
  return db
    .select({
      grantId: creditHoldAllocations.grantId,
      amount: creditHoldAllocations.amount,
      grantExpired: sql<boolean>`${creditGrants.expiredAt} is not null`,
    })
    .from(creditHoldAllocations)
    .innerJoin(creditGrants, eq(creditGrants.id, creditHoldAllocations.grantId))
    .where(eq(creditHoldAllocations.taskId, taskId))
    .orderBy(...GRANT_ORDER)
    .for('update', { of: creditGrants });
}

export async function returnToGrant(db: Database, grantId: string, amount: number): Promise<void> {
  await db
    .update(creditGrants)
    .set({ remaining: sql`${creditGrants.remaining} + ${amount}` })
    .where(eq(creditGrants.id, grantId));
}

/** Inserts a grant unless its (sourceKind, sourceId) exists; returns the new id or null. */
export async function insertGrant(
  db: Database,
  g: { userId: string; usageType: string; sourceKind: GrantSourceKind; sourceId: string; amount: number; expiresAt: Date | null; note: string },
): Promise<string | null> {
  const [row] = await db
    .insert(creditGrants)
    .values({ ...g, remaining: g.amount })
    .onConflictDoNothing({ target: [creditGrants.sourceKind, creditGrants.sourceId] })
    .returning({ id: creditGrants.id });
  return row?.id ?? null;
}

/**
 * Brings the expiry of the named grants forward to `at` (never later, never for grants already
 * written off): the period they paid for ended early. Returns how many changed.
 */
export async function endGrantsAt(db: Database, sourceKind: GrantSourceKind, sourceIds: string[], at: Date): Promise<number> {
  if (sourceIds.length === 0) return 0;
  const rows = await db
    .update(creditGrants)
    .set({ expiresAt: at })
    .where(
      and(
        eq(creditGrants.sourceKind, sourceKind),
        inArray(creditGrants.sourceId, sourceIds),
        isNull(creditGrants.expiredAt),
        or(isNull(creditGrants.expiresAt), gt(creditGrants.expiresAt, at)),
      ),
    )
    .returning({ id: creditGrants.id });
  return rows.length;
}

export interface ExpiredGrant {
  id: string;
  userId: string;
  usageType: string;
  writtenOff: number;
}

/**
 * Writes off every grant whose expiry passed: remaining → 0, expired_at set, in GRANT_ORDER.
 * SKIP LOCKED: a grant busy in a hold or release is picked up by the next run instead of
 * making this sweep wait (and it cannot be spent meanwhile: holds skip past-due grants).
 */
export async function expireDueGrants(db: Database, now: Date): Promise<ExpiredGrant[]> {
  const due = await db
    .select({ id: creditGrants.id, userId: creditGrants.userId, usageType: creditGrants.usageType, writtenOff: creditGrants.remaining })
    .from(creditGrants)
    .where(and(isNull(creditGrants.expiredAt), lte(creditGrants.expiresAt, now)))
    .orderBy(...GRANT_ORDER)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  await db
    .update(creditGrants)
    .set({ remaining: 0, expiredAt: now })
    .where(
      inArray(
        creditGrants.id,
        due.map((g) => g.id),
      ),
    );
  return due;
}

/**
 * §3 summary from the grants alone: every credit of a grant is either still spendable
 * (remaining, not past expiry) or used (held, captured or expired). A grant past its expiry
 * that the sweep has not reached yet already counts as used: it can no longer be spent.
 */
export async function sumGrants(db: Database, userId: string, usageType: string, now: Date): Promise<{ total: number; remaining: number }> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${creditGrants.amount}), 0)::int`,
      remaining: sql<number>`coalesce(sum(${creditGrants.remaining}) filter (where ${creditGrants.expiredAt} is null and (${creditGrants.expiresAt} is null or ${creditGrants.expiresAt} > ${now})), 0)::int`,
    })
    .from(creditGrants)
    .where(and(eq(creditGrants.userId, userId), eq(creditGrants.usageType, usageType)));
  return { total: row?.total ?? 0, remaining: row?.remaining ?? 0 };
}

/** A history entry as stored: the shared DTO with the database's Date. */
export type EntryRecord = Omit<CreditHistoryEntry, 'createdAt'> & { createdAt: Date };

/** The user's entries, newest first, strictly older than `beforeId` when given. */
export async function listEntries(db: Database, userId: string, opts: { beforeId?: number | undefined; limit: number }): Promise<EntryRecord[]> {
  return db
    .select({
      id: creditEntries.id,
      kind: creditEntries.kind,
      amount: creditEntries.amount,
      usageType: creditEntries.usageType,
      note: creditEntries.note,
      taskId: creditEntries.taskId,
      createdAt: creditEntries.createdAt,
    })
    .from(creditEntries)
    .where(and(eq(creditEntries.userId, userId), opts.beforeId === undefined ? undefined : lt(creditEntries.id, opts.beforeId)))
    .orderBy(desc(creditEntries.id))
    .limit(opts.limit);
}

/**
 * Account link step: everything in the ledger that belonged to the anonymous user now belongs
 * to the account it became. Entries change only their user_id — the one UPDATE the
 * append-only trigger allows.
 */
export async function moveCredits(db: Database, fromUserId: string, toUserId: string): Promise<void> {
  await db.update(creditGrants).set({ userId: toUserId }).where(eq(creditGrants.userId, fromUserId));
  await db.update(creditHolds).set({ userId: toUserId }).where(eq(creditHolds.userId, fromUserId));
  await db.update(creditEntries).set({ userId: toUserId }).where(eq(creditEntries.userId, fromUserId));
}
