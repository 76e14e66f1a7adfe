// @vitest-environment node
/**
 * A rolling restart in a real browser: the studio is open through a round-robin balancer on two
 * nodes (one Redis, one database); node A, which holds the page's realtime socket, stops with
 * SIGTERM. The page is not reloaded: its socket closes at the transport, reconnects through the
 * balancer to node B, the studio re-syncs (refetches credits) and live task events flow again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Balancer, startBalancer } from '@tessera/server/test/balancer';
import { serverArgs } from '@tessera/server/test/serverProcess';
import { createTestDatabase, freePort, REDIS_URL, redisForTests, type TestDatabase } from '@tessera/server/test/harness';
import type { Browser, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_SERVER_ENV, launchBrowser } from './harness.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const redisUp = await redisForTests('the rolling-restart browser test');

interface Node {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
}

describe.skipIf(!redisUp)('a rolling restart with the studio open', () => {
  let database: TestDatabase;
  let balancer: Balancer;
  let browser: Browser;
  const nodes: Node[] = [];
  const dirs: string[] = [];

  async function startNode(env: Record<string, string>): Promise<Node> {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-rolling-'));
    dirs.push(dataDir);
    const child = spawn(process.execPath, serverArgs('main'), {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...E2E_SERVER_ENV, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const node = { child, port, exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))) };
    nodes.push(node);
    for (;;) {
      if (child.exitCode !== null) throw new Error('a node exited during start');
      if (await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false)) return node;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  let nodeA: Node;
  let nodeB: Node;
  beforeAll(async () => {
    [database, balancer, browser] = await Promise.all([createTestDatabase(), startBalancer(), launchBrowser()]);
    // What every node of a deployment shares: the database, Redis, the public address and the auth secret.
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: `rolling-${randomBytes(4).toString('hex')}:`,
      PUBLIC_URL: balancer.url,
      AUTH_SECRET: `rolling-secret-${randomBytes(16).toString('hex')}`,
    };
    // Node A answers requests only; node B runs the tasks too.
    [nodeA, nodeB] = await Promise.all([startNode({ ...env, WORKER_CONCURRENCY: '0' }), startNode({ ...env, WORKER_CONCURRENCY: '1' })]);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    for (const node of nodes) if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
    await Promise.all(nodes.map((node) => node.exited));
    await balancer?.close();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Every realtime socket the page opens, with the frames it received, recorded from the start. */
  function recordSockets(page: Page) {
    const sockets: { ws: WebSocket; frames: string[]; closed: boolean }[] = [];
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      const entry = { ws, frames: [] as string[], closed: false };
      ws.on('framereceived', ({ payload }) => entry.frames.push(String(payload)));
      ws.on('close', () => (entry.closed = true));
      sockets.push(entry);
    });
    return sockets;
  }
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 60_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const got = (entry: { frames: string[] } | undefined, text: string) => Boolean(entry?.frames.some((f) => f.includes(text)));

  it('reconnects the page to the other node, re-syncs, and keeps live events flowing', { timeout: 120_000 }, async () => {
    const context = await browser.newContext();
    await context.addInitScript((id) => window.localStorage.setItem('tessera.deviceId', id), `dev${randomBytes(8).toString('hex')}`);
    const page = await context.newPage();

    // Every new connection goes to node A: the page, its session and its socket.
    const sockets = recordSockets(page);
    balancer.setBackends([nodeA.port]);
    await page.goto(`${balancer.url}/home`);
    await until(() => got(sockets[0], 'session:ready'), 'the socket on node A');
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // The deploy: new connections go to B, then A stops.
    balancer.setBackends([nodeB.port]);
    const resynced: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/trpc/')) resynced.push(request.url());
    });
    nodeA.child.kill('SIGTERM');
    expect(await nodeA.exited).toBe(0);
    await until(() => sockets[0]!.closed, "node A's socket to close");
    await until(() => got(sockets[1], 'session:ready'), 'the socket to reconnect to node B');
    expect(sockets).toHaveLength(2);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // On reconnect the studio refetches what events would have changed (it cannot know what it missed).
    await until(() => resynced.length > 0, 'the studio to re-sync after reconnecting');

    // Live events reach the page through node B: a task of this visitor's, run by B.
    const cookie = (await context.cookies(balancer.url)).map((c) => `${c.name}=${c.value}`).join('; ');
    const created = await fetch(`${balancer.url}/api/trpc/text2Image.create`, {
      method: 'POST',
      headers: { cookie, origin: balancer.url, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a lighthouse after the deploy', aspectRatio: '1:1' }),
    });
    expect(created.status).toBe(200);
    await until(() => got(sockets[1], 'task:progress'), 'live progress through node B');
    await context.close();
  });
});
