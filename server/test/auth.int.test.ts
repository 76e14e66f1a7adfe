/**
 * Auth at /api/auth (better-auth behind our Fastify routes): e-mail sign-up (verified through a
 * code, see auth-email.int.test.ts) and sign-in with catalogue messages, the Origin check, sign-out, providers, anonymous users becoming
 * registered ones, user groups and admins.
 */
import { users } from '@tessera/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  cookiesFrom,
  signInAnonymously,
  signUpTestUser,
  TEST_ORIGIN,
  type TestApp,
  uniqueEmail,
} from './harness.ts';

const PASSWORD = 'correct horse battery';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function userRow(app: TestApp, id: string) {
  const [row] = await app.database.db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

async function userRowByEmail(app: TestApp, email: string) {
  const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

function signIn(email: string, password: string, headers: Record<string, string> = { origin: TEST_ORIGIN }) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, payload: { email, password } });
}

function signUp(payload: Record<string, unknown>, headers: Record<string, string> = { origin: TEST_ORIGIN }) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers, payload });
}

function getSession(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
}

describe('e-mail sign-up and sign-in', () => {
  it('signs up and the session cookie identifies the new user', async () => {
    const user = await signUpTestUser(t.app);
    expect(user.cookie).toMatch(/tessera\.session_token=/);
    const res = await getSession(user.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ user: { id: string; email: string; isAnonymous: boolean } }>();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, isAnonymous: false });
  });

  it('signs in with the right password and gets a working session', async () => {
    const user = await signUpTestUser(t.app, { password: PASSWORD });
    const res = await signIn(user.email!, PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = cookiesFrom(res.headers['set-cookie']);
    const find = await t.app.inject({ method: 'GET', url: '/api/trpc/user.find', headers: { cookie } });
    expect(find.statusCode).toBe(200);
    expect(find.json<{ result: { data: { id: string } } }>().result.data.id).toBe(user.id);
  });

  it('rejects a wrong password with 401 INVALID_CREDENTIALS', async () => {
    const user = await signUpTestUser(t.app, { password: PASSWORD });
    const res = await signIn(user.email!, 'not the password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Incorrect username or password.' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers in the language the request asks for, keeping the code (§7/§8)', async () => {
    const res = await signIn(uniqueEmail('nobody'), PASSWORD, { origin: TEST_ORIGIN, 'user-language': 'de' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Benutzername oder Passwort ist falsch.' });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const res = await signIn(uniqueEmail('nobody'), PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Incorrect username or password.' });
  });

  it('answers a second sign-up with the same e-mail exactly like a first one, without a session', async () => {
    const user = await signUpTestUser(t.app);
    const res = await signUp({ email: user.email, password: 'another password', name: 'Copy' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verificationRequired: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    // The original password still works; the second one was never stored.
    expect((await signIn(user.email!, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(user.email!, 'another password')).statusCode).toBe(401);
  });

  it('refuses a password sign-in until the address is verified', async () => {
    const email = uniqueEmail('unverified');
    expect((await signUp({ email, password: PASSWORD, name: 'u' })).statusCode).toBe(200);
    const res = await signIn(email, PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: 'Email has not been verified yet.' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['sign-up without password', '/api/auth/sign-up/email', { email: 'x@example.com', name: 'x' }],
    ['sign-up without e-mail', '/api/auth/sign-up/email', { password: PASSWORD, name: 'x' }],
    ['sign-in without password', '/api/auth/sign-in/email', { email: 'x@example.com' }],
    ['sign-in with blank e-mail', '/api/auth/sign-in/email', { email: '  ', password: PASSWORD }],
  ])('answers %s with 400 "Email and password are required."', async (_label, url, payload) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'EMAIL_PASSWORD_REQUIRED', message: 'Email and password are required.' });
  });

  it('refuses a POST without Origin with 403 and creates no user', async () => {
    const email = uniqueEmail('noorigin');
    const res = await signUp({ email, password: PASSWORD, name: 'x' }, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'MISSING_ORIGIN', message: 'Missing or untrusted Origin header.' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await userRowByEmail(t, email)).toBeNull();
    // The address is still free.
    await expect(signUpTestUser(t.app, { email })).resolves.toMatchObject({ email });
  });

  it('refuses a POST from an untrusted Origin with 403 and creates no user', async () => {
    const email = uniqueEmail('evil');
    const res = await signUp({ email, password: PASSWORD, name: 'x' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: string }>().code).toBe('MISSING_ORIGIN');
    expect(await userRowByEmail(t, email)).toBeNull();
  });

  it('signs out: the old cookie no longer opens a session', async () => {
    const user = await signUpTestUser(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    const session = await getSession(user.cookie);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toBeNull();
    const find = await t.app.inject({ method: 'GET', url: '/api/trpc/user.find', headers: { cookie: user.cookie } });
    expect(find.statusCode).toBe(401);
  });
});

describe('providers', () => {
  it('lists anonymous and credentials but not google by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, { id: string; type: string }>>();
    expect(Object.keys(body).sort()).toEqual(['anonymous-user', 'credentials']);
    expect(body['anonymous-user']).toMatchObject({ id: 'anonymous-user', type: 'anonymous' });
    expect(body.credentials).toMatchObject({ id: 'credentials', type: 'credentials' });
  });
});

describe('anonymous users', () => {
  it('stores the device id and a valid user group on anonymous sign-in', async () => {
    const anon = await signInAnonymously(t.app, 'device-abc12345');
    const row = await userRow(t, anon.id);
    expect(row).not.toBeNull();
    expect(row!.isAnonymous).toBe(true);
    expect(row!.deviceId).toBe('device-abc12345');
    expect(row!.userGroup).toBeGreaterThanOrEqual(101);
    expect(row!.userGroup).toBeLessThanOrEqual(160);
  });

  it('keeps device id and user group when the anonymous user signs up, and removes the anonymous row', async () => {
    const anonRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/anonymous',
      headers: { origin: TEST_ORIGIN, cookie: 'user-group=133' },
      payload: { deviceId: 'device-link-0001', version: 'v1' },
    });
    expect(anonRes.statusCode).toBe(200);
    const anonId = anonRes.json<{ user: { id: string } }>().user.id;
    const anonCookie = cookiesFrom(anonRes.headers['set-cookie']);
    expect((await userRow(t, anonId))?.userGroup).toBe(133);

    // A different group cookie at sign-up: without linking the new account would get 150.
    const registered = await signUpTestUser(t.app, { cookie: `${anonCookie}; user-group=150` });
    expect(registered.id).not.toBe(anonId);

    const row = await userRow(t, registered.id);
    expect(row).toMatchObject({ deviceId: 'device-link-0001', userGroup: 133, isAnonymous: false, email: registered.email });
    expect(await userRow(t, anonId)).toBeNull();

    // The new session belongs to the registered user.
    const find = await t.app.inject({ method: 'GET', url: '/api/trpc/user.find', headers: { cookie: registered.cookie } });
    expect(find.json<{ result: { data: { id: string; userGroup: number } } }>().result.data).toMatchObject({
      id: registered.id,
      userGroup: 133,
    });
  });

  it('takes the user group from a valid user-group cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/anonymous',
      headers: { origin: TEST_ORIGIN, cookie: 'user-group=133' },
      payload: { deviceId: 'device-group-133', version: 'v1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await userRow(t, res.json<{ user: { id: string } }>().user.id))?.userGroup).toBe(133);
  });

  it('ignores an invalid user-group cookie and assigns a valid group', async () => {
    const groups: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/anonymous',
        headers: { origin: TEST_ORIGIN, cookie: 'user-group=999' },
        payload: { deviceId: `device-group-999-${i}`, version: 'v1' },
      });
      expect(res.statusCode).toBe(200);
      const row = await userRow(t, res.json<{ user: { id: string } }>().user.id);
      groups.push(row!.userGroup);
    }
    for (const group of groups) {
      expect(group).toBeGreaterThanOrEqual(101);
      expect(group).toBeLessThanOrEqual(160);
    }
  });
  it('writes a valid group cookie for two years where there is none or an invalid one, and keeps a valid one (§5/§9)', async () => {
    const groupCookie = (res: { headers: Record<string, unknown> }) =>
      [res.headers['set-cookie']].flat().find((c): c is string => typeof c === 'string' && c.startsWith('user-group='));
    const call = (cookie?: string, url = '/api/trpc/user.getReqInfo', accept?: string) =>
      t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...(accept ? { accept } : {}) } });
    for (const cookie of [undefined, 'user-group=999', 'user-group=abc', 'user-group=100']) {
      const written = groupCookie(await call(cookie));
      expect(written, String(cookie)).toMatch(/^user-group=(\d{3});/);
      expect(written).toContain('Max-Age=63072000');
      expect(written).toContain('Path=/');
      const group = Number(/^user-group=(\d{3})/.exec(written!)![1]);
      expect(group).toBeGreaterThanOrEqual(101);
      expect(group).toBeLessThanOrEqual(160);
    }
    expect(groupCookie(await call('user-group=133'))).toBeUndefined();
    // A page load gets it too; a static file and the auth routes never do.
    expect(groupCookie(await call(undefined, '/app/creations', 'text/html,application/xhtml+xml'))).toMatch(/^user-group=\d{3};/);
    expect(groupCookie(await call(undefined, '/assets/app.js', '*/*'))).toBeUndefined();
    expect(groupCookie(await call(undefined, '/api/auth/get-session'))).toBeUndefined();

    // The anonymous sign-in after that page load carries the cookie: the user's group is the cookie's.
    const written = groupCookie(await call(undefined, '/', 'text/html'))!.split(';')[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/anonymous',
      headers: { origin: TEST_ORIGIN, cookie: written },
      payload: { deviceId: 'device-group-cookie', version: 'v1' },
    });
    expect((await userRow(t, res.json<{ user: { id: string } }>().user.id))?.userGroup).toBe(Number(written.split('=')[1]));
  });
});

describe('configured: ADMIN_EMAILS and Google', () => {
  let configured: TestApp;
  beforeAll(async () => {
    configured = await buildTestApp({
      config: { adminEmails: ['boss@example.com'], google: { clientId: 'x', clientSecret: 'y' } },
    });
  });
  afterAll(async () => {
    await configured?.close();
  });

  it('makes a listed e-mail an admin at sign-up, and nobody else', async () => {
    const boss = await signUpTestUser(configured.app, { email: 'boss@example.com' });
    const other = await signUpTestUser(configured.app);
    expect((await userRow(configured, boss.id))?.role).toBe('admin');
    expect((await userRow(configured, other.id))?.role).toBe('user');
  });

  it('lists google among the providers when it is configured', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/api/auth/providers' });
    const body = res.json<Record<string, { id: string; type: string }>>();
    expect(Object.keys(body).sort()).toEqual(['anonymous-user', 'credentials', 'google']);
    expect(body.google).toMatchObject({ id: 'google', type: 'oauth' });
  });

  it('starts Google sign-in with a well-formed authorization redirect (client id, redirect URI, state, PKCE)', async () => {
    const res = await configured.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: TEST_ORIGIN },
      payload: { provider: 'google', callbackURL: '/home' },
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json<{ url: string }>().url);
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    const q = url.searchParams;
    expect(q.get('client_id')).toBe('x');
    expect(q.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/google`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(q.get('state')?.length).toBeGreaterThanOrEqual(16);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The state is bound to this browser by a cookie, so a forged callback cannot reuse it.
    expect(String(res.headers['set-cookie'])).toMatch(/tessera\.state|oauth_state|tessera\.pkce/);
  });
});

describe('session cookie flags', () => {
  it('are HttpOnly and SameSite=Lax, and Secure with the __Secure- prefix over HTTPS', async () => {
    const cookieOf = async (app: TestApp) => {
      const res = await app.app.inject({ method: 'POST', url: '/api/auth/sign-in/anonymous', headers: { origin: TEST_ORIGIN }, payload: { deviceId: 'dev-cookie-flags-01', version: 'v1' } });
      expect(res.statusCode).toBe(200);
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      return cookies.find((c) => c.includes('session_token=')) ?? '';
    };
    const plain = await buildTestApp({ pglite: true });
    const https = await buildTestApp({ pglite: true, config: { publicUrl: 'https://studio.example.com' } });
    try {
      const insecure = await cookieOf(plain);
      expect(insecure).toMatch(/^tessera\.session_token=/);
      expect(insecure).toMatch(/; HttpOnly/i);
      expect(insecure).toMatch(/; SameSite=Lax/i);
      expect(insecure).not.toMatch(/; Secure/i);
      const secure = await cookieOf(https);
      expect(secure).toMatch(/^__Secure-tessera\.session_token=/);
      expect(secure).toMatch(/; Secure/i);
      expect(secure).toMatch(/; HttpOnly/i);
      expect(secure).toMatch(/; SameSite=Lax/i);
    } finally {
      await plain.close();
      await https.close();
    }
  });
});
