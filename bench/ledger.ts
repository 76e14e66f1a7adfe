/**
 * bench/ledger: what the credits ledger's safety costs. holdCredits (grant rows locked FOR
 * UPDATE, hold row, allocation, entry — one statement, committing on its own) against the cheapest
 * correct alternative, one conditional UPDATE on a one-row balance table, with the same
 * workers on the same PostgreSQL. Then holds spread over 50 users, where workers no longer
 * queue on one user's grant row. Needs PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL
 * (an admin URL; a scratch database is created and dropped).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type Database } from '@tessera/db/connect';
import { users } from '@tessera/db/schema';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { grantCredits, holdCredits } from '@tessera/server/modules/credits/credits.service';

export interface LedgerBenchResult {
  workers: number;
  ledgerHoldsPerSec: number;
  rawUpdatesPerSec: number;
  spreadHoldsPerSec: number;
  /** ledger holds/s ÷ raw conditional UPDATEs/s, both on one user. */
  ratio: number;
}

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SPREAD_USERS = 50;
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
    await throughput(workers, 1, () => hold('bench-one')); // warm-up
    const ledgerHoldsPerSec = await throughput(workers, duration, () => hold('bench-one'));

    await db.execute(sql`CREATE TABLE bench_balances (user_id text PRIMARY KEY, remaining integer NOT NULL)`);
    await db.execute(sql`INSERT INTO bench_balances VALUES ('bench-one', ${BIG_GRANT})`);
    const rawUpdate = async () => {
      await db.execute(sql`UPDATE bench_balances SET remaining = remaining - 1 WHERE user_id = ${'bench-one'} AND remaining >= 1`);
    };
    await throughput(workers, 1, rawUpdate);
    const rawUpdatesPerSec = await throughput(workers, duration, rawUpdate);

    const spread = Array.from({ length: SPREAD_USERS }, (_, i) => `bench-spread-${i}`);
    for (const id of spread) await createUser(db, id);
    // Worker w takes users w, w+workers, …: no two workers start on the same user.
    const spreadHold = (worker: number, i: number) => hold(spread[(worker + i * workers) % SPREAD_USERS]!);
    const spreadHoldsPerSec = await throughput(workers, duration, spreadHold);

    return { workers, ledgerHoldsPerSec, rawUpdatesPerSec, spreadHoldsPerSec, ratio: ledgerHoldsPerSec / rawUpdatesPerSec };
  } finally {
    await database.close();
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}
