/**
 * Published originals stay private (issue: "Published originals leak"). Everyone but the owner
 * gets a derivative of a published file: watermarked while the owner's plan marks downloads,
 * at most 2048 px (1080 px when copy-protected), revalidated on every use so unpublishing stops
 * it at once; previews are served as they are; free users' video downloads carry the mark too;
 * deleting a creation deletes its derivatives.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { creations, generationTasks, subscriptions } from '@tessera/db/schema';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivativeKeys } from '../src/media/derivatives.ts';
import { LocalDiskStorage } from '../src/media/storage.ts';
import { buildTestApp, rpc, signInAnonymously, signUpTestUser, type TestApp, type TestUser, uploadFile } from './harness.ts';

const run = promisify(execFile);
const BLUE = { r: 0x0e, g: 0xa5, b: 0xe9 };

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp();
  dir = await mkdtemp(join(tmpdir(), 'tessera-published-'));
  [owner, stranger] = await Promise.all([signUpTestUser(t.app), signInAnonymously(t.app)]);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, cookie: string | null, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A creation row for an uploaded file (the generation path is tested elsewhere), published through the real RPC. */
async function publishedCreation(user: TestUser, mediaKey: string, mediaType: 'image' | 'video', thumbnailKey?: string): Promise<string> {
  const [task] = await t.database.db
    .insert(generationTasks)
    .values({ userId: user.id, kind: mediaType === 'video' ? 'video_effect' : 'text_to_image', rpcName: 'stand-in', input: {}, cost: 0, status: 'succeeded' })
    .returning({ id: generationTasks.id });
  const [row] = await t.database.db
    .insert(creations)
    .values({
      userId: user.id,
      taskId: task!.id,
      outputIndex: 0,
      kind: mediaType === 'video' ? 'video_effect' : 'text_to_image',
      rpcName: 'stand-in',
      prompt: 'published',
      params: {},
      engine: 'stand-in',
      mediaKey,
      ...(thumbnailKey ? { thumbnailKey } : {}),
      mediaType,
      contentType: mediaType === 'video' ? 'video/mp4' : 'image/png',
    })
    .returning({ id: creations.id });
  await publish(user, row!.id, false);
  return row!.id;
}

async function publish(user: TestUser, creationId: string, copyProtection: boolean): Promise<void> {
  const res = await rpc(t.app, user.cookie, 'feed.publish', { creationId, title: 'Blue', copyProtection });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Average colour of a w×h box at (x, y). */
async function boxColour(image: Buffer, x: number, y: number, w: number, h: number) {
  const { data, info } = await sharp(image).extract({ left: x, top: y, width: w, height: h }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
  const n = data.length / info.channels;
  return { r: sum[0]! / n, g: sum[1]! / n, b: sum[2]! / n };
}
const near = (a: { r: number; g: number; b: number }, b: typeof a, tolerance = 8) => Math.max(Math.abs(a.r - b.r), Math.abs(a.g - b.g), Math.abs(a.b - b.b)) <= tolerance;

/** Whether the bottom-right corner, where the mark goes, still shows the plain blue. */
async function cornerIsPlain(image: Buffer): Promise<boolean> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const unit = Math.round(Math.min(width, height) / 24);
  return near(await boxColour(image, width - unit * 6, height - unit * 2, unit * 4, unit), BLUE);
}

describe('a published image', () => {
  let key: string;
  let url: string;
  let thumbUrl: string;
  let id: string;
  let original: Buffer;

  beforeAll(async () => {
    const png = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: BLUE } }).png().toBuffer();
    key = (await uploadFile(t.app, owner.cookie, png)).json<{ key: string }>().key;
    const thumb = await sharp({ create: { width: 384, height: 256, channels: 3, background: BLUE } }).webp().toBuffer();
    const thumbKey = (await uploadFile(t.app, owner.cookie, thumb, 'thumb.webp', 'image/webp')).json<{ key: string }>().key;
    url = `/api/media/${key}`;
    thumbUrl = `/api/media/${thumbKey}`;
    id = await publishedCreation(owner, key, 'image', thumbKey);
    original = (await get(url, owner.cookie)).rawPayload;
  });

  it('gives its owner the original, cached privately', async () => {
    const mine = await get(url, owner.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(await sharp(mine.rawPayload).metadata()).toMatchObject({ format: 'png', width: 2400, height: 1600 });
    expect(await cornerIsPlain(mine.rawPayload)).toBe(true);
  });

  it('gives everyone else a watermarked derivative of a free owner, revalidated on every use', async () => {
    for (const cookie of [stranger.cookie, null]) {
      const res = await get(url, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'public, no-cache', 'x-content-type-options': 'nosniff' });
      expect(sha(res.rawPayload)).not.toBe(sha(original));
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 2048, height: 1365 });
      expect(await cornerIsPlain(res.rawPayload)).toBe(false);
      expect(near(await boxColour(res.rawPayload, 10, 10, 50, 50), BLUE)).toBe(true);
      const again = await get(url, cookie, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
    }
  });

  it('resizes only the derivative for the public', async () => {
    const res = await get(`/api/media/optimize?key=${encodeURIComponent(key)}&w=3840`, stranger.cookie, { accept: 'image/webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(2048);
    expect(await cornerIsPlain(res.rawPayload)).toBe(false);
    const mine = await get(`/api/media/optimize?key=${encodeURIComponent(key)}&w=3840`, owner.cookie, { accept: 'image/webp' });
    expect((await sharp(mine.rawPayload).metadata()).width).toBe(2400);
  });

  it('serves its preview as it is', async () => {
    const mine = await get(thumbUrl, owner.cookie);
    const theirs = await get(thumbUrl, null);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['cache-control']).toBe('public, no-cache');
    expect(sha(theirs.rawPayload)).toBe(sha(mine.rawPayload));
  });

  it("follows the owner's plan and copy protection", async () => {
    const marked = await get(url, stranger.cookie);
    await t.database.db.insert(subscriptions).values({
      userId: owner.id,
      appName: 'tessera',
      mode: 'test',
      subscriptionId: `sub_${owner.id}`,
      customerId: `cus_${owner.id}`,
      productId: 'pro_monthly',
      status: 'active',
      currentPeriodStart: new Date(),
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      currency: 'USD',
    });
    const clean = await get(url, stranger.cookie, { 'if-none-match': String(marked.headers.etag) });
    expect(clean.statusCode).toBe(200);
    expect(clean.headers.etag).not.toBe(marked.headers.etag);
    expect(await cornerIsPlain(clean.rawPayload)).toBe(true);
    expect((await sharp(clean.rawPayload).metadata()).width).toBe(2048);

    await publish(owner, id, true);
    const guarded = await get(url, stranger.cookie);
    expect(await sharp(guarded.rawPayload).metadata()).toMatchObject({ width: 1080, height: 720 });
  });

  it('stops serving it the moment it is unpublished', async () => {
    const before = await get(url, stranger.cookie);
    expect(before.statusCode).toBe(200);
    expect((await rpc(t.app, owner.cookie, 'feed.unpublish', { id })).status).toBe(200);
    expect((await get(url, stranger.cookie, { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(404);
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(thumbUrl, null)).statusCode).toBe(401);
    expect((await get(url, owner.cookie)).statusCode).toBe(200);
  });

  it('deletes its derivatives with it', async () => {
    const storage = new LocalDiskStorage(join(t.config.dataDir, 'media'));
    const made = [];
    for (const k of derivativeKeys(key)) if (await storage.get(k)) made.push(k);
    expect(made.length).toBeGreaterThanOrEqual(3);
    expect((await rpc(t.app, owner.cookie, 'creation.delete', { id })).status).toBe(200);
    for (const k of [key, ...made]) expect(await storage.get(k)).toBeNull();
  });
});

describe('a published video of a free owner', () => {
  let author: TestUser;
  let url: string;
  let id: string;

  beforeAll(async () => {
    author = await signUpTestUser(t.app);
    const file = join(dir, 'blue.mp4');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=0x0ea5e9:s=480x320:d=3:r=8', '-f', 'lavfi', '-i', 'sine=d=3', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file]);
    const uploaded = await uploadFile(t.app, author.cookie, await readFile(file), 'blue.mp4', 'video/mp4');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const key = uploaded.json<{ key: string }>().key;
    url = `/api/media/${key}`;
    id = await publishedCreation(author, key, 'video');
  });

  /** The first frame of an MP4 as PNG, and the streams ffprobe sees. */
  async function inspect(data: Buffer, name: string) {
    const path = join(dir, `${name}.mp4`);
    await writeFile(path, data);
    const probe = JSON.parse((await run('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', path])).stdout) as { streams: { codec_type: string; codec_name: string; width?: number }[] };
    const frame = (await run('ffmpeg', ['-v', 'error', '-i', path, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'], { encoding: 'buffer', maxBuffer: 1 << 24 })).stdout;
    return { probe, frame };
  }

  it('is a marked, re-encoded copy for the public and for free downloads', async () => {
    const original = await get(url, author.cookie);
    const theirs = await get(url, stranger.cookie);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers).toMatchObject({ 'content-type': 'video/mp4', 'cache-control': 'public, no-cache' });
    expect(sha(theirs.rawPayload)).not.toBe(sha(original.rawPayload));
    const seen = await inspect(theirs.rawPayload, 'public');
    expect(seen.probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(await cornerIsPlain(seen.frame)).toBe(false);
    expect(await cornerIsPlain((await inspect(original.rawPayload, 'original')).frame)).toBe(true);

    const download = await get(`/api/creations/${id}/download`, author.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['x-watermark']).toBe('tessera');
    const downloaded = await inspect(download.rawPayload, 'download');
    expect(downloaded.probe.streams.find((s) => s.codec_type === 'video')?.width).toBe(480);
    expect(await cornerIsPlain(downloaded.frame)).toBe(false);
  });
});
