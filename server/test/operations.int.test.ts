/**
 * What operators of several nodes rely on: request limits counted across nodes (PostgreSQL and
 * Redis stores), liveness and readiness that check what a node needs (a real Redis outage makes a
 * node unready; draining after SIGTERM too), Prometheus metrics for trusted scrapers only, load
 * shedding while the event loop lags, and a node that stops without disconnecting the other
 * nodes' realtime clients.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { connect, type DatabaseHandle } from '@tessera/db/connect';
import { generationTasks } from '@tessera/db/schema';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createWindowCounter, type WindowCounter } from '../src/plugins/sharedCounters.ts';
import type { Config } from '../src/config.ts';
import {
  buildTestApp,
  connectTestSocket,
  disconnectTestSockets,
  REDIS_URL,
  redisForTests,
  signInAnonymously,
  signUpTestUser,
  type TestApp,
  testConfig,
} from './harness.ts';

const redisUp = await redisForTests('the shared-limit and readiness tests');

/** Node A (its own database) and node B on the same database, with the same settings. */
async function twoNodes(config: Partial<Config>): Promise<{ a: TestApp; b: FastifyInstance; close(): Promise<void> }> {
  const a = await buildTestApp({ config });
  const database: DatabaseHandle = await connect({ databaseUrl: a.config.databaseUrl, poolSize: 2 });
  const b = await buildApp({ config: testConfig({ ...config, databaseUrl: a.config.databaseUrl }), database });
  await b.ready();
  return {
    a,
    b,
    async close() {
      await b.close();
      await database.close();
      await a.close();
    },
  };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  disconnectTestSockets();
  for (const close of closers.splice(0).reverse()) await close();
});

const ping = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/trpc/system.ping' });

describe.each([
  { store: 'postgres' as const, needsRedis: false },
  { store: 'redis' as const, needsRedis: true },
])('the request limit, counted in $store', ({ store, needsRedis }) => {
  it.skipIf(needsRedis && !redisUp)('holds across two nodes: N nodes do not allow N times the limit', async () => {
    const nodes = await twoNodes({ rateLimitMax: 6, rateLimitStore: store, ...(needsRedis ? { redisUrl: REDIS_URL, redisPrefix: `test-${randomBytes(4).toString('hex')}:` } : {}) });
    closers.push(nodes.close);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await ping(i % 2 ? nodes.b : nodes.a.app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const refused = await ping(nodes.a.app);
    expect(refused.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.skipIf(needsRedis && !redisUp)('holds slots across nodes: uploads in progress per session and per IP', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const config = { rateLimitStore: store, ...(needsRedis ? { redisUrl: REDIS_URL, redisPrefix: prefix } : {}) };
    // Two nodes' counters: two connections to one database (and one Redis).
    const t = await buildTestApp();
    closers.push(t.close);
    const counters = await Promise.all(
      [t.database, await connect({ databaseUrl: t.config.databaseUrl, poolSize: 2 })].map(async (database) => {
        closers.push(async () => {
          if (database !== t.database) await database.close();
        });
        const counter = await createWindowCounter({ ...testConfig(config), databaseUrl: t.config.databaseUrl }, database.db, () => undefined);
        closers.push(() => counter.close());
        return counter;
      }),
    );
    const [a, b] = counters as [WindowCounter, WindowCounter];
    const limits = (session: string) => [
      { key: `upload:session:${session}`, max: 2 },
      { key: 'upload:ip:203.0.113.1', max: 3 },
    ];
    const first = await a.acquire(limits('s1'), 60_000);
    expect(await b.acquire(limits('s1'), 60_000)).not.toBeNull();
    // The session holds two, one on each node: a third is refused on either.
    expect(await a.acquire(limits('s1'), 60_000)).toBeNull();
    expect(await b.acquire(limits('s1'), 60_000)).toBeNull();
    expect(await b.acquire(limits('s2'), 60_000)).not.toBeNull();
    // The address holds three now.
    expect(await a.acquire(limits('s3'), 60_000)).toBeNull();
    await first?.();
    await first?.();
    expect(await b.acquire(limits('s3'), 60_000)).not.toBeNull();
    expect(await a.acquire(limits('s4'), 60_000)).toBeNull();
  });
});

async function redisPing(url: string): Promise<string | null> {
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await client.ping();
  } catch {
    return null;
  } finally {
    if (client.isOpen) client.destroy();
  }
}

/** A Redis server of this test's own, so stopping it is a real outage that touches nobody else. */
async function ownRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  // Ready when it answers PING (bounded by the test timeout).
  while ((await redisPing(url)) !== 'PONG') await new Promise((r) => setTimeout(r, 20));
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

describe('health', () => {
  it.skipIf(!redisUp)('is live while a dependency is down, and ready only while every dependency answers and it is not draining', async () => {
    const redis = await ownRedis();
    closers.push(redis.stop);
    const t = await buildTestApp({ config: { redisUrl: redis.url } });
    closers.push(t.close);
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: { kind: 'postgres', ok: true }, redis: { ok: true }, storage: { ok: true } });
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    await redis.stop();
    const down = await t.app.inject({ url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'degraded', database: { ok: true }, redis: { ok: false } });
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(503);
    expect((await t.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });

    t.app.health.drain();
    expect((await t.app.inject({ url: '/api/ready' })).json()).toMatchObject({ status: 'draining' });
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
  });
});

describe('metrics', () => {
  it('serves Prometheus metrics to the deployment, and to the public only with the token', async () => {
    const t = await buildTestApp();
    closers.push(t.close);
    const user = await signInAnonymously(t.app);
    await t.database.db.insert(generationTasks).values({ userId: user.id, kind: 'text_to_image', rpcName: 'text2Image.create', input: {}, cost: 1, status: 'queued' });
    await ping(t.app);
    const scraped = await t.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = scraped.body;
    expect(text).toMatch(/^http_request_duration_seconds_count\{role="web",method="GET",route="\/api\/trpc\/:path",status_code="200"\} 1$/m);
    expect(text).toMatch(/^tessera_tasks\{kind="text_to_image",state="queued",role="web"\} 1$/m);
    expect(text).toMatch(/^tessera_queue_depth\{role="web"\} 1$/m);
    expect(text).toMatch(/^tessera_queue_oldest_age_seconds\{role="web"\} \d/m);
    expect(text).toMatch(/^tessera_db_pool_connections\{state="max",role="web"\} \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds\{role="web"\} /m);
    expect(text).toContain('# TYPE tessera_provider_duration_seconds histogram');
    const outside = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });

    const guarded = await buildTestApp({ config: { metricsToken: 'scrape-secret' } });
    closers.push(guarded.close);
    expect((await guarded.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
    expect((await guarded.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer scrape-secret' } })).statusCode).toBe(200);
  });
});

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop lags, and keeps answering health', async () => {
    const t = await buildTestApp({ config: { loadShedEventLoopDelayMs: 50 } });
    closers.push(t.close);
    let shed: Awaited<ReturnType<typeof ping>> | null = null;
    // Block the loop, let a sample see it, ask: until a request is shed (bounded by the test timeout).
    while (!shed) {
      const until = Date.now() + 300;
      while (Date.now() < until) {
        // busy: the event loop cannot turn
      }
      await new Promise((resolve) => setImmediate(resolve));
      const res = await ping(t.app);
      expect([200, 503]).toContain(res.statusCode);
      if (res.statusCode === 503) shed = res;
    }
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json()).toMatchObject({ error: { message: 'Please try again later', data: { appCode: 'TRY_AGAIN_LATER', httpStatus: 503 } } });
  });
});

describe.skipIf(!redisUp)('a node that stops', () => {
  it("closes only its own sockets, at the transport (its clients reconnect); other nodes' clients stay connected", async () => {
    const nodes = await twoNodes({ redisUrl: REDIS_URL });
    closers.push(async () => {
      await nodes.b.close().catch(() => undefined);
      await nodes.close().catch(() => undefined);
    });
    await nodes.a.app.listen({ port: 0, host: '127.0.0.1' });
    await nodes.b.listen({ port: 0, host: '127.0.0.1' });
    const user = await signUpTestUser(nodes.a.app);
    const [onA, onB] = await Promise.all([connectTestSocket(nodes.a.app, user.cookie), connectTestSocket(nodes.b, user.cookie)]);
    const reasonA = new Promise<string>((resolve) => onA.once('disconnect', resolve));
    let bDropped = false;
    onB.on('disconnect', () => (bDropped = true));
    onA.io.opts.reconnection = false;
    const stopping = nodes.a.app.close();
    expect(await reasonA).toBe('transport close');
    await stopping;
    // Sentinel: an event from node B after A closed reaches B's socket, which never dropped.
    const got = new Promise((resolve) => onB.once('credits:changed', resolve));
    nodes.b.services.realtime.toUser(user.id, 'credits:changed', { used: 0, total: 1, remaining: 1 });
    await expect(got).resolves.toEqual({ used: 0, total: 1, remaining: 1 });
    expect(bDropped).toBe(false);
  });
});

afterAll(() => disconnectTestSockets());
