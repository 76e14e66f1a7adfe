/**
 * The real server process, stopped with SIGTERM right after an edit (well inside the store
 * debounce): the shutdown stores the open document, so after a restart the edit is there.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type DatabaseHandle } from '@tessera/db/connect';
import { readNodes, writeNode } from '@tessera/shared/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeCollabClients, connectCollab, seedProject, waitUntil } from './collabClient.ts';
import { cookiesFrom, createTestDatabase, type TestDatabase, uniqueEmail } from './harness.ts';
import { ROOT, serverArgs } from './serverProcess.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface RunningServer {
  url: string;
  child: ChildProcess;
  output: () => string;
}

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverArgs('main'), {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', WORKER_CONCURRENCY: '0', SMTP_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, output: () => output };
}

/** SIGTERM, then the exit code. */
async function stopServer(server: RunningServer): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  return exited;
}

/** Signs up over HTTP as the studio does (code from the dev mailbox) and returns the user and cookie. */
async function signUp(url: string): Promise<{ id: string; cookie: string }> {
  const email = uniqueEmail('restart');
  const password = 'correct horse battery';
  const headers = { 'content-type': 'application/json', origin: url };
  const res = await fetch(`${url}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify({ email, password, name: 'Restart' }) });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  let otp: string | undefined;
  await waitUntil(
    async () => {
      const mail = (await (await fetch(`${url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { text: string }[] };
      otp = /\b(\d{6})\b/.exec(mail.messages[0]?.text ?? '')?.[1];
      return Boolean(otp);
    },
    10_000,
    'the verification mail',
  );
  const verified = await fetch(`${url}/api/auth/email-otp/verify-email`, { method: 'POST', headers, body: JSON.stringify({ email, otp, password }) });
  if (!verified.ok) throw new Error(`verification failed: ${verified.status} ${await verified.text()}`);
  const body = (await verified.json()) as { user: { id: string } };
  return { id: body.user.id, cookie: cookiesFrom(verified.headers.getSetCookie()) };
}

describe('collaboration across a server restart', () => {
  let testDb: TestDatabase;
  let database: DatabaseHandle | undefined;
  let server: RunningServer | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    env = { DATABASE_URL: testDb.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-restart-')), AUTH_SECRET: 'restart-secret-restart-secret-0123456789' };
  });

  afterAll(async () => {
    closeCollabClients();
    if (server) await stopServer(server);
    await database?.close();
    await testDb?.drop();
  });

  it('keeps an edit made just before SIGTERM', async () => {
    server = await startServer(env);
    const user = await signUp(server.url);
    // The server has migrated the database by now.
    database = await connect({ databaseUrl: testDb.url, poolSize: 2 });
    const projectId = await seedProject(database.db, user.id);

    const client = connectCollab(server.url, projectId, user.cookie, { origin: server.url });
    await client.synced;
    writeNode(client.doc, { id: 'note', type: 'text', text: 'written just before the stop', x: 10, y: 20, width: 300, height: 40, rotation: 0, z: 1, parentId: null, locked: false, fontSize: 32, fill: '#111827', align: 'left' });
    // The server acknowledged the edit (applied in memory); stop it at once, inside the store
    // debounce and with the client still connected, so only the shutdown can store it.
    await waitUntil(() => !client.provider.hasUnsyncedChanges, 5000, 'the server to acknowledge the edit');
    expect(await stopServer(server), server.output()).toBe(0);
    client.close();

    server = await startServer(env);
    const again = connectCollab(server.url, projectId, user.cookie, { origin: server.url });
    await again.synced;
    expect(readNodes(again.doc)).toEqual([expect.objectContaining({ id: 'note', text: 'written just before the stop' })]);
    again.close();
    // Two cold starts of the server (tsx compiles it each time) take most of this.
  }, 120_000);
});
