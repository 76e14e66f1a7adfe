/**
 * `npm run worker` as a child process on a test app's database and data folder (the worker-crash
 * test, bench/latency.ts): its own connections, its events back to the app through the Postgres relay.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { TestApp } from './harness.ts';
import { ROOT, serverArgs } from './serverProcess.ts';

/** Starts the worker (`server/src/worker.ts`, compiled when the build is current); `env` adds or overrides settings (WORKER_CONCURRENCY …). */
export function startWorkerProcess(t: Pick<TestApp, 'config'>, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, serverArgs('worker'), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: t.config.databaseUrl,
      DATA_DIR: t.config.dataDir,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Resolves once the child has exited (at once if it already has). */
export const workerExited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve())));
