/**
 * Signed webhooks of API tasks end to end (issue 19): a task made with an API key and a callback
 * URL settles (local engine, or stand-ins that fail or wait to be canceled), its outcome is queued
 * in the settling transaction, POSTed to a real HTTP receiver on 127.0.0.1 (allow-listed),
 * retried on a schedule shortened to milliseconds, logged, and replayable from the dashboard.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type DatabaseHandle } from '@tessera/db/connect';
import { webhookDeliveries } from '@tessera/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { EnginePool } from '../src/generation/engine/enginePool.ts';
import type { GenerationProvider } from '../src/generation/providers/provider.ts';
import { LocalEngineProvider } from '../src/generation/providers/localEngine.ts';
import { cancelTask as cancelTaskRow } from '../src/generation/tasks.repo.ts';
import { cancelApiTask, createApiTask, getApiTask } from '../src/modules/api/api.service.ts';
import { authenticateApiKey, createApiKey, type ApiCaller } from '../src/modules/api/keys.service.ts';
import { checkCallbackUrl } from '../src/modules/api/webhooks/callbackUrl.ts';
import { WebhookDispatcher } from '../src/modules/api/webhooks/dispatcher.ts';
import type { WebhookDeliveryPage, WebhookDeliveryView } from '../src/modules/api/webhooks/webhooks.service.ts';
import { createTestDatabase, rpc, signInAnonymously, signUpTestUser, type TestDatabase, testConfig, type TestUser } from './harness.ts';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Answer = 500 | 200 | 410 | 'hang';

/** A webhook receiver: answers each path's requests from its plan (then 200), records every request. */
async function startReceiver() {
  const received: Received[] = [];
  const plans = new Map<string, Answer[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = plans.get(path)?.shift() ?? 200;
      if (answer === 'hang') return; // never answers: the sender's deadline decides
      res.statusCode = answer;
      res.end(answer === 500 ? 'receiver broke' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    plans,
    at: (path: string) => received.filter((r) => r.path === path),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The verification recipe the docs show, in Node with nothing but crypto. */
function verifyByHand(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false; // too old or from the future: a replay attack
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = Buffer.from(createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64'));
  return String(headers['webhook-signature'])
    .split(' ')
    .map((versioned) => Buffer.from(versioned.slice(versioned.indexOf(',') + 1)))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}

/** Succeeds through the local engine unless the prompt says `fail …` or `hang …`. */
const standIn: GenerationProvider = {
  name: 'failing or waiting stand-in',
  supports: (_kind, input) => /^(fail|hang) /.test(String((input as { prompt?: unknown } | undefined)?.prompt ?? '')),
  async run(task, ctx) {
    if (String((task.input as { prompt: string }).prompt).startsWith('fail ')) throw new Error('model exploded');
    return new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('canceled')), { once: true }));
  },
};

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let testDb: TestDatabase;
let database: DatabaseHandle;
let engine: EnginePool;
let app: FastifyInstance;
let owner: TestUser;
let caller: ApiCaller;

beforeAll(async () => {
  receiver = await startReceiver();
  testDb = await createTestDatabase();
  const config = testConfig({
    databaseUrl: testDb.url,
    workerConcurrency: 1,
    // A canceled task's worker notices at its next heartbeat.
    workerTiming: { leaseMs: 30_000, heartbeatMs: 100, reapMs: 5_000 },
    webhookAllowList: [`127.0.0.1:${receiver.port}`],
  });
  database = await connect({ databaseUrl: testDb.url, poolSize: 5 });
  engine = new EnginePool({ threads: 1 });
  app = await buildApp({
    config,
    database,
    providers: [standIn, new LocalEngineProvider(engine)],
    // The production schedule (5 s … 10 h) in milliseconds; `hooks.example` is a public-looking name for 127.0.0.1.
    webhooks: { schedule: [40, 40, 40], timeoutMs: 400, pollMs: 100, resolve: async (host) => (host === 'hooks.example' ? ['127.0.0.1'] : []) },
  });
  await app.ready();
  owner = await signUpTestUser(app);
  const { secret: key } = await createApiKey(database.db, owner.id, 'webhooks');
  caller = await authenticateApiKey(database.db, { 'x-api-key': key });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await engine?.close();
  await database?.close();
  await testDb?.drop();
  await receiver?.close();
});

/** Accepts a text-to-image task through the API's create, with the callback URL checked as REST checks it. */
async function createTask(prompt: string, path: string, host = '127.0.0.1'): Promise<string> {
  const callbackUrl = checkCallbackUrl(`http://${host}:${receiver.port}${path}`, app.services.config.webhookAllowList);
  return (await createApiTask(app.services, caller, 'text_to_image', { prompt }, { callbackUrl })).id;
}

async function deliveries(user: TestUser, input: { limit: number; cursor?: string } = { limit: 50 }) {
  return rpc(app, user.cookie, 'apiWebhooks.deliveries', input, 'GET');
}

async function deliveryOf(taskId: string): Promise<WebhookDeliveryView | undefined> {
  const page = (await deliveries(owner)).body.result.data as WebhookDeliveryPage;
  return page.items.find((d) => d.taskId === taskId);
}

async function settled(taskId: string, status: WebhookDeliveryView['status'], attempts: number): Promise<WebhookDeliveryView> {
  await expect.poll(async () => {
    const d = await deliveryOf(taskId);
    return d && [d.status, d.attemptLog.length];
  }, { interval: 25, timeout: 15_000 }).toEqual([status, attempts]);
  return (await deliveryOf(taskId))!;
}

async function ownerSecret(): Promise<string> {
  return (await rpc(app, owner.cookie, 'apiWebhooks.secret', undefined, 'GET')).body.result.data.secret as string;
}

describe('a receiver that fails twice', () => {
  let taskId: string;

  it('gets the signed outcome on the third attempt, under one webhook-id', async () => {
    receiver.plans.set('/flaky', [500, 'hang', 200]);
    taskId = await createTask('a lighthouse at dusk', '/flaky');
    const delivery = await settled(taskId, 'delivered', 3);

    // Newest first: the answer, the timeout, the 500 — all on the schedule.
    expect(delivery.attemptLog.map((a) => [a.statusCode, a.trigger])).toEqual([[200, 'retry'], [null, 'retry'], [500, 'retry']]);
    expect(delivery.attemptLog[1]!.error).toBe('no answer within 0.4 s');
    expect(delivery.attemptLog[2]!.error).toBe('HTTP 500: receiver broke');
    expect(delivery).toMatchObject({ event: 'task.succeeded', attempts: 3, lastStatusCode: 200, lastError: null, nextAttemptAt: null, url: `http://127.0.0.1:${receiver.port}/flaky` });
    expect(delivery.deliveredAt).not.toBeNull();

    const requests = receiver.at('/flaky');
    expect(requests).toHaveLength(3);
    const secret = await ownerSecret();
    for (const { headers, body } of requests) {
      expect(headers['webhook-id']).toBe(delivery.id);
      expect(headers['content-type']).toBe('application/json');
      expect(headers['user-agent']).toBe('Tessera-Webhooks/1');
      expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(verifyByHand(secret, headers, body)).toBe(true);
      expect(new Webhook(secret).verify(body, headers as Record<string, string>)).toEqual(JSON.parse(body));
    }

    const payload = JSON.parse(requests[2]!.body);
    expect(payload).toMatchObject({ type: 'task.succeeded', data: { object: 'task', id: taskId, status: 'succeeded', error: null } });
    expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp);
    expect(payload.data).toEqual(await getApiTask(app.services, caller, taskId, 'en').then((t) => ({ ...t, outputs: payload.data.outputs })));
    // The output link is signed when sent and opens the image without a session.
    const link = new URL(payload.data.outputs[0].url);
    const image = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('is sent again by a replay: new timestamp and signature, under the rotated secret', async () => {
    const before = receiver.at('/flaky').at(-1)!;
    const oldSecret = await ownerSecret();
    const rotated = (await rpc(app, owner.cookie, 'apiWebhooks.rotateSecret')).body.result.data.secret as string;
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(oldSecret);
    expect(await ownerSecret()).toBe(rotated);
    // The next second, so the replay's timestamp is a new one.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));

    const { id } = (await deliveryOf(taskId))!;
    const replay = await rpc(app, owner.cookie, 'apiWebhooks.replay', { id });
    expect(replay.status).toBe(200);
    expect(replay.body.result.data).toMatchObject({ id, status: 'pending', attempts: 0 });
    const delivery = await settled(taskId, 'delivered', 4);
    expect(delivery.attemptLog[0]).toMatchObject({ statusCode: 200, trigger: 'replay', error: null });

    const again = receiver.at('/flaky').at(-1)!;
    expect(again.headers['webhook-id']).toBe(id);
    expect(Number(again.headers['webhook-timestamp'])).toBeGreaterThan(Number(before.headers['webhook-timestamp']));
    expect(again.headers['webhook-signature']).not.toBe(before.headers['webhook-signature']);
    expect(verifyByHand(rotated, again.headers, again.body)).toBe(true);
    expect(verifyByHand(oldSecret, again.headers, again.body)).toBe(false);
    expect(() => new Webhook(oldSecret).verify(again.body, again.headers as Record<string, string>)).toThrow();
  });
});

describe('failed and canceled tasks notify too', () => {
  it('a failed task: task.failed with the error', async () => {
    const taskId = await createTask('fail a teapot', '/failed');
    await settled(taskId, 'delivered', 1);
    const [request] = receiver.at('/failed');
    expect(JSON.parse(request!.body)).toMatchObject({
      type: 'task.failed',
      data: { id: taskId, status: 'failed', outputs: [], error: { code: 'IMAGE_GENERATION_FAILED', message: 'Image generation failed.' } },
    });
  });

  it('a canceled task: the delivery is written in the cancel transaction, then sent', async () => {
    const taskId = await createTask('hang a kite', '/canceled');
    await expect.poll(async () => (await getApiTask(app.services, caller, taskId, 'en')).status, { interval: 25, timeout: 10_000 }).toBe('running');
    const rows = () => database.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.taskId, taskId));

    // Rolled back, the cancel takes its delivery with it: the row exists only with the settled task.
    const rollback = new Error('rollback');
    await expect(
      database.db.transaction(async (tx) => {
        expect(await cancelTaskRow(tx, taskId, owner.id)).toBe(true);
        expect(await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.taskId, taskId))).toHaveLength(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await rows()).toHaveLength(0);
    expect((await getApiTask(app.services, caller, taskId, 'en')).status).toBe('running');

    expect((await cancelApiTask(app.services, caller, taskId, 'en')).status).toBe('canceled');
    expect(await rows()).toHaveLength(1);
    await settled(taskId, 'delivered', 1);
    expect(JSON.parse(receiver.at('/canceled')[0]!.body)).toMatchObject({ type: 'task.canceled', data: { id: taskId, status: 'canceled' } });
  });
});

describe('delivery rules', () => {
  it('refuses a name that resolves to 127.0.0.1 at every attempt, logs why, then gives up', async () => {
    // Accepted (a public-looking name), refused when sent: the name is resolved and checked each time.
    const taskId = await createTask('fail a paper boat', '/named', 'hooks.example');
    const delivery = await settled(taskId, 'failed', 4);
    for (const attempt of delivery.attemptLog) {
      expect(attempt.statusCode).toBeNull();
      expect(attempt.error).toBe('refused: hooks.example resolves to 127.0.0.1, not a public address');
    }
    expect(receiver.at('/named')).toHaveLength(0);
  });

  it('stops retrying at 410 Gone', async () => {
    receiver.plans.set('/gone', [410]);
    const taskId = await createTask('fail a cloud', '/gone');
    const delivery = await settled(taskId, 'failed', 1);
    expect(delivery.lastStatusCode).toBe(410);
    expect(receiver.at('/gone')).toHaveLength(1);
  });

  it('is sent once when two dispatchers share the queue', async () => {
    // A second process's dispatcher on the same database, as `npm run worker` runs one.
    const second = new WebhookDispatcher({ db: database.db, config: app.services.config, logger: app.log }, { schedule: [40], timeoutMs: 400, pollMs: 20 });
    second.start();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const id = await createTask(`fail a race ${i}`, `/race-${i}`);
        await expect.poll(async () => (await getApiTask(app.services, caller, id, 'en')).status, { interval: 10, timeout: 5_000 }).toBe('failed');
        ids.push(id);
      }
      for (const id of ids) await settled(id, 'delivered', 1);
      expect(ids.map((_, i) => receiver.at(`/race-${i}`).length)).toEqual([1, 1, 1, 1, 1, 1]);
    } finally {
      await second.stop();
    }
  });

  it('shows and replays deliveries to their owner only, a page at a time', async () => {
    const other = await signUpTestUser(app);
    const mine = (await deliveries(owner)).body.result.data as WebhookDeliveryPage;
    expect(mine.items.length).toBeGreaterThanOrEqual(4);
    expect((await deliveries(other)).body.result.data).toEqual({ items: [], nextCursor: null });
    const replay = await rpc(app, other.cookie, 'apiWebhooks.replay', { id: mine.items[0]!.id });
    expect([replay.status, replay.body.error.data.code]).toEqual([404, 'NOT_FOUND']);
    const anonymous = await signInAnonymously(app);
    expect((await deliveries(anonymous)).status).toBe(401);
    expect((await rpc(app, null, 'apiWebhooks.secret', undefined, 'GET')).status).toBe(401);

    // Newest first, page by page, each once.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await deliveries(owner, { limit: 2, ...(cursor ? { cursor } : {}) })).body.result.data as WebhookDeliveryPage;
      seen.push(...page.items.map((d) => d.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(mine.items.map((d) => d.id));
    expect(mine.items.map((d) => d.createdAt)).toEqual([...mine.items.map((d) => d.createdAt)].sort().reverse());
  });
});
