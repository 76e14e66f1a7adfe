/**
 * A worker stopped for a rolling restart (SIGTERM → WorkerPool.stop(grace)) loses nothing: a task
 * that finishes within the grace period completes normally; one that does not is handed back to
 * the queue at once with its attempt returned, and another worker — woken by the hand-back's
 * NOTIFY, not by the lease expiring — runs it to the end.
 */
import { connect, type DatabaseHandle } from '@tessera/db/connect';
import { generationTasks } from '@tessera/db/schema';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GenerationProvider } from '../src/generation/providers/provider.ts';
import type { WorkerPool } from '../src/generation/worker.ts';
import { createWorkerPool } from '../src/generation/workers.ts';
import { pgPublisher } from '../src/realtime/pgRelay.ts';
import { Realtime } from '../src/realtime/realtime.ts';
import { buildTestApp, flatImageProvider, rpc, signInAnonymously, type TestApp, type TestUser } from './harness.ts';

let t: TestApp;
let workerDb: DatabaseHandle;
let notify: pg.Pool;
let user: TestUser;
const pools: WorkerPool[] = [];

/** A provider that starts, then holds the task until `finish()` or an abort. */
function heldProvider() {
  const flat = flatImageProvider();
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let markStarted!: (taskId: string) => void;
  const started = new Promise<string>((resolve) => (markStarted = resolve));
  const provider: GenerationProvider = {
    name: 'held stand-in',
    supports: () => true,
    async run(task, ctx) {
      markStarted(task.id);
      await Promise.race([finished, new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }))]);
      return flat.run(task, ctx);
    },
  };
  return { provider, finish, started };
}

/** A separate-process style pool (own connections, LISTEN for wake-ups, a poll of a minute and a lease of a minute). */
async function startPool(workerId: string, provider: GenerationProvider): Promise<WorkerPool> {
  const realtime = new Realtime();
  realtime.useRelay(pgPublisher(notify), () => {});
  const pool = createWorkerPool({ db: workerDb.db, realtime, storage: t.app.services.storage, config: { databaseUrl: t.config.databaseUrl } }, t.app.log, {
    concurrency: 1,
    providers: [provider],
    pollMs: 60_000,
    reapMs: 60_000,
    leaseMs: 60_000,
    workerId,
  });
  pools.push(pool);
  pool.start();
  // Its LISTEN is up and it found no work.
  await pool.ready();
  return pool;
}

beforeAll(async () => {
  t = await buildTestApp();
  workerDb = await connect({ databaseUrl: t.config.databaseUrl!, migrate: false, poolSize: 4 });
  notify = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 })
    // An idle client cut by the server (a dropped database, a terminated backend) must not crash the test process.
    .on('error', () => undefined);
  user = await signInAnonymously(t.app);
});

afterAll(async () => {
  for (const pool of pools) await pool.stop();
  await notify?.end();
  await workerDb?.close();
  await t?.close();
});

const taskRow = async (id: string) => (await t.database.db.select().from(generationTasks).where(eq(generationTasks.id, id)))[0]!;
async function accept(prompt: string): Promise<string> {
  const created = await rpc(t.app, user.cookie, 'text2Image.create', { prompt, aspectRatio: '1:1' });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.result.data.id as string;
}
async function settled(id: string): Promise<string> {
  for (;;) {
    const row = await taskRow(id);
    if (['succeeded', 'failed', 'canceled'].includes(row.status)) return row.status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

it('lets a task that finishes within the grace period complete', { timeout: 20_000 }, async () => {
  const held = heldProvider();
  const pool = await startPool('graceful', held.provider);
  const id = await accept('finishes during the grace');
  expect(await held.started).toBe(id);
  const stopping = pool.stop(30_000);
  held.finish();
  await stopping;
  expect(await taskRow(id)).toMatchObject({ status: 'succeeded', attempts: 1 });
});

it('hands a task that does not finish back at once, without spending an attempt, and another worker completes it', { timeout: 20_000 }, async () => {
  const held = heldProvider();
  const leaving = await startPool('leaving', held.provider);
  const id = await accept('outlives the grace');
  expect(await held.started).toBe(id);
  expect(await taskRow(id)).toMatchObject({ status: 'running', workerId: 'leaving', attempts: 1 });
  // Another worker is up and idle: the queue was empty when it looked, its poll and the lease are a minute.
  const next = heldProvider();
  await startPool('next', next.provider);
  await leaving.stop(50);
  // Handed back: queued with its attempt returned — or, as the hand-back's NOTIFY wakes the other
  // worker at once, already claimed by it with one attempt (a spent attempt would make it two).
  const handedBack = await taskRow(id);
  if (handedBack.status === 'queued') expect(handedBack).toMatchObject({ workerId: null, attempts: 0, leaseExpiresAt: null });
  else expect(handedBack).toMatchObject({ status: 'running', workerId: 'next', attempts: 1 });
  // Only the hand-back's NOTIFY can start it within the test's timeout.
  expect(await next.started).toBe(id);
  next.finish();
  expect(await settled(id)).toBe('succeeded');
  expect(await taskRow(id)).toMatchObject({ workerId: 'next', attempts: 1 });
});
