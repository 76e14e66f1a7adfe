/** The admin door: only signed-in admins (ADMIN_EMAILS) pass; others get 401 or 403. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInAnonymously, signUpTestUser, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { adminEmails: ['admin@example.com'] } });
});
afterAll(async () => {
  await t?.close();
});

const info = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/trpc/system.info', headers: cookie ? { cookie } : {} });

describe('system.info (admin procedure)', () => {
  it('refuses visitors without a session (401) and anonymous users (401)', async () => {
    expect((await info()).statusCode).toBe(401);
    const anon = await signInAnonymously(t.app);
    expect((await info(anon.cookie)).json().error.data.code).toBe('UNAUTHORIZED');
  });

  it('refuses signed-in users who are not admins with FORBIDDEN', async () => {
    const user = await signUpTestUser(t.app);
    const res = await info(user.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.data.code).toBe('FORBIDDEN');
  });

  it('answers admins with database health and user counts', async () => {
    const admin = await signUpTestUser(t.app, { email: 'admin@example.com' });
    const res = await info(admin.cookie);
    expect(res.statusCode).toBe(200);
    const data = res.json().result.data;
    expect(data.database).toEqual({ kind: 'postgres', ok: true });
    // One anonymous visitor and two registered users were created above.
    expect(data.users).toEqual({ total: 3, anonymous: 1 });
  });
});
