/**
 * The face video kinds through their public RPCs, the queue, the workers and the local engine:
 * AI avatar (a portrait speaking), lip sync on a video and face swap on a video each produce a
 * playable H.264 + AAC MP4 (ffprobe) with the expected size and length, the lip-sync ones with
 * audible speech as long as the clip. Each §5 lip-sync rule (size, length, stable faces), a
 * face-less input and the speech frequency limit refuse with their catalogue message and hold no
 * credits.
 *
 * The portrait is a crop of a photo face-api ships (demo/sample1.jpg); test videos are made from
 * it with ffmpeg, tiny and at low bitrate.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { estimateSpeechSeconds, fitVideoSize } from '@tessera/shared/generation/video';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIP_SYNC_PER_MINUTE } from '../src/generation/faceChecks.ts';
import { packageFile } from '../src/generation/engine/tf.ts';
import { buildTestApp, creditSummary, disconnectTestSockets, rpc, type TestApp, type TestUser } from './harness.ts';
import { expectRefused, meanVolume, richUser, run$, runToVideo, saveTemp, storeDirectly, uploadMedia, uploadVideo } from './videoTestKit.ts';

let t: TestApp;
let dir: string;
let portraitPath: string;

beforeAll(async () => {
  t = await buildTestApp({ config: { workerConcurrency: 1, engineThreads: 1 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await mkdtemp(join(tmpdir(), 'tessera-face-test-'));
  // One woman's head and shoulders, 240×320.
  portraitPath = join(dir, 'portrait.jpg');
  await sharp(await readFile(packageFile('@vladmandic/face-api', 'demo/sample1.jpg')))
    .extract({ left: 262, top: 214, width: 480, height: 640 })
    .resize(240, 320)
    .jpeg({ quality: 90 })
    .toFile(portraitPath);
});
afterAll(async () => {
  disconnectTestSockets();
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** `seconds` of the portrait filling `width`×`height` (slowly zooming), or of plain grey. */
async function makeClip(seconds: number, width: number, height: number, picture: 'portrait' | 'grey'): Promise<Buffer> {
  const path = join(dir, `${randomUUID()}.mp4`);
  const input = picture === 'portrait' ? ['-loop', '1', '-framerate', '12', '-i', portraitPath] : ['-f', 'lavfi', '-i', `color=c=gray:s=${width}x${height}:r=12`];
  const vf = `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},zoompan=z='1+0.001*on':d=1:s=${width}x${height}:fps=12,format=yuv420p`;
  await run$('ffmpeg', ['-v', 'error', ...input, '-vf', vf, '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '40', path]);
  return readFile(path);
}

/** 4 s of 1280×736 grey with the portrait on it, at the left for 2 s, then at the right. */
async function makeJumpyClip(): Promise<Buffer> {
  const path = join(dir, `${randomUUID()}.mp4`);
  const graph = "[1:v]scale=360:480[p];[0:v][p]overlay=x='if(lt(t,2),80,840)':y=120,format=yuv420p";
  await run$('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=gray:s=1280x736:r=12:d=4', '-loop', '1', '-framerate', '12', '-i', portraitPath, '-filter_complex', graph, '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '40', path]);
  return readFile(path);
}

interface Probe {
  video: { codec: string; width: number; height: number };
  audio: { codec: string; durationS: number } | null;
  durationS: number;
  /** Mean loudness of the sound, dBFS. */
  meanVolumeDb: number;
}

async function probe(data: Buffer): Promise<Probe> {
  const { stdout } = await run$('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', await saveTemp(dir, data)]);
  const parsed = JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; width?: number; height?: number; duration?: string }[]; format: { duration: string } };
  const video = parsed.streams.find((s) => s.codec_type === 'video')!;
  const audio = parsed.streams.find((s) => s.codec_type === 'audio');
  return {
    video: { codec: video.codec_name, width: video.width!, height: video.height! },
    audio: audio ? { codec: audio.codec_name, durationS: Number(audio.duration) } : null,
    durationS: Number(parsed.format.duration),
    meanVolumeDb: audio ? await meanVolume(dir, data) : -Infinity,
  };
}

/** Runs a kind to success and probes the MP4 it made. */
async function runToClip(user: TestUser, path: string, input: object): Promise<Probe> {
  return probe(await runToVideo(t, user, path, input));
}

/** Checks a lip-sync clip: H.264 + AAC, `size`, lasting as long as its speech, which is audible. */
function expectSpeakingClip(clip: Probe, size: { width: number; height: number }, text: string) {
  expect(clip.video).toEqual({ codec: 'h264', ...size });
  expect(clip.audio?.codec).toBe('aac');
  // the clip is the speech's length: sound and picture end together…
  expect(Math.abs(clip.audio!.durationS - clip.durationS)).toBeLessThanOrEqual(0.1);
  // …and that length is a plausible reading of the text (the price's estimate is ~14 chars/s)
  const estimate = estimateSpeechSeconds(text);
  expect(clip.durationS).toBeGreaterThan(estimate * 0.4);
  expect(clip.durationS).toBeLessThan(estimate * 2);
  // speech, not the silent track the other kinds carry (silence is -91 dB)
  expect(clip.meanVolumeDb).toBeGreaterThan(-40);
}

const greyPng = () => sharp({ create: { width: 320, height: 240, channels: 3, background: '#8a8f99' } }).png().toBuffer();

describe('face video kinds on the local engine', () => {
  let user: TestUser;
  let portrait: string;

  beforeAll(async () => {
    user = await richUser(t);
    portrait = await uploadMedia(t, user, await readFile(portraitPath), 'portrait.jpg', 'image/jpeg');
  });

  it('makes a portrait speak the text (AI avatar)', async () => {
    const text = 'Hello, and welcome to the studio.';
    const before = await creditSummary(t.app, user.cookie);
    const clip = await runToClip(user, 'lipSync.createLipSyncTask', { image: portrait, text, voice: 'female', resolution: '480p' });
    // 240×320 at 480p: the short side becomes 480
    expectSpeakingClip(clip, { width: 480, height: 640 }, text);
    expect((await creditSummary(t.app, user.cookie)).remaining).toBeLessThan(before.remaining);
  }, 180_000);

  it('lip-syncs a video, playing it back and forth when the speech is longer', async () => {
    const video = await uploadVideo(t, user, await makeClip(4, 1280, 736, 'portrait'), 'talk.mp4');
    const text = 'This clip is four seconds long, but what I say takes a little longer than that.';
    // 480p output keeps the test quick; the source still has to pass §5's size rule
    const clip = await runToClip(user, 'lipSync.createLipSyncTask', { video, text, voice: 'male', resolution: '480p' });
    expectSpeakingClip(clip, fitVideoSize(1280, 736, '480p'), text);
    expect(clip.durationS).toBeGreaterThan(4.2);
  }, 240_000);

  it('swaps the face on every frame, keeping the length and size', async () => {
    const video = await uploadVideo(t, user, await makeClip(3, 240, 320, 'portrait'), 'swap.mp4');
    const face = await sharp(await readFile(packageFile('@vladmandic/face-api', 'demo/sample1.jpg')))
      .extract({ left: 1278, top: 200, width: 600, height: 700 })
      .resize(300, 350)
      .jpeg()
      .toBuffer();
    const faceKey = await uploadMedia(t, user, face, 'face.jpg', 'image/jpeg');
    const clip = await runToClip(user, 'task.createFaceSwapTask', { video, face: faceKey });
    expect(clip.video).toEqual({ codec: 'h264', width: 240, height: 320 });
    expect(clip.audio?.codec).toBe('aac');
    expect(Math.abs(clip.durationS - 3)).toBeLessThanOrEqual(0.1);
  }, 180_000);
});

describe('lip-sync and face rules, checked before anything is held', () => {
  it('refuses videos outside §5 sizes and lengths, without a face, or with an unstable one', async () => {
    const user = await richUser(t);
    const text = 'Hello there.';
    const sizeMessage = 'For lip sync, the video’s short side must be over 720 px and its long side under 1920 px.';
    const exactly720 = await uploadVideo(t, user, await makeClip(4, 1280, 720, 'grey'), 'a.mp4');
    await expectRefused(t, user, 'lipSync.createLipSyncTask', { video: exactly720, text }, sizeMessage);
    const wide1920 = await uploadVideo(t, user, await makeClip(4, 1920, 1080, 'grey'), 'b.mp4');
    await expectRefused(t, user, 'lipSync.createLipSyncTask', { video: wide1920, text }, sizeMessage);
    // uploads take 3–30 s, so the 10 s bound is what refuses this one
    const long = await uploadVideo(t, user, await makeClip(10.5, 1280, 736, 'grey'), 'c.mp4');
    await expectRefused(t, user, 'lipSync.createLipSyncTask', { video: long, text }, 'For lip sync, the video must be longer than 2 seconds and shorter than 10 seconds.');
    // a clip shorter than the uploads allow, stored by other means, is refused by the 2 s bound
    const short = await storeDirectly(t, user, await makeClip(1.5, 1280, 736, 'grey'));
    await expectRefused(t, user, 'lipSync.createLipSyncTask', { video: short, text }, 'For lip sync, the video must be longer than 2 seconds and shorter than 10 seconds.');
    const faceless = await uploadVideo(t, user, await makeClip(4, 1280, 736, 'grey'), 'd.mp4');
    await expectRefused(t, user, 'lipSync.createLipSyncTask', { video: faceless, text }, 'No face found');
    // a face that jumps across the picture halfway through is not a stable face
    const jumpy = await uploadVideo(t, user, await makeJumpyClip(), 'e.mp4');
    await expectRefused(t, user, 'lipSync.createLipSyncTask', { video: jumpy, text }, 'The pose of the detected face is invalid.');
  }, 150_000);

  it('refuses a portrait or a face photo without a face', async () => {
    const user = await richUser(t);
    const grey = await uploadMedia(t, user, await greyPng(), 'grey.png', 'image/png');
    await expectRefused(t, user, 'lipSync.createLipSyncTask', { image: grey, text: 'Hello there.' }, 'No faces detected in the image.');
    const video = await uploadVideo(t, user, await makeClip(3, 240, 320, 'portrait'), 'v.mp4');
    await expectRefused(t, user, 'task.createFaceSwapTask', { video, face: grey }, 'No faces detected in the image.');
  }, 60_000);

  it(`allows ${LIP_SYNC_PER_MINUTE} lip-sync requests a minute, then says speech is too frequent`, async () => {
    const user = await richUser(t);
    const portrait = await uploadMedia(t, user, await readFile(portraitPath), 'portrait.jpg', 'image/jpeg');
    const input = { image: portrait, text: 'Hi.', resolution: '480p' };
    for (let i = 0; i < LIP_SYNC_PER_MINUTE; i++) {
      const created = await rpc(t.app, user.cookie, 'lipSync.createLipSyncTask', input);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      // canceled at once (refunded); it still counts as a request
      expect((await rpc(t.app, user.cookie, 'task.cancel', { id: created.body.result.data.id })).status).toBe(200);
    }
    await expectRefused(t, user, 'lipSync.createLipSyncTask', input, 'Speech generation is too frequent. Please try again later.');
  }, 120_000);
});
