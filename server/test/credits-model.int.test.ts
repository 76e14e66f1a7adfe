/**
 * The ledger against an in-memory model: random sequences of grants (with duplicate sources
 * and expiries), holds (with duplicate task ids), captures, releases and expiry sweeps on an
 * advancing clock, run on the real PostgreSQL ledger. After every step the summary, every
 * grant's remainder and the ledger identity must agree with the model. A hold only debits the
 * balance; the model allocates it to grants (soonest expiry first) when it is captured, or when
 * an expiry sweep finds a due grant while the hold is still held — as the ledger does.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@tessera/db/connect';
import { creditEntries, creditGrants, creditHolds, users } from '@tessera/db/schema';
import { AppError } from '@tessera/shared/errors';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  captureHold,
  expireGrants,
  getCreditSummary,
  grantCredits,
  holdCredits,
  releaseHold,
} from '../src/modules/credits/credits.service.ts';
import { buildTestApp, type TestApp } from './harness.ts';

const DAY = 24 * 60 * 60 * 1000;
const SOURCE_KINDS = ['mission', 'purchase', 'check_in'] as const;

interface ModelGrant {
  key: string;
  dbId: string;
  seq: number;
  amount: number;
  remaining: number;
  expiresAt: number | null;
  expired: boolean;
}
interface ModelHold {
  amount: number;
  status: 'held' | 'captured' | 'released';
  /** null until allocated: by its capture, or by a sweep that expired grants while it was held. */
  allocations: { grant: ModelGrant; amount: number }[] | null;
}
interface Model {
  grants: ModelGrant[];
  holds: Map<string, ModelHold>;
  clock: number;
}
interface Real {
  db: Database;
  userId: string;
  run: number;
  taskIds: string[];
}

let t: TestApp;
let runCounter = 0;
let executed = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

function unallocatedHeld(m: Model): number {
  return [...m.holds.values()].filter((h) => h.status === 'held' && h.allocations === null).reduce((s, h) => s + h.amount, 0);
}

function modelSummary(m: Model) {
  const total = m.grants.reduce((s, g) => s + g.amount, 0);
  const remaining = m.grants.filter((g) => !g.expired).reduce((s, g) => s + g.remaining, 0) - unallocatedHeld(m);
  return { total, used: total - remaining, remaining };
}

/** Takes `amount` from the unexpired grants, soonest expiry first (never-expiring last), then oldest. */
function allocate(m: Model, amount: number): { grant: ModelGrant; amount: number }[] {
  const spendable = m.grants
    .filter((g) => !g.expired && g.remaining > 0)
    .sort((a, b) => (a.expiresAt ?? Infinity) - (b.expiresAt ?? Infinity) || a.seq - b.seq);
  const allocations: { grant: ModelGrant; amount: number }[] = [];
  let needed = amount;
  for (const g of spendable) {
    if (needed === 0) break;
    const take = Math.min(needed, g.remaining);
    g.remaining -= take;
    needed -= take;
    allocations.push({ grant: g, amount: take });
  }
  expect(needed).toBe(0);
  return allocations;
}

async function checkInvariants(m: Model, r: Real): Promise<void> {
  const summary = await getCreditSummary(r.db, r.userId);
  expect(summary).toEqual(modelSummary(m));
  expect(summary.remaining).toBeGreaterThanOrEqual(0);

  // Every grant's remainder, one row per model grant (so each source was granted once).
  const grants = await r.db.select({ id: creditGrants.id, remaining: creditGrants.remaining }).from(creditGrants).where(eq(creditGrants.userId, r.userId));
  expect(new Map(grants.map((g) => [g.id, g.remaining]))).toEqual(new Map(m.grants.map((g) => [g.dbId, g.expired ? 0 : g.remaining])));

  // The ledger identity: entries alone give the summary.
  const sums = await r.db
    .select({ kind: creditEntries.kind, amount: sql<number>`sum(${creditEntries.amount})::int` })
    .from(creditEntries)
    .where(eq(creditEntries.userId, r.userId))
    .groupBy(creditEntries.kind);
  const by = (k: string) => sums.find((s) => s.kind === k)?.amount ?? 0;
  expect(by('grant')).toBe(summary.total);
  expect(by('hold') - by('release') + by('expire')).toBe(summary.used);
  const heldOrCaptured = [...m.holds.values()].filter((h) => h.status !== 'released').reduce((s, h) => s + h.amount, 0);
  expect(by('hold') - by('release')).toBe(heldOrCaptured);
  expect(by('capture')).toBe([...m.holds.values()].filter((h) => h.status === 'captured').reduce((s, h) => s + h.amount, 0));

  // One hold entry and at most one resolution per task.
  const perTask = await r.db
    .select({
      taskId: creditEntries.taskId,
      holds: sql<number>`count(*) filter (where ${creditEntries.kind} = 'hold')::int`,
      resolutions: sql<number>`count(*) filter (where ${creditEntries.kind} in ('capture', 'release'))::int`,
    })
    .from(creditEntries)
    .where(and(eq(creditEntries.userId, r.userId), sql`${creditEntries.taskId} is not null`))
    .groupBy(creditEntries.taskId);
  for (const row of perTask) {
    expect(row.holds).toBeLessThanOrEqual(1);
    expect(row.resolutions).toBeLessThanOrEqual(1);
  }
  const holds = await r.db.select({ taskId: creditHolds.taskId, status: creditHolds.status }).from(creditHolds).where(eq(creditHolds.userId, r.userId));
  expect(new Map(holds.map((h) => [h.taskId, h.status]))).toEqual(new Map([...m.holds].map(([id, h]) => [id, h.status])));
}

class GrantCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly kind: (typeof SOURCE_KINDS)[number],
    readonly source: number,
    readonly amount: number,
    readonly expiresInDays: number | null,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const key = `${this.kind}:${this.source}`;
    const expiresAt = this.expiresInDays === null ? null : m.clock + this.expiresInDays * DAY;
    const result = await grantCredits(r.db, {
      userId: r.userId,
      sourceKind: this.kind,
      sourceId: `run${r.run}:${this.source}`,
      amount: this.amount,
      expiresAt: expiresAt === null ? null : new Date(expiresAt),
      note: 'model grant',
    });
    const duplicate = m.grants.some((g) => g.key === key);
    expect(result.granted).toBe(!duplicate);
    if (!duplicate) {
      expect(result.grantId).not.toBeNull();
      m.grants.push({ key, dbId: result.grantId!, seq: m.grants.length, amount: this.amount, remaining: this.amount, expiresAt, expired: false });
    } else expect(result.grantId).toBeNull();
    await checkInvariants(m, r);
  }
  toString = () => `grant(${this.kind}:${this.source}, ${this.amount}, ${this.expiresInDays ?? 'never'})`;
}

class HoldCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly task: number,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const taskId = r.taskIds[this.task]!;
    const available = m.grants.filter((g) => !g.expired).reduce((s, g) => s + g.remaining, 0) - unallocatedHeld(m);
    const call = holdCredits(r.db, { userId: r.userId, taskId, amount: this.amount, note: 'model hold' });
    if (this.amount > available) {
      const error = await call.then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).catalogueCode).toBe('NOT_ENOUGH_CREDITS');
    } else if (m.holds.has(taskId)) {
      await expect(call).rejects.toThrow(/already has a hold/);
    } else {
      await call;
      // A free task's hold has nothing to allocate.
      m.holds.set(taskId, { amount: this.amount, status: 'held', allocations: this.amount === 0 ? [] : null });
    }
    await checkInvariants(m, r);
  }
  toString = () => `hold(task${this.task}, ${this.amount})`;
}

class ResolveCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly task: number,
    readonly action: 'capture' | 'release',
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const taskId = r.taskIds[this.task]!;
    const hold = m.holds.get(taskId);
    const expected = hold?.status === 'held';
    const done = this.action === 'capture' ? await captureHold(r.db, taskId) : await releaseHold(r.db, taskId);
    expect(done).toBe(expected);
    if (hold && expected) {
      hold.status = this.action === 'capture' ? 'captured' : 'released';
      if (this.action === 'capture' && hold.allocations === null) hold.allocations = allocate(m, hold.amount);
      if (this.action === 'release') for (const a of hold.allocations ?? []) if (!a.grant.expired) a.grant.remaining += a.amount;
    }
    await checkInvariants(m, r);
  }
  toString = () => `${this.action}(task${this.task})`;
}

class ExpireCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly advanceDays: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    m.clock += this.advanceDays * DAY;
    // Other runs' users are gone by now, so the count is this user's alone.
    const due = m.grants.filter((g) => !g.expired && g.expiresAt !== null && g.expiresAt <= m.clock);
    expect(await expireGrants(r.db, new Date(m.clock))).toBe(due.length);
    // The sweep allocates the held holds first, oldest first, so a due grant loses only what no hold uses.
    if (due.length > 0) for (const h of m.holds.values()) if (h.status === 'held' && h.allocations === null) h.allocations = allocate(m, h.amount);
    for (const g of due) {
      g.expired = true;
      g.remaining = 0;
    }
    await checkInvariants(m, r);
  }
  toString = () => `expire(+${this.advanceDays}d)`;
}

const TASKS = 6;
const commands = [
  fc.tuple(fc.constantFrom(...SOURCE_KINDS), fc.nat(5), fc.integer({ min: 1, max: 40 }), fc.option(fc.integer({ min: 1, max: 10 }), { nil: null })).map(
    ([k, s, a, e]) => new GrantCommand(k, s, a, e),
  ),
  fc.tuple(fc.nat(TASKS - 1), fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 30 }))).map(([task, amount]) => new HoldCommand(task, amount)),
  fc.tuple(fc.nat(TASKS - 1), fc.constantFrom('capture' as const, 'release' as const)).map(([task, action]) => new ResolveCommand(task, action)),
  fc.integer({ min: 0, max: 4 }).map((d) => new ExpireCommand(d)),
];

it('agrees with the model after every step of random command sequences', async () => {
  const db = t.database.db;
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 60, size: 'max' }), async (cmds) => {
      runCounter += 1;
      const run = runCounter;
      // Earlier runs' users are deleted so their past-due grants cannot skew expireGrants' count.
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local tessera.ledger_delete = 'allow'`);
        await tx.delete(users).where(sql`${users.id} like 'model-%'`);
      });
      const userId = `model-${run}-${randomUUID()}`;
      await db.insert(users).values({ id: userId, name: 'Model', email: `${userId}@example.com` });
      const setup = async () => ({
        model: { grants: [], holds: new Map(), clock: Date.now() } satisfies Model,
        real: { db, userId, run, taskIds: Array.from({ length: TASKS }, () => randomUUID()) } satisfies Real,
      });
      executed += [...cmds].length;
      await fc.asyncModelRun(setup, cmds);
    }),
    { numRuns: 80 },
  );
  // Sequences really are long: thousands of steps in all, not a few short runs.
  expect(executed).toBeGreaterThan(1500);
}, 120_000);
