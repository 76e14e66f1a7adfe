/**
 * Profile edits: names, and an avatar that must be an image the user uploaded — through
 * user.updateProfile only; better-auth's own routes that would write these fields are refused.
 */
import { users } from '@tessera/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, rpc, signUpTestUser, TEST_ORIGIN, type TestApp, uniqueEmail, uploadFile } from './harness.ts';

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

/** The catalogue code of an /api/auth refusal, in either error shape the server sends. */
function catalogueCode(res: { body: string }): string | undefined {
  const body = JSON.parse(res.body) as { code?: string; error?: { data?: { appCode?: string } } };
  return body.error?.data?.appCode ?? body.code;
}

it("refuses better-auth's own profile route, whatever it is sent, and leaves the user unchanged", async () => {
  const user = await signUpTestUser(t.app);
  const before = (await rpc(t.app, user.cookie, 'user.find', undefined, 'GET')).body.result.data;
  const headers = { origin: TEST_ORIGIN, cookie: user.cookie };
  for (const payload of [{ image: 'javascript:alert(1)' }, { image: 'https://tracker.example/pixel.png' }, { name: 'x'.repeat(200_000) }]) {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers, payload });
    expect(res.statusCode).toBe(404);
    expect(catalogueCode(res)).toBe('NOT_FOUND');
  }
  const changeEmail = await t.app.inject({ method: 'POST', url: '/api/auth/change-email', headers, payload: { newEmail: uniqueEmail('moved') } });
  expect(changeEmail.statusCode).toBe(404);
  expect((await rpc(t.app, user.cookie, 'user.find', undefined, 'GET')).body.result.data).toEqual(before);
});

it('refuses a sign-up whose name is 10,000 characters long or holds control characters, or that brings an avatar URL', async () => {
  for (const extra of [{ name: 'x'.repeat(10_000) }, { name: 'Ada\nAdmin' }, { name: 'Ada', image: 'https://tracker.example/pixel.png' }]) {
    const email = uniqueEmail('badname');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: TEST_ORIGIN }, payload: { email, password: 'violet kettle under moonlight', ...extra } });
    expect(res.statusCode).toBe(400);
    expect(catalogueCode(res)).toBe('INCORRECT_PARAMETER');
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
  }
});

it('refuses a profile name with control characters or over 80 characters', async () => {
  const user = await signUpTestUser(t.app);
  for (const name of ['Ada\u202eevil', 'Ada\tLovelace', 'x'.repeat(81)]) {
    const res = await rpc(t.app, user.cookie, 'user.updateProfile', { name });
    expect(res.status).toBe(400);
    expect(res.body.error.data.appCode).toBe('INCORRECT_PARAMETER');
  }
});
