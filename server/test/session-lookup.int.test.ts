/**
 * The session behind a signed-in request costs one PostgreSQL round trip, and ending a session
 * (sign-out, revoking the other sessions, a ban, deleting the account) takes effect on the very
 * next request — on this node and on a second node sharing the database.
 */
import { connect, type DatabaseHandle } from '@tessera/db/connect';
import { sessions } from '@tessera/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildTestApp, countStatements, IDENTITY_TABLES, rpc, signInAnonymously, signUpTestUser, TEST_ORIGIN, testConfig, type TestApp, type TestUser } from './harness.ts';

const ADMIN_EMAIL = 'session-admin@example.com';
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
/** Signed up once (password hashing is the slow part of every sign-up); its account is deleted last. */
let alice: TestUser;
let other: { app: FastifyInstance; database: DatabaseHandle };

beforeAll(async () => {
  t = await buildTestApp({ config: { adminEmails: [ADMIN_EMAIL] } });
  // A second node on the same database (no Redis: what it must see comes from PostgreSQL).
  const database = await connect({ databaseUrl: t.config.databaseUrl, poolSize: 3 });
  other = { app: await buildApp({ config: testConfig({ databaseUrl: t.config.databaseUrl, adminEmails: [ADMIN_EMAIL] }), database }), database };
  await other.app.ready();
  alice = await signUpTestUser(t.app);
});

afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
  await t?.close();
});

async function sessionStatus(app: FastifyInstance, cookie: string): Promise<number> {
  return (await rpc(app, cookie, 'user.session', undefined, 'GET')).status;
}

describe('session lookup', () => {
  it('costs one round trip for a signed-in request', async () => {
    const user = alice;
    expect(await sessionStatus(t.app, user.cookie)).toBe(200);
    const { result: res, statements } = await countStatements(t.config.databaseUrl as string, () => rpc(t.app, user.cookie, 'user.session', undefined, 'GET'));
    const seen = statements.filter((text) => IDENTITY_TABLES.test(text));
    expect(res.status).toBe(200);
    expect(res.body.result.data.user.id).toBe(user.id);
    expect(seen, seen.join('\n')).toHaveLength(1);
  });

  it('answers a public query without reading the session', async () => {
    const user = alice;
    const { result: res, statements } = await countStatements(t.config.databaseUrl as string, () => rpc(t.app, user.cookie, 'system.ping', undefined, 'GET'));
    const seen = statements.filter((text) => IDENTITY_TABLES.test(text));
    expect(res.status).toBe(200);
    expect(seen).toEqual([]);
  });
});

describe('sessions better-auth still handles', () => {
  async function expiryOf(userId: string): Promise<Date> {
    const rows = await t.database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, userId));
    return rows[0]?.expiresAt as Date;
  }

  it('a session due for its daily refresh is extended', async () => {
    const user = alice;
    // Two days into its 30: past the one-day update age.
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() + 28 * DAY_MS) }).where(eq(sessions.userId, user.id));
    expect(await sessionStatus(other.app, user.cookie)).toBe(200);
    expect((await expiryOf(user.id)).getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it('an expired session is no session', async () => {
    const user = await signInAnonymously(t.app);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect(await sessionStatus(t.app, user.cookie)).toBe(401);
  });

  it('a cookie with a forged signature is no session', async () => {
    const user = alice;
    const [name, value] = user.cookie.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0] as string;
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect(await sessionStatus(t.app, forged)).toBe(401);
  });
});

describe('revocation takes effect on the next request, on every node', () => {
  it('sign-out', async () => {
    const user = await signInAnonymously(t.app);
    expect(await sessionStatus(other.app, user.cookie)).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { origin: TEST_ORIGIN, cookie: user.cookie } });
    expect(out.statusCode).toBe(200);
    expect(await sessionStatus(t.app, user.cookie)).toBe(401);
    expect(await sessionStatus(other.app, user.cookie)).toBe(401);
  });

  it('revoking the other sessions', async () => {
    const user = await signUpTestUser(t.app);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(200);
    const second = (signIn.headers['set-cookie'] as string[] | string).toString().split(';')[0] as string;
    expect(await sessionStatus(other.app, user.cookie)).toBe(200);
    const revoke = await other.app.inject({ method: 'POST', url: '/api/auth/revoke-other-sessions', headers: { origin: TEST_ORIGIN, cookie: second }, payload: {} });
    expect(revoke.statusCode).toBe(200);
    expect(await sessionStatus(t.app, user.cookie)).toBe(401);
    expect(await sessionStatus(other.app, user.cookie)).toBe(401);
    expect(await sessionStatus(t.app, second)).toBe(200);
  });

  it('a ban', async () => {
    const admin = await signUpTestUser(t.app, { email: ADMIN_EMAIL });
    const user = await signInAnonymously(t.app);
    expect(await sessionStatus(other.app, user.cookie)).toBe(200);
    const ban = await rpc(t.app, admin.cookie, 'admin.users.ban', { userId: user.id, banned: true });
    expect(ban.status, JSON.stringify(ban.body)).toBe(200);
    expect(await sessionStatus(t.app, user.cookie)).toBe(401);
    expect(await sessionStatus(other.app, user.cookie)).toBe(401);
  });

  it('deleting the account', async () => {
    const user = alice;
    expect(await sessionStatus(other.app, user.cookie)).toBe(200);
    const deleted = await rpc(t.app, user.cookie, 'user.deleteAccount', { confirmEmail: user.email });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const next = await rpc(other.app, user.cookie, 'user.session', undefined, 'GET');
    expect(next.status).toBe(401);
    expect(next.body.error.data.appCode).toBe('USER_DELETED');
  });
});
