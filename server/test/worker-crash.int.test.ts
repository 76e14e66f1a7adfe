/**
 * A worker process killed with SIGKILL mid-task: its lease expires, the reaper re-queues the
 * task, another worker process runs it again — the user is charged once, one result is stored,
 * one creation recorded, and the hold never leaks. Events from the worker processes reach the
 * user's socket through the Postgres relay.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, connectTestSocket, creditSummary, disconnectTestSockets, rpc, signInAnonymously, type TestApp, uploadFile } from './harness.ts';
import { startWorkerProcess, workerExited as exited } from './workerProcess.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let t: TestApp;
let db: pg.Pool;
const children: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = startWorkerProcess(t, {
    WORKER_CONCURRENCY: '1',
    ENGINE_THREADS: '1',
    WORKER_LEASE_MS: '2000',
    WORKER_HEARTBEAT_MS: '300',
    WORKER_REAP_MS: '300',
  });
  children.push(child);
  return child;
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  db = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 })
    // An idle client cut by the server (a dropped database, a terminated backend) must not crash the test process.
    .on('error', () => undefined);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
  await Promise.all(children.map(exited));
  disconnectTestSockets();
  await db.end();
  await t.close();
});

it('re-runs a task whose worker was SIGKILLed and charges it exactly once', async () => {
  const user = await signInAnonymously(t.app);
  const socket = await connectTestSocket(t.app, user.cookie);
  const summary = () => creditSummary(t.app, user.cookie);
  const before = await summary();

  // A real photo, upscaled 2× by the ESRGAN model: seconds of work, a wide window to kill in.
  // (4× with the model is a PRO_FEATURE; a larger input keeps the work as long.)
  const photo = await sharp(join(ROOT, 'node_modules/@vladmandic/face-api/demo/sample1.jpg')).resize(400, 400).jpeg().toBuffer();
  const upload = await uploadFile(t.app, user.cookie, photo, 'p.jpg', 'image/jpeg');
  expect(upload.statusCode).toBe(200);
  const created = await rpc(t.app, user.cookie, 'imageTools.upscale', { image: upload.json().key, scale: 2, mode: 'quality' });
  expect(created.status).toBe(200);
  const { id } = created.body.result.data;

  // First worker: kill it as soon as its progress reaches the user's socket (via the relay).
  const first = startWorker();
  await new Promise<void>((resolve) => {
    socket.on('task:progress', (p) => {
      if (p.id === id && p.progress >= 10) resolve();
    });
  });
  first.kill('SIGKILL');
  await exited(first);
  const row = await db.query('SELECT status, attempts FROM generation_tasks WHERE id = $1', [id]);
  expect(row.rows[0]).toMatchObject({ status: 'running', attempts: 1 });

  // Second worker: reaps the expired lease, runs the task again, and the result arrives.
  const succeeded = new Promise<{ outputs: { url: string; width?: number; creationId?: string }[] }>((resolve) =>
    socket.on('task:succeeded', (p) => p.id === id && resolve(p)),
  );
  const second = startWorker();
  const result = await succeeded;
  expect(result.outputs).toHaveLength(1);
  expect(result.outputs[0]?.width).toBe(800);
  second.kill('SIGTERM');
  await exited(second);

  const task = (await db.query('SELECT status, attempts, cost FROM generation_tasks WHERE id = $1', [id])).rows[0];
  expect(task).toMatchObject({ status: 'succeeded', attempts: 2 });
  const entries = (await db.query("SELECT kind, count(*)::int AS n FROM credit_entries WHERE task_id = $1 GROUP BY kind ORDER BY kind::text", [id])).rows;
  expect(entries).toEqual([
    { kind: 'capture', n: 1 },
    { kind: 'hold', n: 1 },
  ]);
  const creations = (await db.query('SELECT count(*)::int AS n FROM creations WHERE task_id = $1', [id])).rows[0];
  expect(creations).toEqual({ n: 1 });
  const stored = readdirSync(join(t.config.dataDir, 'media', 'u', user.id)).filter((name) => name.startsWith(`gen-${id}`));
  expect(stored.sort()).toEqual([`gen-${id}-0-thumb.webp`, `gen-${id}-0.png`]);
  expect((await summary()).remaining).toBe(before.remaining - task.cost);
}, 180_000);
