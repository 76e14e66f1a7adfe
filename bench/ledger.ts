/**
 * bench/ledger: what the credits ledger's safety costs. holdCredits (a conditional UPDATE of the
 * user's balance row, the hold row and its entry — one statement, committing on its own) against
 * the cheapest correct alternative, one conditional UPDATE on a one-row balance table, with the
 * same workers on the same PostgreSQL. Then holds spread over 50 users, where workers no longer
 * queue on one user's balance row. Then the latency of one hold, and of its capture (which takes
 * the credits from the grants), for users with 1, 1,000 and 100,000 live grants. Needs PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL
 * (an admin URL; a scratch database is created and dropped).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type Database } from '@tessera/db/connect';
import { users } from '@tessera/db/schema';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { captureHold, grantCredits, holdCredits } from '@tessera/server/modules/credits/credits.service';

export interface LedgerBenchResult {
  workers: number;
  ledgerHoldsPerSec: number;
  rawUpdatesPerSec: number;
  spreadHoldsPerSec: number;
  /** ledger holds/s ÷ raw conditional UPDATEs/s, both on one user. */
  ratio: number;
  /** One hold at a time (then its capture), per number of live grants the user has. */
  byGrants: { grants: number; holdP50Ms: number; captureP50Ms: number }[];
}

const GRANT_COUNTS = [1, 1_000, 100_000];
const LATENCY_SAMPLES = 200;

function p50(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]! * 1000) / 1000;
}

/** A user with `count` live grants of 1,000 credits, expiring a minute apart from tomorrow on (seeded in SQL, as grantCredits would leave them). */
async function createUserWithGrants(db: Database, id: string, count: number): Promise<void> {
  await db.insert(users).values({ id, name: 'Bench', email: `${id}@bench.invalid` });
  await db.execute(sql`
    WITH g AS (
      INSERT INTO credit_grants (user_id, source_kind, source_id, amount, remaining, expires_at, note)
      SELECT ${id}, 'admin', ${id} || ':' || i, 1000, 1000, now() + interval '1 day' + i * interval '1 minute', 'bench'
      FROM generate_series(1, ${count}::int) i
      RETURNING id
    )
    INSERT INTO credit_entries (user_id, kind, amount, grant_id, note) SELECT ${id}, 'grant', 1000, id, 'bench' FROM g
  `);
  await db.execute(sql`
    INSERT INTO credit_balances (user_id, usage_type, available, next_expiry)
    SELECT user_id, usage_type, sum(remaining), min(expires_at) FROM credit_grants WHERE user_id = ${id} GROUP BY 1, 2
  `);
  await db.execute(sql`ANALYZE credit_grants`);
}

async function latencyByGrants(db: Database): Promise<LedgerBenchResult['byGrants']> {
  const out: LedgerBenchResult['byGrants'] = [];
  for (const grants of GRANT_COUNTS) {
    const userId = `bench-grants-${grants}`;
    await createUserWithGrants(db, userId, grants);
    const holds: number[] = [];
    const captures: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const taskId = randomUUID();
      let t = performance.now();
      await holdCredits(db, { userId, taskId, amount: 3, note: 'bench' });
      holds.push(performance.now() - t);
      t = performance.now();
      await captureHold(db, taskId);
      captures.push(performance.now() - t);
    }
    out.push({ grants, holdP50Ms: p50(holds), captureP50Ms: p50(captures) });
  }
  return out;
}

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SPREAD_USERS = 50;
const dialect = new PgDialect();
// Enough that no worker ever runs out during a run (integer column: below 2^31).
const BIG_GRANT = 1_000_000_000;

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Runs `op` in `workers` loops for `seconds`; returns completed operations per second. */
async function throughput(workers: number, seconds: number, op: (worker: number, i: number) => Promise<void>): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  const start = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        await op(worker, i);
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

async function createUser(db: Database, id: string): Promise<void> {
  await db.insert(users).values({ id, name: 'Bench', email: `${id}@bench.invalid` });
  await grantCredits(db, { userId: id, sourceKind: 'admin', sourceId: `bench:${id}`, amount: BIG_GRANT, note: 'bench' });
}

export async function benchLedger(opts: { workers?: number; duration?: number } = {}): Promise<LedgerBenchResult> {
  const workers = opts.workers ?? 10;
  const duration = opts.duration ?? 5;
  const name = `tessera_bench_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await connect({ databaseUrl: url.toString(), poolSize: workers });
  const { db } = database;
  try {
    // holdCredits is one statement; outside a transaction it commits on its own, like the raw UPDATE.
    const hold = (userId: string) => holdCredits(db, { userId, taskId: randomUUID(), amount: 1, note: 'bench' });

    await createUser(db, 'bench-one');
    await db.execute(sql`CREATE TABLE bench_balances (user_id text PRIMARY KEY, remaining integer NOT NULL)`);
    await db.execute(sql`INSERT INTO bench_balances VALUES ('bench-one', ${BIG_GRANT})`);
    // Prepared like the hold (planned once per connection), so the two differ only in what they write.
    const rawStatement = dialect.sqlToQuery(sql`UPDATE bench_balances SET remaining = remaining - 1 WHERE user_id = ${'bench-one'} AND remaining >= 1`);
    const rawUpdate = async () => {
      await db._.session.prepareQuery(rawStatement, undefined, 'bench_raw_update', false).execute();
    };
    await throughput(workers, 1, () => hold('bench-one')); // warm-up
    await throughput(workers, 1, rawUpdate);
    // One-second slices taken in turns, so both see the same machine (other load comes and goes).
    let ledgerDone = 0;
    let rawDone = 0;
    for (let slice = 0; slice < duration; slice++) {
      ledgerDone += await throughput(workers, 1, () => hold('bench-one'));
      rawDone += await throughput(workers, 1, rawUpdate);
    }
    const ledgerHoldsPerSec = ledgerDone / duration;
    const rawUpdatesPerSec = rawDone / duration;

    const spread = Array.from({ length: SPREAD_USERS }, (_, i) => `bench-spread-${i}`);
    for (const id of spread) await createUser(db, id);
    // Worker w takes users w, w+workers, …: no two workers start on the same user.
    const spreadHold = (worker: number, i: number) => hold(spread[(worker + i * workers) % SPREAD_USERS]!);
    const spreadHoldsPerSec = await throughput(workers, duration, spreadHold);

    const byGrants = await latencyByGrants(db);

    return { workers, ledgerHoldsPerSec, rawUpdatesPerSec, spreadHoldsPerSec, ratio: ledgerHoldsPerSec / rawUpdatesPerSec, byGrants };
  } finally {
    await database.close();
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}
