/**
 * Production runs the compiled bundle (scripts/build-server.mjs → server/dist), not the sources:
 * the web node answers /api/health and /api/ready and the worker starts, on this Node (CI's,
 * the oldest line package.json `engines` allows), against PostgreSQL, and both stop cleanly on SIGTERM.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, freePort, type TestDatabase } from './harness.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
let database: TestDatabase;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // About a second with esbuild; always rebuilt so the test never runs a stale bundle.
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await database?.drop();
});

function start(script: string, env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--enable-source-maps', script], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', AUTH_SECRET: 'compiled-test-secret-0123456789abcdef', DATABASE_URL: database.url, REDIS_URL: '', SMTP_URL: '', MEDIA_STORE: 'local', ENGINE_MEDIA_PROFILE: 'product', LOG_LEVEL: 'info', DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-compiled-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves when `check` is true, or rejects when the process exits first. */
async function until(check: () => Promise<boolean>, exited: Promise<number | null>, output: () => string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  while (!(await check())) {
    if (gone) throw new Error(`exited before it was ready:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('server/dist/main.js serves health and readiness, and server/dist/worker.js starts; both exit 0 on SIGTERM', { timeout: 120_000 }, async () => {
  const port = await freePort();
  const web = start('server/dist/main.js', { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, WORKER_CONCURRENCY: '0' });
  const worker = start('server/dist/worker.js', { WORKER_CONCURRENCY: '1', WORKER_HEALTH_PORT: '0' });
  const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`).then((r) => r.status, () => 0);

  await Promise.all([
    until(async () => (await get('/api/health')) === 200, web.exited, web.output),
    until(async () => worker.output().includes('"msg":"worker started"'), worker.exited, worker.output),
  ]);
  expect(await get('/api/ready')).toBe(200);

  web.child.kill('SIGTERM');
  worker.child.kill('SIGTERM');
  expect(await web.exited, web.output()).toBe(0);
  expect(await worker.exited, worker.output()).toBe(0);
});
