/**
 * The REST API (/api/v1) as a developer's script uses it: creates that hold api_credits (never
 * the studio's credits), tasks, models, balance, uploads; refusals in the §8 shape that hold
 * nothing; Idempotency-Key with Stripe's semantics (replay, reuse, in flight, expiry, a 429
 * releasing the key); and the line between keys and sessions (a key never opens the studio's
 * session calls, a cookie never opens /api/v1). No worker runs here: tasks stay queued.
 */
import { apiIdempotencyKeys } from '@tessera/db/schema';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiBalanceOf, apiUpload, keyedUser } from './apiKit.ts';
import { buildTestApp, creditSummary, rpc, TEST_ORIGIN, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const IMAGE = { prompt: 'a lighthouse on a cliff at dusk', aspectRatio: '16:9' };
const create = (key: string, payload: unknown, headers: Record<string, string> = {}, slug = 'text-to-image') => api(t.app, key, 'POST', `/generations/${slug}`, payload, headers);
const taskIds = async (key: string) => ((await api(t.app, key, 'GET', '/tasks?limit=100')).json().data as { id: string }[]).map((task) => task.id);

describe('creates', () => {
  it('queue a task, hold its price from api_credits (not credits), and answer its status URL', async () => {
    const { user, key } = await keyedUser(t.app);
    const studioBefore = await creditSummary(t.app, user.cookie);
    expect(await apiBalanceOf(t.app, key)).toEqual({ object: 'balance', usageType: 'api_credits', used: 0, total: 100, remaining: 100 });

    // The key as a bearer token works the same as X-API-Key.
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/generations/text-to-image', headers: { authorization: `Bearer ${key}` }, payload: IMAGE });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(String), object: 'task', status: 'queued', cost: 4, statusUrl: `${TEST_ORIGIN}/api/v1/tasks/${body.id}` });
    expect(res.headers.location).toBe(body.statusUrl);
    expect(res.headers['ratelimit-limit']).toBe('30');
    expect(Number(res.headers['ratelimit-remaining'])).toBeLessThan(30);
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);

    expect(await apiBalanceOf(t.app, key)).toMatchObject({ used: 4, remaining: 96 });
    expect(await creditSummary(t.app, user.cookie)).toEqual(studioBefore);

    const task = await api(t.app, key, 'GET', new URL(body.statusUrl).pathname.replace('/api/v1', ''));
    expect(task.statusCode).toBe(200);
    expect(task.json()).toMatchObject({ object: 'task', id: body.id, kind: 'text_to_image', status: 'queued', cost: 4, outputs: [], error: null });
    expect(await taskIds(key)).toEqual([body.id]);

    // Cancel releases the hold; cancelling again answers the canceled task.
    const canceled = await api(t.app, key, 'POST', `/tasks/${body.id}/cancel`);
    expect([canceled.statusCode, canceled.json().status]).toEqual([200, 'canceled']);
    expect(await apiBalanceOf(t.app, key)).toMatchObject({ used: 0, remaining: 100 });
    const again = await api(t.app, key, 'POST', `/tasks/${body.id}/cancel`);
    expect([again.statusCode, again.json().status]).toEqual([200, 'canceled']);
  });

  it('refuse invalid input, a bad callback URL, an unknown kind and a price over the balance, holding nothing', async () => {
    const { key } = await keyedUser(t.app);

    const invalid = await create(key, { prompt: '', aspectRatio: '2:1' });
    expect(invalid.statusCode).toBe(400);
    const error = invalid.json().error;
    expect(error).toMatchObject({ code: 'BAD_REQUEST', data: { appCode: 'INCORRECT_PARAMETER', httpStatus: 400, path: '/api/v1/generations/text-to-image' } });
    expect(error.data.issues.map((i: { path: string }) => i.path).sort()).toEqual(['aspectRatio', 'prompt']);
    expect(error.data.issues.find((i: { path: string }) => i.path === 'prompt').message).toBe('Prompt is required');

    const privateHook = await create(key, { ...IMAGE, callbackUrl: 'http://127.0.0.1:9/hook' });
    expect([privateHook.statusCode, privateHook.json().error.data.appCode]).toEqual([400, 'INVALID_CALLBACK_URL']);
    const notAString = await create(key, { ...IMAGE, callbackUrl: 5 });
    expect(notAString.statusCode).toBe(400);
    expect(notAString.json().error.data.issues[0].path).toBe('callbackUrl');

    const unknown = await create(key, IMAGE, {}, 'text-to-hologram');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'NOT_FOUND']);
    const unparsable = await create(key, '{"prompt":', { 'content-type': 'application/json' });
    expect([unparsable.statusCode, unparsable.json().error.data.appCode]).toEqual([400, 'MALFORMED_BODY']);
    const notAnObject = await create(key, [IMAGE]);
    expect(notAnObject.statusCode).toBe(400);

    // 120 api_credits against the trial's 100.
    const tooDear = await create(key, { topic: 'octopuses', duration: 60, resolution: '1080p' }, {}, 'ai-shorts');
    expect(tooDear.statusCode).toBe(403);
    expect(tooDear.json().error.message).toMatch(/^tessera::api_credits::/);

    expect(await apiBalanceOf(t.app, key)).toMatchObject({ used: 0, remaining: 100 });
    expect(await taskIds(key)).toEqual([]);
  });

  it('answer the plan concurrency limit with 429 and Retry-After, for video kinds too', async () => {
    const { key } = await keyedUser(t.app);
    // FREE runs two tasks at once.
    for (let i = 0; i < 2; i++) expect((await create(key, IMAGE)).statusCode).toBe(201);
    const third = await create(key, IMAGE);
    expect([third.statusCode, third.json().error.data.appCode, third.headers['retry-after']]).toEqual([429, 'PARALLEL_TASK_LIMIT', '10']);
    const video = await create(key, { prompt: 'a fox in the snow', resolution: '480p' }, {}, 'text-to-video');
    expect([video.statusCode, video.json().error.data.appCode, video.headers['retry-after']]).toEqual([429, 'PARALLEL_TASK_LIMIT', '10']);
    expect(await apiBalanceOf(t.app, key)).toMatchObject({ used: 8 });
  });
});

describe('tasks, models, balance and media', () => {
  it("keep each account's tasks to itself and answer 404 for anything else", async () => {
    const owner = await keyedUser(t.app);
    const other = await keyedUser(t.app);
    const { id } = (await create(owner.key, IMAGE)).json();
    for (const path of [`/tasks/${id}`, '/tasks/not-a-task', '/tasks/00000000-0000-4000-8000-000000000000']) {
      const res = await api(t.app, other.key, 'GET', path);
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await api(t.app, other.key, 'POST', `/tasks/${id}/cancel`)).statusCode).toBe(404);
    expect(await taskIds(other.key)).toEqual([]);
    expect((await api(t.app, owner.key, 'GET', `/tasks/${id}`)).json().status).toBe('queued');
    for (const limit of ['0', '101', 'many']) {
      const res = await api(t.app, owner.key, 'GET', `/tasks?limit=${limit}`);
      expect([res.statusCode, res.json().error.data.issues[0].path]).toEqual([400, 'limit']);
    }
  });

  it('list models with prices, by kind name or slug', async () => {
    const { key } = await keyedUser(t.app);
    const all = (await api(t.app, key, 'GET', '/models')).json();
    expect(all.object).toBe('list');
    expect(new Set(all.data.map((m: { kind: string }) => m.kind)).size).toBe(30);
    for (const kind of ['text-to-image', 'text_to_image']) {
      const models = (await api(t.app, key, 'GET', `/models?kind=${kind}`)).json().data as { kind: string; id: string }[];
      expect(models.length).toBeGreaterThan(0);
      expect(models.every((m) => m.kind === 'text_to_image')).toBe(true);
      expect(models.at(-1)?.id).toBe('local');
    }
    expect((await api(t.app, key, 'GET', '/models?kind=hologram')).statusCode).toBe(400);
  });

  it('upload a file whose key a create takes, with a link that opens without a session', async () => {
    const { user, key } = await keyedUser(t.app);
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3b82f6' } })
      .png()
      .toBuffer();
    const res = await apiUpload(t.app, key, png);
    expect(res.statusCode).toBe(201);
    const media = res.json();
    expect(media).toMatchObject({ object: 'media', contentType: 'image/png', width: 320, height: 200 });
    expect(media.key).toMatch(new RegExp(`^u/${user.id}/up-[0-9a-f-]+\\.png$`));
    const file = await t.app.inject({ method: 'GET', url: new URL(media.url).pathname + new URL(media.url).search });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(320);

    const created = await create(key, { image: media.key, prompt: 'the same sky at night' }, {}, 'image-to-image');
    expect(created.statusCode).toBe(201);
    expect((await apiUpload(t.app, 'tsk_nope', png)).statusCode).toBe(401);
  });
});

describe('keys and sessions stay apart', () => {
  it('a session cookie never opens /api/v1', async () => {
    const { user } = await keyedUser(t.app);
    const asBrowser = { cookie: user.cookie, origin: TEST_ORIGIN };
    for (const [method, path, payload] of [
      ['GET', '/balance', undefined],
      ['GET', '/tasks', undefined],
      ['POST', '/generations/text-to-image', IMAGE],
    ] as const) {
      const res = await api(t.app, null, method, path, payload, asBrowser);
      expect([res.statusCode, res.json().error.data.appCode]).toEqual([401, 'INVALID_API_KEY']);
    }
    expect((await rpc(t.app, user.cookie, 'task.list', undefined, 'GET')).body.result.data).toEqual([]);
  });

  it('an API key never opens the studio session calls (account, billing, keys) or /api/auth', async () => {
    const { key } = await keyedUser(t.app);
    for (const auth of [{ 'x-api-key': key }, { authorization: `Bearer ${key}` }]) {
      for (const [method, path] of [
        ['GET', 'user.find'],
        ['GET', 'apiKeys.list'],
        ['GET', 'subUsage.getSubUsage'],
        ['POST', 'billing.takePurchases'],
        ['POST', 'apiKeys.create'],
      ] as const) {
        const res = await t.app.inject({ method, url: `/api/trpc/${path}`, headers: { ...auth, origin: TEST_ORIGIN }, ...(method === 'POST' ? { payload: { name: 'x' } } : {}) });
        expect([path, res.statusCode]).toEqual([path, 401]);
      }
      const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: auth });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toBeNull();
    }
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same body and refuses another body', async () => {
    const { key } = await keyedUser(t.app);
    const ik = { 'idempotency-key': 'order-1001' };
    const first = await create(key, IMAGE, ik);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same fields in another order are the same request.
    const replay = await create(key, { aspectRatio: '16:9', prompt: IMAGE.prompt }, ik);
    expect([replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(replay.json()).toEqual(first.json());

    const otherBody = await create(key, { ...IMAGE, prompt: 'a different picture' }, ik);
    expect([otherBody.statusCode, otherBody.json().error.data.appCode]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const otherKind = await create(key, { prompt: 'a fox', resolution: '480p' }, ik, 'text-to-video');
    expect(otherKind.statusCode).toBe(422);
    expect(await taskIds(key)).toEqual([first.json().id]);
    expect(await apiBalanceOf(t.app, key)).toMatchObject({ used: 4 });

    // A client error is kept too; a key too long is itself invalid input.
    const bad = { 'idempotency-key': 'order-1002' };
    expect((await create(key, { prompt: '' }, bad)).statusCode).toBe(400);
    const badAgain = await create(key, { prompt: '' }, bad);
    expect([badAgain.statusCode, badAgain.headers['idempotent-replayed']]).toEqual([400, 'true']);
    const tooLong = await create(key, IMAGE, { 'idempotency-key': 'k'.repeat(256) });
    expect([tooLong.statusCode, tooLong.json().error.data.issues[0].path]).toEqual([400, 'idempotency-key']);

    // Keys are per account: another account's same key is its own.
    const other = await keyedUser(t.app);
    expect((await create(other.key, { ...IMAGE, prompt: 'a different picture' }, ik)).statusCode).toBe(201);

    // After 24 hours a key is free again.
    await t.database.db.execute(sql`update ${apiIdempotencyKeys} set created_at = now() - interval '25 hours' where key = 'order-1001'`);
    const later = await create(key, { ...IMAGE, prompt: 'a different picture' }, ik);
    expect([later.statusCode, later.headers['idempotent-replayed']]).toEqual([201, undefined]);
  });

  it('two identical requests at once make one task and hold credits once', async () => {
    const { key } = await keyedUser(t.app);
    const ik = { 'idempotency-key': 'c8b1e7a2-concurrent' };
    const answers = await Promise.all([create(key, IMAGE, ik), create(key, IMAGE, ik), create(key, IMAGE, ik)]);
    const firsts = answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed']);
    expect(firsts).toHaveLength(1);
    for (const other of answers.filter((a) => a !== firsts[0])) {
      if (other.statusCode === 409) expect([other.json().error.data.appCode, other.headers['retry-after']]).toEqual(['IDEMPOTENCY_KEY_IN_PROGRESS', '1']);
      else expect([other.statusCode, other.json().id]).toEqual([201, firsts[0]?.json().id]);
    }
    expect(await taskIds(key)).toHaveLength(1);
    expect(await apiBalanceOf(t.app, key)).toMatchObject({ used: 4 });
  });

  it('a 429 is not kept: the retry runs once the account has room', async () => {
    const { key } = await keyedUser(t.app);
    const running = [(await create(key, IMAGE)).json().id, (await create(key, IMAGE)).json().id];
    const ik = { 'idempotency-key': 'retry-after-limit' };
    expect((await create(key, IMAGE, ik)).statusCode).toBe(429);
    await api(t.app, key, 'POST', `/tasks/${running[0]}/cancel`);
    const retried = await create(key, IMAGE, ik);
    expect([retried.statusCode, retried.headers['idempotent-replayed']]).toEqual([201, undefined]);
  });
});
