/**
 * A separate worker (its own database connections, events through the Postgres relay, like
 * `npm run worker`) that polls only once a minute still starts a task as soon as it is accepted:
 * the NOTIFY sent in the accepting transaction wakes it. With a 60-s poll the task can only start
 * in time through the notification (the test's timeout is far below the poll), so these tests
 * prove the wake-up without measuring it. The LISTEN connection is also cut once, to show that
 * the pool reconnects and is woken again.
 */
import { connect, type DatabaseHandle } from '@tessera/db/connect';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorkerPool } from '../src/generation/workers.ts';
import type { WorkerPool } from '../src/generation/worker.ts';
import { pgPublisher } from '../src/realtime/pgRelay.ts';
import { Realtime } from '../src/realtime/realtime.ts';
import { buildTestApp, connectTestSocket, disconnectTestSockets, flatImageProvider, rpc, signInAnonymously, type TestApp, type TestUser } from './harness.ts';

let t: TestApp;
let workerDb: DatabaseHandle;
let notify: pg.Pool;
let pool: WorkerPool;
let user: TestUser;

beforeAll(async () => {
  t = await buildTestApp(); // no in-process workers: nothing here can run a task
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const databaseUrl = t.config.databaseUrl!;
  workerDb = await connect({ databaseUrl, migrate: false, poolSize: 3 });
  notify = new pg.Pool({ connectionString: databaseUrl, max: 2 })
    // An idle client cut by the server (a dropped database, a terminated backend) must not crash the test process.
    .on('error', () => undefined);
  const realtime = new Realtime();
  realtime.useRelay(pgPublisher(notify), () => {});
  pool = createWorkerPool({ db: workerDb.db, realtime, storage: t.app.services.storage, config: { databaseUrl } }, t.app.log, {
    concurrency: 1,
    providers: [flatImageProvider()],
    pollMs: 60_000,
    reapMs: 60_000,
    workerId: 'sleepy-worker',
  });
  pool.start();
  // LISTEN is up and the loop has found the queue empty: from now on only a wake-up starts work.
  await pool.ready();
  user = await signInAnonymously(t.app);
});

afterAll(async () => {
  disconnectTestSockets();
  await pool?.stop();
  await notify?.end();
  await workerDb?.close();
  await t?.close();
});

/** Accepts a task and resolves once its result reached the user's socket (via the relay). */
async function acceptAndAwaitResult(prompt: string): Promise<void> {
  const socket = await connectTestSocket(t.app, user.cookie);
  const seen = new Map<string, string[]>();
  let settle: (() => void) | null = null;
  let taskId: string | null = null;
  const record = (event: string) => (p: { id: string }) => {
    seen.set(p.id, [...(seen.get(p.id) ?? []), event]);
    if (p.id === taskId && event === 'succeeded') settle?.();
  };
  socket.on('task:progress', record('progress'));
  socket.on('task:succeeded', record('succeeded'));
  const created = await rpc(t.app, user.cookie, 'text2Image.create', { prompt, aspectRatio: '1:1' });
  expect(created.status).toBe(200);
  taskId = created.body.result.data.id as string;
  if (!seen.get(taskId)?.includes('succeeded')) await new Promise<void>((resolve) => (settle = resolve));
  expect(seen.get(taskId)?.[0]).toBe('progress');
  socket.disconnect();
}

it('starts a task accepted while the worker sleeps through a 60-s poll', { timeout: 20_000 }, async () => {
  await acceptAndAwaitResult('woken by a notification');
});

it('listens again after its connection is cut, and is woken again', { timeout: 20_000 }, async () => {
  const listeners = async () =>
    (
      await notify.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN tessera_tasks'`)
    ).rows.map((r) => r.pid);
  const [before] = await listeners();
  expect(before).toBeDefined();
  await notify.query('SELECT pg_terminate_backend($1)', [before]);
  // Reconnected: a LISTEN from another backend (the pool then claims once and sleeps again).
  await expect.poll(async () => (await listeners()).some((pid) => pid !== before), { interval: 50, timeout: 10_000 }).toBe(true);
  await pool.ready();
  await acceptAndAwaitResult('woken after a reconnect');
});
