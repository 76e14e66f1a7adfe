/**
 * Issue 21, hardening: the dev mailbox only for this machine or an admin; the Origin check on
 * every state-changing request; failed queries logged without the values they ran with.
 */
import { Writable } from 'node:stream';
import { ANALYTICS_COLLECT_PATH } from '@tessera/shared/analytics';
import { mediaObjects } from '@tessera/db/schema';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTokenFromCookie } from '../src/modules/auth/session.ts';
import { buildTestApp, multipartBody, signUpTestUser, TEST_ORIGIN, type TestApp, type TestUser } from './harness.ts';

const ADMIN_EMAIL = 'mailbox-admin@example.com';
/** Every log line the app wrote, as text. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

let t: TestApp;
let user: TestUser;
let admin: TestUser;
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp({ config: { adminEmails: [ADMIN_EMAIL], logLevel: 'warn' }, logStream });
  user = await signUpTestUser(t.app);
  admin = await signUpTestUser(t.app, { email: ADMIN_EMAIL });
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await t?.close();
});

const mutation = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/trpc/user.updateProfile', headers: { 'content-type': 'application/json', ...headers }, payload: { firstName: 'Forged' } });

function expectOriginRefusal(res: { statusCode: number; json: <T>() => T }) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: 'Missing or untrusted Origin header.', data: { httpStatus: 403, appCode: 'MISSING_ORIGIN' } } });
}

describe('the dev mailbox', () => {
  it('is not shown to another machine: 404 in the error shape, for the JSON and the page alike', async () => {
    for (const url of ['/dev/mailbox.json', '/dev/mailbox']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '10.0.0.5' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND', data: { httpStatus: 404, appCode: 'NOT_FOUND' } } });
      expect(res.body).not.toContain(user.email!);
    }
  });

  it('does not believe a forwarded header that claims loopback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(res.statusCode).toBe(404);
  });

  it('is not shown to a signed-in user who is not an admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '10.0.0.5', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(404);
  });

  it('is shown to this machine and to a signed-in admin anywhere', async () => {
    const local = await t.app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(user.email!)}` });
    expect(local.statusCode).toBe(200);
    expect(local.json<{ messages: unknown[] }>().messages.length).toBeGreaterThan(0);
    const fromV6Loopback = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '::1' });
    expect(fromV6Loopback.statusCode).toBe(200);
    const remoteAdmin = await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '10.0.0.5', headers: { cookie: admin.cookie } });
    expect(remoteAdmin.statusCode).toBe(200);
    expect(remoteAdmin.body).toContain('Dev mailbox');
  });
});

describe('the Origin check on state-changing requests', () => {
  it('refuses a signed-in mutation from another origin, a same-site one on another port included', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'http://sub.localhost:3000', 'null']) {
      expectOriginRefusal(await mutation({ cookie: user.cookie, origin }));
    }
    const profile = await t.app.inject({ method: 'GET', url: '/api/trpc/user.find', headers: { cookie: user.cookie } });
    expect(JSON.stringify(profile.json())).not.toContain('Forged');
  });

  it('refuses a cookie without Origin or Referer, and judges the Referer when Origin is missing', async () => {
    expectOriginRefusal(await mutation({ cookie: user.cookie }));
    expectOriginRefusal(await mutation({ cookie: user.cookie, referer: 'https://evil.example/page' }));
    const viaReferer = await mutation({ cookie: user.cookie, referer: `${TEST_ORIGIN}/settings` });
    expect(viaReferer.statusCode, viaReferer.body).toBe(200);
  });

  it('lets the studio through, and a client without cookies (it has no ambient credentials to abuse)', async () => {
    expect((await mutation({ cookie: user.cookie, origin: TEST_ORIGIN })).statusCode).toBe(200);
    // No cookie, no Origin: the procedure itself answers (no session).
    const anonymous = await mutation({});
    expect(anonymous.statusCode).toBe(401);
  });

  it('leaves queries alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/trpc/user.find', headers: { cookie: user.cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an upload and an import from another origin before storing anything', async () => {
    const body = multipartBody('photo.png', 'image/png', png);
    const upload = await t.app.inject({ method: 'POST', url: '/api/media/upload', headers: { ...body.headers, cookie: user.cookie, origin: 'http://localhost:5174' }, payload: body.payload });
    expectOriginRefusal(upload);
    expect(await t.database.db.select().from(mediaObjects).where(eq(mediaObjects.userId, user.id))).toEqual([]);
    const imported = await t.app.inject({ method: 'POST', url: '/api/media/import', headers: { cookie: user.cookie, origin: 'https://evil.example' }, payload: { url: 'https://example.com/a.png' } });
    expectOriginRefusal(imported);
  });

  it('checks the analytics beacon too (sendBeacon sends the page Origin)', async () => {
    const batch = JSON.stringify({ events: [] });
    const forged = await t.app.inject({ method: 'POST', url: ANALYTICS_COLLECT_PATH, headers: { 'content-type': 'text/plain', cookie: user.cookie, origin: 'https://evil.example' }, payload: batch });
    expectOriginRefusal(forged);
    const own = await t.app.inject({ method: 'POST', url: ANALYTICS_COLLECT_PATH, headers: { 'content-type': 'text/plain', cookie: user.cookie, origin: TEST_ORIGIN }, payload: batch });
    expect(own.statusCode).not.toBe(403);
  });

  it('exempts the signed webhooks: Stripe and Replicate send no Origin', async () => {
    for (const url of ['/api/billing/stripe/webhook', '/api/providers/replicate/webhook']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', cookie: 'stray=1' }, payload: '{}' });
      expect(res.statusCode, url).not.toBe(403);
    }
  });
});

describe('logs of failed queries', () => {
  it('keep the query text but never the session token it ran with', async () => {
    const token = sessionTokenFromCookie(user.cookie);
    expect(token).toBeTruthy();
    // The session lookup fails inside PostgreSQL: its table is gone for a moment.
    await t.database.db.execute(sql`alter table "sessions" rename to "sessions_away"`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/trpc/user.find', headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain(token!);
    } finally {
      await t.database.db.execute(sql`alter table "sessions_away" rename to "sessions"`);
    }
    const logged = logLines.join('');
    expect(logged).toContain('Failed query');
    expect(logged).not.toContain(token!);
    expect(logged).not.toContain(user.cookie);
  });

});
