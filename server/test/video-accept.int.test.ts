/**
 * The §8 video messages a request can meet before it is accepted, each refused with nothing
 * held: a model this server cannot run ("The model used to create this video is currently
 * unavailable…"), an upscale whose real price is well above the one the studio showed ("Upscale
 * credit calculation gap is too large"), and a video that cannot start while the plan's parallel
 * tasks are busy ("Video generating"). No workers run, so accepted tasks stay queued.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { costOf } from '@tessera/shared/credits/costs';
import { GENERATION_KINDS } from '@tessera/shared/generation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upscaleGapTolerance } from '../src/generation/tasks.service.ts';
import { buildTestApp, rpc, type TestApp } from './harness.ts';
import { expectRefused, makeClip, richUser, uploadVideo } from './videoTestKit.ts';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp({ config: { workerConcurrency: 0 } });
  dir = await mkdtemp(join(tmpdir(), 'tessera-video-accept-test-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('accepting a video request', () => {
  it('refuses a model whose provider is not configured here instead of running another one', async () => {
    const user = await richUser(t);
    const message = 'The model used to create this video is currently unavailable. We suggest you try our other models.';
    // fal's text-to-video model exists in the catalogue, but this server has no fal key.
    await expectRefused(t, user, 'video.createVideoByText', { prompt: 'waves at dawn', model: 'fal-wan-t2v' }, message);
    await expectRefused(t, user, 'video.createVideoByText', { prompt: 'waves at dawn', model: 'no-such-model' }, message);
    const local = await rpc(t.app, user.cookie, 'video.createVideoByText', { prompt: 'waves at dawn', model: 'local' });
    expect(local.status).toBe(200);
  });

  it('refuses an upscale priced well above what the studio showed, and takes one priced as shown', async () => {
    const user = await richUser(t);
    // 12 s to 2K costs 24; a form that priced it at 10 (it read a 5 s clip) is refused.
    const video = await uploadVideo(t, user, await makeClip(dir, 12, 320, 240));
    const real = costOf('video_upscale', GENERATION_KINDS.video_upscale.input.parse({ video, target: '2k', source: { durationS: 12, width: 320, height: 240 } }));
    expect(real).toBe(24);
    expect(real - 10).toBeGreaterThan(upscaleGapTolerance(10));
    await expectRefused(t, user, 'video.upscaleVideo', { video, target: '2k', expectedCost: 10 }, 'Upscale credit calculation gap is too large');
    // One started second more than the browser read is within the tolerance.
    const ok = await rpc(t.app, user.cookie, 'video.upscaleVideo', { video, target: '2k', expectedCost: real - 2 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('answers "Video generating" when the parallel tasks are busy', async () => {
    const user = await richUser(t);
    for (const prompt of ['one', 'two']) expect((await rpc(t.app, user.cookie, 'video.createVideoByText', { prompt })).status).toBe(200);
    await expectRefused(t, user, 'video.createVideoByText', { prompt: 'three' }, 'Video generating');
    // An image request at the same limit keeps the general message.
    await expectRefused(t, user, 'text2Image.create', { prompt: 'four' }, 'Parallel task limit reached. Please wait for some tasks to complete.');
  });
});
