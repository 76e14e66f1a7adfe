/**
 * Issue 25: the work of a hold does not grow with the user's ledger. The same hold, capture and
 * due-expiry hold run for a user with one grant and for a user with 10,000 live grants; inside
 * each transaction PostgreSQL's own per-transaction table counters (pg_stat_xact_user_tables)
 * say how many rows of each credits table were read and written, and the query logger how many
 * statements were sent. Counts, never times (bench/ledger.ts has the latencies).
 */
import type { Database } from '@tessera/db/connect';
import { users } from '@tessera/db/schema';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureHold, holdCredits } from '../src/modules/credits/credits.service.ts';
import { createTestDatabase, type TestDatabase } from './harness.ts';
import { captureQueries } from './queryPlans.ts';

const MANY = 10_000;

let testDb: TestDatabase;
let pool: pg.Pool;
let capture: ReturnType<typeof captureQueries>;

/** `count` live grants of `each` credits (expiring over the coming days, one every minute), their grant entries and the balance row. */
async function seedUser(db: Database, userId: string, count: number, each: number): Promise<void> {
  await db.insert(users).values({ id: userId, name: 'Scale', email: `${userId}@example.com` });
  await db.execute(sql`
    WITH g AS (
      INSERT INTO credit_grants (user_id, source_kind, source_id, amount, remaining, expires_at, note)
      SELECT ${userId}, 'admin', ${userId} || ':' || i, ${each}::int, ${each}::int, now() + interval '1 day' + i * interval '1 minute', 'scale'
      FROM generate_series(1, ${count}::int) i
      RETURNING id, amount
    )
    INSERT INTO credit_entries (user_id, kind, amount, grant_id, note) SELECT ${userId}, 'grant', amount, id, 'scale' FROM g
  `);
  await db.execute(sql`
    INSERT INTO credit_balances (user_id, usage_type, available, next_expiry)
    SELECT user_id, usage_type, sum(remaining), min(expires_at) FROM credit_grants WHERE user_id = ${userId} GROUP BY 1, 2
  `);
  await db.execute(sql`ANALYZE credit_grants`);
}

interface Work {
  statements: number;
  /** Rows read (sequential + index fetches) per credits table. */
  read: Record<string, number>;
  written: Record<string, number>;
}

/** Runs `op` in a transaction and returns what it cost in statements and rows, per credits table. */
async function measure(op: (tx: Database) => Promise<unknown>): Promise<Work> {
  type Counter = { relname: string; read: number; written: number };
  // The "xact" counters can still hold this connection's earlier, not yet flushed transactions:
  // read them before and after `op`, in its transaction, and keep the difference.
  const counters = async (tx: Database) => {
    const result = (await tx.execute(sql`
      SELECT relname, (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int AS read, (n_tup_ins + n_tup_upd + n_tup_del)::int AS written
      FROM pg_stat_xact_user_tables WHERE relname LIKE 'credit%'
    `)) as unknown as { rows: Counter[] };
    return new Map(result.rows.map((c) => [c.relname, c]));
  };
  let diff: Counter[] = [];
  let sent: { sql: string }[] = [];
  await capture.db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const before = await counters(tx);
    capture.take();
    await op(tx);
    sent = capture.take();
    const after = await counters(tx);
    diff = [...after.values()].map((c) => ({ relname: c.relname, read: c.read - (before.get(c.relname)?.read ?? 0), written: c.written - (before.get(c.relname)?.written ?? 0) }));
  });
  const counted = diff;
  const statements = sent.filter((q) => !/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(q.sql));
  return {
    statements: statements.length,
    read: Object.fromEntries(counted.filter((c) => c.read > 0).map((c) => [c.relname, c.read])),
    written: Object.fromEntries(counted.filter((c) => c.written > 0).map((c) => [c.relname, c.written])),
  };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  pool = new pg.Pool({ connectionString: testDb.url, max: 2 })
    // An idle client cut by the server (a dropped database, a terminated backend) must not crash the test process.
    .on('error', () => undefined);
  capture = captureQueries(pool);
  await seedUser(capture.db, 'scale-one', 1, 10 * MANY);
  await seedUser(capture.db, 'scale-many', MANY, 10);
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await testDb?.drop();
});

describe(`a hold's work with 1 and ${MANY} live grants`, () => {
  it('a hold is one statement that reads no grant and writes three rows, whatever the number of grants', async () => {
    const hold = (userId: string) => measure((tx) => holdCredits(tx, { userId, taskId: crypto.randomUUID(), amount: 25, note: 'scale' }));
    const one = await hold('scale-one');
    const many = await hold('scale-many');
    expect(many).toEqual(one);
    expect(many.statements).toBe(1);
    expect(many.read.credit_grants ?? 0).toBe(0);
    expect(many.written).toEqual({ credit_balances: 1, credit_holds: 1, credit_entries: 1 });
  });

  it('a capture reads at most as many grants as credits it takes, and updates only those it takes (25 credits: 3 grants of 10)', async () => {
    const taskId = crypto.randomUUID();
    await holdCredits(capture.db, { userId: 'scale-many', taskId, amount: 25, note: 'scale' });
    const work = await measure((tx) => captureHold(tx, taskId));
    // The index walk stops at LIMIT 25 (every spendable grant has a credit at least), then the 3 taken are updated.
    expect(work.read.credit_grants ?? 0).toBeLessThanOrEqual(25 + 3);
    expect(work.written.credit_grants).toBe(3);
    expect(work.statements).toBeLessThanOrEqual(6);
  });

  it('a hold that finds a due expiry sweeps that user with reads bounded by the due grants, not the ledger', async () => {
    // The soonest grant of scale-many is past due; its balance row knows.
    await capture.db.execute(sql`
      WITH first AS (
        SELECT id FROM credit_grants WHERE user_id = 'scale-many' AND expired_at IS NULL AND remaining > 0 ORDER BY expires_at LIMIT 1
      )
      UPDATE credit_grants SET expires_at = now() - interval '1 second' FROM first WHERE credit_grants.id = first.id
    `);
    await capture.db.execute(sql`UPDATE credit_balances SET next_expiry = now() - interval '1 second' WHERE user_id = 'scale-many'`);
    const work = await measure((tx) => holdCredits(tx, { userId: 'scale-many', taskId: crypto.randomUUID(), amount: 5, note: 'scale' }));
    // The hold refused by the fast path, the sweep — the first test's held 25 credits allocated
    // (≤ 25 + 3 grants read), the due grant expired, the next expiry found (an index probe each) — the hold again.
    expect(work.read.credit_grants ?? 0).toBeLessThanOrEqual(25 + 3 + 6);
    expect(work.written.credit_holds).toBeGreaterThanOrEqual(2);
    expect(work.statements).toBeLessThanOrEqual(12);
  });
});
