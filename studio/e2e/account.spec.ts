/**
 * /app/account end to end: a verified user edits their profile, changes their password, signs
 * out another device, and deletes the account through the two §2 widgets; a tab still holding
 * a session of the deleted account is signed out by the §8 USER_DELETED reaction.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import deAccount from '../src/locales/de/account.json';
import common from '../src/locales/en/common.json';
import signInEn from '../src/locales/en/signIn.json';
import { addSessionCookie, authPost, E2E_PASSWORD, SESSION_COOKIE, sessionCookieOf, signUpVerified, useE2E, watchPageErrors } from './harness.ts';

const e2e = useE2E();

const OLD_PASSWORD = E2E_PASSWORD;
const NEW_PASSWORD = 'plum kettle violin sundial';

/** `name=value` of the session cookie a response set. */
async function signIn(email: string, password: string): Promise<Response> {
  return authPost(e2e.server.url, '/sign-in/email', { email, password });
}

async function useCookie(context: BrowserContext, cookie: string) {
  await addSessionCookie(context, e2e.server.url, cookie);
}

async function rpcUserFind(cookie: string) {
  const res = await fetch(`${e2e.server.url}/api/trpc/user.find`, { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as { error?: { message: string }; result?: { data: { email: string } } } };
}

/** Opens pages of `context` with the popup test hook (`__tesseraPopup`: which popup the store holds). */
async function withPopupHook(context: BrowserContext) {
  await context.addInitScript(() => localStorage.setItem('tessera.testHooks', '1'));
}

/** The page's API calls (fetch, XHR) not answered yet. */
function unansweredCalls(page: Page): Set<Request> {
  const calls = new Set<Request>();
  page.on('request', (r) => r.url().includes('/api/') && ['fetch', 'xhr'].includes(r.resourceType()) && calls.add(r));
  page.on('requestfinished', (r) => calls.delete(r));
  page.on('requestfailed', (r) => calls.delete(r));
  return calls;
}

/**
 * Sentinel after a tab signed out of a deleted account: it settles into what follows — a fresh
 * anonymous session on /home, its credits in the header — and every call it made (with the
 * deleted account's session, without one, or with the new one) has been answered. A log-in
 * popup (or a second notice) could only come from such an answer: the error reactions run as it
 * arrives, and a popup shows exactly while the popup store holds it. Then no popup is open.
 */
async function expectSettledWithoutPopup(page: Page, calls: Set<Request>) {
  await page.getByTestId('credits-remaining').waitFor();
  await expect.poll(() => calls.size).toBe(0);
  expect(await page.evaluate(() => window.__tesseraPopup!())).toBeNull();
  expect(await page.getByRole('dialog').count()).toBe(0);
}

async function toastText(page: Page, text: string) {
  await page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
}

describe('account page', () => {
  it('asks an anonymous visitor to sign up', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    // A first visit outside /app gives the visitor an anonymous session.
    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('credits-remaining').waitFor();
    await page.goto(`${e2e.server.url}/app/account`);
    await page.getByTestId('account-sign-up').waitFor();
    await page.getByTestId('account-sign-up').getByRole('button', { name: 'Sign up' }).click();
    // The sign-up popup (not the log-in one) opened.
    await page.getByRole('dialog').getByRole('heading', { name: common.auth.signUpTitle }).waitFor();

    // The language-prefixed route, with the page's own translations.
    await page.goto(`${e2e.server.url}/de/app/account`);
    await page.getByRole('heading', { name: 'Konto', level: 1 }).waitFor();
    expect(await page.getByTestId('account-sign-up').textContent()).toContain(deAccount.signedOut.text);
    await context.close();
  });

  it('edits the profile, changes the password, signs out another device and deletes the account', async () => {
    const email = `account.${Date.now()}@example.com`;
    const firstCookie = await signUpVerified(e2e.server.url, email);

    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await useCookie(context, firstCookie);
    await withPopupHook(context);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const calls = unansweredCalls(page);

    // The user menu links to the page.
    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL(`${e2e.server.url}/app/account`);
    const profile = page.getByTestId('account-profile');
    await expect.poll(() => profile.getByLabel('Display name').inputValue()).toBe(email.split('@')[0]);
    expect(await profile.getByLabel('Email').inputValue()).toBe(email);

    // Profile: an avatar (uploaded, previewed), first and last name; the header's menu shows them after a reload.
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 64;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#8b5cf6';
      ctx.fillRect(0, 0, 64, 64);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await profile.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await expect.poll(() => profile.getByTestId('avatar-preview').getAttribute('src')).toMatch(/^\/api\/media\//);
    await profile.getByLabel('First name').fill('Ada');
    await profile.getByLabel('Last name').fill('Lovelace');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await toastText(page, 'Profile saved.');
    await page.screenshot({ path: '.scratch/account-profile.png', fullPage: true });
    await page.reload();
    await page.getByTestId('user-menu').click();
    await expect.poll(() => page.getByTestId('user-display-name').textContent()).toBe('Ada Lovelace');
    expect(await page.getByTestId('user-avatar').getAttribute('src')).toMatch(/^\/api\/media\//);
    await expect.poll(() => page.getByTestId('user-avatar').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await page.keyboard.press('Escape');
    expect(await profile.getByLabel('First name').inputValue()).toBe('Ada');

    // Password: a wrong current password is shown in the card's alert, then the change works.
    const password = page.getByTestId('account-password');
    await password.getByLabel('Current password').fill('not my password');
    await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await password.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => password.getByRole('alert').textContent()).toBe('The current password is incorrect.');
    await password.getByLabel('Current password').fill(OLD_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await toastText(page, 'Password changed. Your other devices were signed out.');
    expect(await password.getByLabel('Current password').inputValue()).toBe('');
    expect((await signIn(email, OLD_PASSWORD)).status).toBe(401);
    const second = await signIn(email, NEW_PASSWORD);
    expect(second.status).toBe(200);
    const secondCookie = sessionCookieOf(second);

    // Sessions: this browser and the API sign-in; sign the other one out.
    await page.reload();
    const sessions = page.getByTestId('account-sessions');
    await expect.poll(() => sessions.getByTestId('session-row').count()).toBe(2);
    expect(await sessions.locator('[data-testid="session-row"][data-current]').count()).toBe(1);
    expect(await sessions.locator('[data-testid="session-row"][data-current]').getByTestId('this-device').textContent()).toBe('This device');
    expect(await sessions.locator('[data-testid="session-row"][data-current]').textContent()).toContain('Headless Chrome on Linux');
    await page.screenshot({ path: '.scratch/account-sessions.png', fullPage: true });
    const other = sessions.locator('[data-testid="session-row"]:not([data-current])');
    expect(await other.textContent()).toContain('Node.js');
    await other.getByRole('button', { name: 'Sign out Node.js' }).click();
    await toastText(page, 'The device was signed out.');
    await expect.poll(() => sessions.getByTestId('session-row').count()).toBe(1);
    await sessions.getByTestId('sessions-none').waitFor();
    expect((await rpcUserFind(secondCookie)).status).toBe(401);

    // Another tab of the same account stays open on a page that talks to the server.
    const third = await signIn(email, NEW_PASSWORD);
    const otherContext = await e2e.browser.newContext();
    await useCookie(otherContext, sessionCookieOf(third));
    await withPopupHook(otherContext);
    const otherPage = await otherContext.newPage();
    const otherErrors = watchPageErrors(otherPage);
    const otherCalls = unansweredCalls(otherPage);
    await otherPage.goto(`${e2e.server.url}/app/my-creations`);
    await otherPage.getByTestId('creations-empty').waitFor();
    // Every toast the tab shows from now on, even one gone by the time it is counted.
    await otherPage.evaluate(() => {
      const shown: string[] = [];
      (window as unknown as { toastsShown: string[] }).toastsShown = shown;
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of r.addedNodes) {
            if (!(n instanceof HTMLElement)) continue;
            const toasts = n.matches('[data-sonner-toast]') ? [n] : [...n.querySelectorAll('[data-sonner-toast]')];
            for (const toast of toasts) shown.push(toast.textContent ?? '');
          }
        }
      }).observe(document.body, { subtree: true, childList: true });
    });

    // Delete: the widget explains, the confirm widget waits for the typed address.
    const browserCookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(browserCookie).toBeDefined();
    const deleteCard = page.getByTestId('account-delete');
    for (const item of ['creations', 'credits', 'task and credit history', 'every file you uploaded']) {
      expect(await deleteCard.textContent()).toContain(item);
    }
    await deleteCard.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete my account forever' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Your email address').fill('someone@example.com');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Your email address').fill(email.toUpperCase());
    expect(await confirm.isEnabled()).toBe(true);
    await page.screenshot({ path: '.scratch/account-delete-confirm.png' });
    await confirm.click();
    await page.waitForURL(`${e2e.server.url}/home`);
    await toastText(page, 'Your account was deleted.');
    await page.getByTestId('open-sign-up').waitFor();
    expect(await page.evaluate(() => document.cookie.includes('user-info='))).toBe(false);
    // Signed out quietly: no log-in popup from calls made while signing out.
    await expectSettledWithoutPopup(page, calls);
    await page.screenshot({ path: '.scratch/account-deleted-home.png' });

    // The old session cookie is answered USER_DELETED.
    const old = await rpcUserFind(`${SESSION_COOKIE}=${browserCookie!.value}`);
    expect(old.status).toBe(401);
    expect(old.body.error?.message).toBe('USER_DELETED');
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(401);

    // The other tab learns it from the server's session:ended push, without a call of its own:
    // signed out, told so, sent home — once.
    await otherPage.waitForURL(`${e2e.server.url}/home`);
    await toastText(otherPage, 'This account was deleted.');
    await otherPage.getByTestId('open-sign-up').waitFor();
    await expectSettledWithoutPopup(otherPage, otherCalls);
    const shown = await otherPage.evaluate(() => (window as unknown as { toastsShown: string[] }).toastsShown);
    expect(shown.filter((text) => text.includes('This account was deleted.'))).toHaveLength(1);
    await otherPage.screenshot({ path: '.scratch/account-deleted-elsewhere.png' });

    // Only the expected failed responses (wrong password, revoked and deleted sessions) were logged;
    // the other tab's USER_DELETED call is logged by the error reaction, nothing else.
    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    expect(otherErrors.filter((e) => !/status of 40[01]/.test(e) && !e.includes('USER_DELETED'))).toEqual([]);
    await otherContext.close();
    await context.close();
  });

  it('sends a visitor without a session to /sign-in (SessionRequired) and back after logging in', async () => {
    const email = `protected.${Date.now()}@example.com`;
    await signUpVerified(e2e.server.url, email);
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/app/account`);
    await page.waitForURL(/\/sign-in\?error=SessionRequired&callbackUrl=%2Fapp%2Faccount$/);
    await page.getByRole('alert').getByText(signInEn.errors.SessionRequired).waitFor();
    await page.getByLabel(common.auth.email, { exact: true }).fill(email);
    await page.getByLabel(common.auth.password, { exact: true }).fill(OLD_PASSWORD);
    await page.locator('main form').getByRole('button', { name: common.auth.logIn, exact: true }).click();
    await page.waitForURL(`${e2e.server.url}/app/account`);
    await page.getByTestId('account-loading').or(page.getByRole('heading', { level: 1 })).first().waitFor();
    await context.close();
  });

  it('says so on /sign-in-google when Google is not configured', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/sign-in-google?callbackUrl=%2Fapp%2Fai-image`);
    await page.getByTestId('google-unavailable').getByText(signInEn.google.unavailable).waitFor();
    expect(await page.getByRole('link', { name: signInEn.google.useEmail }).getAttribute('href')).toBe('/sign-in?callbackUrl=%2Fapp%2Fai-image');
    await context.close();
  });
});
