/**
 * The per-account password sign-in throttle: failures spread over many addresses still lock the
 * account (or the address, registered or not, in exactly the same way) for a growing while,
 * capped at 15 minutes; the right password after the lock, or a password reset, clears it.
 */
import { connect, type DatabaseHandle } from '@tessera/db/connect';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { codeIn, createTestDatabase, lastMailId, signUpTestUser, TEST_ORIGIN, type TestDatabase, testConfig, uniqueEmail, waitForMail } from './harness.ts';

const PASSWORD = 'correct horse battery';
const WRONG = 'wrong horse battery';
const TOO_MANY = { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' };
const INVALID = { code: 'INVALID_CREDENTIALS', message: 'Incorrect username or password.' };

/** The throttle's clock, moved by the tests instead of waiting. */
let clockMs = Date.now();
const advance = (seconds: number) => {
  clockMs += seconds * 1000;
};

let app: FastifyInstance;
let database: DatabaseHandle;
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
  const config = testConfig({ databaseUrl: testDb.url, accountSignInLimit: { failures: 5, windowSeconds: 900, lockSeconds: 60, maxLockSeconds: 900 } });
  database = await connect({ databaseUrl: testDb.url, poolSize: 5 });
  app = await buildApp({ config, database, now: () => new Date(clockMs) });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await testDb?.drop();
});

let ips = 0;
/** A password sign-in from an address no other attempt used. */
async function signIn(email: string, password: string) {
  ips += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: `10.${(ips >> 8) & 255}.${ips & 255}.1`,
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });
  return { status: res.statusCode, body: res.json<unknown>(), retryAfter: res.headers['retry-after'] };
}

async function failFiveTimes(email: string) {
  for (let i = 0; i < 5; i++) {
    const res = await signIn(email, WRONG);
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: INVALID });
  }
}

describe('per-account sign-in throttle', () => {
  let locked: string;

  it('throttles the 6th attempt on one account after failures from 5 other IPs, even with the right password; other accounts are unaffected', async () => {
    const user = await signUpTestUser(app, { password: PASSWORD });
    locked = user.email as string;
    await failFiveTimes(locked);
    for (const password of [WRONG, PASSWORD]) {
      const res = await signIn(locked, password);
      expect(res.status).toBe(429);
      expect(res.body).toEqual(TOO_MANY);
      expect(res.retryAfter).toBe('60');
    }

    const other = await signUpTestUser(app, { password: PASSWORD });
    expect((await signIn(other.email as string, PASSWORD)).status).toBe(200);
  });

  it('answers an address without an account exactly like a registered one', async () => {
    const ghost = uniqueEmail('ghost');
    await failFiveTimes(ghost);
    const res = await signIn(ghost, PASSWORD);
    expect({ status: res.status, body: res.body, retryAfter: res.retryAfter }).toEqual({ status: 429, body: TOO_MANY, retryAfter: '60' });
    // The address counts however it is written.
    expect((await signIn(`  ${ghost.toUpperCase()} `, PASSWORD)).status).toBe(429);
  });

  it('lets the right password in once the lock is over, which clears the count', async () => {
    advance(61);
    expect((await signIn(locked, PASSWORD)).status).toBe(200);
    const next = await signIn(locked, WRONG);
    expect({ status: next.status, body: next.body }).toEqual({ status: 401, body: INVALID });
    expect((await signIn(locked, PASSWORD)).status).toBe(200);
  });

  it('doubles the lock while the failures go on, up to 15 minutes', async () => {
    const email = uniqueEmail('escalate');
    await failFiveTimes(email);
    const locks: string[] = [];
    for (let round = 0; round < 6; round++) {
      const refused = await signIn(email, WRONG);
      expect(refused.status).toBe(429);
      locks.push(String(refused.retryAfter));
      advance(Number(refused.retryAfter) + 1);
      expect((await signIn(email, WRONG)).status).toBe(401);
    }
    expect(locks).toEqual(['60', '120', '240', '480', '900', '900']);
  });

  it('clears the lock when the owner resets the password', async () => {
    const user = await signUpTestUser(app, { password: PASSWORD });
    const email = user.email as string;
    await failFiveTimes(email);
    expect((await signIn(email, PASSWORD)).status).toBe(429);

    const before = await lastMailId(app, email);
    const post = (url: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN }, payload });
    expect((await post('/api/auth/email-otp/request-password-reset', { email })).statusCode).toBe(200);
    const otp = codeIn(await waitForMail(app, email, before));
    const NEW_PASSWORD = 'a brand new battery staple';
    expect((await post('/api/auth/email-otp/reset-password', { email, otp, password: NEW_PASSWORD })).statusCode).toBe(200);

    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });
});
