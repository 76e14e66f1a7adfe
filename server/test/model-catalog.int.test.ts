/**
 * Every hosted entry of the model catalogue, end to end: the public RPC of each kind it makes,
 * with `model` set to the entry, through the queue and a worker to the provider stand-ins (fal's
 * queue, Replicate's predictions, OpenAI's images), which check the request against the model's
 * documented input schema (standIns/documented*.ts) and download every file input through our
 * signed media links; the result is downloaded, probed and stored as a creation labelled with the
 * model. Also: the price is the entry's, a model's limits refuse before anything is held, a
 * provider's content refusal and a flagged result fail with the §8 moderation messages and refund.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@tessera/db/connect';
import { creations, modelOverrides } from '@tessera/db/schema';
import { eq } from 'drizzle-orm';
import { GENERATION_KINDS, type GenerationKind, isGenerationKind } from '@tessera/shared/generation';
import { findModel, MODEL_CATALOG, type ModelEntry, modelCost } from '@tessera/shared/generation/models';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { packageFile } from '../src/generation/engine/tf.ts';
import { createHostedProviders, ModelCatalog } from '../src/generation/providers/hosted/modelCatalog.ts';
import { createTestDatabase, creditSummary, disconnectTestSockets, freePort, rpc, signUpTestUser, testConfig, type TestApp, type TestUser } from './harness.ts';
import { type FalStandIn, type OpenAiImagesStandIn, type ReplicateStandIn, startFalStandIn, startOpenAiImagesStandIn, startReplicateStandIn } from './providerStandIns.ts';
import { fetchMedia, makeClip, probe, richUser, run$, runTask, uploadMedia, uploadVideo } from './videoTestKit.ts';

const ADMIN_EMAIL = 'models.admin@example.com';
let fal: FalStandIn;
let replicate: ReplicateStandIn;
let openai: OpenAiImagesStandIn;
let t: TestApp;
let dir: string;
/** Media every kind's input is built from, uploaded by `owner` (inputs of another user are refused). */
let media: { portrait: Buffer; mask: Buffer; clip: Buffer; talkingClip: Buffer };

beforeAll(async () => {
  [fal, replicate, openai] = await Promise.all([startFalStandIn(), startReplicateStandIn(), startOpenAiImagesStandIn()]);
  const testDb = await createTestDatabase();
  // Providers fetch inputs from the app's public URL: the address it really listens on.
  const port = await freePort();
  const config = testConfig({
    databaseUrl: testDb.url,
    publicUrl: `http://127.0.0.1:${port}`,
    workerConcurrency: 4,
    adminEmails: [ADMIN_EMAIL],
    // Seventy users' tasks from one address within a minute: the per-IP limits are not under test here.
    rateLimitMax: 100_000,
    authRateLimitMax: 100_000,
    ...(process.env.TEST_LOG ? { logLevel: "warn" as const } : {}),
    engineThreads: 1,
    openai: { apiKey: openai.key, baseUrl: openai.baseUrl, model: 'gpt-4o-mini' },
    // fal's signed webhooks on (verified with the stand-in's JWKS); polling stays the fallback.
    hosted: { fal: { key: fal.key, baseUrl: fal.origin, webhookJwksUrl: fal.jwksUrl }, replicate: { token: replicate.token, baseUrl: replicate.origin, webhookSecret: undefined }, openaiImages: true },
    providerDownloadAllowList: [fal.hostPort, replicate.hostPort, openai.hostPort],
  });
  const database = await connect({ databaseUrl: testDb.url, poolSize: 10 });
  const hosted = createHostedProviders(config, { pollMs: 20, http: { baseDelayMs: 20, maxDelayMs: 2_000, timeoutMs: 10_000 } });
  const app = await buildApp({ config, database, hosted });
  await app.listen({ port, host: '127.0.0.1' });
  fal.webhookTarget = config.publicUrl;
  t = {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await testDb.drop();
    },
  };
  dir = await mkdtemp(join(tmpdir(), 'tessera-models-'));
  // A real photo of a person (face-api's sample), so the accept-time face checks pass.
  const portrait = await sharp(await readFile(packageFile('@vladmandic/face-api', 'demo/sample1.jpg')))
    .extract({ left: 262, top: 214, width: 480, height: 640 })
    .resize(240, 320)
    .jpeg({ quality: 90 })
    .toBuffer();
  const mask = await sharp({ create: { width: 240, height: 320, channels: 3, background: '#000000' } })
    .composite([{ input: await sharp({ create: { width: 60, height: 60, channels: 3, background: '#ffffff' } }).png().toBuffer(), left: 90, top: 200 }])
    .png()
    .toBuffer();
  // A talking-head clip within §5's lip-sync limits (short side over 720 px, 2–10 s).
  const portraitPath = join(dir, 'portrait.jpg');
  await sharp(portrait).toFile(portraitPath);
  const talkingPath = join(dir, 'talking.mp4');
  await run$('ffmpeg', ['-v', 'error', '-loop', '1', '-framerate', '12', '-i', portraitPath, '-vf', 'scale=-2:736,pad=1280:736:(ow-iw)/2:0', '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', talkingPath]);
  media = { portrait, mask, clip: await makeClip(dir, 3, 320, 240, 440), talkingClip: await readFile(talkingPath) };
}, 60_000);

afterAll(async () => {
  disconnectTestSockets();
  await t?.close();
  await Promise.all([fal?.close(), replicate?.close(), openai?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A valid input of `kind` for `model`, within its limits, from media uploaded by `user`. */
async function inputFor(kind: GenerationKind, model: ModelEntry, user: TestUser): Promise<Record<string, unknown>> {
  const image = () => uploadMedia(t, user, media.portrait, 'portrait.jpg', 'image/jpeg');
  const video = () => uploadVideo(t, user, media.clip);
  const limits = model.limits;
  const duration = limits.durations?.[0] ?? 5;
  const resolution = limits.resolutions?.[0] ?? '720p';
  const shape = (fallback: string) => limits.aspectRatios?.[0] ?? fallback;
  const base = { model: model.id };
  switch (kind) {
    case 'text_to_image':
      return { ...base, prompt: 'a lighthouse at dawn', aspectRatio: shape('16:9') };
    case 'image_to_image':
      return { ...base, image: await image(), prompt: 'as a watercolour' };
    case 'upscale':
      return { ...base, image: await image(), scale: limits.scales?.[0] ?? 2 };
    case 'uncrop':
      return { ...base, image: await image(), aspectRatio: shape('16:9') };
    case 'object_remover':
      return { ...base, image: await image(), mask: await uploadMedia(t, user, media.mask, 'mask.png', 'image/png') };
    case 'inpaint':
      return { ...base, image: await image(), mask: await uploadMedia(t, user, media.mask, 'mask.png', 'image/png'), prompt: 'a red tulip' };
    case 'background_remover':
      return { ...base, image: await image() };
    case 'background_changer':
      return { ...base, image: await image(), background: { type: 'color', color: '#336699' } };
    case 'face_swap':
      return { ...base, image: await image(), face: await image() };
    case 'photo_effect':
      return { ...base, templateId: 'sepia', image: await image() };
    case 'video_effect':
      return { ...base, templateId: 'zoom-in', image: await image() };
    case 'product_photo':
      return { ...base, templateId: 'studio-white', image: await image() };
    case 'model_fitting':
      return { ...base, templateId: 'keep-background', image: await image(), garment: await image() };
    case 'text_to_video':
    case 'text_to_video_v2':
      return { ...base, prompt: 'a paper boat in the rain', duration, resolution, aspectRatio: shape('16:9') };
    case 'image_to_video':
    case 'image_to_video_v2':
      return { ...base, image: await image(), prompt: 'she smiles', duration, resolution };
    case 'video_to_video':
    case 'anime_video':
      return { ...base, video: await video(), prompt: 'as an anime', resolution };
    case 'video_upscale':
      return { ...base, video: await video(), target: '1080p' };
    case 'video_subjects':
      return { ...base, subjects: [await image()], prompt: 'she walks on a beach', duration, resolution, aspectRatio: shape('16:9') };
    case 'action_imitation':
      return { ...base, image: await image(), video: await video(), resolution };
    case 'video_extend':
      return { ...base, video: await video(), duration, prompt: 'the camera pulls back' };
    case 'ai_shorts':
      return { ...base, topic: 'why the sky is blue', duration: 15 };
    case 'video_background_remover':
      return { ...base, video: await video() };
    case 'video_subtitles_remove':
      return { ...base, video: await video() };
    case 'sound_effects':
      return { ...base, video: await video(), prompt: 'rain on a tin roof' };
    case 'lip_sync':
      // An entry reading `video` serves lip sync on a clip; one reading `image`, the avatar.
      return 'video' in reads(model)
        ? { ...base, video: await uploadVideo(t, user, media.talkingClip), text: 'Hello there, welcome to Tessera.' }
        : { ...base, image: await image(), text: 'Hello there, welcome to Tessera.' };
    case 'video_face_swap':
      return { ...base, video: await video(), face: await image() };
    case 'video_edit':
      throw new Error('the timeline export has no hosted model');
  }
}

/** The task input fields an entry's mapping reads. */
function reads(model: ModelEntry): Record<string, true> {
  const out: Record<string, true> = {};
  for (const source of Object.values(model.input)) if ('from' in source) out[source.from.split('.')[0]!] = true;
  return out;
}

const hosted = MODEL_CATALOG.filter((m) => m.provider !== 'local');
/** Each hosted entry with the creation kinds it makes (pipeline steps are exercised through AI shorts). */
const cases = hosted.flatMap((model) => model.kinds.filter(isGenerationKind).map((kind) => ({ model, kind })));

// Entries run side by side (vitest's maxConcurrency), as users' tasks do on the workers.
describe.concurrent('every hosted catalogue entry, end to end', () => {
  it.for(cases.map((c) => [`${c.model.id} → ${c.kind}`, c] as const))('%s', { timeout: 90_000 }, async ([, { model, kind }], { expect }) => {
    const user = await richUser(t, 2_000);
    const input = await inputFor(kind, model, user);
    const before = await creditSummary(t.app, user.cookie);
    const outcome = await runTask(t, user, GENERATION_KINDS[kind].rpcName, input);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
    if (!outcome.ok) return;
    // Charged the task's price, exactly once.
    const task = (await rpc(t.app, user.cookie, 'task.get', { id: outcome.id }, 'GET')).body.result.data as { cost: number };
    expect(task.cost).toBeGreaterThan(0);
    expect((await creditSummary(t.app, user.cookie)).used - before.used).toBe(task.cost);
    // The result is a real file of the kind's output type.
    const data = await fetchMedia(t, user, outcome.url);
    if (GENERATION_KINDS[kind].output === 'image') {
      expect((await sharp(data).metadata()).width).toBeGreaterThan(0);
    } else {
      const probed = await probe(dir, data);
      expect(probed.video.codec).toBe('h264');
      expect(probed.durationS).toBeGreaterThan(0.5);
    }
    // File inputs travelled as signed links to this user's media, which the provider fetched.
    const takesFiles = Object.values(model.input).some((source) => 'as' in source && (source.as === 'url' || source.as === 'urls'));
    if (takesFiles) {
      const mine = new RegExp(`/api/media/u/${user.id}/.+\\?exp=\\d+&sig=`);
      expect([...fal.fetched, ...replicate.fetched].some((url) => mine.test(url))).toBe(true);
    }
    // The creation is labelled with the model.
    const [creation] = await t.database.db.select({ engine: creations.engine }).from(creations).where(eq(creations.taskId, outcome.id));
    expect(creation?.engine).toBe(model.id);
  });
});

describe('prices, limits and refusals', () => {
  it('charges the model’s price, not the kind’s', async () => {
    const model = hosted.find((m) => m.price?.per === 'second' && m.kinds.includes('text_to_video') && (m.limits.durations?.length ?? 0) > 0)!;
    const user = await richUser(t, 2_000);
    const input = await inputFor('text_to_video', model, user);
    const res = await rpc(t.app, user.cookie, 'video.createVideoByText', input);
    expect(res.status).toBe(200);
    const task = (await rpc(t.app, user.cookie, 'task.get', { id: res.body.result.data.id }, 'GET')).body.result.data as { cost: number };
    expect(task.cost).toBe(modelCost(model, 'text_to_video', { ...input, duration: input.duration }));
  });

  it('refuses a duration the model does not make before holding anything', async () => {
    const model = hosted.find((m) => m.kinds.includes('text_to_video') && m.limits.durations && !m.limits.durations.includes(10))!;
    const user = await richUser(t, 2_000);
    const before = await creditSummary(t.app, user.cookie);
    const res = await rpc(t.app, user.cookie, 'video.createVideoByText', { prompt: 'waves', duration: 10, model: model.id, resolution: model.limits.resolutions?.[0] ?? '720p' });
    expect(res.body.error?.message).toBe('This model does not make videos of this length. Choose another duration or another model.');
    expect(await creditSummary(t.app, user.cookie)).toEqual(before);
  });

  it('maps a provider’s content refusal and a flagged result to the moderation messages, refunded', async () => {
    const flux = hosted.find((m) => m.id === 'fal-flux-schnell')!;
    for (const [mode, message] of [
      ['moderate', 'Please do not enter sensitive or harmful content.'],
      ['unsafeOutput', 'The image contains sensitive or illegal content.'],
    ] as const) {
      fal.mode = mode;
      const user = await richUser(t, 2_000);
      const before = await creditSummary(t.app, user.cookie);
      const outcome = await runTask(t, user, 'text2Image.create', await inputFor('text_to_image', flux, user));
      fal.mode = 'ok';
      expect(outcome).toMatchObject({ ok: false, message });
      expect((await creditSummary(t.app, user.cookie)).used).toBe(before.used);
    }
  });

  it('refuses a model that is not available for the kind', async () => {
    const user = await richUser(t, 2_000);
    const res = await rpc(t.app, user.cookie, 'imageTools.upscale', { image: await uploadMedia(t, user, media.portrait, 'p.jpg', 'image/jpeg'), model: 'fal-flux-schnell' });
    expect(res.body.error?.message).toBe('The model used to create this video is currently unavailable. We suggest you try our other models.');
  });

  it('gives up a run past the model’s time limit: canceled at the provider, failed, refunded', async () => {
    // An operator's override (as the admin console stores it) shortens fal FLUX's limit to a second.
    await t.database.db.insert(modelOverrides).values({ id: 'fal-flux-schnell', override: { timeoutS: 1 } });
    await t.app.services.models.reload(t.database.db);
    fal.mode = 'hang';
    try {
      const user = await richUser(t, 100);
      const before = await creditSummary(t.app, user.cookie);
      const outcome = await runTask(t, user, 'text2Image.create', { prompt: 'never ends', model: 'fal-flux-schnell' });
      expect(outcome).toMatchObject({ ok: false, message: 'Image generation failed.' });
      expect((await creditSummary(t.app, user.cookie)).used).toBe(before.used);
      expect(fal.requests.some((r) => r.method === 'PUT' && r.path.endsWith('/cancel'))).toBe(true);
    } finally {
      fal.mode = 'ok';
      await t.database.db.delete(modelOverrides).where(eq(modelOverrides.id, 'fal-flux-schnell'));
      await t.app.services.models.reload(t.database.db);
    }
  });

  it('lets an admin disable and reprice a model, audited, and take it back', async () => {
    const admin = await signUpTestUser(t.app, { email: ADMIN_EMAIL });
    const user = await richUser(t, 100);
    const offered = async () => ((await rpc(t.app, null, 'model.list', { kind: 'text_to_image' }, 'GET')).body.result.data as { id: string; price: { credits: number } | null }[]);
    expect((await offered()).map((m) => m.id)).toContain('fal-flux-schnell');
    // Not for users.
    expect([401, 403]).toContain((await rpc(t.app, user.cookie, 'admin.models.update', { id: 'fal-flux-schnell', disabled: true })).status);
    expect((await rpc(t.app, admin.cookie, 'admin.models.update', { id: 'fal-flux-schnell', disabled: true })).status).toBe(200);
    expect((await offered()).map((m) => m.id)).not.toContain('fal-flux-schnell');
    const refused = await rpc(t.app, user.cookie, 'text2Image.create', { prompt: 'x', model: 'fal-flux-schnell' });
    expect(refused.body.error?.message).toBe('The model used to create this video is currently unavailable. We suggest you try our other models.');
    expect((await rpc(t.app, admin.cookie, 'admin.models.update', { id: 'fal-flux-schnell', disabled: false, price: { credits: 9, per: 'run' } })).status).toBe(200);
    expect((await offered()).find((m) => m.id === 'fal-flux-schnell')?.price).toEqual({ credits: 9, per: 'run' });
    const repriced = await rpc(t.app, user.cookie, 'text2Image.create', { prompt: 'a kite', model: 'fal-flux-schnell' });
    expect((await rpc(t.app, user.cookie, 'task.get', { id: repriced.body.result.data.id }, 'GET')).body.result.data.cost).toBe(9);
    const listed = (await rpc(t.app, admin.cookie, 'admin.models.list', undefined, 'GET')).body.result.data as { id: string; overridden: boolean; available: boolean }[];
    expect(listed.find((m) => m.id === 'fal-flux-schnell')).toMatchObject({ overridden: true, available: true });
    expect((await rpc(t.app, admin.cookie, 'admin.models.reset', { id: 'fal-flux-schnell' })).status).toBe(200);
    expect((await offered()).find((m) => m.id === 'fal-flux-schnell')?.price).toEqual(findModel('fal-flux-schnell')!.price);
    const audit = (await rpc(t.app, admin.cookie, 'admin.audit.list', {}, 'GET')).body.result.data as { items: { action: string }[] };
    expect(audit.items.map((i) => i.action)).toEqual(expect.arrayContaining(['models.update', 'models.reset']));
  });

  it('accepts fal webhooks signed with fal’s key only, fresh', async () => {
    // The entries above ran with webhooks on: fal's deliveries were verified and answered 200.
    expect(fal.webhookAnswers.length).toBeGreaterThan(0);
    expect(fal.webhookAnswers.every((status) => status === 200)).toBe(true);
    const body = JSON.stringify({ request_id: 'r1', gateway_request_id: 'r1', status: 'OK', payload: {} });
    const post = (timestamp: number, signature: string, payload = body) =>
      fetch(`${t.config.publicUrl}/api/providers/fal/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-fal-webhook-request-id': 'r1', 'x-fal-webhook-user-id': 'standin-user', 'x-fal-webhook-timestamp': String(timestamp), 'x-fal-webhook-signature': signature },
        body: payload,
      });
    const now = Math.floor(Date.now() / 1000);
    expect((await post(now, fal.signWebhook('r1', now, body))).status).toBe(200);
    // Another body under the same signature, a stale timestamp, a forged signature.
    expect((await post(now, fal.signWebhook('r1', now, body), body.replace('OK', 'ERROR'))).status).toBe(400);
    expect((await post(now - 3600, fal.signWebhook('r1', now - 3600, body))).status).toBe(400);
    expect((await post(now, 'ab'.repeat(64))).status).toBe(400);
  });

  it('serves a signed link only with a valid, unexpired signature', async () => {
    const user = await richUser(t, 10);
    const key = await uploadMedia(t, user, media.portrait, 'p.jpg', 'image/jpeg');
    const { createMediaLinks } = await import('../src/media/signedLinks.ts');
    const url = new URL(createMediaLinks({ publicUrl: t.config.publicUrl, secret: t.config.authSecret }).url(key));
    expect((await fetch(url)).status).toBe(200);
    const forged = new URL(url);
    forged.searchParams.set('sig', `${url.searchParams.get('sig')!.slice(0, -2)}AA`);
    expect((await fetch(forged)).status).toBe(404);
    const expired = new URL(createMediaLinks({ publicUrl: t.config.publicUrl, secret: t.config.authSecret, now: () => Date.now() - 3 * 3600_000 }).url(key));
    expect((await fetch(expired)).status).toBe(404);
    // Without a signature the file stays private.
    expect((await fetch(new URL(url.pathname, url))).status).toBe(401);
  });
});

describe('the local engine turned off for a kind', () => {
  it('offers only hosted models for it, and refuses the kind where none is configured', async () => {
    const catalog = new ModelCatalog(new Set(['fal']), [], ['text_to_image', 'upscale']);
    expect(catalog.forKind('text_to_image').every((m) => m.provider === 'fal')).toBe(true);
    expect(catalog.choose('text_to_image', 'local').provider).toBe('fal');
    // Another kind still runs locally.
    expect(catalog.forKind('uncrop').at(-1)?.id).toBe('local');
    const none = new ModelCatalog(new Set(), [], ['*']);
    expect(none.forKind('upscale')).toEqual([]);
    // On a server like that, the request is refused before anything is held.
    const testDb = await createTestDatabase();
    const config = testConfig({ databaseUrl: testDb.url, localEngineOff: ['upscale'] });
    const database = await connect({ databaseUrl: testDb.url, poolSize: 2 });
    const app = await buildApp({ config, database });
    try {
      const other: TestApp = { app, database, config, close: async () => {} };
      const user = await richUser(other, 10);
      const before = await creditSummary(app, user.cookie);
      const res = await rpc(app, user.cookie, 'imageTools.upscale', { image: await uploadMedia(other, user, media.portrait, 'p.jpg', 'image/jpeg') });
      expect(res.body.error?.message).toBe('This is not available on this server.');
      expect(await creditSummary(app, user.cookie)).toEqual(before);
      expect((await rpc(app, null, 'model.list', { kind: 'upscale' }, 'GET')).body.result.data).toEqual([]);
    } finally {
      await app.close();
      await database.close();
      await testDb.drop();
    }
  });
});
