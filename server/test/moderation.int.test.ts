/**
 * Offline moderation end to end (§8): refused prompts hold no credits and queue nothing; an upload
 * the image classifier refuses is not stored; a generated result it refuses fails the task and
 * releases the credits. No explicit picture is committed or shipped by any npm package, so the
 * refusal path runs on an ordinary photo with the threshold at 0 (every picture refused); the
 * real classifier's scores on ordinary photos are checked against the default threshold in
 * engine/tools/nsfw.test.ts.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageFile } from '../src/generation/engine/tf.ts';
import { buildTestApp, connectTestSocket, creditSummary, disconnectTestSockets, rpc, signInAnonymously, type TestApp, uploadFile } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { workerConcurrency: 1, imageModerationThreshold: 0 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  disconnectTestSockets();
  await t?.close();
});

describe('offline moderation', () => {
  it('refuses sensitive prompts in any language before holding credits or queueing a task', async () => {
    const user = await signInAnonymously(t.app);
    const before = await creditSummary(t.app, user.cookie);
    for (const prompt of ['a naked child', 'nude woman', 'how to make a pipe bomb', 'a beheading video', 'p0rn', 'nackte Frau', '儿童色情']) {
      const res = await rpc(t.app, user.cookie, 'text2Image.create', { prompt });
      expect(res.status, prompt).toBe(400);
      expect(res.body.error.message).toBe('Please do not enter sensitive or harmful content.');
    }
    const negative = await rpc(t.app, user.cookie, 'text2Image.create', { prompt: 'a quiet lake', negativePrompt: 'porn' });
    expect(negative.status).toBe(400);
    expect(await creditSummary(t.app, user.cookie)).toEqual(before);
    expect((await rpc(t.app, user.cookie, 'task.list', undefined, 'GET')).body.result.data).toEqual([]);
  });

  it('refuses an upload the classifier flags, and stores nothing', async () => {
    const user = await signInAnonymously(t.app);
    const photo = await sharp(await readFile(packageFile('@vladmandic/face-api', 'demo/sample1.jpg'))).resize({ width: 320 }).jpeg().toBuffer();
    const res = await uploadFile(t.app, user.cookie, photo, 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The image contains sensitive or illegal content.');
  });

  it('fails a generated result the classifier flags and releases its credits', async () => {
    const user = await signInAnonymously(t.app);
    const socket = await connectTestSocket(t.app, user.cookie);
    const failed = new Promise<{ id: string; code: string; message: string }>((resolve) => socket.once('task:failed', resolve));
    const before = await creditSummary(t.app, user.cookie);
    const created = await rpc(t.app, user.cookie, 'text2Image.create', { prompt: 'sunset over the ocean', aspectRatio: '1:1' });
    expect(created.status).toBe(200);
    const failure = await failed;
    expect(failure).toMatchObject({ id: created.body.result.data.id, message: 'The image contains sensitive or illegal content.' });
    await expect.poll(() => creditSummary(t.app, user.cookie)).toEqual(before);
  });
});
