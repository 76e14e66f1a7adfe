/**
 * Every video kind through its public RPC, the queue, the in-process workers and the local
 * engine's ffmpeg renders: each produces a playable MP4 (ffprobe: H.264 + AAC, the requested
 * duration within 0.1 s, the requested size) with a poster. Each §5 rule refuses its bad input
 * with the catalogue message before anything is held: a video outside 3–30 s, 4K for a video over
 * a minute, an "upscale" that would not enlarge, a video still being generated, someone else's video.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMediaObject } from '../src/media/media.repo.ts';
import { grantCredits } from '../src/modules/credits/credits.service.ts';
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

const run$ = promisify(execFile);
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

/** A test clip made by ffmpeg's own test source: `seconds` long, `width`×`height`, 12 fps, no audio. */
async function makeClip(seconds: number, width: number, height: number): Promise<Buffer> {
  const path = join(dir, `${randomUUID()}.mp4`);
  await run$('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=12:d=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path]);
  return readFile(path);
}

interface Probe {
  video: { codec: string; width: number; height: number };
  audio: string | null;
  durationS: number;
}

async function probe(data: Buffer): Promise<Probe> {
  const path = join(dir, `${randomUUID()}.mp4`);
  await writeFile(path, data);
  const { stdout } = await run$('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path]);
  const parsed = JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; width?: number; height?: number }[]; format: { duration: string } };
  const video = parsed.streams.find((s) => s.codec_type === 'video')!;
  return {
    video: { codec: video.codec_name, width: video.width!, height: video.height! },
    audio: parsed.streams.find((s) => s.codec_type === 'audio')?.codec_name ?? null,
    durationS: Number(parsed.format.duration),
  };
}

type Outcome = { ok: true; id: string; url: string; mediaType: string } | { ok: false; code: string; message: string };

/** Submits a task and waits for its end on the user's socket. */
async function run(user: TestUser, path: string, input: object): Promise<Outcome> {
  const socket = await connectTestSocket(t.app, user.cookie);
  const ended = new Map<string, Outcome>();
  let wanted = '';
  let resolve: (o: Outcome) => void = () => {};
  const settle = (id: string, outcome: Outcome) => (id === wanted ? resolve(outcome) : ended.set(id, outcome));
  socket.on('task:succeeded', (p) => settle(p.id, { ok: true, id: p.id, url: p.outputs[0]!.url, mediaType: p.outputs[0]!.mediaType }));
  socket.on('task:failed', (p) => settle(p.id, { ok: false, code: p.code, message: p.message }));
  const created = await rpc(t.app, user.cookie, path, input);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  wanted = created.body.result.data.id;
  const outcome = ended.get(wanted) ?? (await new Promise<Outcome>((r) => (resolve = r)));
  socket.disconnect();
  return outcome;
}

async function fetchMedia(user: TestUser, url: string): Promise<Buffer> {
  const res = await t.app.inject({ url, headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Runs a kind and checks the MP4 it made; answers the task's outcome. */
async function expectClip(user: TestUser, path: string, input: object, want: { width: number; height: number; durationS: number }) {
  const outcome = await run(user, path, input);
  expect(outcome, path).toMatchObject({ ok: true, mediaType: 'video' });
  if (!outcome.ok) throw new Error(outcome.message);
  const info = await probe(await fetchMedia(user, outcome.url));
  expect(info.video).toEqual({ codec: 'h264', width: want.width, height: want.height });
  expect(info.audio).toBe('aac');
  expect(Math.abs(info.durationS - want.durationS), `${path} lasts ${info.durationS} s`).toBeLessThanOrEqual(0.1);
  return outcome;
}

async function upload(user: TestUser, data: Buffer, filename: string, contentType: string): Promise<string> {
  const res = await uploadFile(t.app, user.cookie, data, filename, contentType);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().key;
}

/**
 * Stores a video as media of `user` without the upload route (whose 3–30 s check would refuse it):
 * a file imported before the rule, or made elsewhere — the generation path must check it itself.
 */
async function storeDirectly(user: TestUser, data: Buffer): Promise<string> {
  const key = `u/${user.id}/up-${randomUUID()}.mp4`;
  await t.app.services.storage.put(key, data, 'video/mp4');
  await insertMediaObject(t.database.db, { key, userId: user.id, origin: 'upload', contentType: 'video/mp4', sizeBytes: data.length });
  return key;
}

async function richUser(): Promise<TestUser> {
  const user = await signInAnonymously(t.app);
  await grantCredits(t.database.db, { userId: user.id, sourceKind: 'admin', sourceId: `video-test-${user.id}`, amount: 500, note: 'video tests' });
  return user;
}

/**
 * Expects `path` to refuse `input` with `message` (the error's, or for input the schema refuses
 * the field issue's) and to hold nothing.
 */
async function expectRefused(user: TestUser, path: string, input: object, message: string) {
  const before = await creditSummary(t.app, user.cookie);
  const res = await rpc(t.app, user.cookie, path, input);
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  const issues: { message: string }[] = res.body.error.data.issues ?? [];
  expect([res.body.error.message, ...issues.map((i) => i.message)]).toContain(message);
  expect(await creditSummary(t.app, user.cookie)).toEqual(before);
}

describe('video kinds on the local engine', () => {
  let user: TestUser;
  let photo: string;
  let clip: string;

  beforeAll(async () => {
    user = await richUser();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="180" fill="#8ecae6"/><rect y="180" width="400" height="120" fill="#2a9d8f"/><circle cx="320" cy="60" r="30" fill="#ffb703"/></svg>';
    photo = await upload(user, await sharp(Buffer.from(svg)).png().toBuffer(), 'photo.png', 'image/png');
    clip = await upload(user, await makeClip(6, 320, 180), 'clip.mp4', 'video/mp4');
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
    const user = await richUser();
    const short = await storeDirectly(user, await makeClip(2, 160, 90));
    await expectRefused(user, 'video.createVideoByVideo', { video: short }, 'Videos must be 3 to 30 seconds long.');
    await expectRefused(user, 'anime.createAnimatedVideo', { video: short }, 'Videos must be 3 to 30 seconds long.');
    const long = await storeDirectly(user, await makeClip(61, 160, 90));
    await expectRefused(user, 'video.createVideoByVideo', { video: long }, 'Videos must be 3 to 30 seconds long.');
    await expectRefused(user, 'video.upscaleVideo', { video: long, target: '4k' }, 'Unsupported upscale mode or capability');
    const big = await storeDirectly(user, await makeClip(3, 1920, 1080));
    await expectRefused(user, 'video.upscaleVideo', { video: big, target: '1080p' }, 'Unsupported upscale mode or capability');
    await expectRefused(user, 'video.upscaleVideo', { video: big, target: '8k' }, 'Unsupported upscale mode or capability');
  }, 60_000);

  it('blocks a video whose generation is still running, then accepts the finished clip', async () => {
    const user = await richUser();
    const created = await rpc(t.app, user.cookie, 'video.createVideoByText', { prompt: 'waves rolling on a beach', resolution: '480p', duration: 10 });
    expect(created.status).toBe(200);
    const taskId: string = created.body.result.data.id;
    await expectRefused(user, 'video.createVideoByVideo', { video: taskId }, 'The video is currently being processed, so this action is not available right now.');
    await expect.poll(async () => (await rpc(t.app, user.cookie, 'task.get', { id: taskId }, 'GET')).body.result.data.status, { timeout: 60_000, interval: 250 }).toBe('succeeded');
    await expectClip(user, 'video.upscaleVideo', { video: taskId, target: '1080p' }, { width: 1920, height: 1080, durationS: 10 });
  }, 120_000);

  it("refuses someone else's video, an image and pro mode on a free plan", async () => {
    const owner = await richUser();
    const theirs = await storeDirectly(owner, await makeClip(4, 160, 90));
    const user = await richUser();
    await expectRefused(user, 'video.createVideoByVideo', { video: theirs }, 'Video not found.');
    await expectRefused(user, 'video.createVideoByVideo', { video: randomUUID() }, 'Video not found.');
    await expectRefused(user, 'video.createVideoByVideo', { video: `u/${user.id}/photo.png` }, 'Video not found.');
    await expectRefused(user, 'video.createVideoByText', { prompt: 'a fox', mode: 'pro' }, 'This feature needs a paid plan.');
  }, 60_000);
});
