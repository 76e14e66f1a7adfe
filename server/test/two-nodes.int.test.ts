/**
 * Tessera as an operator deploys it on several machines: two web nodes and a worker, each its own
 * process in production mode (the compiled build when `npm run build` made one), on one
 * PostgreSQL, one Redis and an S3-compatible store, behind a plain round-robin TCP balancer; a
 * hosted model (the fal queue stand-in) does the generating so the test decides when a task ends.
 *
 * It shows: a session made on one node works on the other; an upload through node A is served by
 * node B; a task's progress reaches a client of the other node; a canvas edit crosses nodes;
 * SIGTERM on node A during a task loses no event for node B's clients and no task attempt, and
 * A's clients reconnect through the balancer; the worker's SIGTERM hands its task back and a new
 * worker finishes it; a worker killed outright is recovered by the lease. It prints the figures
 * the deployment docs quote (event hop across nodes, drain time, task recovery). Without Redis it
 * fails under CI=true (redisForTests), never skips.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CanvasNode, nodesOf, writeNode } from '@tessera/shared/canvas';
import type { ServerToClientEvents } from '@tessera/shared/realtime';
import pg from 'pg';
import sharp from 'sharp';
import { io as connectSocketClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { closeCollabClients, connectCollab, waitUntil } from './collabClient.ts';
import { type Balancer, startBalancer } from './balancer.ts';
import { createTestDatabase, freePort, REDIS_URL, redisForTests, type TestDatabase } from './harness.ts';
import { type FalStandIn, startFalStandIn } from './providerStandIns.ts';
import { type S3StandIn, startS3StandIn } from './s3StandIn.ts';
import { compiledBuildIsCurrent, ROOT, serverArgs } from './serverProcess.ts';

const redisUp = await redisForTests('the two-node production test');
const COMPILED = compiledBuildIsCurrent();

interface Proc {
  name: string;
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
}

function start(name: string, script: 'main' | 'worker', env: Record<string, string>, port: number): Proc {
  const child = spawn(process.execPath, serverArgs(script), { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (code !== 0 && code !== null) console.error(`${name} exited ${code}: ${stderr}`);
      resolve(code);
    }),
  );
  return { name, child, port, exited };
}

async function ready(url: string, proc: Proc): Promise<void> {
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited during start`);
    const ok = await fetch(url).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

describe.skipIf(!redisUp)('two web nodes and a worker in production mode', () => {
  let database: TestDatabase;
  let admin: pg.Pool;
  let s3: S3StandIn;
  let fal: FalStandIn;
  let balancer: Balancer;
  let publicUrl: string;
  let env: Record<string, string>;
  const dataDirs: string[] = [];
  const procs: Proc[] = [];
  let nodeA: Proc;
  let nodeB: Proc;
  let worker: Proc;
  const sockets: Socket[] = [];
  let cookie = '';
  const figures: Record<string, string> = {};
  let projectId = '';

  const url = (node: Proc, path: string) => `http://127.0.0.1:${node.port}${path}`;
  const headers = () => ({ origin: publicUrl, cookie, 'content-type': 'application/json' });
  const rpcAt = async (node: Proc, path: string, input: unknown, method: 'GET' | 'POST' = 'POST') => {
    const res =
      method === 'GET'
        ? await fetch(url(node, `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`), { headers: headers() })
        : await fetch(url(node, `/api/trpc/${path}`), { method: 'POST', headers: headers(), body: JSON.stringify(input) });
    return { status: res.status, body: (await res.json()) as { result?: { data: Record<string, unknown> }; error?: unknown } };
  };
  const launch = (name: string, script: 'main' | 'worker', extra: Record<string, string> = {}) => {
    const dataDir = mkdtempSync(join(tmpdir(), `tessera-${name}-`));
    dataDirs.push(dataDir);
    return freePort().then((port) => {
      const proc = start(name, script, { ...env, DATA_DIR: dataDir, ...extra }, port);
      procs.push(proc);
      return proc;
    });
  };
  const socketTo = async (port: number): Promise<Socket<ServerToClientEvents>> => {
    const socket: Socket<ServerToClientEvents> = connectSocketClient(`http://127.0.0.1:${port}`, {
      path: '/socket.io/',
      transports: ['websocket'],
      extraHeaders: { cookie, origin: publicUrl },
      reconnectionDelay: 50,
      reconnectionDelayMax: 200,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('session:ready', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const taskRow = async (id: string) => (await admin.query<{ status: string; attempts: number; worker_id: string | null }>('select status, attempts, worker_id from generation_tasks where id = $1', [id])).rows[0]!;
  /** The model finishes what it holds, and what is submitted from now on. */
  const finishFal = () => {
    fal.mode = 'ok';
    for (const request of fal.queue.values()) request.mode = 'ok';
  };

  beforeAll(async () => {
    [database, s3, fal] = await Promise.all([createTestDatabase(), startS3StandIn(), startFalStandIn()]);
    admin = new pg.Pool({ connectionString: database.url, max: 2 })
    // An idle client cut by the server (a dropped database, a terminated backend) must not crash the test process.
    .on('error', () => undefined);
    fal.mode = 'hang';
    balancer = await startBalancer();
    publicUrl = balancer.url;
    env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      AUTH_SECRET: `two-node-secret-${randomBytes(16).toString('hex')}`,
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: `two-nodes-${randomBytes(4).toString('hex')}:`,
      MEDIA_STORE: 's3',
      S3_ENDPOINT: s3.settings.endpoint ?? '',
      S3_BUCKET: s3.settings.bucket,
      S3_REGION: s3.settings.region,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      FAL_KEY: fal.key,
      FAL_BASE_URL: fal.origin,
      PROVIDER_DOWNLOAD_ALLOW_ORIGINS: fal.hostPort,
      WORKER_CONCURRENCY: '0',
      WORKER_HEALTH_PORT: '0',
      WORKER_STOP_GRACE_MS: '0',
      WORKER_LEASE_MS: '3000',
      WORKER_HEARTBEAT_MS: '500',
      WORKER_REAP_MS: '500',
      RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '100000',
      WELCOME_CREDITS_PER_NETWORK: '1000',
      // The API alone: these nodes serve no studio.
      STUDIO_DIST: join(tmpdir(), 'tessera-no-studio'),
    };
    [nodeA, nodeB] = await Promise.all([launch('node-a', 'main'), launch('node-b', 'main')]);
    balancer.setBackends([nodeA.port, nodeB.port]);
    worker = await launch('worker-1', 'worker', { WORKER_CONCURRENCY: '1' });
    await Promise.all([ready(url(nodeA, '/api/ready'), nodeA), ready(url(nodeB, '/api/ready'), nodeB)]);
    // A visitor's session, made on node A.
    const signIn = await fetch(url(nodeA, '/api/auth/sign-in/anonymous'), {
      method: 'POST',
      headers: { origin: publicUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: `dev${randomBytes(8).toString('hex')}`, version: 'v1' }),
    });
    expect(signIn.status).toBe(200);
    cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    closeCollabClients();
    for (const proc of procs) if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
    await Promise.all(procs.map((proc) => proc.exited));
    await balancer?.close();
    await admin?.end();
    await Promise.all([s3?.close(), fal?.close(), database?.drop()]);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    console.log(`two-node figures (${COMPILED ? 'compiled build' : 'tsx'}):`, figures);
  });

  it('keeps a session made on one node on the other, and serves node A’s upload from node B', async () => {
    const credits = await rpcAt(nodeB, 'credits.summary', {}, 'GET');
    expect(credits.status, JSON.stringify(credits.body)).toBe(200);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'blue.png');
    const uploaded = await fetch(url(nodeA, '/api/media/upload'), { method: 'POST', headers: { origin: publicUrl, cookie }, body: form });
    expect(uploaded.status).toBe(200);
    const { url: mediaUrl } = (await uploaded.json()) as { url: string };
    const fromB = await fetch(url(nodeB, mediaUrl), { headers: { cookie } });
    expect(fromB.status).toBe(200);
    expect((await sharp(Buffer.from(await fromB.arrayBuffer())).metadata()).width).toBe(64);
    // Through the balancer too, whichever node answers.
    for (let i = 0; i < 2; i++) expect((await fetch(`${publicUrl}${mediaUrl}`, { headers: { cookie } })).status).toBe(200);
  });

  it('crosses a canvas edit between nodes, and measures the hop', async () => {
    const created = await rpcAt(nodeA, 'project.create', { name: 'Across nodes' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    projectId = created.body.result!.data.id as string;
    const onA = connectCollab(`http://127.0.0.1:${nodeA.port}`, projectId, cookie, { origin: publicUrl });
    const onB = connectCollab(`http://127.0.0.1:${nodeB.port}`, projectId, cookie, { origin: publicUrl });
    await Promise.all([onA.synced, onB.synced]);
    const hops: number[] = [];
    for (let i = 0; i < 30; i++) {
      const id = `hop-${i}`;
      const started = performance.now();
      writeNode(onA.doc, { id, type: 'shape', shape: 'rect', x: i, y: 0, width: 10, height: 10, rotation: 0, z: i, parentId: null, locked: false, fill: '#93c5fd', stroke: '#1d4ed8', strokeWidth: 1, name: id } as CanvasNode);
      await waitUntil(() => nodesOf(onB.doc).has(id), 10_000, 'the edit to reach node B');
      hops.push(performance.now() - started);
    }
    figures['canvas edit A→B p50/p99 ms'] = `${percentile(hops, 50).toFixed(1)} / ${percentile(hops, 99).toFixed(1)}`;
  });

  it('delivers a task’s events to node B’s clients while node A stops mid-task, spends no attempt, and A’s clients reconnect through the balancer', { timeout: 90_000 }, async () => {
    const onB = await socketTo(nodeB.port);
    // Two clients through the balancer: consecutive connections go to different nodes, so one is on A.
    const throughBalancer = [await socketTo(balancer.port), await socketTo(balancer.port)];
    const seenOnB: string[] = [];
    const hop: number[] = [];
    let progressAt = 0;
    onB.on('task:progress', () => {
      seenOnB.push('progress');
      if (progressAt) hop.push(performance.now() - progressAt);
    });
    const succeeded = new Promise<string>((resolve) => onB.on('task:succeeded', (p) => resolve(p.id)));
    const created = await rpcAt(nodeA, 'text2Image.create', { prompt: 'a lighthouse at dusk', aspectRatio: '1:1' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const taskId = created.body.result!.data.id as string;
    await waitUntil(async () => (await taskRow(taskId)).status === 'running' && fal.queue.size > 0, 15_000, 'the worker to submit the task to the model');

    const reconnected = new Promise<void>((resolve) => throughBalancer.forEach((socket) => socket.io.once('reconnect', () => resolve())));
    const sigterm = performance.now();
    nodeA.child.kill('SIGTERM');
    expect(await nodeA.exited).toBe(0);
    figures['web node drain (SIGTERM → exit) ms'] = (performance.now() - sigterm).toFixed(0);

    progressAt = performance.now();
    finishFal();

    expect(await succeeded).toBe(taskId);
    expect(seenOnB).toContain('progress');
    expect(onB.connected).toBe(true);
    expect(await taskRow(taskId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    // Every client that was on A is back, on B, through the balancer.
    await reconnected;
    for (const socket of throughBalancer) await waitUntil(() => socket.connected, 10_000, 'a client of node A to reconnect');
    if (hop.length) figures['model done → progress on node B ms'] = hop[0]!.toFixed(0);
  });

  it('hands the task of a worker stopped with SIGTERM back, and recovers the task of a killed one by its lease', { timeout: 120_000 }, async () => {
    // SIGTERM (grace 0): handed back at once, its attempt returned; a new worker finishes it.
    fal.mode = 'hang';
    const first = await rpcAt(nodeB, 'text2Image.create', { prompt: 'a paper boat in the rain', aspectRatio: '1:1' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstId = first.body.result!.data.id as string;
    await waitUntil(async () => (await taskRow(firstId)).status === 'running', 15_000, 'the worker to start the task');
    const stoppedAt = performance.now();
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(await taskRow(firstId)).toMatchObject({ status: 'queued', attempts: 0, worker_id: null });
    const second = await launch('worker-2', 'worker', { WORKER_CONCURRENCY: '1' });
    await waitUntil(async () => (await taskRow(firstId)).status === 'running', 30_000, 'the new worker to take the handed-back task');
    figures['task recovery after worker SIGTERM (incl. new worker start) ms'] = (performance.now() - stoppedAt).toFixed(0);
    finishFal();
    await waitUntil(async () => (await taskRow(firstId)).status === 'succeeded', 30_000, 'the handed-back task to finish');
    expect((await taskRow(firstId)).attempts).toBe(1);

    // SIGKILL: nothing is handed back; the lease (3 s here) expires and another worker re-runs it.
    fal.mode = 'hang';
    second.child.kill('SIGTERM');
    await second.exited;
    const third = await launch('worker-3', 'worker', { WORKER_CONCURRENCY: '1' });
    const killed = await rpcAt(nodeB, 'text2Image.create', { prompt: 'a fox in the snow', aspectRatio: '1:1' });
    expect(killed.status, JSON.stringify(killed.body)).toBe(200);
    const killedId = killed.body.result!.data.id as string;
    await waitUntil(async () => (await taskRow(killedId)).status === 'running', 15_000, 'worker 3 to start the task');
    const holder = (await taskRow(killedId)).worker_id;
    const killedAt = performance.now();
    third.child.kill('SIGKILL');
    await third.exited;
    await launch('worker-4', 'worker', { WORKER_CONCURRENCY: '1' });
    await waitUntil(
      async () => {
        const row = await taskRow(killedId);
        return row.status === 'running' && row.worker_id !== holder;
      },
      30_000,
      'worker 4 to take the task once the lease expired',
    );
    figures['task recovery after worker SIGKILL (lease 3 s) ms'] = (performance.now() - killedAt).toFixed(0);
    finishFal();
    await waitUntil(async () => (await taskRow(killedId)).status === 'succeeded', 30_000, 'the recovered task to finish');
    expect((await taskRow(killedId)).attempts).toBe(2);
  });

  it('keeps a canvas edit that reached another node when the node it was made on crashes', { timeout: 60_000 }, async () => {
    const nodeC = await launch('node-c', 'main');
    await ready(url(nodeC, '/api/ready'), nodeC);
    const onC = connectCollab(`http://127.0.0.1:${nodeC.port}`, projectId, cookie, { origin: publicUrl });
    const onB = connectCollab(`http://127.0.0.1:${nodeB.port}`, projectId, cookie, { origin: publicUrl });
    await Promise.all([onC.synced, onB.synced]);
    const id = `survivor-${randomBytes(3).toString('hex')}`;
    writeNode(onC.doc, { id, type: 'shape', shape: 'rect', x: 0, y: 0, width: 10, height: 10, rotation: 0, z: 1, parentId: null, locked: false, fill: '#93c5fd', stroke: '#1d4ed8', strokeWidth: 1, name: id } as CanvasNode);
    await waitUntil(() => nodesOf(onB.doc).has(id), 10_000, 'the edit to reach node B');
    // Node C dies before its store delay: node B, which got the edit through Redis, stores it.
    nodeC.child.kill('SIGKILL');
    await nodeC.exited;
    onC.close();
    await waitUntil(
      async () => {
        const { rows } = await admin.query<{ state: Buffer }>('select state from project_documents where project_id = $1', [projectId]);
        if (!rows[0]) return false;
        const doc = new Y.Doc();
        Y.applyUpdate(doc, new Uint8Array(rows[0].state));
        return nodesOf(doc).has(id);
      },
      20_000,
      'node B to store the edit',
    );
    onB.close();
  });
});
