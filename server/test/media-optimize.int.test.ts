/** Optimized variants: fixed widths, negotiated format, never upscaled, owner-only, encoded once. */
import { readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mediaObjects } from '@tessera/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInAnonymously, type TestApp, type TestUser, uploadFile } from './harness.ts';

/** The cache directory the test app uses; the lead's app.ts registration should pass the same. */
const cacheDirOf = (dataDir: string) => join(dataDir, 'cache', 'optimize');

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let key: string;
let cacheDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  cacheDir = cacheDirOf(t.config.dataDir);
  owner = await signInAnonymously(t.app);
  stranger = await signInAnonymously(t.app);
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#6366f1' } })
    .png()
    .toBuffer();
  const res = await uploadFile(t.app, owner.cookie, png);
  expect(res.statusCode).toBe(200);
  key = res.json<{ key: string }>().key;
});
afterAll(async () => t?.close());

const optimize = (query: string, headers: Record<string, string> = {}, cookie: string | null = owner.cookie) =>
  t.app.inject({ method: 'GET', url: `/api/media/optimize?${query}`, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

const cacheFiles = async () => (await readdir(cacheDir).catch(() => [] as string[])).filter((f) => !f.endsWith('.tmp'));

describe('GET /api/media/optimize', () => {
  it('serves WebP at the requested width to a browser that accepts it, then from the cache', async () => {
    const query = `key=${encodeURIComponent(key)}&w=640`;
    const accept = { accept: 'image/webp,image/apng,image/*,*/*;q=0.8' };
    const first = await optimize(query, accept);
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({
      'content-type': 'image/webp',
      vary: 'Accept',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=31536000, immutable',
      'x-cache': 'miss',
    });
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 360 });

    const files = await cacheFiles();
    expect(files).toHaveLength(1);
    const cached = join(cacheDir, files[0]!);
    const mtime = (await stat(cached)).mtimeMs;

    const second = await optimize(query, accept);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await stat(cached)).mtimeMs).toBe(mtime);
    expect(await cacheFiles()).toHaveLength(1);

    // What is served is the cached file itself, not a fresh encoding.
    const marker = await sharp({ create: { width: 12, height: 7, channels: 3, background: '#f00' } })
      .webp()
      .toBuffer();
    await writeFile(cached, marker);
    const third = await optimize(query, accept);
    expect(third.rawPayload.equals(marker)).toBe(true);
  });

  it('prefers AVIF when accepted', async () => {
    const res = await optimize(`key=${encodeURIComponent(key)}&w=750&q=50`, { accept: 'image/avif,image/webp,*/*' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('heif'); // sharp reports AVIF as HEIF with the AV1 compression
    expect(meta.compression).toBe('av1');
    expect(meta.width).toBe(750);
  });

  it('keeps the original format when the browser accepts neither, and ignores q=0 entries', async () => {
    for (const accept of [undefined, 'image/png,*/*', 'image/avif;q=0,image/webp;q=0,image/*']) {
      const res = await optimize(`key=${encodeURIComponent(key)}&w=828`, accept ? { accept } : {});
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type'], accept).toBe('image/png');
      expect(await sharp(res.rawPayload).metadata(), accept).toMatchObject({ format: 'png', width: 828 });
    }
  });

  it('never upscales beyond the original width', async () => {
    const res = await optimize(`key=${encodeURIComponent(key)}&w=3840`, { accept: 'image/webp' });
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 1600, height: 900 });
  });

  it('applies the quality: lower q, smaller file', async () => {
    // Noise, so the encoder has detail to trade away (a flat colour costs the same at any quality).
    const noisy = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .png()
      .toBuffer();
    const noisyKey = (await uploadFile(t.app, owner.cookie, noisy)).json<{ key: string }>().key;
    const [low, high] = await Promise.all([
      optimize(`key=${encodeURIComponent(noisyKey)}&w=1080&q=10`, { accept: 'image/webp' }),
      optimize(`key=${encodeURIComponent(noisyKey)}&w=1080&q=100`, { accept: 'image/webp' }),
    ]);
    expect(low.statusCode).toBe(200);
    expect(high.statusCode).toBe(200);
    expect(low.rawPayload.length).toBeLessThan(high.rawPayload.length);
  });

  it('accepts only the listed widths and a quality of 1..100', async () => {
    const k = encodeURIComponent(key);
    for (const query of [`key=${k}&w=641`, `key=${k}&w=0`, `key=${k}`, `key=${k}&w=640.0`, `key=${k}&w=0640`, `key=${k}&w=640&q=0`, `key=${k}&w=640&q=101`, `key=${k}&w=640&q=abc`, `key=${k}&w=640&w=750`, 'w=640']) {
      const res = await optimize(query, { accept: 'image/webp' });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatchObject({ message: 'Incorrect Parameter', data: { appCode: 'INCORRECT_PARAMETER' } });
    }
  });

  it('keeps private images to their owner, like GET /api/media/*', async () => {
    const query = `key=${encodeURIComponent(key)}&w=640`;
    expect((await optimize(query, { accept: 'image/webp' }, stranger.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/media/${key}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await optimize(query, { accept: 'image/webp' }, null)).statusCode).toBe(401);
    // The owner's own missing file and a malformed key are plain 404s.
    expect((await optimize(`key=${encodeURIComponent(`u/${owner.id}/up-missing.png`)}&w=640`)).statusCode).toBe(404);
    expect((await optimize(`key=${encodeURIComponent('../../etc/passwd')}&w=640`)).statusCode).toBe(404);
  });

  it('serves a file flagged public only while a published creation shows it (published-media.int.test.ts covers those)', async () => {
    const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    const publicKey = (await uploadFile(t.app, owner.cookie, png)).json<{ key: string }>().key;
    await t.database.db.update(mediaObjects).set({ isPublic: true }).where(eq(mediaObjects.key, publicKey));
    expect((await optimize(`key=${encodeURIComponent(publicKey)}&w=640`, { accept: 'image/webp' }, stranger.cookie)).statusCode).toBe(404);
  });
});
