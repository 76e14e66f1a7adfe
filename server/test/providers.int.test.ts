/**
 * Hosted model providers against local stand-ins speaking fal's queue protocol, Replicate's
 * predictions API (with signed webhooks) and OpenAI's images API: the real app, a real database,
 * real result files downloaded through the SSRF-safe fetcher (allowed to reach exactly the
 * stand-in's address and port). For each adapter: a stored, real result; a provider failure
 * that fails the task with a catalogue message and refunds; 429 then success; the auth header;
 * cancellation reaching the provider; Replicate webhooks refused when badly signed and waking the
 * task when good.
 */
import { type AddressInfo, createServer } from 'node:net';
import { findModel, MODEL_CATALOG } from '@tessera/shared/generation/models';
import { createMediaLinks } from '../src/media/signedLinks.ts';
import type { RunContext } from '../src/generation/providers/provider.ts';
import { connect } from '@tessera/db/connect';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { createHostedProviders } from '../src/generation/providers/hosted/modelCatalog.ts';
import { REPLICATE_WEBHOOK_PATH } from '../src/generation/providers/hosted/replicateWebhook.ts';
import { createTestDatabase, creditSummary, rpc, signInAnonymously, testConfig, type TestApp, type TestUser } from './harness.ts';
import { type FalStandIn, type OpenAiImagesStandIn, type ReplicateStandIn, signWebhook, startFalStandIn, startOpenAiImagesStandIn, startReplicateStandIn } from './providerStandIns.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The real app with hosted providers built from `config`, polling every `pollMs`; providers fetch inputs from its real address. */
async function startApp(config: Partial<Config>, pollMs: number): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const port = await freePort();
  const full = testConfig({
    databaseUrl: testDb.url,
    publicUrl: `http://127.0.0.1:${port}`,
    workerConcurrency: 1,
    // A canceled task is noticed on the next heartbeat.
    workerTiming: { leaseMs: 30_000, heartbeatMs: 200, reapMs: 60_000 },
    ...config,
  });
  const database = await connect({ databaseUrl: testDb.url, poolSize: 5 });
  const hosted = createHostedProviders(full, { pollMs, http: { baseDelayMs: 50, maxDelayMs: 5_000, timeoutMs: 10_000 } });
  const app = await buildApp({ config: full, database, hosted });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    database,
    config: full,
    async close() {
      await app.close();
      await database.close();
      await testDb.drop();
    },
  };
}

interface TaskView {
  status: string;
  error: { code: string; message: string } | null;
  outputs: { url: string; mediaType: string; width?: number; height?: number }[];
}

async function createImage(t: TestApp, user: TestUser, prompt: string): Promise<string> {
  const res = await rpc(t.app, user.cookie, 'text2Image.create', { prompt, aspectRatio: '1:1' });
  expect(res.status).toBe(200);
  return res.body.result.data.id as string;
}

async function settled(t: TestApp, user: TestUser, id: string): Promise<TaskView> {
  let task: TaskView | null = null;
  await expect
    .poll(
      async () => {
        task = (await rpc(t.app, user.cookie, 'task.get', { id }, 'GET')).body.result.data as TaskView;
        return task.status;
      },
      { timeout: 15_000, interval: 50 },
    )
    .toMatch(/^(succeeded|failed|canceled)$/);
  return task!;
}

async function storedImage(t: TestApp, user: TestUser, task: TaskView) {
  const file = await t.app.inject({ method: 'GET', url: task.outputs[0]!.url, headers: { cookie: user.cookie } });
  expect(file.statusCode).toBe(200);
  return sharp(file.rawPayload).metadata();
}

describe('fal queue provider', () => {
  let fal: FalStandIn;
  let t: TestApp;
  beforeAll(async () => {
    fal = await startFalStandIn();
    t = await startApp({ hosted: { fal: { key: fal.key, baseUrl: fal.origin }, replicate: undefined, openaiImages: false }, providerDownloadAllowList: [fal.hostPort] }, 50);
  });
  afterAll(async () => {
    await t?.close();
    await fal?.close();
  });

  it('submits with the key, polls the queue, stores the real result and charges once', async () => {
    const user = await signInAnonymously(t.app);
    const before = await creditSummary(t.app, user.cookie);
    const task = await settled(t, user, await createImage(t, user, 'a lighthouse at dawn'));
    expect(task.status).toBe('succeeded');
    expect(await storedImage(t, user, task)).toMatchObject({ format: 'png', width: 512, height: 384 });
    const submit = fal.requests.find((r) => r.method === 'POST');
    expect(submit).toMatchObject({ path: '/fal-ai/flux/schnell', headers: { authorization: `Key ${fal.key}` }, body: { prompt: 'a lighthouse at dawn', image_size: 'square_hd' } });
    expect(fal.requests.some((r) => r.path.endsWith('/status'))).toBe(true);
    // The model's own price, not the kind's.
    expect((await creditSummary(t.app, user.cookie)).used - before.used).toBe(findModel('fal-flux-schnell')!.price!.credits);
  });

  it('retries a 429 after Retry-After and then succeeds', async () => {
    fal.mode = 'rateLimitOnce';
    const user = await signInAnonymously(t.app);
    const from = fal.requests.length;
    const task = await settled(t, user, await createImage(t, user, 'busy day'));
    expect(task.status).toBe('succeeded');
    const submits = fal.requests.slice(from).filter((r) => r.method === 'POST');
    expect(submits).toHaveLength(2);
    expect(submits[1]!.at - submits[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('fails the task with the catalogue message and refunds when the model fails', async () => {
    fal.mode = 'fail';
    const user = await signInAnonymously(t.app);
    const before = await creditSummary(t.app, user.cookie);
    const task = await settled(t, user, await createImage(t, user, 'doomed'));
    fal.mode = 'ok';
    expect(task).toMatchObject({ status: 'failed', error: { code: 'IMAGE_GENERATION_FAILED', message: 'Image generation failed.' } });
    await expect.poll(async () => (await creditSummary(t.app, user.cookie)).used).toBe(before.used);
  });

  it('cancels the queued request at fal when the user cancels the task', async () => {
    fal.mode = 'hang';
    const user = await signInAnonymously(t.app);
    const before = await creditSummary(t.app, user.cookie);
    const id = await createImage(t, user, 'never finishes');
    await expect.poll(() => fal.requests.some((r) => r.path.endsWith('/status')), { timeout: 10_000 }).toBe(true);
    expect((await rpc(t.app, user.cookie, 'task.cancel', { id })).status).toBe(200);
    await expect.poll(() => [...fal.queue.values()].some((r) => r.canceled), { timeout: 10_000 }).toBe(true);
    const cancel = fal.requests.find((r) => r.method === 'PUT');
    expect(cancel?.path).toMatch(/^\/fal-ai\/flux\/requests\/[0-9a-f]+\/cancel$/);
    expect(cancel?.headers.authorization).toBe(`Key ${fal.key}`);
    fal.mode = 'ok';
    await expect.poll(async () => (await creditSummary(t.app, user.cookie)).used).toBe(before.used);
  });

  it('lists the models a kind can use here, the configured hosted one first, and honours the pick', async () => {
    const list = await t.app.inject({ method: 'GET', url: `/api/trpc/model.list?input=${encodeURIComponent(JSON.stringify({ kind: 'text_to_image' }))}` });
    const models = list.json().result.data as { id: string; provider: string }[];
    // Replicate and OpenAI have no key here: only fal's models and the local engine are offered, in catalogue order.
    const falModels = MODEL_CATALOG.filter((m) => m.provider === 'fal' && m.kinds.includes('text_to_image')).map((m) => m.id);
    expect(models.map((m) => m.id)).toEqual([...falModels, 'local']);
    const user = await signInAnonymously(t.app);
    const before = fal.requests.length;
    const res = await rpc(t.app, user.cookie, 'text2Image.create', { prompt: 'a quiet harbour', model: 'local' });
    expect((await settled(t, user, res.body.result.data.id as string)).status).toBe('succeeded');
    // The studio picked the local engine: nothing was sent to fal.
    expect(fal.requests.length).toBe(before);
  });

  /** A run context as the worker gives one: stored inputs, signed links to them. */
  async function directContext(): Promise<RunContext> {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } }).png().toBuffer();
    await t.app.services.storage.put('u/x/source.png', png, 'image/png');
    const links = createMediaLinks({ publicUrl: t.config.publicUrl, secret: t.config.authSecret });
    return { reportProgress: () => {}, signal: new AbortController().signal, loadMedia: async () => png, mediaUrl: async (key) => links.url(key) };
  }

  it('turns a video result into a probed MP4 output, the input sent as a signed link', async () => {
    const { providers } = createHostedProviders(t.config, { pollMs: 20 });
    const provider = providers.find((p) => p.supports('image_to_video', {}))!;
    expect(provider.name).toBe('fal');
    const [output] = await provider.run({ id: 'direct', kind: 'image_to_video', input: { image: 'u/x/source.png', prompt: 'slow push in', duration: 5 } }, await directContext());
    expect(output).toMatchObject({ contentType: 'video/mp4', mediaType: 'video', width: 320, height: 240 });
    expect(output!.durationS).toBeCloseTo(1, 1);
    expect(await sharp(output!.poster).metadata()).toMatchObject({ format: 'png', width: 320, height: 240 });
    const submit = fal.requests.filter((r) => r.method === 'POST').at(-1);
    expect(submit?.path).toBe('/fal-ai/kling-video/v2.1/standard/image-to-video');
    expect(submit?.body).toMatchObject({ prompt: 'slow push in', duration: '5', image_url: expect.stringMatching(/\/api\/media\/u\/x\/source\.png\?exp=\d+&sig=/) });
    // fal fetched it: the link opens the file without a session.
    expect(fal.fetched.at(-1)).toBe((submit?.body as { image_url: string }).image_url);
  });

  it('fails a video job fal refuses at submit with "Video submit task error"', async () => {
    const { providers } = createHostedProviders(t.config, { pollMs: 20 });
    const provider = providers.find((p) => p.supports('image_to_video', {}))!;
    const ctx = await directContext();
    fal.mode = 'rejectSubmit';
    const run = provider.run({ id: 'direct', kind: 'image_to_video', input: { image: 'u/x/source.png', prompt: 'slow push in', duration: 5 } }, ctx);
    await expect(run).rejects.toMatchObject({ name: 'ProviderError', code: 'VIDEO_SUBMIT_ERROR', message: 'Video submit task error' });
    fal.mode = 'ok';
  });

  it('downloads results only from public addresses and the exact allow-listed stand-in', async () => {
    const run = (allow: string[]) => {
      const { providers } = createHostedProviders({ ...t.config, providerDownloadAllowList: allow }, { pollMs: 20 });
      return providers[0]!.run(
        { id: 'direct', kind: 'text_to_image', input: { prompt: 'private address' } },
        { reportProgress: () => {}, signal: new AbortController().signal, loadMedia: async () => Buffer.alloc(0) },
      );
    };
    const [port] = fal.hostPort.split(':').slice(1);
    await expect(run([])).rejects.toMatchObject({ catalogueCode: 'INVALID_IMAGE_URL' });
    await expect(run([`127.0.0.1:${Number(port) + 1}`])).rejects.toMatchObject({ catalogueCode: 'INVALID_IMAGE_URL' });
    await expect(run([fal.hostPort])).resolves.toHaveLength(1);
  });
});

describe('Replicate predictions provider', () => {
  let replicate: ReplicateStandIn;
  let t: TestApp;
  beforeAll(async () => {
    replicate = await startReplicateStandIn();
    // Polling every 30 s (10 × pollMs with webhooks on): a task settling within seconds was woken by its webhook.
    t = await startApp(
      {
        hosted: { fal: undefined, replicate: { token: replicate.token, baseUrl: replicate.origin, webhookSecret: replicate.webhookSecret }, openaiImages: false },
        providerDownloadAllowList: [replicate.hostPort],
      },
      3_000,
    );
    replicate.webhookTarget = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await replicate?.close();
  });

  it('creates a prediction with the token and webhook, is woken by the signed webhook and stores the result', async () => {
    const user = await signInAnonymously(t.app);
    const started = Date.now();
    const task = await settled(t, user, await createImage(t, user, 'harbour lights'));
    expect(task.status).toBe('succeeded');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(replicate.webhookAnswers).toEqual([200]);
    expect(await storedImage(t, user, task)).toMatchObject({ format: 'png', width: 512, height: 384 });
    const create = replicate.requests.find((r) => r.method === 'POST' && r.path === '/v1/predictions');
    expect(create?.headers.authorization).toBe(`Bearer ${replicate.token}`);
    expect(create?.body).toMatchObject({
      version: 'black-forest-labs/flux-schnell',
      input: { prompt: 'harbour lights', aspect_ratio: '1:1' },
      webhook: `${t.config.publicUrl}${REPLICATE_WEBHOOK_PATH}`,
      webhook_events_filter: ['completed'],
    });
  });

  it('refuses webhooks with a bad or stale signature and accepts a good one', async () => {
    const body = JSON.stringify({ id: 'nobody-waits', status: 'succeeded' });
    const now = Math.floor(Date.now() / 1000);
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: REPLICATE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', ...headers }, payload: body });
    const forged = await post({ 'webhook-id': 'msg_1', 'webhook-timestamp': String(now), 'webhook-signature': signWebhook(`whsec_${Buffer.from('wrong secret').toString('base64')}`, 'msg_1', now, body) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: { code: 'BAD_REQUEST', message: 'Invalid webhook signature.', data: { httpStatus: 400, appCode: 'WEBHOOK_SIGNATURE_INVALID' } } });
    const stale = now - 600;
    expect((await post({ 'webhook-id': 'msg_2', 'webhook-timestamp': String(stale), 'webhook-signature': signWebhook(replicate.webhookSecret, 'msg_2', stale, body) })).statusCode).toBe(400);
    expect((await post({})).statusCode).toBe(400);
    const good = await post({ 'webhook-id': 'msg_3', 'webhook-timestamp': String(now), 'webhook-signature': `v1,bm9wZQ== ${signWebhook(replicate.webhookSecret, 'msg_3', now, body)}` });
    expect(good.statusCode).toBe(200);
  });

  it('retries a throttled create after Retry-After', async () => {
    replicate.mode = 'rateLimitOnce';
    const user = await signInAnonymously(t.app);
    const from = replicate.requests.length;
    const task = await settled(t, user, await createImage(t, user, 'throttled'));
    expect(task.status).toBe('succeeded');
    const creates = replicate.requests.slice(from).filter((r) => r.method === 'POST' && r.path === '/v1/predictions');
    expect(creates).toHaveLength(2);
    expect(creates[1]!.at - creates[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('fails the task with the catalogue message and refunds when the prediction fails', async () => {
    replicate.mode = 'fail';
    const user = await signInAnonymously(t.app);
    const before = await creditSummary(t.app, user.cookie);
    const task = await settled(t, user, await createImage(t, user, 'out of memory'));
    replicate.mode = 'ok';
    expect(task).toMatchObject({ status: 'failed', error: { code: 'IMAGE_GENERATION_FAILED', message: 'Image generation failed.' } });
    await expect.poll(async () => (await creditSummary(t.app, user.cookie)).used).toBe(before.used);
  });

  it('cancels the prediction at Replicate when the user cancels the task', async () => {
    replicate.mode = 'hang';
    const user = await signInAnonymously(t.app);
    const from = replicate.requests.length;
    const id = await createImage(t, user, 'forever');
    await expect.poll(() => replicate.requests.slice(from).some((r) => r.path === '/v1/predictions'), { timeout: 10_000 }).toBe(true);
    expect((await rpc(t.app, user.cookie, 'task.cancel', { id })).status).toBe(200);
    await expect.poll(() => replicate.requests.slice(from).find((r) => r.path.endsWith('/cancel'))?.headers.authorization, { timeout: 10_000 }).toBe(`Bearer ${replicate.token}`);
    expect([...replicate.predictions.values()].some((p) => p.status === 'canceled')).toBe(true);
    replicate.mode = 'ok';
  });
});

describe('OpenAI images provider', () => {
  let openai: OpenAiImagesStandIn;
  let t: TestApp;
  beforeAll(async () => {
    openai = await startOpenAiImagesStandIn();
    t = await startApp({ openai: { apiKey: openai.key, baseUrl: openai.baseUrl, model: 'gpt-4o-mini' }, hosted: { fal: undefined, replicate: undefined, openaiImages: true } }, 50);
  });
  afterAll(async () => {
    await t?.close();
    await openai?.close();
  });

  it('generates with the key, stores the b64 image and charges once', async () => {
    const user = await signInAnonymously(t.app);
    const before = await creditSummary(t.app, user.cookie);
    const task = await settled(t, user, await createImage(t, user, 'a fox in snow'));
    expect(task.status).toBe('succeeded');
    expect(await storedImage(t, user, task)).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    expect(openai.requests[0]).toMatchObject({
      path: '/v1/images/generations',
      headers: { authorization: `Bearer ${openai.key}` },
      body: { model: 'gpt-image-1', prompt: 'a fox in snow', n: 1, size: '1024x1024' },
    });
    expect((await creditSummary(t.app, user.cookie)).used - before.used).toBe(findModel('openai-gpt-image-1')!.price!.credits);
  });

  it('retries a 429 after Retry-After', async () => {
    openai.mode = 'rateLimitOnce';
    const user = await signInAnonymously(t.app);
    const from = openai.requests.length;
    const task = await settled(t, user, await createImage(t, user, 'rush hour'));
    expect(task.status).toBe('succeeded');
    const calls = openai.requests.slice(from);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('a content-policy refusal fails the task with the sensitive-content message and refunds', async () => {
    openai.mode = 'fail';
    const user = await signInAnonymously(t.app);
    const before = await creditSummary(t.app, user.cookie);
    const task = await settled(t, user, await createImage(t, user, 'something refused'));
    openai.mode = 'ok';
    expect(task).toMatchObject({ status: 'failed', error: { code: 'SENSITIVE_TEXT', message: 'Please do not enter sensitive or harmful content.' } });
    await expect.poll(async () => (await creditSummary(t.app, user.cookie)).used).toBe(before.used);
  });
});
