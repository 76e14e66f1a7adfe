/**
 * The local engine's kinds with sound, through their public RPCs, the queue and the in-process
 * workers: an AI short is a 9:16 MP4 of the requested size and length with captions' scenes and
 * an audible music bed; sound effects on a clip keep its length and picture (copied, not
 * re-encoded), add audible sound, and keep or replace the clip's own sound as asked. Credits
 * charged match the price table; a source outside 3–30 s is refused with nothing held.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { costOf } from '@tessera/shared/credits/costs';
import { GENERATION_KINDS } from '@tessera/shared/generation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, creditSummary, disconnectTestSockets, type TestApp, type TestUser } from './harness.ts';
import { expectRefused, makeClip, meanVolume, probe, richUser, runToVideo, storeDirectly, uploadVideo, videoPacketsMd5 } from './videoTestKit.ts';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp({ config: { workerConcurrency: 1, engineThreads: 1 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await mkdtemp(join(tmpdir(), 'tessera-video-audio-test-'));
});
afterAll(async () => {
  disconnectTestSockets();
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** Audible: well above the −91 dB floor of 16-bit silence (and the −inf of digital silence). */
const AUDIBLE_DB = -60;

describe('AI shorts', () => {
  it('makes a vertical short of the requested size and length with an audible music bed, charged by the table', async () => {
    const user = await richUser(t);
    const input = { topic: 'How honeybees talk with a waggle dance', duration: 15, resolution: '720p', seed: 4 } as const;
    const before = await creditSummary(t.app, user.cookie);
    const started = Date.now();
    const video = await runToVideo(t, user, 'aiShorts.create', input);
    console.info(`AI short, 15 s at 720p: ${((Date.now() - started) / 1000).toFixed(1)} s end to end`);
    const info = await probe(dir, video);
    expect(info.video).toEqual({ codec: 'h264', width: 720, height: 1280 });
    expect(info.audio).toBe('aac');
    expect(Math.abs(info.durationS - 15), `lasts ${info.durationS} s`).toBeLessThanOrEqual(0.1);
    expect(await meanVolume(dir, video)).toBeGreaterThan(AUDIBLE_DB);
    const charged = before.remaining - (await creditSummary(t.app, user.cookie)).remaining;
    expect(charged).toBe(costOf('ai_shorts', GENERATION_KINDS.ai_shorts.input.parse(input)));
    expect(charged).toBe(15);
  }, 240_000);

  it('refuses a length that is not offered, holding nothing', async () => {
    const user = await richUser(t);
    await expectRefused(t, user, 'aiShorts.create', { topic: 'volcanoes', duration: 20 }, 'Duration must be 15, 30 or 60 seconds');
  });
});

describe('sound effects', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await richUser(t);
  });

  it('adds audible effects to a silent clip, keeping its length and its picture untouched', async () => {
    const clip = await makeClip(dir, 3, 320, 240);
    const source = await probe(dir, clip);
    expect(source.audio).toBeNull();
    const key = await uploadVideo(t, user, clip);
    const before = await creditSummary(t.app, user.cookie);
    const input = { video: key, prompt: 'rain and distant thunder', seed: 2 };
    const video = await runToVideo(t, user, 'audioVideo.createAudioVideo', input);
    const info = await probe(dir, video);
    expect(info.video).toEqual({ codec: 'h264', width: 320, height: 240 });
    expect(info.audio).toBe('aac');
    expect(Math.abs(info.durationS - source.durationS), `lasts ${info.durationS} s`).toBeLessThanOrEqual(0.1);
    expect(await meanVolume(dir, video)).toBeGreaterThan(AUDIBLE_DB);
    // stream copy: the very same H.264 packets
    expect(await videoPacketsMd5(dir, video)).toBe(await videoPacketsMd5(dir, clip));
    const charged = before.remaining - (await creditSummary(t.app, user.cookie)).remaining;
    expect(charged).toBe(costOf('sound_effects', GENERATION_KINDS.sound_effects.input.parse({ ...input, source: { ...source.video, durationS: source.durationS } })));
  }, 120_000);

  it("keeps the clip's own sound under the effects, or replaces it when asked", async () => {
    // a clip whose sound is a 1 kHz tone; footsteps sit far below 1 kHz
    const clip = await makeClip(dir, 3, 320, 240, 1000);
    const key = await uploadVideo(t, user, clip);
    const band = 'bandpass=f=1000:w=60';
    const original = await meanVolume(dir, clip, band);
    const kept = await runToVideo(t, user, 'audioVideo.createAudioVideo', { video: key, prompt: 'footsteps', volume: 0.8, seed: 1 });
    const replaced = await runToVideo(t, user, 'audioVideo.createAudioVideo', { video: key, prompt: 'footsteps', volume: 0.8, keepOriginalAudio: false, seed: 1 });
    const keptTone = await meanVolume(dir, kept, band);
    const replacedTone = await meanVolume(dir, replaced, band);
    // the tone is still there at (about) its own level, and gone without the original sound
    expect(Math.abs(keptTone - original), `tone ${original} dB → kept ${keptTone} dB`).toBeLessThan(1.5);
    expect(keptTone - replacedTone, `kept ${keptTone} dB vs replaced ${replacedTone} dB`).toBeGreaterThan(15);
    // both carry the effects
    expect(await meanVolume(dir, replaced)).toBeGreaterThan(AUDIBLE_DB);
    for (const video of [kept, replaced]) expect(Math.abs((await probe(dir, video)).durationS - 3)).toBeLessThanOrEqual(0.1);
  }, 180_000);

  it('refuses a source outside 3–30 s, holding nothing', async () => {
    const short = await storeDirectly(t, user, await makeClip(dir, 2, 160, 120));
    await expectRefused(t, user, 'audioVideo.createAudioVideo', { video: short, prompt: 'explosion' }, 'Videos must be 3 to 30 seconds long.');
    const long = await storeDirectly(t, user, await makeClip(dir, 31, 160, 120));
    await expectRefused(t, user, 'audioVideo.createAudioVideo', { video: long, prompt: 'explosion' }, 'Videos must be 3 to 30 seconds long.');
  }, 60_000);
});
