/**
 * A server that cannot start says why in one line, with what to do, and exits 1: no stack trace
 * for an operator to read through.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './harness.ts';
import { ROOT, serverArgs } from './serverProcess.ts';

/** Runs `script` to its end with `env`; its exit code and what it wrote to stderr. */
function run(script: 'main' | 'worker', env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, serverArgs(script), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '0',
      SMTP_URL: '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-startup-')),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr })));
}

function expectOneClearLine(stderr: string, reason: RegExp): void {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Tessera could not start: /);
  expect(lines[0]).toMatch(reason);
  expect(stderr).not.toMatch(/^\s+at /m);
}

let database: TestDatabase;
let blocker: Server;
let busyPort: number;

beforeAll(async () => {
  database = await createTestDatabase();
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  busyPort = (blocker.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => blocker?.close(resolve));
  await database?.drop();
});

describe('a server that cannot start', () => {
  // Four processes each load the whole server: generous time on a busy two-core machine.
  it('names the port in use, the unreachable database and the bad setting in one line each, and exits 1', { timeout: 120_000 }, async () => {
    const unreachable = 'postgres://postgres@127.0.0.1:1/tessera';
    const [portInUse, noDatabase, badConfig, workerNoDatabase] = await Promise.all([
      run('main', { PORT: String(busyPort), DATABASE_URL: database.url }),
      run('main', { PORT: '0', DATABASE_URL: unreachable }),
      run('main', { PORT: 'not-a-port' }),
      run('worker', { DATABASE_URL: unreachable }),
    ]);

    expect(portInUse.code).toBe(1);
    expectOneClearLine(portInUse.stderr, new RegExp(`port ${busyPort} is already in use\\. .*PORT`));
    expect(noDatabase.code).toBe(1);
    expectOneClearLine(noDatabase.stderr, /database at 127\.0\.0\.1:1 is not reachable.*DATABASE_URL/);
    expect(badConfig.code).toBe(1);
    expectOneClearLine(badConfig.stderr, /PORT.*Check the environment variables/);
    expect(workerNoDatabase.code).toBe(1);
    expectOneClearLine(workerNoDatabase.stderr, /database at 127\.0\.0\.1:1 is not reachable/);
  });
});
