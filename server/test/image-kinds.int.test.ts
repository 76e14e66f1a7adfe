/**
 * Every image kind through its public RPC, the queue, the in-process workers and the local
 * engine's worker threads, on real photos: each produces a valid image of the dimensions the
 * request implies (sharp metadata), face swap without a face fails with the catalogue message
 * and refunds, and an upscale past 4096 px is refused before anything is held.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { uncropLayout } from '@tessera/shared/generation';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  connectTestSocket,
  creditSummary,
  disconnectTestSockets,
  rpc,
  signInAnonymously,
  type TestApp,
  type TestUser,
  uploadFile,
} from './harness.ts';

const FACES = fileURLToPath(new URL('../../node_modules/@vladmandic/face-api/demo/', import.meta.url));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ config: { workerConcurrency: 2, engineThreads: 1 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  disconnectTestSockets();
  await t.close();
});

type Outcome = { ok: true; url: string; width?: number; height?: number } | { ok: false; code: string; message: string };

/** Submits a task and waits for its end on the user's socket. */
async function run(user: TestUser, path: string, input: object): Promise<Outcome> {
  const socket = await connectTestSocket(t.app, user.cookie);
  const ended = new Map<string, Outcome>();
  let wanted = '';
  let resolve: (o: Outcome) => void = () => {};
  const settle = (id: string, outcome: Outcome) => (id === wanted ? resolve(outcome) : ended.set(id, outcome));
  socket.on('task:succeeded', (p) => settle(p.id, { ok: true, ...p.outputs[0]! }));
  socket.on('task:failed', (p) => settle(p.id, { ok: false, code: p.code, message: p.message }));
  const created = await rpc(t.app, user.cookie, path, input);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  wanted = created.body.result.data.id;
  const outcome = ended.get(wanted) ?? (await new Promise<Outcome>((r) => (resolve = r)));
  socket.disconnect();
  return outcome;
}

async function fetchImage(user: TestUser, url: string) {
  const res = await t.app.inject({ url, headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return sharp(res.rawPayload).metadata();
}

async function upload(user: TestUser, data: Buffer): Promise<string> {
  const res = await uploadFile(t.app, user.cookie, data);
  expect(res.statusCode).toBe(200);
  return res.json().key;
}

describe('image kinds on the local engine', () => {
  let user: TestUser;
  let photo: string;
  let mask: string;
  const W = 320;
  let H = 0;

  // The eight cases cost 24 credits: within one visitor's 30-credit trial.
  beforeAll(async () => {
    user = await signInAnonymously(t.app);
    const portrait = await sharp(join(FACES, 'sample4.jpg')).resize({ width: W }).png().toBuffer({ resolveWithObject: true });
    H = portrait.info.height;
    photo = await upload(user, portrait.data);
    const square = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#000"/><rect x="40" y="40" width="60" height="60" fill="#fff"/></svg>`);
    mask = await upload(user, await sharp(square).png().toBuffer());
  });

  const cases: [string, string, () => object, (w: number, h: number) => [number, number], boolean?][] = [
    ['image to image', 'image2Image.create', () => ({ image: photo, prompt: 'a watercolor portrait in blue', style: 'auto' }), (w, h) => [w, h]],
    ['upscale (ESRGAN 2×)', 'imageTools.upscale', () => ({ image: photo, scale: 2, mode: 'quality' }), (w, h) => [w * 2, h * 2]],
    ['upscale (lanczos 4×)', 'imageTools.upscale', () => ({ image: photo, scale: 4, mode: 'fast' }), (w, h) => [w * 4, h * 4]],
    ['uncrop', 'imageTools.uncrop', () => ({ image: photo, aspectRatio: '16:9', zoomOut: 1.25 }), (w, h) => { const l = uncropLayout(w, h, '16:9', 1.25); return [l.width, l.height]; }],
    ['object remover', 'imageTools.objectRemover', () => ({ image: photo, mask }), (w, h) => [w, h]],
    ['inpaint', 'imageTools.painting', () => ({ image: photo, mask, prompt: 'golden flowers' }), (w, h) => [w, h]],
    ['background remover', 'imageTools.backgroundRemover', () => ({ image: photo }), (w, h) => [w, h], true],
    ['background changer', 'imageTools.backgroundChanger', () => ({ image: photo, background: { type: 'color', color: '#22aa66' } }), (w, h) => [w, h]],
  ];

  for (const [name, path, input, size, alpha] of cases) {
    it(`${name} produces a valid image of the requested size`, async () => {
      const outcome = await run(user, path, input());
      expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
      if (!outcome.ok) return;
      const meta = await fetchImage(user, outcome.url);
      const [w, h] = size(W, H);
      expect([meta.width, meta.height]).toEqual([w, h]);
      expect(['png', 'jpeg', 'webp']).toContain(meta.format);
      if (alpha) expect(meta.hasAlpha).toBe(true);
    }, 120_000);
  }
});

describe('face swap', () => {
  it('swaps a real face onto another photo, and refuses a face photo without a face or in profile before holding credits', async () => {
    const user = await signInAnonymously(t.app);
    const target = await upload(user, await sharp(join(FACES, 'sample6.jpg')).resize({ width: 480 }).jpeg().toBuffer());
    const face = await upload(user, await sharp(join(FACES, 'sample1.jpg')).resize({ width: 480 }).jpeg().toBuffer());
    const swapped = await run(user, 'imageTools.faceSwap', { image: target, face });
    expect(swapped).toMatchObject({ ok: true });
    if (swapped.ok) expect((await fetchImage(user, swapped.url)).width).toBe(480);

    const before = await creditSummary(t.app, user.cookie);
    const landscape = await upload(
      user,
      await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="120" fill="#8ecae6"/><rect y="120" width="320" height="80" fill="#2a9d8f"/><circle cx="260" cy="40" r="20" fill="#ffb703"/></svg>')).png().toBuffer(),
    );
    const noFace = await rpc(t.app, user.cookie, 'imageTools.faceSwap', { image: target, face: landscape });
    expect(noFace.status).toBe(400);
    expect(noFace.body.error.message).toBe('No face found');
    // sample2's left woman looks sideways (her friends painted over): the swap cannot warp a profile.
    const sample2 = sharp(join(FACES, 'sample2.jpg'));
    const { width, height } = await sample2.metadata();
    const cover = { create: { width: width! - 800, height: height!, channels: 3 as const, background: '#777' } };
    const profile = await upload(user, await sharp(await sample2.composite([{ input: cover, left: 800, top: 0 }]).jpeg().toBuffer()).resize(1024).jpeg().toBuffer());
    const badPose = await rpc(t.app, user.cookie, 'imageTools.faceSwap', { image: target, face: profile });
    expect(badPose.status).toBe(400);
    expect(badPose.body.error.message).toBe('The pose of the detected face is invalid.');
    expect(await creditSummary(t.app, user.cookie)).toEqual(before);
  }, 120_000);
});

describe('limits checked before anything is held', () => {
  it('refuses an upscale past 4096 px and an image the caller does not own', async () => {
    const user = await signInAnonymously(t.app);
    const big = await upload(user, await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#999' } }).png().toBuffer());
    const before = await creditSummary(t.app, user.cookie);
    const res = await rpc(t.app, user.cookie, 'imageTools.upscale', { image: big, scale: 4, mode: 'fast' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Image upscale size is too large.');
    expect(await creditSummary(t.app, user.cookie)).toEqual(before);
    const bad = await rpc(t.app, user.cookie, 'imageTools.upscale', { image: 'javascript:alert(1)', scale: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.data.code).toBe('BAD_REQUEST');
    const missing = await rpc(t.app, user.cookie, 'imageTools.backgroundRemover', { image: `u/${user.id}/up-nothing.png` });
    expect(missing.body.error.message).toBe('Image not found.');
  });
});
