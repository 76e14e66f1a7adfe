/** Profile edits: names, and an avatar that must be an image the user uploaded. */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, rpc, signUpTestUser, type TestApp, uploadFile } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('sets names and an uploaded avatar, and refuses someone else’s image or a remote URL', async () => {
  const user = await signUpTestUser(t.app);
  const other = await signUpTestUser(t.app);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0af' } }).png().toBuffer();
  const mine = (await uploadFile(t.app, user.cookie, png)).json().key as string;
  const theirs = (await uploadFile(t.app, other.cookie, png)).json().key as string;

  const updated = await rpc(t.app, user.cookie, 'user.updateProfile', { firstName: 'Ada', lastName: 'Lovelace', image: mine });
  expect(updated.status).toBe(200);
  expect(updated.body.result.data).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', image: `/api/media/${mine}` });
  expect((await rpc(t.app, user.cookie, 'user.find', undefined, 'GET')).body.result.data.image).toBe(`/api/media/${mine}`);

  expect((await rpc(t.app, user.cookie, 'user.updateProfile', { image: theirs })).body.error.message).toBe('Image not found.');
  expect((await rpc(t.app, user.cookie, 'user.updateProfile', { image: 'https://example.com/a.png' })).body.error.message).toBe('Invalid image URL.');
  const removed = await rpc(t.app, user.cookie, 'user.updateProfile', { image: null });
  expect(removed.body.result.data.image).toBeNull();
});
