/**
 * Earning credits end to end (§1, §8): the daily check-in is granted once however many tabs
 * click it; an invite link carries a friend's code through sign-up to the friend's 10 credits
 * and the inviter's stats; a completed mission is claimed from /app/missions.
 */
import { VERIFIED_EMAIL_BONUS_CREDITS } from '@tessera/shared/credits';
import { CHECK_IN_DAILY_CREDITS, INVITE_FRIEND_CREDITS } from '@tessera/shared/rewards';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import common from '../src/locales/en/common.json';
import rewards from '../src/locales/en/rewards.json';
import { addSessionCookie, E2E_PASSWORD, signUpVerified, trpcCall, useE2E, waitForCode, watchPageErrors } from './harness.ts';

const e2e = useE2E();
const SCREENSHOTS = new URL('../../.scratch/', import.meta.url).pathname;
let counter = 0;
const newEmail = (tag: string) => `${tag}.${Date.now()}.${++counter}@example.com`;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

/** A verified e-mail account made through the auth API; returns its session cookie (`name=value`). */
/** A browser context signed in with `cookie`, with its own device id. */
async function signedInContext(cookie: string): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  await addSessionCookie(context, e2e.server.url, cookie);
  await addDeviceId(context);
  return context;
}

async function addDeviceId(context: BrowserContext) {
  await context.addInitScript((id) => {
    if (!localStorage.getItem('tessera.deviceId')) localStorage.setItem('tessera.deviceId', id);
  }, `e2e-rewards-${Date.now()}-${++counter}`);
}

async function rpc<T>(cookie: string, path: string): Promise<T> {
  const res = await fetch(`${e2e.server.url}/api/trpc/${path}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

const remaining = async (page: Page) => Number(await page.getByTestId('credits-remaining').textContent());

async function openFromUserMenu(page: Page, testId: string) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId(testId).click();
}

async function toastText(page: Page, text: string) {
  await page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
}

describe('rewards', () => {
  it('checks in once when two tabs click "Check in" at the same time', async () => {
    const cookie = await signUpVerified(e2e.server.url, newEmail('checkin'));
    const context = await signedInContext(cookie);
    const pages = [await context.newPage(), await context.newPage()];
    const errors = pages.map(watchPageErrors);
    for (const page of pages) {
      await page.goto(`${e2e.server.url}/home`);
      await page.getByTestId('credits-remaining').waitFor();
      // Not checked in today: a dot on the menu and on its check-in entry.
      await page.getByTestId('user-menu-dot').waitFor();
    }
    const before = await remaining(pages[0]!);

    for (const page of pages) {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('check-in-dot').waitFor();
      await page.getByRole('menuitem', { name: rewards.menu.checkIn }).click();
      const popup = page.getByRole('dialog', { name: rewards.checkIn.title });
      await popup.getByTestId('check-in-popup').waitFor();
      expect(await popup.getByTestId('check-in-day').count()).toBe(7);
      expect(await popup.getByTestId('check-in-streak').textContent()).toBe('0');
      expect(await popup.locator('[aria-current="date"]').textContent()).toContain(rewards.checkIn.today);
    }
    await pages[0]!.screenshot({ path: `${SCREENSHOTS}rewards-check-in.png` });

    const buttonName = fill(rewards.checkIn.button, { credits: CHECK_IN_DAILY_CREDITS });
    await Promise.all(pages.map((page) => page.getByRole('button', { name: buttonName }).click()));

    for (const page of pages) {
      const done = page.getByTestId('check-in-done');
      await done.waitFor();
      expect((await done.textContent())?.trim()).toBe(rewards.checkIn.checkedIn);
      expect(await done.isDisabled()).toBe(true);
      await expect.poll(() => page.getByTestId('check-in-streak').textContent()).toBe('1');
      await expect.poll(() => remaining(page)).toBe(before + CHECK_IN_DAILY_CREDITS);
    }
    // Exactly one tab was granted the credits and says "+5 credits".
    const granted = await Promise.all(pages.map((page) => page.getByTestId('check-in-granted').count()));
    expect(granted.reduce((a, b) => a + b, 0)).toBe(1);
    const grantedPage = pages[granted.indexOf(1)]!;
    expect(await grantedPage.getByTestId('check-in-granted').textContent()).toBe(fill(rewards.checkIn.granted, { credits: CHECK_IN_DAILY_CREDITS }));
    await grantedPage.screenshot({ path: `${SCREENSHOTS}rewards-checked-in.png` });

    // Nothing more arrives later, and the server agrees. Sentinel: a later credits:changed to
    // the same user, from claiming the verified-e-mail mission. Both check-in requests were
    // answered, and the server publishes a grant's credits:changed before it answers, so the
    // sentinel is emitted after anything the check-in sent; Socket.IO keeps one user's events
    // in order on each tab's socket. Once a tab shows the sentinel's total it has handled all
    // of them, and a second check-in grant would be in that total.
    const mission = await trpcCall<{ credits: number }>(e2e.server.url, cookie, 'mission.claim', { key: 'verify_email' });
    expect(mission.credits).toBeGreaterThan(0);
    for (const page of pages) await expect.poll(() => remaining(page)).toBe(before + CHECK_IN_DAILY_CREDITS + mission.credits);
    expect((await rpc<{ remaining: number }>(cookie, 'credits.summary')).remaining).toBe(before + CHECK_IN_DAILY_CREDITS + mission.credits);

    // The dot is gone once checked in.
    await pages[0]!.keyboard.press('Escape');
    await expect.poll(() => pages[0]!.getByTestId('user-menu-dot').count()).toBe(0);
    expect(errors.flat()).toEqual([]);
    await context.close();
  });

  it('gives a friend who signs up through an invite link 10 credits and counts them for the inviter', async () => {
    // User A copies their code from the refer-friend popup.
    const inviterCookie = await signUpVerified(e2e.server.url, newEmail('inviter'));
    const inviterContext = await signedInContext(inviterCookie);
    const inviter = await inviterContext.newPage();
    await inviter.goto(`${e2e.server.url}/home`);
    await openFromUserMenu(inviter, 'user-menu-invite');
    const refer = inviter.getByRole('dialog', { name: rewards.invite.title });
    await refer.getByTestId('refer-popup').waitFor();
    const code = (await refer.getByTestId('invite-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(await refer.getByTestId('invite-link').inputValue()).toBe(`${e2e.server.url}/?invite=${code}`);
    expect(await refer.getByTestId('invite-joined').textContent()).toBe('0');
    expect(await refer.textContent()).toContain(fill(rewards.invite.how, { friendCredits: 10, subscribeCredits: 50 }));
    await inviter.screenshot({ path: `${SCREENSHOTS}rewards-refer-friend.png` });
    await inviter.keyboard.press('Escape');

    // A new visitor follows the link: the code is kept and the parameter leaves the address bar.
    const visitorContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } });
    await addDeviceId(visitorContext);
    const visitor = await visitorContext.newPage();
    const errors = watchPageErrors(visitor);
    await visitor.goto(`${e2e.server.url}/?invite=${code}`);
    await visitor.waitForURL(`${e2e.server.url}/`);
    expect(await visitor.evaluate(() => localStorage.getItem('tessera.inviteCode'))).toBe(code);
    await visitor.getByTestId('credits-remaining').waitFor();
    const trial = await remaining(visitor);

    // Sign up through the UI: the form shows the code from the link.
    const email = newEmail('friend');
    await visitor.getByTestId('open-sign-up').click();
    const dialog = visitor.getByRole('dialog');
    expect(await dialog.getByLabel(common.auth.inviteCode).inputValue()).toBe(code);
    await dialog.getByLabel(common.auth.email, { exact: true }).fill(email);
    await dialog.getByLabel(common.auth.password, { exact: true }).fill(E2E_PASSWORD);
    await dialog.getByRole('button', { name: common.auth.continue }).click();
    await dialog.getByTestId('verify-step').waitFor();
    await dialog.getByLabel(common.auth.code).fill(await waitForCode(e2e.server.url, email));
    await dialog.getByRole('button', { name: common.auth.createAccount }).click();

    // Redeemed once, after verification: the friend's credits and the toast.
    await toastText(visitor, fill(rewards.invite.toast.rewarded, { credits: INVITE_FRIEND_CREDITS }));
    await expect.poll(() => remaining(visitor)).toBe(trial + VERIFIED_EMAIL_BONUS_CREDITS + INVITE_FRIEND_CREDITS);
    expect(await visitor.evaluate(() => localStorage.getItem('tessera.inviteCode'))).toBeNull();
    await visitor.screenshot({ path: `${SCREENSHOTS}rewards-invite-redeemed.png` });

    // The inviter hears about it live, and their stats count the friend.
    await toastText(inviter, fill(rewards.notice.inviteFriendJoined, { credits: INVITE_FRIEND_CREDITS }));
    await openFromUserMenu(inviter, 'user-menu-invite');
    await expect.poll(() => inviter.getByTestId('invite-joined').textContent()).toBe('1');

    // A reload does not redeem again; the friend's popup says which code they joined with.
    await visitor.reload();
    await visitor.getByTestId('credits-remaining').waitFor();
    await openFromUserMenu(visitor, 'user-menu-invite');
    await visitor.getByTestId('invite-invited-by').waitFor();
    expect(await visitor.getByTestId('invite-invited-by').textContent()).toBe(fill(rewards.invite.invitedBy, { code }));
    expect(await visitor.getByTestId('invite-redeem').count()).toBe(0);
    expect(await remaining(visitor)).toBe(trial + VERIFIED_EMAIL_BONUS_CREDITS + INVITE_FRIEND_CREDITS);
    expect(errors).toEqual([]);
    await visitorContext.close();
    await inviterContext.close();
  });

  it('lists missions and claims the verified e-mail reward', async () => {
    // Without an e-mail account the page invites to sign up.
    const anonymous = await e2e.browser.newContext();
    const anonymousPage = await anonymous.newPage();
    await anonymousPage.goto(`${e2e.server.url}/app/missions`);
    await anonymousPage.getByTestId('rewards-sign-up').getByRole('button', { name: rewards.signedOut.signUp }).click();
    await anonymousPage.getByRole('dialog').getByRole('heading', { name: common.auth.signUpTitle }).waitFor();
    await anonymous.close();

    const cookie = await signUpVerified(e2e.server.url, newEmail('missions'));
    const context = await signedInContext(cookie);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/home`);
    await openFromUserMenu(page, 'user-menu-missions');
    await page.waitForURL(`${e2e.server.url}/app/missions`);
    await page.getByRole('heading', { level: 1, name: rewards.title }).waitFor();

    const verify = page.getByTestId('mission-verify_email');
    await verify.waitFor();
    expect(await verify.getAttribute('data-completed')).toBe('true');
    expect(await verify.textContent()).toContain(rewards.missions.verify_email.title);
    expect(await verify.getByTestId('mission-progress').textContent()).toBe('1 / 1');
    const daily = page.getByTestId('mission-daily_create');
    expect(await daily.textContent()).toContain(rewards.card.resets);
    expect(await page.getByTestId('mission-first_image').getByTestId('mission-claim').count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}rewards-missions.png`, fullPage: true });

    const before = await remaining(page);
    await verify.getByRole('button', { name: fill(rewards.card.claim, { credits: 20 }) }).click();
    await toastText(page, fill(rewards.claimed, { credits: 20 }));
    await verify.getByTestId('mission-claimed').waitFor();
    await expect.poll(() => remaining(page)).toBe(before + 20);
    expect(await verify.getByTestId('mission-claim').count()).toBe(0);

    // The check-in card opens the check-in popup.
    await page.getByTestId('mission-check_in_week').getByRole('button', { name: rewards.card.openCheckIn }).click();
    await page.getByRole('dialog', { name: rewards.checkIn.title }).getByTestId('check-in-popup').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
