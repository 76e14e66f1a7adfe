/**
 * Every video kind through its public RPC, the queue, the in-process workers and the local
 * engine's ffmpeg renders: each produces a playable MP4 (ffprobe: H.264 + AAC, the requested
 * duration within 0.1 s, the requested size) with a poster. Each §5 rule refuses its bad input
 * with the catalogue message before anything is held: a video outside 3–30 s, 4K for a video over
 * a minute, an "upscale" that would not enlarge, a video still being generated, someone else's video.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, creditSummary, disconnectTestSockets, rpc, type TestApp, type TestUser } from './harness.ts';
import { expectRefused, makeClip, probe, richUser, runToVideo, storeDirectly, uploadMedia, uploadVideo } from './videoTestKit.ts';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp({ config: { workerConcurrency: 2, engineThreads: 1 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await mkdtemp(join(tmpdir(), 'tessera-video-test-'));
});
afterAll(async () => {
  disconnectTestSockets();
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs a kind and checks the MP4 it made: H.264 + AAC at the wanted size and length. */
async function expectClip(user: TestUser, path: string, input: object, want: { width: number; height: number; durationS: number }) {
  const info = await probe(dir, await runToVideo(t, user, path, input));
  expect(info.video).toEqual({ codec: 'h264', width: want.width, height: want.height });
  expect(info.audio).toBe('aac');
  expect(Math.abs(info.durationS - want.durationS), `${path} lasts ${info.durationS} s`).toBeLessThanOrEqual(0.1);
}

describe('video kinds on the local engine', () => {
  let user: TestUser;
  let photo: string;
  let clip: string;

  beforeAll(async () => {
    user = await richUser(t);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="180" fill="#8ecae6"/><rect y="180" width="400" height="120" fill="#2a9d8f"/><circle cx="320" cy="60" r="30" fill="#ffb703"/></svg>';
    photo = await uploadMedia(t, user, await sharp(Buffer.from(svg)).png().toBuffer(), 'photo.png', 'image/png');
    clip = await uploadVideo(t, user, await makeClip(dir, 6, 320, 180));
  });

  it('makes text to video at the requested shape, size and length, and charges by the table', async () => {
    const before = await creditSummary(t.app, user.cookie);
    await expectClip(user, 'video.createVideoByText', { prompt: 'a red fox in a snowy forest, zoom out', resolution: '480p' }, { width: 854, height: 480, durationS: 5 });
    // 5 s at 480p std: 1 credit a second
    expect((await creditSummary(t.app, user.cookie)).remaining).toBe(before.remaining - 5);
    await expectClip(user, 'video.createVideoByTextV2', { prompt: 'neon city at night', resolution: '480p', aspectRatio: '9:16', duration: 5 }, { width: 480, height: 854, durationS: 5 });
  }, 120_000);

  it('brings a photo to life in its own shape', async () => {
    // 400×300 at 480p: the short side becomes 480
    await expectClip(user, 'video.createVideoByImage', { image: photo, prompt: 'slow pan left over the bay', resolution: '480p' }, { width: 640, height: 480, durationS: 5 });
    await expectClip(user, 'video.createVideoByImageV2', { image: photo, resolution: '480p' }, { width: 640, height: 480, durationS: 5 });
  }, 120_000);

  it('restyles, animates and upscales a whole uploaded video', async () => {
    const before = await creditSummary(t.app, user.cookie);
    await expectClip(user, 'video.createVideoByVideo', { video: clip, prompt: 'film noir', resolution: '480p' }, { width: 854, height: 480, durationS: 6 });
    // priced by the probed source: 6 s at 480p
    expect((await creditSummary(t.app, user.cookie)).remaining).toBe(before.remaining - 6);
    await expectClip(user, 'anime.createAnimatedVideo', { video: `/api/media/${clip}`, resolution: '480p' }, { width: 854, height: 480, durationS: 6 });
    await expectClip(user, 'video.upscaleVideo', { video: clip, target: '1080p' }, { width: 1920, height: 1080, durationS: 6 });
  }, 180_000);
});

describe('§5 video rules, checked before anything is held', () => {
  it('refuses videos outside 3–30 s, 4K past a minute, and shrinking "upscales"', async () => {
    const user = await richUser(t);
    const short = await storeDirectly(t, user, await makeClip(dir, 2, 160, 90));
    await expectRefused(t, user, 'video.createVideoByVideo', { video: short }, 'Videos must be 3 to 30 seconds long.');
    await expectRefused(t, user, 'anime.createAnimatedVideo', { video: short }, 'Videos must be 3 to 30 seconds long.');
    const long = await storeDirectly(t, user, await makeClip(dir, 61, 160, 90));
    await expectRefused(t, user, 'video.createVideoByVideo', { video: long }, 'Videos must be 3 to 30 seconds long.');
    await expectRefused(t, user, 'video.upscaleVideo', { video: long, target: '4k' }, 'Unsupported upscale mode or capability');
    const big = await storeDirectly(t, user, await makeClip(dir, 3, 1920, 1080));
    await expectRefused(t, user, 'video.upscaleVideo', { video: big, target: '1080p' }, 'Unsupported upscale mode or capability');
    await expectRefused(t, user, 'video.upscaleVideo', { video: big, target: '8k' }, 'Unsupported upscale mode or capability');
  }, 60_000);

  it('blocks a video whose generation is still running, then accepts the finished clip', async () => {
    const user = await richUser(t);
    const created = await rpc(t.app, user.cookie, 'video.createVideoByText', { prompt: 'waves rolling on a beach', resolution: '480p', duration: 10 });
    expect(created.status).toBe(200);
    const taskId: string = created.body.result.data.id;
    await expectRefused(t, user, 'video.createVideoByVideo', { video: taskId }, 'The video is currently being processed, so this action is not available right now.');
    await expect.poll(async () => (await rpc(t.app, user.cookie, 'task.get', { id: taskId }, 'GET')).body.result.data.status, { timeout: 60_000, interval: 250 }).toBe('succeeded');
    await expectClip(user, 'video.upscaleVideo', { video: taskId, target: '1080p' }, { width: 1920, height: 1080, durationS: 10 });
  }, 120_000);

  it("refuses someone else's video, an image and pro mode on a free plan", async () => {
    const owner = await richUser(t);
    const theirs = await storeDirectly(t, owner, await makeClip(dir, 4, 160, 90));
    const user = await richUser(t);
    await expectRefused(t, user, 'video.createVideoByVideo', { video: theirs }, 'Video not found.');
    await expectRefused(t, user, 'video.createVideoByVideo', { video: randomUUID() }, 'Video not found.');
    await expectRefused(t, user, 'video.createVideoByVideo', { video: `u/${user.id}/photo.png` }, 'Video not found.');
    await expectRefused(t, user, 'video.createVideoByText', { prompt: 'a fox', mode: 'pro' }, 'tessera::pro_feature::This feature needs a paid plan.');
  }, 60_000);
});
