/**
 * The template catalogue end to end: the seeded starter catalogue is browsable by type and
 * category with cursor paging; template kinds run through their public RPCs, the queue and the
 * local engine (a photo effect → a real image, a video effect → a real MP4 read by ffprobe), are
 * charged the template's cost and remember the template; a pro effect refuses a free user with
 * PRO_FEATURE; retired and unknown templates answer with the §8 messages; previews are real media;
 * a LoRA style changes what text to image makes.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { catalogTemplates } from '@tessera/db/schema';
import type { TemplateDto, TemplatePage } from '@tessera/shared/catalog';
import type { CreationDto } from '@tessera/shared/creations';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, connectTestSocket, creditSummary, disconnectTestSockets, rpc, signInAnonymously, type TestApp, type TestUser, uploadFile } from './harness.ts';

const FACES = fileURLToPath(new URL('../../node_modules/@vladmandic/face-api/demo/', import.meta.url));
const run = promisify(execFile);
let t: TestApp;
let user: TestUser;
let photoKey: string;

beforeAll(async () => {
  t = await buildTestApp({ config: { workerConcurrency: 1, engineThreads: 1 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  user = await signInAnonymously(t.app);
  const photo = await sharp(join(FACES, 'sample6.jpg')).extract({ left: 560, top: 60, width: 600, height: 800 }).resize(300, 400).png().toBuffer();
  const uploaded = await uploadFile(t.app, user.cookie, photo);
  expect(uploaded.statusCode).toBe(200);
  photoKey = uploaded.json<{ key: string }>().key;
});
afterAll(async () => {
  disconnectTestSockets();
  await t.close();
});

const query = async <T>(path: string, input?: unknown): Promise<T> => {
  const res = await rpc(t.app, user.cookie, path, input, 'GET');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.data as T;
};

type Outcome = { ok: true; url: string; creationId?: string } | { ok: false; code: string; message: string };

async function generate(path: string, input: object): Promise<Outcome> {
  const socket = await connectTestSocket(t.app, user.cookie);
  let wanted = '';
  const ended = new Map<string, Outcome>();
  let resolve: (o: Outcome) => void = () => {};
  const settle = (id: string, o: Outcome) => (id === wanted ? resolve(o) : ended.set(id, o));
  socket.on('task:succeeded', (p) => settle(p.id, { ok: true, ...p.outputs[0]! }));
  socket.on('task:failed', (p) => settle(p.id, { ok: false, code: p.code, message: p.message }));
  const created = await rpc(t.app, user.cookie, path, input);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  wanted = created.body.result.data.id;
  const outcome = ended.get(wanted) ?? (await new Promise<Outcome>((r) => (resolve = r)));
  socket.disconnect();
  return outcome;
}

describe('browsing', () => {
  it('seeds a real starter catalogue', async () => {
    const count = async (type: string) => (await query<TemplatePage>('catalog.templates', { type, limit: 60 })).items.length;
    expect(await count('video_effect')).toBeGreaterThanOrEqual(12);
    expect(await count('photo_effect')).toBeGreaterThanOrEqual(12);
    expect(await count('pro_effect')).toBeGreaterThanOrEqual(4);
    expect(await count('product_photo')).toBeGreaterThanOrEqual(1);
    expect(await count('model_fitting')).toBeGreaterThanOrEqual(1);
  });

  it('pages by cursor without repeats and filters by category', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page: TemplatePage = await query('catalog.templates', { types: ['video_effect', 'pro_effect'], limit: 5, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(16);
    const categories = await query<{ id: string; type: string; templateCount: number }[]>('catalog.categories', { type: 'photo_effect' });
    const category = categories[0]!;
    const inCategory = await query<TemplatePage>('catalog.templates', { categoryId: category.id, limit: 60 });
    expect(inCategory.items).toHaveLength(category.templateCount);
    expect(inCategory.items.every((i) => i.categoryId === category.id)).toBe(true);
  });

  it('answers a retired template with the §8 message and hides it from lists', async () => {
    await t.database.db.update(catalogTemplates).set({ status: 'retired' }).where(eq(catalogTemplates.id, 'mirror'));
    const res = await rpc(t.app, user.cookie, 'catalog.template', { id: 'mirror' }, 'GET');
    expect(res.body.error.message).toBe('This video effect is no longer supported. Please try other video effects.');
    const listed = await query<TemplatePage>('catalog.templates', { type: 'video_effect', limit: 60 });
    expect(listed.items.map((i) => i.id)).not.toContain('mirror');
    const refused = await rpc(t.app, user.cookie, 'video.createVideoByTemplate', { templateId: 'mirror', image: photoKey });
    expect(refused.body.error.message).toBe('This video effect is no longer supported. Please try other video effects.');
    await t.database.db.update(catalogTemplates).set({ status: 'retired' }).where(eq(catalogTemplates.id, 'emboss'));
    const image = await rpc(t.app, user.cookie, 'template2Image.create', { templateId: 'emboss', image: photoKey });
    expect(image.body.error.message).toBe('This image effect is no longer supported.');
  });

  it('refuses unknown templates and templates of another kind', async () => {
    const unknown = await rpc(t.app, user.cookie, 'video.createVideoByTemplate', { templateId: 'no-such-effect', image: photoKey });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Video template not found.');
    // A photo effect is not a video template.
    const wrongKind = await rpc(t.app, user.cookie, 'video.createVideoByTemplate', { templateId: 'sepia', image: photoKey });
    expect(wrongKind.body.error.message).toBe('Video template not found.');
  });
});

describe('template kinds', () => {
  it('a photo effect makes a real image, charges the template cost and remembers the template', async () => {
    const sepia = await query<TemplateDto>('catalog.template', { id: 'sepia' });
    const before = await creditSummary(t.app, user.cookie);
    const outcome = await generate('template2Image.create', { templateId: 'sepia', image: photoKey });
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    if (!outcome.ok) return;
    const after = await creditSummary(t.app, user.cookie);
    expect(before.remaining - after.remaining).toBe(sepia.cost);
    const res = await t.app.inject({ url: outcome.url, headers: { cookie: user.cookie } });
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBeGreaterThan(0);
    const creation = await query<CreationDto>('creation.get', { id: outcome.creationId });
    expect(creation).toMatchObject({ kind: 'photo_effect', templateId: 'sepia', params: { template: { id: 'sepia', name: sepia.name } } });
    expect((await query<TemplateDto>('catalog.template', { id: 'sepia' })).usageCount).toBe(sepia.usageCount + 1);
  });

  it('a video effect makes an MP4 that ffprobe reads, with a thumbnail', async () => {
    const outcome = await generate('video.createVideoByTemplate', { templateId: 'zoom-in', image: photoKey });
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    if (!outcome.ok) return;
    const res = await t.app.inject({ url: outcome.url, headers: { cookie: user.cookie } });
    expect(res.headers['content-type']).toContain('video/mp4');
    const dir = await mkdtemp(join(tmpdir(), 'catalog-test-'));
    try {
      await writeFile(join(dir, 'out.mp4'), res.rawPayload);
      const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', join(dir, 'out.mp4')]);
      const probe = JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string }[]; format: { duration: string } };
      expect(probe.streams.map((s) => s.codec_name)).toEqual(['h264']);
      expect(Number(probe.format.duration)).toBeGreaterThan(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const creation = await query<CreationDto>('creation.get', { id: outcome.creationId });
    expect(creation.mediaType).toBe('video');
    const thumb = await t.app.inject({ url: creation.thumbnailUrl, headers: { cookie: user.cookie } });
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });

  it('a pro effect needs a paid plan (PRO_FEATURE) and holds nothing', async () => {
    const before = await creditSummary(t.app, user.cookie);
    const res = await rpc(t.app, user.cookie, 'video.createVideoByTemplate', { templateId: 'cinematic', image: photoKey });
    expect(res.status).toBe(403);
    // §8: forbidden errors carry app::usageType::message.
    expect(res.body.error.message).toBe('tessera::pro_feature::This feature needs a paid plan.');
    expect(await creditSummary(t.app, user.cookie)).toEqual(before);
  });

  it('a LoRA style changes the text-to-image result; an unknown one is refused', async () => {
    const plain = await generate('text2Image.create', { prompt: 'a lighthouse on a cliff', seed: 3, aspectRatio: '1:1' });
    const styled = await generate('text2Image.create', { prompt: 'a lighthouse on a cliff', seed: 3, aspectRatio: '1:1', loraId: 'noir-film' });
    expect(plain.ok && styled.ok).toBe(true);
    if (!plain.ok || !styled.ok) return;
    // Mean chroma (max − min channel per pixel): noir drains the colour the plain picture has.
    const chroma = async (url: string) => {
      const { data, info } = await sharp((await t.app.inject({ url, headers: { cookie: user.cookie } })).rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let sum = 0;
      for (let i = 0; i < data.length; i += info.channels) sum += Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!);
      return sum / (data.length / info.channels);
    };
    const plainChroma = await chroma(plain.url);
    expect(plainChroma).toBeGreaterThan(10);
    expect(await chroma(styled.url)).toBeLessThan(plainChroma / 2);
    const refused = await rpc(t.app, user.cookie, 'text2Image.create', { prompt: 'x', loraId: 'no-such-style' });
    expect(refused.status).toBe(400);
  });
});

describe('previews', () => {
  it('renders a photo effect preview once and serves it cached', async () => {
    const first = await t.app.inject({ url: '/api/catalog/templates/pop-art/preview' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect((await sharp(first.rawPayload).metadata()).width).toBeGreaterThan(100);
    const again = await t.app.inject({ url: '/api/catalog/templates/pop-art/preview' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('renders a video effect preview as an MP4 and a LoRA preview as an image', async () => {
    const video = await t.app.inject({ url: '/api/catalog/templates/glitch/preview' });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const lora = await t.app.inject({ url: '/api/catalog/loras/watercolor-dream/preview' });
    expect(lora.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ url: '/api/catalog/templates/nope/preview' })).statusCode).toBe(404);
  });
});
