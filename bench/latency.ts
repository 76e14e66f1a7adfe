/**
 * bench/latency: accept → first progress event → result, as a user's socket sees them, for a
 * small local task (a 2× fast upscale of a 256-px image, run in the engine's worker threads),
 * over N tasks on PostgreSQL. Users submit one task at a time (their parallel limit is not what
 * is measured). Two modes: the app's in-process worker pool (2 loops), or no workers in the app
 * and a separate `npm run worker` process (2 loops) on the same database — woken by the NOTIFY
 * of each accepted task, its events coming back through the Postgres relay. One task per user
 * runs first as a warm-up (engine models loading, connections opening) and is not counted.
 */
import type { ChildProcess } from 'node:child_process';
import sharp from 'sharp';
import { grantCredits } from '@tessera/server/modules/credits/credits.service';
import { buildTestApp, connectTestSocket, disconnectTestSockets, rpc, signInAnonymously, uploadFile } from '@tessera/server/test/harness';
import { startWorkerProcess, workerExited } from '@tessera/server/test/workerProcess';

export type WorkerMode = 'in-process' | 'process';

async function stopWorkerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode) return;
  child.kill('SIGTERM');
  await workerExited(child);
}

export interface LatencyBenchResult {
  mode: WorkerMode;
  tasks: number;
  users: number;
  firstProgressMs: { p50: number; p99: number };
  resultMs: { p50: number; p99: number };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export async function benchLatency(opts: { tasks?: number; users?: number; mode?: WorkerMode } = {}): Promise<LatencyBenchResult> {
  const tasks = opts.tasks ?? 200;
  const users = opts.users ?? 10;
  const mode = opts.mode ?? 'in-process';
  // The users upload their image at once, from one address.
  const t = await buildTestApp({ config: { workerConcurrency: mode === 'in-process' ? 2 : 0, uploadLimits: { perSession: 4, perIp: 100 } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const worker = mode === 'process' ? startWorkerProcess(t, { WORKER_CONCURRENCY: '2' }) : null;
  const firstProgress: number[] = [];
  const result: number[] = [];
  try {
    const image = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#4477aa' } }).png().toBuffer();
    await Promise.all(
      Array.from({ length: users }, async (_, u) => {
        const user = await signInAnonymously(t.app);
        await grantCredits(t.database.db, { userId: user.id, sourceKind: 'admin', sourceId: `bench:${user.id}`, amount: 100_000, note: 'bench' });
        const socket = await connectTestSocket(t.app, user.cookie);
        const uploaded = await uploadFile(t.app, user.cookie, image);
        if (uploaded.statusCode !== 200) throw new Error(`upload answered ${uploaded.statusCode}: ${uploaded.body}`);
        const { key } = uploaded.json<{ key: string }>();
        const perUser = Math.floor(tasks / users) + (u < tasks % users ? 1 : 0);
        // Events can arrive before the RPC answers, so they are recorded by task id as they come.
        const progressAt = new Map<string, number>();
        const finished = new Map<string, (error?: Error) => void>();
        const early = new Map<string, Error | null>();
        socket.on('task:progress', (p) => progressAt.has(p.id) || progressAt.set(p.id, performance.now()));
        const settle = (id: string, error: Error | null) => {
          const resolve = finished.get(id);
          if (resolve) resolve(error ?? undefined);
          else early.set(id, error);
        };
        socket.on('task:succeeded', (p) => settle(p.id, null));
        socket.on('task:failed', (p) => settle(p.id, new Error(p.message)));
        for (let i = -1; i < perUser; i++) {
          const start = performance.now();
          const created = await rpc(t.app, user.cookie, 'imageTools.upscale', { image: key, scale: 2, mode: 'fast' });
          if (created.status !== 200) throw new Error(JSON.stringify(created.body));
          const id: string = created.body.result.data.id;
          await new Promise<void>((resolve, reject) => {
            const done = (error?: Error) => (error ? reject(error) : resolve());
            if (early.has(id)) done(early.get(id) ?? undefined);
            else finished.set(id, done);
          });
          const end = performance.now();
          if (i < 0) continue; // the warm-up
          firstProgress.push((progressAt.get(id) ?? end) - start);
          result.push(end - start);
        }
      }),
    );
  } finally {
    disconnectTestSockets();
    if (worker) await stopWorkerProcess(worker);
    await t.close();
  }
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    mode,
    tasks,
    users,
    firstProgressMs: { p50: round(percentile(firstProgress, 50)), p99: round(percentile(firstProgress, 99)) },
    resultMs: { p50: round(percentile(result, 50)), p99: round(percentile(result, 99)) },
  };
}
