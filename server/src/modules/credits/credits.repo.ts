/**
 * The only place that queries the credits ledger (db/src/schema/credits.ts). Every function
 * takes the db it is given, which may be a transaction: the service decides the boundaries.
 *
 * Lock order: every path that locks several grants locks them in GRANT_ORDER (soonest expiry
 * first, NULL expiry last, then creation, then id — a total order), so two transactions never
 * wait on each other's grants in opposite orders.
 */
import type { Database } from '@tessera/db/connect';
import { creditBalances, creditEntries, creditGrants, creditHoldAllocations, creditHolds } from '@tessera/db/schema';
import type { CreditEntryKind, CreditHistoryEntry } from '@tessera/shared/credits';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

const GRANT_ORDER = [sql`${creditGrants.expiresAt} asc nulls last`, asc(creditGrants.createdAt), asc(creditGrants.id)];

export type GrantSourceKind = (typeof creditGrants.sourceKind.enumValues)[number];

function prepared(db: Database, name: string, query: SQL) {
  // A named prepared statement: PostgreSQL plans it once per connection instead of on every
  // call (planning costs more than running these). Both drivers answer `{ rows }`.
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
}

/**
 * The hold's fast path, ONE statement that writes three rows: debit the balance row if it covers
 * the amount and no expiry is due (the conditional UPDATE is the user's lock: a concurrent hold
 * waits, then re-checks the new balance), then insert the hold and its entry. Writes nothing when
 * not covered. A second hold for the same task fails the whole statement (primary key).
 */
export async function holdFromBalance(
  db: Database,
  h: { taskId: string; userId: string; usageType: string; amount: number; note: string },
): Promise<boolean> {
  const query = sql`
    WITH debit AS (
      UPDATE credit_balances SET available = available - ${h.amount}::int
      WHERE user_id = ${h.userId} AND usage_type = ${h.usageType} AND available >= ${h.amount}::int
        AND (next_expiry IS NULL OR next_expiry > now())
      RETURNING user_id
    ),
    hold AS (
      INSERT INTO credit_holds (task_id, user_id, usage_type, amount)
      SELECT ${h.taskId}::uuid, ${h.userId}, ${h.usageType}, ${h.amount}::int FROM debit
      RETURNING task_id
    ),
    entry AS (
      INSERT INTO credit_entries (user_id, usage_type, kind, amount, task_id, note)
      SELECT ${h.userId}, ${h.usageType}, 'hold', ${h.amount}::int, task_id, ${h.note} FROM hold
      RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM hold) AS held, (SELECT count(*) FROM entry) AS entries
  `;
  const result = (await prepared(db, 'tessera_hold_from_balance', query).execute()) as { rows: { held: boolean }[] };
  return Boolean(result.rows[0]?.held);
}

/** A free task's hold: the row that makes its capture or release exactly-once; no balance, no entry. */
export async function insertFreeHold(db: Database, h: { taskId: string; userId: string; usageType: string }): Promise<void> {
  await db.insert(creditHolds).values({ ...h, amount: 0, allocated: true });
}

/** PostgreSQL's unique violation on credit_holds' primary key (drizzle may wrap the driver's error). */
export function isDuplicateHold(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'credit_holds_pkey') return true;
  }
  return false;
}

export interface LockedBalance {
  available: number;
  /** The soonest unexpired grant's expiry has passed (by the database's clock). */
  due: boolean;
  now: Date;
}

/** Locks the user's balance row: every path that changes it or the user's grants takes this lock first. */
export async function lockBalance(db: Database, userId: string, usageType: string): Promise<LockedBalance | null> {
  const [row] = await db
    .select({
      available: creditBalances.available,
      due: sql<boolean>`coalesce(${creditBalances.nextExpiry} <= now(), false)`,
      now: sql<string>`now()`.mapWith((v: string) => new Date(v)),
    })
    .from(creditBalances)
    .where(and(eq(creditBalances.userId, userId), eq(creditBalances.usageType, usageType)))
    .for('update');
  return row ?? null;
}

export async function addToBalance(db: Database, userId: string, usageType: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .update(creditBalances)
    .set({ available: sql`${creditBalances.available} + ${delta}` })
    .where(and(eq(creditBalances.userId, userId), eq(creditBalances.usageType, usageType)));
}

/** Whose a hold is, read without a lock: capture and release lock that user's balance before the hold. */
export async function findHoldOwner(db: Database, taskId: string): Promise<{ userId: string; usageType: string } | null> {
  const [row] = await db.select({ userId: creditHolds.userId, usageType: creditHolds.usageType }).from(creditHolds).where(eq(creditHolds.taskId, taskId));
  return row ?? null;
}

/**
 * Takes `amount` from the user's spendable grants in GRANT_ORDER, in one statement: the index
 * credit_grants_spendable_idx yields grants in that order and LIMIT stops the scan after
 * `amount` of them (each has at least one credit), so the work depends on the amount, never on
 * how many grants the user has. With a task id, records the allocations (a held hold allocated
 * by the sweep must be able to return its credits to these grants). The caller holds the
 * balance row lock. Returns how much was taken.
 */
export async function allocateFromGrants(
  db: Database,
  a: { userId: string; usageType: string; amount: number; taskId: string | null },
): Promise<number> {
  const query = sql`
    WITH picked AS (
      SELECT id, remaining, coalesce(expires_at, 'infinity'::timestamptz) AS expiry, created_at FROM credit_grants
      WHERE user_id = ${a.userId} AND usage_type = ${a.usageType} AND remaining > 0 AND expired_at IS NULL
      ORDER BY coalesce(expires_at, 'infinity'::timestamptz), created_at, id
      LIMIT ${a.amount}::int
      FOR UPDATE
    ),
    running AS (
      SELECT id, remaining, sum(remaining) OVER (ORDER BY expiry, created_at, id) - remaining AS before FROM picked
    ),
    alloc AS (
      SELECT id AS grant_id, least(remaining, ${a.amount}::int - before)::int AS take FROM running WHERE before < ${a.amount}::int
    ),
    taken AS (
      UPDATE credit_grants g SET remaining = g.remaining - alloc.take FROM alloc WHERE g.id = alloc.grant_id
      RETURNING alloc.take
    ),
    recorded AS (
      INSERT INTO credit_hold_allocations (task_id, grant_id, amount)
      SELECT ${a.taskId}::uuid, grant_id, take FROM alloc WHERE ${a.taskId}::uuid IS NOT NULL
      RETURNING grant_id
    )
    SELECT coalesce((SELECT sum(take) FROM taken), 0)::int AS taken, (SELECT count(*) FROM recorded) AS recorded
  `;
  const result = (await prepared(db, 'tessera_allocate_from_grants', query).execute()) as { rows: { taken: number }[] };
  return Number(result.rows[0]?.taken ?? 0);
}

/** The user's held holds not yet allocated to grants, oldest first, locked. */
export async function lockUnallocatedHolds(db: Database, userId: string, usageType: string): Promise<{ taskId: string; amount: number }[]> {
  return db
    .select({ taskId: creditHolds.taskId, amount: creditHolds.amount })
    .from(creditHolds)
    .where(and(eq(creditHolds.userId, userId), eq(creditHolds.usageType, usageType), eq(creditHolds.status, 'held'), eq(creditHolds.allocated, false)))
    .orderBy(asc(creditHolds.createdAt), asc(creditHolds.taskId))
    .for('update');
}

export async function markAllocated(db: Database, taskId: string): Promise<void> {
  await db.update(creditHolds).set({ allocated: true }).where(eq(creditHolds.taskId, taskId));
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
  allocated: boolean;
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
    .returning({ userId: creditHolds.userId, usageType: creditHolds.usageType, amount: creditHolds.amount, allocated: creditHolds.allocated });
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
  if (!row) return null;
  // The new credits are spendable at once; an earlier expiry becomes the balance's next one.
  await db
    .insert(creditBalances)
    .values({ userId: g.userId, usageType: g.usageType, available: g.amount, nextExpiry: g.expiresAt })
    .onConflictDoUpdate({
      target: [creditBalances.userId, creditBalances.usageType],
      set: {
        available: sql`${creditBalances.available} + excluded.available`,
        nextExpiry: sql`least(${creditBalances.nextExpiry}, excluded.next_expiry)`,
      },
    });
  return row.id;
}

/**
 * Brings the expiry of the named grants forward to `at` (never later, never for grants already
 * written off): the period they paid for ended early. Their users' balance rows are locked
 * first (the ledger's lock order) and learn the earlier expiry. Returns how many changed.
 */
export async function endGrantsAt(db: Database, sourceKind: GrantSourceKind, sourceIds: string[], at: Date): Promise<number> {
  if (sourceIds.length === 0) return 0;
  const target = and(
    eq(creditGrants.sourceKind, sourceKind),
    inArray(creditGrants.sourceId, sourceIds),
    isNull(creditGrants.expiredAt),
    or(isNull(creditGrants.expiresAt), gt(creditGrants.expiresAt, at)),
  );
  const owners = await db.selectDistinct({ userId: creditGrants.userId, usageType: creditGrants.usageType }).from(creditGrants).where(target);
  owners.sort((a, b) => (a.userId + '\u0000' + a.usageType < b.userId + '\u0000' + b.usageType ? -1 : 1));
  for (const o of owners) await lockBalance(db, o.userId, o.usageType);
  const rows = await db.update(creditGrants).set({ expiresAt: at }).where(target).returning({ userId: creditGrants.userId, usageType: creditGrants.usageType });
  for (const o of owners) {
    await db
      .update(creditBalances)
      .set({ nextExpiry: sql`least(${creditBalances.nextExpiry}, ${at})` })
      .where(and(eq(creditBalances.userId, o.userId), eq(creditBalances.usageType, o.usageType)));
  }
  return rows.length;
}

/** Balance rows with an expiry due at `now`, locked; SKIP LOCKED: a busy user is left to the next sweep or its next hold. */
export async function lockDueBalances(db: Database, now: Date, limit: number): Promise<{ userId: string; usageType: string }[]> {
  return db
    .select({ userId: creditBalances.userId, usageType: creditBalances.usageType })
    .from(creditBalances)
    .where(lte(creditBalances.nextExpiry, now))
    .orderBy(asc(creditBalances.userId), asc(creditBalances.usageType))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export interface ExpiredGrant {
  id: string;
  writtenOff: number;
}

/**
 * Writes off the user's grants whose expiry passed at `now` (remaining → 0, expired_at set),
 * debits what they had left from the balance and moves next_expiry on. The caller holds the
 * balance row lock and has allocated the user's held holds first.
 */
export async function expireUserGrants(db: Database, userId: string, usageType: string, now: Date): Promise<ExpiredGrant[]> {
  const due = await db
    .select({ id: creditGrants.id, writtenOff: creditGrants.remaining })
    .from(creditGrants)
    .where(and(eq(creditGrants.userId, userId), eq(creditGrants.usageType, usageType), isNull(creditGrants.expiredAt), lte(creditGrants.expiresAt, now)))
    .orderBy(...GRANT_ORDER)
    .for('update');
  if (due.length > 0) {
    await db
      .update(creditGrants)
      .set({ remaining: 0, expiredAt: now })
      .where(
        inArray(
          creditGrants.id,
          due.map((g) => g.id),
        ),
      );
  }
  const writtenOff = due.reduce((sum, g) => sum + g.writtenOff, 0);
  await db
    .update(creditBalances)
    .set({
      available: sql`${creditBalances.available} - ${writtenOff}`,
      nextExpiry: sql`(SELECT min(${creditGrants.expiresAt}) FROM ${creditGrants} WHERE ${creditGrants.userId} = ${userId} AND ${creditGrants.usageType} = ${usageType} AND ${creditGrants.expiredAt} IS NULL AND ${creditGrants.expiresAt} IS NOT NULL)`,
    })
    .where(and(eq(creditBalances.userId, userId), eq(creditBalances.usageType, usageType)));
  return due;
}

/**
 * §3 summary: total = every grant's amount; remaining = the balance less what the next sweep
 * will write off. Past-due grants not swept yet are spent by the held holds not yet allocated
 * first (they are the soonest-expiring), and the rest of them already counts as used: it can no
 * longer be spent.
 */
export async function sumGrants(db: Database, userId: string, usageType: string, now: Date): Promise<{ total: number; remaining: number }> {
  const mine = (t: typeof creditGrants | typeof creditHolds) => and(eq(t.userId, userId), eq(t.usageType, usageType));
  const result = (await db.execute(sql`
    SELECT
      (SELECT coalesce(sum(${creditGrants.amount}), 0) FROM ${creditGrants} WHERE ${mine(creditGrants)})::int AS total,
      (SELECT coalesce(sum(${creditBalances.available}), 0) FROM ${creditBalances} WHERE ${creditBalances.userId} = ${userId} AND ${creditBalances.usageType} = ${usageType})::int AS available,
      (SELECT coalesce(sum(${creditGrants.remaining}), 0) FROM ${creditGrants} WHERE ${mine(creditGrants)} AND ${creditGrants.expiredAt} IS NULL AND ${creditGrants.expiresAt} <= ${now})::int AS due,
      (SELECT coalesce(sum(${creditHolds.amount}), 0) FROM ${creditHolds} WHERE ${mine(creditHolds)} AND ${creditHolds.status} = 'held' AND NOT ${creditHolds.allocated})::int AS unallocated
  `)) as unknown as { rows: { total: number; available: number; due: number; unallocated: number }[] };
  const row = result.rows[0];
  const total = Number(row?.total ?? 0);
  const remaining = Number(row?.available ?? 0) - Math.max(0, Number(row?.due ?? 0) - Number(row?.unallocated ?? 0));
  return { total, remaining };
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
  // Both users' balance rows, in user id order (the ledger's lock order), then merged into `to`'s.
  await db.execute(
    sql`SELECT 1 FROM ${creditBalances} WHERE ${creditBalances.userId} IN (${fromUserId}, ${toUserId}) ORDER BY ${creditBalances.userId}, ${creditBalances.usageType} FOR UPDATE`,
  );
  const moved = await db.delete(creditBalances).where(eq(creditBalances.userId, fromUserId)).returning();
  for (const b of moved) {
    await db
      .insert(creditBalances)
      .values({ ...b, userId: toUserId })
      .onConflictDoUpdate({
        target: [creditBalances.userId, creditBalances.usageType],
        set: { available: sql`${creditBalances.available} + excluded.available`, nextExpiry: sql`least(${creditBalances.nextExpiry}, excluded.next_expiry)` },
      });
  }
  await db.update(creditGrants).set({ userId: toUserId }).where(eq(creditGrants.userId, fromUserId));
  await db.update(creditHolds).set({ userId: toUserId }).where(eq(creditHolds.userId, fromUserId));
  await db.update(creditEntries).set({ userId: toUserId }).where(eq(creditEntries.userId, fromUserId));
}
