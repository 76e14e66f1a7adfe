/**
 * Auth rate limits stored in PostgreSQL, per client IP (Fastify's request.ip, so TRUST_PROXY
 * decides whether X-Forwarded-For counts), and the dev mailbox disappearing outside development.
 */
import { rateLimits } from '@tessera/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, codeIn, TEST_ORIGIN, type TestApp, uniqueEmail, waitForMail } from './harness.ts';

const PASSWORD = 'correct horse battery';
const LIMITS = { windowSeconds: 60, signIn: 3, signUp: 4, sendCode: 2, checkCode: 5 };
const TOO_MANY = { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' };

function post(t: TestApp, url: string, payload: Record<string, unknown>, opts: { ip?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { origin: TEST_ORIGIN, ...opts.headers },
    payload,
  });
}

describe('per-IP limits (TRUST_PROXY off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { authRateLimitMax: 10_000, authLimits: LIMITS } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('throttles the sixth code check from one IP with 429, counts in the database, and leaves another IP alone', async () => {
    const email = uniqueEmail('limit');
    expect((await post(t, '/api/auth/sign-up/email', { email, password: PASSWORD, name: 'x' }, { ip: '10.0.0.1' })).statusCode).toBe(200);
    const otp = codeIn(await waitForMail(t.app, email));
    const wrongCode = otp === '000000' ? '111111' : '000000';

    for (let i = 0; i < 5; i++) {
      const res = await post(t, '/api/auth/email-otp/verify-email', { email, otp: wrongCode, password: PASSWORD }, { ip: '10.0.0.1' });
      expect(res.json()).toEqual({ code: 'INCORRECT_EMAIL_CODE', message: 'Incorrect email code.' });
    }
    const sixth = await post(t, '/api/auth/email-otp/verify-email', { email, otp, password: PASSWORD }, { ip: '10.0.0.1' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(TOO_MANY);
    // A forged X-Forwarded-For does not buy a fresh bucket: the proxy is not trusted.
    const forged = await post(t, '/api/auth/email-otp/verify-email', { email, otp, password: PASSWORD }, { ip: '10.0.0.1', headers: { 'x-forwarded-for': '198.51.100.9' } });
    expect(forged.statusCode).toBe(429);

    const rows = await t.database.db.select().from(rateLimits);
    expect(rows.map((r) => r.key)).toContain('10.0.0.1|/email-otp/verify-email');

    // Another client is not throttled; it reaches the code check (this code is used up by now).
    const other = await post(t, '/api/auth/email-otp/verify-email', { email, otp, password: PASSWORD }, { ip: '10.0.0.2' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ code: 'VERIFICATION_EXPIRED', message: 'The verification time has expired, please resend the email.' });
  });

  it('throttles password sign-in per IP', async () => {
    for (let i = 0; i < LIMITS.signIn; i++) {
      expect((await post(t, '/api/auth/sign-in/email', { email: uniqueEmail('si'), password: PASSWORD }, { ip: '10.0.1.1' })).statusCode).toBe(401);
    }
    const res = await post(t, '/api/auth/sign-in/email', { email: uniqueEmail('si'), password: PASSWORD }, { ip: '10.0.1.1' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(TOO_MANY);
    expect((await post(t, '/api/auth/sign-in/email', { email: uniqueEmail('si'), password: PASSWORD }, { ip: '10.0.1.2' })).statusCode).toBe(401);
  });

  it('throttles sign-up per IP', async () => {
    for (let i = 0; i < LIMITS.signUp; i++) {
      expect((await post(t, '/api/auth/sign-up/email', { email: uniqueEmail('su'), password: PASSWORD, name: 'x' }, { ip: '10.0.2.1' })).statusCode).toBe(200);
    }
    const res = await post(t, '/api/auth/sign-up/email', { email: uniqueEmail('su'), password: PASSWORD, name: 'x' }, { ip: '10.0.2.1' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(TOO_MANY);
  });

  it('throttles sending codes (resend and forgot-password) per IP', async () => {
    const email = uniqueEmail('send');
    for (let i = 0; i < LIMITS.sendCode; i++) {
      expect((await post(t, '/api/auth/email-otp/request-password-reset', { email }, { ip: '10.0.3.1' })).statusCode).toBe(200);
    }
    expect((await post(t, '/api/auth/email-otp/request-password-reset', { email }, { ip: '10.0.3.1' })).statusCode).toBe(429);
    for (let i = 0; i < LIMITS.sendCode; i++) {
      expect((await post(t, '/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' }, { ip: '10.0.3.1' })).statusCode).toBe(200);
    }
    expect((await post(t, '/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' }, { ip: '10.0.3.1' })).statusCode).toBe(429);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { trustProxy: true, authRateLimitMax: 10_000, authLimits: LIMITS } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keys the limit on the forwarded client address', async () => {
    const from = (client: string) => ({ ip: '10.9.9.9', headers: { 'x-forwarded-for': client } });
    for (let i = 0; i < LIMITS.signIn; i++) {
      expect((await post(t, '/api/auth/sign-in/email', { email: uniqueEmail('p'), password: PASSWORD }, from('203.0.113.7'))).statusCode).toBe(401);
    }
    expect((await post(t, '/api/auth/sign-in/email', { email: uniqueEmail('p'), password: PASSWORD }, from('203.0.113.7'))).statusCode).toBe(429);
    expect((await post(t, '/api/auth/sign-in/email', { email: uniqueEmail('p'), password: PASSWORD }, from('203.0.113.8'))).statusCode).toBe(401);
    const keys = (await t.database.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('203.0.113.7|/sign-in/email');
    expect(keys).not.toContain('10.9.9.9|/sign-in/email');
  });
});

describe('dev mailbox availability', () => {
  it.each([
    ['in production', { env: 'production' as const }],
    ['when SMTP_URL is set', { mail: { smtpUrl: 'smtp://127.0.0.1:2525', from: 'Tessera <no-reply@example.com>' } }],
  ])('answers 404 %s', async (_label, config) => {
    const t = await buildTestApp({ config });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('Dev mailbox');
      }
    } finally {
      await t.close();
    }
  });
});
