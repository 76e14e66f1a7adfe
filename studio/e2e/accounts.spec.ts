/**
 * Accounts by e-mail in a real browser against the real server: sign-up with the code from the
 * dev mailbox, forgotten passwords, an exhausted code, and a guest's work surviving sign-up.
 */
import { VERIFIED_EMAIL_BONUS_CREDITS } from '@tessera/shared/credits';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lastMailId, useE2E, waitForCode, watchPageErrors, waitForResult } from './harness.ts';

const e2e = useE2E();
const SCREENSHOTS = new URL('../../.scratch/', import.meta.url).pathname;

let counter = 0;
const newEmail = (tag: string) => `${tag}.${Date.now()}.${++counter}@example.com`;

/** A browser context with its own device id, so each one is a new visitor with its own trial. */
async function newVisitor(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const deviceId = `e2e-accounts-${Date.now()}-${++counter}`;
  await context.addInitScript((id) => {
    if (!localStorage.getItem('tessera.deviceId')) localStorage.setItem('tessera.deviceId', id);
  }, deviceId);
  return { context, page: await context.newPage() };
}

/** Opens the sign-up popup and submits the first step; returns the dialog on the code step. */
async function startSignUp(page: Page, email: string, password: string) {
  await page.getByTestId('open-sign-up').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByTestId('verify-step').waitFor();
  return dialog;
}

/** Another 6-digit code than `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

describe('accounts by e-mail', () => {
  it('signs up with the code from the dev mailbox and shows the signed-in header', async () => {
    const { context, page } = await newVisitor();
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('credits-remaining').waitFor();
    const email = newEmail('signup');

    const dialog = await startSignUp(page, email, 'amber lantern over quiet hills');
    expect(await dialog.getByRole('heading').textContent()).toBe('Check your inbox');
    // The dev mailbox is linked, and resend waits for its cooldown.
    expect(await dialog.getByTestId('dev-mailbox-hint').getByRole('link').getAttribute('href')).toBe('/dev/mailbox');
    expect(await dialog.getByTestId('resend-code').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('resend-code').textContent()).toMatch(/^Resend code \(\d+ s\)$/);

    const code = await waitForCode(e2e.server.url, email);

    // Back keeps the address; continuing again returns to the code step, where the code mailed
    // first still works.
    await dialog.getByRole('button', { name: 'Back' }).click();
    expect(await dialog.getByLabel('Email').inputValue()).toBe(email);
    await dialog.getByLabel('Password').fill('amber lantern over quiet hills');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByTestId('verify-step').waitFor();

    // Pasted with a space, as some mail clients copy it.
    await dialog.getByLabel('Verification code').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(await dialog.getByLabel('Verification code').inputValue()).toBe(code);
    await page.screenshot({ path: `${SCREENSHOTS}accounts-verify-step.png` });
    await dialog.getByRole('button', { name: 'Create account' }).click();

    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(email);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByText('Welcome to Tessera!').waitFor();
    const session = await page.evaluate(() => fetch('/api/auth/get-session').then((r) => r.json() as Promise<{ user: { emailVerified: boolean; isAnonymous: boolean } }>));
    expect(session.user).toMatchObject({ emailVerified: true, isAnonymous: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password with a code: the new password works and the old one does not', async () => {
    const { context, page } = await newVisitor();
    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('open-log-in').waitFor();
    const email = newEmail('reset');
    const oldPassword = 'copper whistle in the rain';
    const newPassword = 'silver heron by the river';

    // The account: signed up and verified, then signed out.
    const dialog = await startSignUp(page, email, oldPassword);
    await dialog.getByLabel('Verification code').fill(await waitForCode(e2e.server.url, email));
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(email);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${e2e.server.url}/sign-in`);

    // Forgot password from the log-in popup: the address typed so far comes along.
    await page.getByTestId('open-log-in').click();
    let popup = page.getByRole('dialog');
    await popup.getByLabel('Email').fill(email);
    await popup.getByRole('button', { name: 'Forgot password?' }).click();
    popup = page.getByRole('dialog', { name: 'Reset your password' });
    expect(await popup.getByLabel('Email').inputValue()).toBe(email);
    const before = await lastMailId(e2e.server.url, email);
    await popup.getByRole('button', { name: 'Send code' }).click();
    await popup.getByTestId('reset-code-step').waitFor();
    const code = await waitForCode(e2e.server.url, email, before);

    await popup.getByLabel('Verification code').fill(code);
    await popup.getByLabel('New password', { exact: true }).fill(newPassword);
    await popup.getByLabel('Confirm new password').fill(`${newPassword}!`);
    await popup.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => popup.getByRole('alert').textContent()).toBe('The two passwords do not match.');
    await popup.getByLabel('Confirm new password').fill(newPassword);
    await page.screenshot({ path: `${SCREENSHOTS}accounts-reset-step.png` });
    await popup.getByRole('button', { name: 'Set new password' }).click();

    // Signed in with the new password (the /sign-in page then moves on to /home).
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(email);
    await page.waitForURL(`${e2e.server.url}/home`);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${e2e.server.url}/sign-in`);
    const main = page.locator('main');
    await main.getByLabel('Email').fill(email);
    await main.getByLabel('Password').fill(oldPassword);
    await main.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => main.getByRole('alert').textContent()).toBe('Incorrect username or password.');
    await main.getByLabel('Password').fill(newPassword);
    await main.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(email);
    await context.close();
  });

  it('the /sign-in page offers the same forgot-password flow in place', async () => {
    const { context, page } = await newVisitor();
    await page.goto(`${e2e.server.url}/sign-in`);
    const main = page.locator('main');
    await main.getByLabel('Email').fill('nobody.here@example.com');
    await main.getByRole('button', { name: 'Forgot password?' }).click();
    expect(await main.getByLabel('Email').inputValue()).toBe('nobody.here@example.com');
    // No account for the address: the page answers exactly as for one, and no mail goes out.
    await main.getByRole('button', { name: 'Send code' }).click();
    await main.getByTestId('reset-code-step').waitFor();
    expect(await main.getByTestId('reset-code-step').textContent()).toContain('nobody.here@example.com');
    expect(await lastMailId(e2e.server.url, 'nobody.here@example.com')).toBe(0);
    await main.getByRole('button', { name: 'Back' }).click();
    await main.getByRole('button', { name: 'Back to log in' }).click();
    await main.getByRole('button', { name: 'Log in' }).waitFor();
    await context.close();
  });

  it('a log-in to an unverified account offers a new code and continues to the same verify step', async () => {
    const { context, page } = await newVisitor();
    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('open-log-in').waitFor();
    const email = newEmail('unverified');
    const password = 'maple drum in the valley';
    // Signed up earlier, the code never entered.
    const status = await page.evaluate(
      (body) => fetch('/api/auth/sign-up/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.status),
      JSON.stringify({ email, password, name: 'unverified' }),
    );
    expect(status).toBe(200);
    const before = await lastMailId(e2e.server.url, email);

    await page.getByTestId('open-log-in').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => dialog.getByRole('alert').getAttribute('data-problem')).toBe('EMAIL_NOT_VERIFIED');
    expect(await dialog.getByRole('alert').textContent()).toContain('Email has not been verified yet.');
    await dialog.getByRole('button', { name: 'Send a new code' }).click();
    await dialog.getByTestId('verify-step').waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Check your inbox');

    await dialog.getByLabel('Verification code').fill(await waitForCode(e2e.server.url, email, before));
    await dialog.getByRole('button', { name: 'Verify and log in' }).click();
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(email);
    await context.close();
  });

  it('a code guessed wrong five times is dead: the sixth try says the verification expired', async () => {
    const { context, page } = await newVisitor();
    await page.goto(`${e2e.server.url}/home`);
    const email = newEmail('guess');
    const dialog = await startSignUp(page, email, 'granite owl beneath the stars');
    const code = await waitForCode(e2e.server.url, email);
    const input = dialog.getByLabel('Verification code');
    const submit = dialog.getByRole('button', { name: 'Create account' });

    for (let i = 1; i <= 5; i++) {
      await input.fill(wrong(code, i));
      await submit.click();
      await expect.poll(() => dialog.getByRole('alert').getAttribute('data-problem')).toBe('INCORRECT_EMAIL_CODE');
      expect(await dialog.getByRole('alert').textContent()).toBe('Incorrect email code.');
      // The next answer must be a new one, not the alert of this round.
      await input.fill('');
      await submit.click();
      await expect.poll(() => dialog.getByRole('alert').getAttribute('data-problem')).toBe('CODE_REQUIRED');
    }
    await input.fill(wrong(code, 6));
    await submit.click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('The verification time has expired, please resend the email.');
    // Even the right code no longer works: a new code is needed.
    await input.fill('');
    await submit.click();
    await expect.poll(() => dialog.getByRole('alert').getAttribute('data-problem')).toBe('CODE_REQUIRED');
    await input.fill(code);
    await submit.click();
    await expect.poll(() => dialog.getByRole('alert').getAttribute('data-problem')).not.toBe('CODE_REQUIRED');
    expect(await dialog.getByTestId('verify-step').isVisible()).toBe(true);
    const session = await page.evaluate(() => fetch('/api/auth/get-session').then((r) => r.json() as Promise<{ user: { isAnonymous: boolean } } | null>));
    expect(session?.user.isAnonymous).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}accounts-code-expired.png` });
    expect(await page.getByTestId('open-sign-up').count()).toBe(1);
    await context.close();
  });

  it('a guest who made an image signs up and keeps the creation and the credits', async () => {
    const { context, page } = await newVisitor();
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('credits-remaining').waitFor();
    const trial = Number(await page.getByTestId('credits-remaining').textContent());

    await page.getByRole('link', { name: 'AI image' }).first().click();
    await page.waitForURL(`${e2e.server.url}/app/ai-image`);
    await page.getByTestId('prompt').fill('lighthouse on a cliff at dawn');
    await expect.poll(() => page.getByTestId('generate').textContent()).toContain('4 credits');
    await page.getByTestId('generate').click();
    await waitForResult(page);
    await expect.poll(async () => Number(await page.getByTestId('credits-remaining').textContent())).toBe(trial - 4);

    const email = newEmail('guest');
    const dialog = await startSignUp(page, email, 'cobalt fox across the snow');
    await dialog.getByLabel('Verification code').fill(await waitForCode(e2e.server.url, email));
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(email);

    // The guest's balance moved across (plus the verified e-mail bonus), not a fresh trial.
    await expect
      .poll(async () => Number(await page.getByTestId('credits-remaining').textContent()))
      .toBe(trial - 4 + VERIFIED_EMAIL_BONUS_CREDITS);

    await page.getByRole('link', { name: 'My creations' }).first().click();
    await page.waitForURL(`${e2e.server.url}/app/my-creations`);
    await page.getByTestId('creations-grid').waitFor();
    expect(await page.getByTestId('creation-card').count()).toBe(1);
    await page.screenshot({ path: `${SCREENSHOTS}accounts-guest-kept.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});
