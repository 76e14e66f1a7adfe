/**
 * The local engine's motion kinds through their public RPCs, the queue and the in-process
 * workers: consistent character (subjects on a moving scene of the prompt), mimic motion (a photo
 * moved as a reference video moves) and video extension (a video continued past its end, its
 * sound kept and padded with silence). Each produces a playable MP4 (ffprobe: H.264 + AAC, the
 * requested length within 0.1 s, the expected size) charged by the price table. The §5 rules
 * refuse their bad inputs with the catalogue message before anything is held (balance unchanged,
 * no task row): an extension of a video made over 30 days ago or longer than 3 minutes, a mimic
 * reference outside 3–30 s, and a video whose generation is still running.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generationTasks, mediaObjects } from '@tessera/db/schema';
import { costOf } from '@tessera/shared/credits/costs';
import { GENERATION_KINDS } from '@tessera/shared/generation';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, creditSummary, disconnectTestSockets, rpc, type TestApp, type TestUser, uploadFile } from './harness.ts';
import { expectRefused, makeClip, meanVolume, probe, richUser, runToVideo, storeDirectly, uploadVideo } from './videoTestKit.ts';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp({ config: { workerConcurrency: 1, engineThreads: 1 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await mkdtemp(join(tmpdir(), 'tessera-video-motion-test-'));
});
afterAll(async () => {
  disconnectTestSockets();
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const NOT_EXTENDABLE = 'This video does not currently support extended operations. Please try another video.';
const OUT_OF_RANGE = 'Videos must be 3 to 30 seconds long.';
const PROCESSING = 'The video is currently being processed, so this action is not available right now.';
/** Audible: well above the −91 dB floor of 16-bit silence (and the −inf of digital silence). */
const AUDIBLE_DB = -60;

/** A drawn picture (no photo of a person): a figure-like shape on a plain backdrop, `width`×`height`. */
async function drawing(width: number, height: number, colour: string): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#eef2f3"/>` +
    `<circle cx="${width / 2}" cy="${height * 0.3}" r="${height * 0.12}" fill="${colour}"/>` +
    `<rect x="${width * 0.38}" y="${height * 0.42}" width="${width * 0.24}" height="${height * 0.45}" rx="12" fill="${colour}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function uploadImage(user: TestUser, png: Buffer): Promise<string> {
  const res = await uploadFile(t.app, user.cookie, png, 'photo.png', 'image/png');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().key;
}

async function taskCount(user: TestUser): Promise<number> {
  const [row] = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(generationTasks).where(eq(generationTasks.userId, user.id));
  return row?.count ?? 0;
}

/** Checks the MP4: H.264 + AAC, `want`'s size, its length within 0.1 s. */
async function expectVideo(video: Buffer, want: { width: number; height: number; durationS: number }) {
  const info = await probe(dir, video);
  expect(info.video).toEqual({ codec: 'h264', width: want.width, height: want.height });
  expect(info.audio).toBe('aac');
  expect(Math.abs(info.durationS - want.durationS), `lasts ${info.durationS} s`).toBeLessThanOrEqual(0.1);
}

/** Runs a kind through its RPC and expects `cost` credits charged. */
async function runCharged(user: TestUser, path: string, input: object, cost: number): Promise<Buffer> {
  const before = await creditSummary(t.app, user.cookie);
  const video = await runToVideo(t, user, path, input);
  expect(before.remaining - (await creditSummary(t.app, user.cookie)).remaining).toBe(cost);
  return video;
}

describe('motion kinds on the local engine', () => {
  it('keeps two subjects in a moving scene of the prompt, at the requested shape and length', async () => {
    const user = await richUser(t);
    const subjects = [await uploadImage(user, await drawing(240, 320, '#e76f51')), await uploadImage(user, await drawing(300, 300, '#264653'))];
    const input = { subjects, prompt: 'two friends walking through a park in autumn', resolution: '480p', aspectRatio: '16:9', duration: 5 };
    const cost = costOf('video_subjects', GENERATION_KINDS.video_subjects.input.parse(input));
    await expectVideo(await runCharged(user, 'video.createVideoBySubjects', input, cost), { width: 854, height: 480, durationS: 5 });
  }, 120_000);

  it("moves a photo as the reference moves, for the reference's length in the photo's shape", async () => {
    const user = await richUser(t);
    const image = await uploadImage(user, await drawing(400, 300, '#2a9d8f'));
    const video = await uploadVideo(t, user, await makeClip(dir, 3, 320, 240));
    // 400×300 at 480p: the short side becomes 480
    const input = { image, video, resolution: '480p' };
    // priced by the reference's probed length
    const cost = costOf('action_imitation', GENERATION_KINDS.action_imitation.input.parse({ ...input, source: { durationS: 3, width: 320, height: 240 } }));
    const clip = await runCharged(user, 'video.createActionImitation', input, cost);
    await expectVideo(clip, { width: 640, height: 480, durationS: 3 });
  }, 120_000);

  it('extends a video by the seconds asked, at its own size, keeping its sound and padding it with silence', async () => {
    const user = await richUser(t);
    const video = await uploadVideo(t, user, await makeClip(dir, 3, 320, 240, 440));
    const input = { video, duration: 5 };
    const clip = await runCharged(user, 'video.extendVideo', input, costOf('video_extend', GENERATION_KINDS.video_extend.input.parse(input)));
    await expectVideo(clip, { width: 320, height: 240, durationS: 8 });
    expect(await meanVolume(dir, clip, 'atrim=0:2.5')).toBeGreaterThan(AUDIBLE_DB);
    expect(await meanVolume(dir, clip, 'atrim=start=3.5')).toBeLessThan(-85);
  }, 120_000);
});

describe('§5 rules for extension and mimic motion, checked before anything is held', () => {
  it('refuses to extend a video created over 30 days ago or longer than 3 minutes', async () => {
    const user = await richUser(t);
    const old = await uploadVideo(t, user, await makeClip(dir, 3, 160, 120));
    await t.database.db.update(mediaObjects).set({ createdAt: sql`now() - interval '31 days'` }).where(eq(mediaObjects.key, old));
    await expectRefused(t, user, 'video.extendVideo', { video: old }, NOT_EXTENDABLE);
    const long = await storeDirectly(t, user, await makeClip(dir, 181, 64, 64));
    await expectRefused(t, user, 'video.extendVideo', { video: long, duration: 10 }, NOT_EXTENDABLE);
    expect(await taskCount(user)).toBe(0);
  }, 60_000);

  it('refuses a mimic-motion reference outside 3–30 s', async () => {
    const user = await richUser(t);
    const image = await uploadImage(user, await drawing(200, 200, '#8ecae6'));
    const short = await storeDirectly(t, user, await makeClip(dir, 2, 160, 120));
    await expectRefused(t, user, 'video.createActionImitation', { image, video: short }, OUT_OF_RANGE);
    const long = await storeDirectly(t, user, await makeClip(dir, 31, 64, 64));
    await expectRefused(t, user, 'video.createActionImitation', { image, video: long }, OUT_OF_RANGE);
    expect(await taskCount(user)).toBe(0);
  }, 60_000);

  it('blocks a video still being generated, then refuses the finished one once it is over 30 days old', async () => {
    const user = await richUser(t);
    const image = await uploadImage(user, await drawing(200, 200, '#ffb703'));
    const created = await rpc(t.app, user.cookie, 'video.createVideoByText', { prompt: 'waves rolling on a beach', resolution: '480p', duration: 5 });
    expect(created.status).toBe(200);
    const taskId: string = created.body.result.data.id;
    await expectRefused(t, user, 'video.extendVideo', { video: taskId }, PROCESSING);
    await expectRefused(t, user, 'video.createActionImitation', { image, video: taskId }, PROCESSING);
    await expect.poll(async () => (await rpc(t.app, user.cookie, 'task.get', { id: taskId }, 'GET')).body.result.data.status, { timeout: 60_000, interval: 250 }).toBe('succeeded');
    // a clip made here is as old as its task
    await t.database.db.update(generationTasks).set({ createdAt: sql`now() - interval '31 days'` }).where(eq(generationTasks.id, taskId));
    await expectRefused(t, user, 'video.extendVideo', { video: taskId }, NOT_EXTENDABLE);
    expect(await taskCount(user)).toBe(1);
  }, 120_000);
});
