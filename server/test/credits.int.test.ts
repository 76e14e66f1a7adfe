/**
 * The ledger's guarantees on a real PostgreSQL: no overdraft under concurrent holds, an
 * append-only entries table, soonest-expiring grants spent first, releases that go back where
 * they came from (or expire when their grant did).
 */
import { randomUUID } from 'node:crypto';
import { connect, type Database, type DatabaseHandle } from '@tessera/db/connect';
import { creditEntries, creditGrants, creditHoldAllocations, creditHolds, users } from '@tessera/db/schema';
import { AppError } from '@tessera/shared/errors';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockUserForTasks } from '../src/generation/tasks.repo.ts';
import { moveCredits } from '../src/modules/credits/credits.repo.ts';
import {
  captureHold,
  expireGrants,
  getCreditHistory,
  getCreditSummary,
  grantCredits,
  holdCredits,
  releaseHold,
} from '../src/modules/credits/credits.service.ts';
import { buildTestApp, type TestApp } from './harness.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database.db;
});
afterAll(async () => {
  await t?.close();
});

async function newUser(): Promise<string> {
  const id = `ledger-${randomUUID()}`;
  await db.insert(users).values({ id, name: 'Ledger', email: `${id}@example.com` });
  return id;
}

async function grant(userId: string, amount: number, expiresAt: Date | null = null) {
  const result = await grantCredits(db, { userId, sourceKind: 'admin', sourceId: randomUUID(), amount, expiresAt, note: 'test grant' });
  return result.grantId!;
}

async function remainingOf(grantId: string): Promise<number> {
  const [row] = await db.select({ remaining: creditGrants.remaining }).from(creditGrants).where(eq(creditGrants.id, grantId));
  return row!.remaining;
}

describe('concurrency', () => {
  let pool: DatabaseHandle;
  beforeAll(async () => {
    pool = await connect({ databaseUrl: t.config.databaseUrl, poolSize: 20, migrate: false });
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('200 concurrent 1-credit holds on 50 credits: exactly 50 succeed, never an overdraft', async () => {
    const userId = await newUser();
    await grant(userId, 20, new Date(Date.now() + 3 * DAY));
    await grant(userId, 30);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        pool.db.transaction(async (tx) => holdCredits(tx as unknown as Database, { userId, taskId: randomUUID(), amount: 1, note: 'race' })),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).catalogueCode).toBe('NOT_ENOUGH_CREDITS');
      expect((r.reason as AppError).message).toBe('tessera::credits::Not enough credits. Please add more.');
    }
    expect(await getCreditSummary(db, userId)).toEqual({ total: 50, used: 50, remaining: 0 });
    const [holds] = await db.select({ n: sql<number>`count(*)::int` }).from(creditHolds).where(eq(creditHolds.userId, userId));
    expect(holds!.n).toBe(50);
  });

  it('concurrent captures and releases of one hold: exactly one wins', async () => {
    const userId = await newUser();
    await grant(userId, 10);
    const taskId = randomUUID();
    await holdCredits(db, { userId, taskId, amount: 4, note: 'race' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? captureHold(pool.db, taskId) : releaseHold(pool.db, taskId))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const [resolutions] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(creditEntries)
      .where(sql`${creditEntries.taskId} = ${taskId} and ${creditEntries.kind} in ('capture', 'release')`);
    expect(resolutions!.n).toBe(1);
  });

  it("a submission holding the user's task lock does not block a finishing task's ledger write (no deadlock)", async () => {
    // A submission (createTask) locks the user row, then holds credits on the balance row; a task
    // finishing meanwhile locks the balance row, then writes entries whose foreign key checks the
    // user row. If the first lock blocked those checks, each would wait for the other.
    const userId = await newUser();
    await grant(userId, 10);
    const taskId = randomUUID();
    await holdCredits(db, { userId, taskId, amount: 3, note: 'finishing' });
    let unlock: () => void = () => {};
    const held = new Promise<void>((resolve) => (unlock = resolve));
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const submission = pool.db.transaction(async (tx) => {
      expect(await lockUserForTasks(tx as unknown as Database, userId)).toBe(true);
      locked();
      await held;
    });
    await isLocked;
    const released = await pool.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL lock_timeout = '2s'`);
      return releaseHold(tx as unknown as Database, taskId);
    });
    unlock();
    await submission;
    expect(released).toBe(true);
  });
});

describe('append-only entries (trigger)', () => {
  it('rejects UPDATE and DELETE of an entry, allows moving entries to another user', async () => {
    const from = await newUser();
    const to = await newUser();
    await grant(from, 10);
    await expect(db.update(creditEntries).set({ amount: 1000 }).where(eq(creditEntries.userId, from))).rejects.toThrow();
    await expect(db.update(creditEntries).set({ note: 'rewritten' }).where(eq(creditEntries.userId, from))).rejects.toThrow();
    await expect(db.delete(creditEntries).where(eq(creditEntries.userId, from))).rejects.toThrow();
    expect((await getCreditHistory(db, from, { limit: 10 })).entries).toHaveLength(1);

    await db.transaction(async (tx) => moveCredits(tx as unknown as Database, from, to));
    expect(await getCreditSummary(db, to)).toEqual({ total: 10, used: 0, remaining: 10 });
    expect(await getCreditSummary(db, from)).toEqual({ total: 0, used: 0, remaining: 0 });
    expect((await getCreditHistory(db, to, { limit: 10 })).entries).toMatchObject([{ kind: 'grant', amount: 10, note: 'test grant' }]);
  });
});

describe('grants, holds and expiry', () => {
  it('spends the soonest-expiring grant first and never-expiring grants last', async () => {
    const userId = await newUser();
    const never = await grant(userId, 10);
    const late = await grant(userId, 10, new Date(Date.now() + 5 * DAY));
    const soon = await grant(userId, 10, new Date(Date.now() + 1 * DAY));
    const taskId = randomUUID();
    await holdCredits(db, { userId, taskId, amount: 12, note: 'spend' });
    // A hold debits the balance only; its capture takes the credits from the grants.
    expect([await remainingOf(soon), await remainingOf(late), await remainingOf(never)]).toEqual([10, 10, 10]);
    expect(await getCreditSummary(db, userId)).toEqual({ total: 30, used: 12, remaining: 18 });
    expect(await captureHold(db, taskId)).toBe(true);
    expect([await remainingOf(soon), await remainingOf(late), await remainingOf(never)]).toEqual([0, 8, 10]);
    expect(await getCreditSummary(db, userId)).toEqual({ total: 30, used: 12, remaining: 18 });
  });

  it('releases a hold not yet allocated to the balance', async () => {
    const userId = await newUser();
    const a = await grant(userId, 5, new Date(Date.now() + 1 * DAY));
    const taskId = randomUUID();
    await holdCredits(db, { userId, taskId, amount: 4, note: 'unallocated' });
    expect(await db.select().from(creditHoldAllocations).where(eq(creditHoldAllocations.taskId, taskId))).toEqual([]);
    expect(await releaseHold(db, taskId)).toBe(true);
    expect(await releaseHold(db, taskId)).toBe(false);
    expect(await remainingOf(a)).toBe(5);
    expect(await getCreditSummary(db, userId)).toEqual({ total: 5, used: 0, remaining: 5 });
  });

  it('the sweep allocates a held hold soonest expiry first; its release goes back to those grants', async () => {
    const userId = await newUser();
    const c = await grant(userId, 1, new Date(Date.now() + DAY / 2));
    const a = await grant(userId, 5, new Date(Date.now() + 1 * DAY));
    const b = await grant(userId, 10, new Date(Date.now() + 2 * DAY));
    const taskId = randomUUID();
    await holdCredits(db, { userId, taskId, amount: 8, note: 'span' });
    // Grant c is due: the sweep first allocates the hold (c, then a, then b), so c has nothing left to write off.
    expect(await expireGrants(db, new Date(Date.now() + (3 * DAY) / 4))).toBeGreaterThanOrEqual(1);
    const allocations = await db.select().from(creditHoldAllocations).where(eq(creditHoldAllocations.taskId, taskId));
    expect(new Map(allocations.map((x) => [x.grantId, x.amount]))).toEqual(new Map([[c, 1], [a, 5], [b, 2]]));
    expect(await getCreditSummary(db, userId)).toEqual({ total: 16, used: 8, remaining: 8 });
    expect(await releaseHold(db, taskId)).toBe(true);
    expect(await releaseHold(db, taskId)).toBe(false);
    expect(await captureHold(db, taskId)).toBe(false);
    // c's credit comes back to an expired grant: it expires at once.
    expect([await remainingOf(c), await remainingOf(a), await remainingOf(b)]).toEqual([0, 5, 10]);
    expect(await getCreditSummary(db, userId)).toEqual({ total: 16, used: 1, remaining: 15 });
  });

  it("expires the part of a release that belongs to a grant which expired meanwhile", async () => {
    const userId = await newUser();
    const a = await grant(userId, 5, new Date(Date.now() + 1 * DAY));
    const b = await grant(userId, 10, new Date(Date.now() + 10 * DAY));
    const taskId = randomUUID();
    await holdCredits(db, { userId, taskId, amount: 7, note: 'span' });
    // Two days later grant a has expired (nothing left in it to write off yet), b has not.
    expect(await expireGrants(db, new Date(Date.now() + 2 * DAY))).toBeGreaterThanOrEqual(1);
    expect(await releaseHold(db, taskId)).toBe(true);
    expect([await remainingOf(a), await remainingOf(b)]).toEqual([0, 10]);
    expect(await getCreditSummary(db, userId)).toEqual({ total: 15, used: 5, remaining: 10 });
    const history = await getCreditHistory(db, userId, { limit: 10 });
    expect(history.entries.slice(0, 2)).toMatchObject([
      { kind: 'expire', amount: 5, taskId },
      { kind: 'release', amount: 7, taskId },
    ]);
  });

  it('writes off what is left of an expired grant once, and counts a past-due grant as used before the sweep', async () => {
    const userId = await newUser();
    const g = await grant(userId, 9, new Date(Date.now() + 1 * DAY));
    await holdCredits(db, { userId, taskId: randomUUID(), amount: 4, note: 'spend' });
    const later = new Date(Date.now() + 2 * DAY);
    await expireGrants(db, later);
    await expireGrants(db, later);
    expect(await remainingOf(g)).toBe(0);
    const expires = await db.select().from(creditEntries).where(sql`${creditEntries.grantId} = ${g} and ${creditEntries.kind} = 'expire'`);
    expect(expires.map((e) => e.amount)).toEqual([5]);
    expect(await getCreditSummary(db, userId)).toEqual({ total: 9, used: 9, remaining: 0 });
    await expect(holdCredits(db, { userId, taskId: randomUUID(), amount: 1, note: 'late' })).rejects.toMatchObject({ catalogueCode: 'NOT_ENOUGH_CREDITS' });

    // A grant already past due but not yet swept is not spendable, and not shown as remaining.
    const other = await newUser();
    await grant(other, 6, new Date(Date.now() - 1000));
    expect(await getCreditSummary(db, other)).toEqual({ total: 6, used: 6, remaining: 0 });
    await expect(holdCredits(db, { userId: other, taskId: randomUUID(), amount: 1, note: 'late' })).rejects.toMatchObject({ catalogueCode: 'NOT_ENOUGH_CREDITS' });
  });

  it('grants once per source, and a free task still gets a hold that resolves once', async () => {
    const userId = await newUser();
    const first = await grantCredits(db, { userId, sourceKind: 'purchase', sourceId: 'inv_1', amount: 50, note: 'Purchase' });
    const again = await grantCredits(db, { userId, sourceKind: 'purchase', sourceId: 'inv_1', amount: 50, note: 'Purchase' });
    expect(first.granted).toBe(true);
    expect(again).toEqual({ granted: false, grantId: null });
    expect(await getCreditSummary(db, userId)).toEqual({ total: 50, used: 0, remaining: 50 });

    const taskId = randomUUID();
    await holdCredits(db, { userId, taskId, amount: 0, note: 'free' });
    expect(await captureHold(db, taskId)).toBe(true);
    expect(await captureHold(db, taskId)).toBe(false);
    expect(await releaseHold(db, taskId)).toBe(false);
    expect(await getCreditSummary(db, userId)).toEqual({ total: 50, used: 0, remaining: 50 });
  });

  it('a refused hold inside a caller transaction leaves the transaction usable', async () => {
    const userId = await newUser();
    await grant(userId, 3);
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      await expect(holdCredits(tx, { userId, taskId: randomUUID(), amount: 5, note: 'too much' })).rejects.toMatchObject({ catalogueCode: 'NOT_ENOUGH_CREDITS' });
      await holdCredits(tx, { userId, taskId: randomUUID(), amount: 3, note: 'fits' });
    });
    expect(await getCreditSummary(db, userId)).toEqual({ total: 3, used: 3, remaining: 0 });
  });
});

describe('history', () => {
  it('pages entries newest first with a cursor', async () => {
    const userId = await newUser();
    for (let i = 1; i <= 5; i++) await grantCredits(db, { userId, sourceKind: 'check_in', sourceId: `${userId}:${i}`, amount: i, note: `day ${i}` });
    const first = await getCreditHistory(db, userId, { limit: 2 });
    expect(first.entries.map((e) => e.note)).toEqual(['day 5', 'day 4']);
    const second = await getCreditHistory(db, userId, { cursor: first.nextCursor!, limit: 2 });
    expect(second.entries.map((e) => e.note)).toEqual(['day 3', 'day 2']);
    const last = await getCreditHistory(db, userId, { cursor: second.nextCursor!, limit: 2 });
    expect(last.entries.map((e) => e.note)).toEqual(['day 1']);
    expect(last.nextCursor).toBeNull();
  });
});
