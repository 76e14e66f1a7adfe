/**
 * The session behind a signed-in request costs one PostgreSQL round trip, and ending a session
 * (sign-out, revoking the other sessions, a ban, deleting the account) takes effect on the very
 * next request — on this node and on a second node sharing the database.
 */
import { connect, type DatabaseHandle } from '@tessera/db/connect';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildTestApp, rpc, signUpTestUser, TEST_ORIGIN, testConfig, type TestApp } from './harness.ts';

const ADMIN_EMAIL = 'session-admin@example.com';

/** Statements that read or write the identity tables (the session lookup touches nothing else). */
const IDENTITY_TABLES = /"(sessions|users|deleted_sessions)"/;

/** Counts, per database, the statements sent through any `pg` client of this process. */
const statements: string[] = [];
let counting: string | null = null;
const originalQuery = pg.Client.prototype.query;

function startCounting(databaseUrl: string): void {
  counting = new URL(databaseUrl).pathname.slice(1);
  statements.length = 0;
}

let t: TestApp;
let other: { app: FastifyInstance; database: DatabaseHandle };

beforeAll(async () => {
  pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (counting && this.database === counting && text) statements.push(text);
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  t = await buildTestApp({ config: { adminEmails: [ADMIN_EMAIL] } });
  // A second node on the same database (no Redis: what it must see comes from PostgreSQL).
  const database = await connect({ databaseUrl: t.config.databaseUrl, poolSize: 3 });
  other = { app: await buildApp({ config: testConfig({ databaseUrl: t.config.databaseUrl, adminEmails: [ADMIN_EMAIL] }), database }), database };
  await other.app.ready();
});

afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await other?.app.close();
  await other?.database.close();
  await t?.close();
});

async function sessionStatus(app: FastifyInstance, cookie: string): Promise<number> {
  return (await rpc(app, cookie, 'user.session', undefined, 'GET')).status;
}

describe('session lookup', () => {
  it('costs one round trip for a signed-in request', async () => {
    const user = await signUpTestUser(t.app);
    expect(await sessionStatus(t.app, user.cookie)).toBe(200);
    startCounting(t.config.databaseUrl as string);
    const res = await rpc(t.app, user.cookie, 'user.session', undefined, 'GET');
    const seen = statements.filter((text) => IDENTITY_TABLES.test(text));
    counting = null;
    expect(res.status).toBe(200);
    expect(res.body.result.data.user.id).toBe(user.id);
    expect(seen, seen.join('\n')).toHaveLength(1);
  });

  it('answers a public query without reading the session', async () => {
    const user = await signUpTestUser(t.app);
    startCounting(t.config.databaseUrl as string);
    const res = await rpc(t.app, user.cookie, 'system.ping', undefined, 'GET');
    const seen = statements.filter((text) => IDENTITY_TABLES.test(text));
    counting = null;
    expect(res.status).toBe(200);
    expect(seen).toEqual([]);
  });
});

describe('revocation takes effect on the next request, on every node', () => {
  it('sign-out', async () => {
    const user = await signUpTestUser(t.app);
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
    const user = await signUpTestUser(t.app);
    expect(await sessionStatus(other.app, user.cookie)).toBe(200);
    const ban = await rpc(t.app, admin.cookie, 'admin.users.ban', { userId: user.id, banned: true });
    expect(ban.status, JSON.stringify(ban.body)).toBe(200);
    expect(await sessionStatus(t.app, user.cookie)).toBe(401);
    expect(await sessionStatus(other.app, user.cookie)).toBe(401);
  });

  it('deleting the account', async () => {
    const user = await signUpTestUser(t.app);
    expect(await sessionStatus(other.app, user.cookie)).toBe(200);
    const deleted = await rpc(t.app, user.cookie, 'user.deleteAccount', { confirmEmail: user.email });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const next = await rpc(other.app, user.cookie, 'user.session', undefined, 'GET');
    expect(next.status).toBe(401);
    expect(next.body.error.data.appCode).toBe('USER_DELETED');
  });
});
