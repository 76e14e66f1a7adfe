/**
 * bench/queries: the list, feed, search and admin queries at 1M rows (issue 25). A scratch
 * database is migrated and seeded with `BENCH_QUERY_ROWS` (default 1,000,000) tasks and creations
 * (server/test/queryPlans.ts: the same seed and query catalogue as the plan test), then each query
 * runs through its repo function: p50 wall-clock time over `BENCH_QUERY_RUNS` runs (default 20),
 * and the EXPLAIN ANALYZE execution time of the statements it sends. Where the query's old SQL
 * shape is kept (`before`), its EXPLAIN ANALYZE time is measured in the same run for the ratio.
 * Needs PostgreSQL at TEST_DATABASE_URL (an admin URL; the scratch database is a clone of the
 * tests' migrated template, dropped at the end). Alone: `node --import tsx bench/queries.ts`.
 */
import { createTestDatabase } from '@tessera/server/test/harness';
import { captureQueries, explainQuery, QUERIES, seedLargeTables, statementsOf } from '@tessera/server/test/queryPlans';
import pg from 'pg';

export interface QueryBenchRow {
  query: string;
  /** Median wall-clock time of the repo call, all its statements. */
  p50Ms: number;
  /** EXPLAIN ANALYZE execution time of its statements, summed. */
  planMs: number;
  /** EXPLAIN ANALYZE execution time of the old SQL shape, when kept. */
  beforeMs: number | null;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const round = (ms: number) => Math.round(ms * 100) / 100;

export async function benchQueries(opts: { rows?: number; runs?: number } = {}): Promise<{ rows: number; seedSeconds: number; results: QueryBenchRow[] }> {
  const rows = opts.rows ?? 1_000_000;
  const runs = opts.runs ?? 20;
  // A clone of the migrated test template (server/test/harness.ts), dropped at the end.
  const scratch = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 })
    // An idle client cut by the server (a dropped database, a terminated backend) must not crash the test process.
    .on('error', () => undefined);
  try {
    const client = await pool.connect();
    const results: QueryBenchRow[] = [];
    let seedSeconds = 0;
    try {
      const seedStart = performance.now();
      await seedLargeTables(client, rows);
      seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
      const capture = captureQueries(pool);
      for (const query of QUERIES) {
        const statements = await statementsOf(capture, query); // also the warm-up
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          const start = performance.now();
          await query.run(capture.db);
          times.push(performance.now() - start);
        }
        capture.take();
        let planMs = 0;
        for (const statement of statements) planMs += (await explainQuery(client, statement)).executionMs;
        // The old shapes take up to seconds at 1M rows: the median of three.
        let beforeMs: number | null = null;
        if (query.before) {
          const before: number[] = [];
          for (let i = 0; i < 3; i++) before.push((await explainQuery(client, query.before)).executionMs);
          beforeMs = median(before);
        }
        results.push({ query: query.name, p50Ms: round(median(times)), planMs: round(planMs), beforeMs: beforeMs === null ? null : round(beforeMs) });
      }
    } finally {
      client.release();
    }
    return { rows, seedSeconds, results };
  } finally {
    await pool.end();
    await scratch.drop();
  }
}

export function printQueryBench(bench: Awaited<ReturnType<typeof benchQueries>>): void {
  console.log(`seeded ${bench.rows.toLocaleString('en')} rows in ${bench.seedSeconds} s`);
  console.table(
    Object.fromEntries(
      bench.results.map((r) => [
        r.query,
        {
          'p50 ms': r.p50Ms,
          'plan ms': r.planMs,
          'before ms': r.beforeMs ?? '',
          'before / now': r.beforeMs === null || r.planMs === 0 ? '' : `${Math.round(r.beforeMs / r.planMs)}×`,
        },
      ]),
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = Number(process.env.BENCH_QUERY_ROWS ?? 1_000_000);
  console.log(`bench/queries — list, feed, search and admin queries on ${rows.toLocaleString('en')} tasks and creations, PostgreSQL`);
  printQueryBench(await benchQueries({ rows, runs: Number(process.env.BENCH_QUERY_RUNS ?? 20) }));
}
