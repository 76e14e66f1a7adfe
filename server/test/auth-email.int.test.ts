/**
 * Accounts by e-mail, end to end against PostgreSQL: sign-up with a code from the dev mailbox,
 * wrong, expired and exhausted codes, refused addresses and passwords, forgotten passwords,
 * answers that do not reveal which addresses are registered, an anonymous visitor keeping their
 * credits, and the dev mailbox itself.
 */
import { ANONYMOUS_TRIAL_CREDITS, VERIFIED_EMAIL_BONUS_CREDITS } from '@tessera/shared/credits';
import { users, verifications } from '@tessera/db/schema';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  codeIn,
  cookiesFrom,
  creditSummary,
  devMailbox,
  lastMailId,
  signInAnonymously,
  signUpTestUser,
  TEST_ORIGIN,
  type TestApp,
  uniqueEmail,
  waitForMail,
} from './harness.ts';

const PASSWORD = 'correct horse battery';
const PASSPHRASE = 'the quiet river remembers every stone it carried down the hill at night';

let t: TestApp;

beforeAll(async () => {
  // Many auth calls from one address: the coarse per-IP limiter in front of /api/auth is raised.
  t = await buildTestApp({ config: { authRateLimitMax: 10_000 } });
});
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, ...headers }, payload });
}
const signUp = (email: string, password = PASSWORD, headers: Record<string, string> = {}) =>
  post('/api/auth/sign-up/email', { email, password, name: 'Test' }, headers);
const verify = (email: string, otp: string, headers: Record<string, string> = {}, password = PASSWORD) =>
  post('/api/auth/email-otp/verify-email', { email, otp, password }, headers);
const signIn = (email: string, password: string) => post('/api/auth/sign-in/email', { email, password });
const resend = (email: string) => post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
const forgot = (email: string) => post('/api/auth/email-otp/request-password-reset', { email });
const reset = (email: string, otp: string, password: string) => post('/api/auth/email-otp/reset-password', { email, otp, password });

async function sessionUser(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  return res.json<{ user: { id: string; email: string; emailVerified: boolean; isAnonymous: boolean } } | null>()?.user ?? null;
}

/** Signs up and returns the code the dev mailbox received. */
async function signUpForCode(email: string, headers: Record<string, string> = {}) {
  const before = await lastMailId(t.app, email);
  const res = await signUp(email, PASSWORD, headers);
  expect(res.statusCode).toBe(200);
  return codeIn(await waitForMail(t.app, email, before));
}

/**
 * Every mail the requests answered so far asked for is in the dev mailbox. A later mail alone
 * is no sentinel: the outbox delivers each message on its own, so two can land in either order.
 * But the auth hooks hand a message to the outbox (synchronously) before their request answers
 * (better-auth awaits them: no background-task handler is configured), and `drain()` waits for
 * every delivery in flight; after it, a mail that is not in the mailbox was never sent.
 */
const mailSettled = () => t.app.services.outbox.drain();

/** Another 6-digit code than `code`. */
function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('sign-up with a verification code', () => {
  it('signs up, mails a code, verifies it and is signed in', async () => {
    const email = uniqueEmail('flow');
    const res = await signUp(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verificationRequired: true });
    expect(res.headers['set-cookie']).toBeUndefined();

    const mail = await waitForMail(t.app, email);
    expect(mail.subject).toBe('Your Tessera verification code');
    const otp = codeIn(mail);
    expect(otp).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(otp);
    expect(mail.text).toContain('10 minutes');

    const verified = await verify(email, otp);
    expect(verified.statusCode).toBe(200);
    const cookie = cookiesFrom(verified.headers['set-cookie']);
    expect(cookie).toMatch(/tessera\.session_token=/);
    expect(await sessionUser(cookie)).toMatchObject({ email, emailVerified: true, isAnonymous: false });
    // From now on the password works too.
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('uses a code once', async () => {
    const email = uniqueEmail('once');
    const otp = await signUpForCode(email);
    expect((await verify(email, otp)).statusCode).toBe(200);
    const again = await verify(email, otp);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'INCORRECT_EMAIL_CODE', message: 'Incorrect email code.' });
  });

  it('answers a wrong code with "Incorrect email code." and still accepts the right one', async () => {
    const email = uniqueEmail('wrong');
    const otp = await signUpForCode(email);
    const res = await verify(email, wrong(otp));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'INCORRECT_EMAIL_CODE', message: 'Incorrect email code.' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await verify(email, otp)).statusCode).toBe(200);
  });

  it('kills a code after 5 wrong guesses, even for the right code', async () => {
    const email = uniqueEmail('guesses');
    const otp = await signUpForCode(email);
    for (let i = 0; i < 5; i++) expect((await verify(email, wrong(otp))).json()).toMatchObject({ code: 'INCORRECT_EMAIL_CODE' });
    const sixth = await verify(email, otp);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({ code: 'VERIFICATION_EXPIRED', message: 'The verification time has expired, please resend the email.' });
    expect((await verify(email, otp)).statusCode).toBe(400);
    // A new code works.
    const before = await lastMailId(t.app, email);
    expect((await resend(email)).json()).toEqual({ success: true });
    expect((await verify(email, codeIn(await waitForMail(t.app, email, before)))).statusCode).toBe(200);
  });

  it('answers an expired code with the expiry message; a resent code works', async () => {
    const email = uniqueEmail('expired');
    const otp = await signUpForCode(email);
    const rows = await t.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(like(verifications.identifier, `%${email}`)).returning();
    expect(rows).toHaveLength(1);
    const res = await verify(email, otp);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VERIFICATION_EXPIRED', message: 'The verification time has expired, please resend the email.' });

    const before = await lastMailId(t.app, email);
    expect((await resend(email)).statusCode).toBe(200);
    const fresh = codeIn(await waitForMail(t.app, email, before));
    expect((await verify(email, fresh)).statusCode).toBe(200);
  });

  it('sends codes in the user’s language', async () => {
    const email = uniqueEmail('lang');
    expect((await signUp(email, PASSWORD, { 'user-language': 'de' })).statusCode).toBe(200);
    const mail = await waitForMail(t.app, email);
    expect(mail.subject).toBe('Ihr Tessera-Bestätigungscode');
    expect(mail.html).toContain('lang="de"');

    const tw = uniqueEmail('lang-tw');
    expect((await signUp(tw, PASSWORD, { 'accept-language': 'zh-TW,zh;q=0.9' })).statusCode).toBe(200);
    expect((await waitForMail(t.app, tw)).subject).toBe('您的 Tessera 驗證碼');
  });

  it('does not mail a code for an address that is already verified', async () => {
    const user = await signUpTestUser(t.app);
    const before = await lastMailId(t.app, user.email!);
    expect((await resend(user.email!)).json()).toEqual({ success: true });
    // A later mail to the same mailbox (a reset code) shows the outbox at work; once drained,
    // it is the only new message there.
    expect((await forgot(user.email!)).statusCode).toBe(200);
    await mailSettled();
    expect((await devMailbox(t.app, user.email!)).filter((m) => m.id > before).map((m) => m.subject)).toEqual(['Your Tessera password reset code']);
  });
});

describe('refused addresses and passwords', () => {
  it('refuses a disposable address and creates no user', async () => {
    const res = await signUp('someone@mailinator.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'INVALID_EMAIL', message: 'Your email address is invalid. Please try a different one.' });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'someone@mailinator.com'))).toHaveLength(0);
  });

  it('refuses a malformed address with the same message', async () => {
    const res = await signUp('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'INVALID_EMAIL', message: 'Your email address is invalid. Please try a different one.' });
  });

  it.each(['password123', 'P@ssw0rd', 'qwertyuiop', 'iloveyou1'])('refuses the common password %s', async (password) => {
    const email = uniqueEmail('weak');
    const res = await signUp(email, password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'WEAK_PASSWORD',
      message: 'This password is too common or easy to guess. Please choose a longer or less predictable one.',
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a short password', async () => {
    const res = await signUp(uniqueEmail('short'), 'Xq7#pL2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'PASSWORD_TOO_SHORT', message: 'Password must be at least 8 characters.' });
  });

  it('accepts a 70-character passphrase and signs in with it', async () => {
    expect(PASSPHRASE.length).toBeGreaterThanOrEqual(70);
    const user = await signUpTestUser(t.app, { password: PASSPHRASE });
    expect((await signIn(user.email!, PASSPHRASE)).statusCode).toBe(200);
  });

  it('refuses OTP sign-in and the link-based flows, which would skip these rules', async () => {
    expect((await post('/api/auth/sign-in/email-otp', { email: uniqueEmail('otp'), otp: '123456' })).statusCode).toBe(404);
    expect((await post('/api/auth/send-verification-email', { email: uniqueEmail('link') })).statusCode).toBe(404);
    const res = await post('/api/auth/email-otp/send-verification-otp', { email: uniqueEmail('otp'), type: 'sign-in' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INCORRECT_PARAMETER' });
  });
});

describe('forgotten password', () => {
  it('resets the password with a mailed code: the new one works, the old one and old sessions do not', async () => {
    const user = await signUpTestUser(t.app);
    const email = user.email!;
    const before = await lastMailId(t.app, email);
    const res = await forgot(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const mail = await waitForMail(t.app, email, before);
    expect(mail.subject).toBe('Your Tessera password reset code');
    const otp = codeIn(mail);

    const weak = await reset(email, otp, 'password123');
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
    const wrongCode = await reset(email, wrong(otp), PASSPHRASE);
    expect(wrongCode.json()).toEqual({ code: 'INCORRECT_EMAIL_CODE', message: 'Incorrect email code.' });

    const done = await reset(email, otp, PASSPHRASE);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true });
    expect((await signIn(email, PASSPHRASE)).statusCode).toBe(200);
    const old = await signIn(email, PASSWORD);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Incorrect username or password.' });
    expect(await sessionUser(user.cookie)).toBeNull();
    // The code was used.
    expect((await reset(email, otp, 'another fine passphrase')).json()).toMatchObject({ code: 'INCORRECT_EMAIL_CODE' });
  });

  it('lets an unverified user reset, which also verifies the address', async () => {
    const email = uniqueEmail('unverified-reset');
    await signUpForCode(email);
    const before = await lastMailId(t.app, email);
    await forgot(email);
    const otp = codeIn(await waitForMail(t.app, email, before));
    expect((await reset(email, otp, PASSPHRASE)).statusCode).toBe(200);
    expect((await signIn(email, PASSPHRASE)).statusCode).toBe(200);
  });
});

describe('no account enumeration', () => {
  it('answers sign-up for a registered address exactly like for a new one, and mails the owner a notice', async () => {
    const owner = await signUpTestUser(t.app);
    const before = await lastMailId(t.app, owner.email!);
    const existing = await signUp(owner.email!, 'a different passphrase');
    const fresh = await signUp(uniqueEmail('fresh'), 'a different passphrase');
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.body).toBe(fresh.body);
    expect(existing.headers['set-cookie']).toBeUndefined();
    expect(fresh.headers['set-cookie']).toBeUndefined();
    expect(existing.headers['content-type']).toBe(fresh.headers['content-type']);

    const notice = await waitForMail(t.app, owner.email!, before);
    expect(notice.subject).toBe('Someone tried to sign up with your e-mail address');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
  });

  it('answers forgot-password for an unknown address exactly like for a registered one, and mails nobody', async () => {
    const owner = await signUpTestUser(t.app);
    const unknown = uniqueEmail('unknown');
    const before = await lastMailId(t.app, owner.email!);
    const known = await forgot(owner.email!);
    const notKnown = await forgot(unknown);
    expect(notKnown.statusCode).toBe(known.statusCode);
    expect(notKnown.body).toBe(known.body);
    await mailSettled();
    // The registered address got its code by now, the unknown one nothing.
    const [newest] = await devMailbox(t.app, owner.email!);
    expect(newest?.id).toBeGreaterThan(before);
    expect(newest?.subject).toBe('Your Tessera password reset code');
    expect(await devMailbox(t.app, unknown)).toEqual([]);
    // And no code can reset a password for it.
    expect((await reset(unknown, '000000', PASSPHRASE)).json()).toMatchObject({ code: 'INCORRECT_EMAIL_CODE' });
  });
});

describe('a pre-registered address', () => {
  it('cannot be taken over with the code alone: verifying needs the pending password, and the owner takes over by resetting', async () => {
    const email = uniqueEmail('squatted');
    const squatterPassword = 'squatter picked this one';
    expect((await signUp(email, squatterPassword)).statusCode).toBe(200);
    // The real owner later asks for a code and tries to verify with their own password.
    let before = await lastMailId(t.app, email);
    await resend(email);
    const code = codeIn(await waitForMail(t.app, email, before));
    const refused = await verify(email, code, {}, PASSWORD);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'INCORRECT_EMAIL_CODE', message: 'Incorrect email code.' });
    // "Forgot password" proves the address, sets the owner's password and verifies it.
    before = await lastMailId(t.app, email);
    await forgot(email);
    expect((await reset(email, codeIn(await waitForMail(t.app, email, before)), PASSWORD)).statusCode).toBe(200);
    expect((await signIn(email, squatterPassword)).statusCode).toBe(401);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('anonymous visitor signs up', () => {
  it('keeps the anonymous credits after verifying, and the anonymous user is gone', async () => {
    const anon = await signInAnonymously(t.app);
    expect(await creditSummary(t.app, anon.cookie)).toEqual({ used: 0, total: ANONYMOUS_TRIAL_CREDITS, remaining: ANONYMOUS_TRIAL_CREDITS });

    const email = uniqueEmail('anon');
    const otp = await signUpForCode(email, { cookie: anon.cookie });
    // Until verification the visitor keeps using the anonymous session.
    expect(await sessionUser(anon.cookie)).toMatchObject({ id: anon.id, isAnonymous: true });

    const verified = await verify(email, otp, { cookie: anon.cookie });
    expect(verified.statusCode).toBe(200);
    const cookie = cookiesFrom(verified.headers['set-cookie']);
    const user = await sessionUser(cookie);
    expect(user).toMatchObject({ email, isAnonymous: false });
    expect(user!.id).not.toBe(anon.id);
    // The trial moved with the visitor; the verified address added its one-time bonus.
    const total = ANONYMOUS_TRIAL_CREDITS + VERIFIED_EMAIL_BONUS_CREDITS;
    expect(await creditSummary(t.app, cookie)).toEqual({ used: 0, total, remaining: total });
    expect(await t.database.db.select().from(users).where(eq(users.id, anon.id))).toHaveLength(0);
  });
});

describe('dev mailbox', () => {
  it('lists messages as HTML with everything escaped', async () => {
    const before = await lastMailId(t.app, 'x@example.com');
    const email = uniqueEmail('html');
    await signUp(email, PASSWORD, {});
    await waitForMail(t.app, email, before);
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(email);
    expect(res.body).toContain('Your Tessera verification code');
    // The stored HTML body is shown as text, never rendered.
    expect(res.body).not.toContain('<p style=');
  });
});
