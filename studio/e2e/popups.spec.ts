/**
 * Every §2 popup opens and closes in a real browser, on the one dialog system: by a `?popup=`
 * deep link or its UI trigger. Popups without a trigger yet (report, project choose, and
 * publish's "cannot publish" states) open through `window.__tesseraOpenPopup`, which exists
 * only when the page sets `localStorage['tessera.testHooks'] = '1'` first (popupTestHook.ts).
 */
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { authPost, seriousA11yViolations, sessionCookieOf, trpcCall, useE2E, watchPageErrors, waitForResult } from './harness.ts';

const ANNOUNCEMENT = {
  id: 'e2e-news-1',
  title: 'Photo effects are coming',
  body: 'A first look at what is next for Tessera.',
  ctaLabel: 'See plans',
  ctaUrl: '/pricing',
};
const ISSUE22 = join(import.meta.dirname, '../../.scratch/issue22');
const UPGRADE_INFO_TYPES = ['VideoUsage', 'VideoMode', 'AdvancedCamera', 'Template', 'ProFeature', 'Invite', 'Extend', 'Activity'];

// Many page loads a minute from one address: lift the per-IP request limit a visitor never reaches.
const e2e = useE2E({ env: { ANNOUNCEMENT_JSON: JSON.stringify(ANNOUNCEMENT), RATE_LIMIT_MAX: '100000' } });

/** A fresh visitor. Unless `announcement` is set, the announcement counts as closed so it does not cover other popups. */
async function newVisitor(opts: { announcement?: boolean; deviceId?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext();
  await context.addInitScript(
    ({ dismiss, deviceId }) => {
      localStorage.setItem('tessera.testHooks', '1');
      if (dismiss) localStorage.setItem('tessera.dismissedAnnouncements', JSON.stringify([dismiss]));
      if (deviceId) localStorage.setItem('tessera.deviceId', deviceId);
    },
    { dismiss: opts.announcement ? null : ANNOUNCEMENT.id, deviceId: opts.deviceId ?? null },
  );
  return { context, page: await context.newPage() };
}

/** Opens `/home?<query>` and waits for the popup's dialog; the deep-link parameters leave the URL. */
async function openDeepLink(page: Page, query: string) {
  await page.goto(`${e2e.server.url}/home?${query}`);
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expect.poll(() => new URL(page.url()).searchParams.has('popup')).toBe(false);
  return dialog;
}

/**
 * Checks that the page's `?popup=` link opened nothing, once the page has handled it. The link
 * is read in PopupHost's mount effect, and the test hooks are installed by the next effect of
 * the same component in the same pass: once `__tesseraPopup` exists, the link was handled. A
 * popup shows exactly while the store holds it, so an empty store means none is on its way.
 */
async function expectNoPopupOpened(page: Page) {
  await page.waitForFunction(() => typeof window.__tesseraPopup === 'function');
  expect(await page.evaluate(() => window.__tesseraPopup!())).toBeNull();
  expect(await page.getByRole('dialog').count()).toBe(0);
}

async function closeWithEscape(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('popups in a real browser', () => {
  it('opens sign up, subscription, check-in, refer friend, discount and concurrency from deep links, and Escape closes each', async () => {
    const { context, page } = await newVisitor();
    const errors = watchPageErrors(page);
    const cases: [string, (dialog: ReturnType<Page['getByRole']>) => Promise<unknown>][] = [
      ['signUp', (d) => d.getByRole('heading', { name: 'Create your Tessera account' }).waitFor()],
      ['subscription', (d) => d.getByTestId('subscription-popup').waitFor()],
      ['checkIn', (d) => d.getByRole('heading', { name: 'Daily check-in' }).waitFor()],
      ['referFriend', (d) => d.getByRole('heading', { name: 'Invite friends' }).waitFor()],
      ['discount', (d) => d.getByTestId('discount-popup').waitFor()],
      ['concurrency', (d) => d.getByTestId('concurrency-popup').waitFor()],
    ];
    for (const [name, check] of cases) {
      const dialog = await openDeepLink(page, `popup=${name}&utm_source=mail`);
      await check(dialog);
      // Only the deep-link parameters go; the others stay.
      expect(new URL(page.url()).search, name).toBe('?utm_source=mail');
      await closeWithEscape(page);
    }
    // The concurrency popup shows the running tasks (none for this visitor) with the limit.
    await openDeepLink(page, 'popup=concurrency');
    await page.getByTestId('concurrency').waitFor();
    expect(await page.getByTestId('concurrency-popup').textContent()).toContain('in use');
    await closeWithEscape(page);

    // Unknown names and infoTypes open nothing and stay in the URL.
    await page.goto(`${e2e.server.url}/home?popup=nope`);
    await page.getByTestId('credits-remaining').waitFor();
    await expectNoPopupOpened(page);
    await page.goto(`${e2e.server.url}/home?popup=upgradePlan&infoType=Nope`);
    await page.getByTestId('credits-remaining').waitFor();
    await expectNoPopupOpened(page);
    expect(page.url()).toContain('infoType=Nope');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens log in from the header and forgot password from it; Escape closes and focus returns to the trigger', async () => {
    const { context, page } = await newVisitor();
    await page.goto(`${e2e.server.url}/home`);
    // Once the anonymous session exists the header stops changing under the trigger.
    await page.getByTestId('credits-remaining').waitFor();
    const trigger = page.getByTestId('open-log-in');
    await trigger.waitFor({ state: 'visible' });
    await trigger.click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Welcome back' }).waitFor();
    await closeWithEscape(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('open-log-in');

    await trigger.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Reset your password' }).waitFor();
    await closeWithEscape(page);

    // The log-in deep link opens the same popup.
    const dialog = await openDeepLink(page, 'popup=logIn');
    await dialog.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await closeWithEscape(page);
    await context.close();
  });

  it('emits upgrade_popup_close into the data layer when the upgrade-plan popup closes, for each of the 8 infoTypes', async () => {
    const { context, page } = await newVisitor();
    for (const infoType of UPGRADE_INFO_TYPES) {
      const dialog = await openDeepLink(page, `popup=upgradePlan&infoType=${infoType}`);
      expect(await dialog.getByTestId('upgrade-popup').getAttribute('data-info-type')).toBe(infoType);
      await closeWithEscape(page);
      const events = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'upgrade_popup_close'));
      expect(events, infoType).toHaveLength(1);
      expect(events[0], infoType).toMatchObject({ info_type: infoType, action: 'close' });
    }
    // Closing through its buttons counts too: leaving for sign-up emits before the switch.
    await openDeepLink(page, 'popup=upgradePlan&infoType=Extend');
    await page.getByRole('dialog').getByRole('button', { name: /Sign up/ }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Create your Tessera account' }).waitFor();
    const events = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'upgrade_popup_close'));
    expect(events).toEqual([expect.objectContaining({ info_type: 'Extend', action: 'sign_up' })]);
    await context.close();
  });

  it('shows the announcement once by itself, remembers the close, and opens it again from a deep link', async () => {
    const { context, page } = await newVisitor({ announcement: true });
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/home`);
    const popup = page.getByTestId('announcement-popup');
    await popup.waitFor();
    expect(await popup.getAttribute('data-announcement-id')).toBe(ANNOUNCEMENT.id);
    expect(await page.getByRole('dialog').getByRole('heading').textContent()).toBe(ANNOUNCEMENT.title);
    expect(await popup.textContent()).toContain(ANNOUNCEMENT.body);
    await closeWithEscape(page);
    expect(await page.evaluate(() => localStorage.getItem('tessera.dismissedAnnouncements'))).toBe(JSON.stringify([ANNOUNCEMENT.id]));

    // Next visit: it was closed, so it stays closed. The gate decides once the announcement
    // has arrived, reading the closed ones from local storage and opening the popup (through
    // the store) in the same effect. Sentinel: that read, counted by the page; once it happened
    // the decision is made, and an empty popup store means no announcement is on its way.
    await context.addInitScript((key) => {
      const read = Storage.prototype.getItem;
      Storage.prototype.getItem = function (this: Storage, name: string) {
        if (name === key) (window as unknown as { __dismissedReads: number }).__dismissedReads = ((window as unknown as { __dismissedReads?: number }).__dismissedReads ?? 0) + 1;
        return read.call(this, name);
      };
    }, 'tessera.dismissedAnnouncements');
    const answered = page.waitForResponse((res) => res.url().includes('system.announcement'));
    await page.reload();
    await answered;
    await page.getByTestId('credits-remaining').waitFor();
    await page.waitForFunction(() => ((window as unknown as { __dismissedReads?: number }).__dismissedReads ?? 0) > 0 && typeof window.__tesseraPopup === 'function');
    expect(await page.evaluate(() => window.__tesseraPopup!())).toBeNull();
    expect(await popup.count()).toBe(0);

    // A marketing link still opens it; its call to action leads on.
    await openDeepLink(page, 'popup=announcement');
    await popup.waitFor();
    await page.getByTestId('announcement-cta').click();
    await page.waitForURL(`${e2e.server.url}/pricing`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the effects chooser with real effects and a link to the effects pages', async () => {
    const { context, page } = await newVisitor();
    const dialog = await openDeepLink(page, 'popup=effects&mediaType=image');
    const popup = dialog.getByTestId('effects-popup');
    expect(await popup.getAttribute('data-media-type')).toBe('image');
    await dialog.locator('[data-testid=effect-tile]').first().waitFor();
    expect(await dialog.getByTestId('effects-page-link').getAttribute('href')).toBe('/photo-effects');
    await dialog.getByTestId('effects-tab-video').click();
    expect(await dialog.getByTestId('effects-page-link').getAttribute('href')).toBe('/video-effects');
    await closeWithEscape(page);
    await context.close();
  });

  it('opens project choose with the visitor projects (every user has a default one) and a way to start a new one', async () => {
    const { context, page } = await newVisitor();
    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('credits-remaining').waitFor();
    await page.evaluate(() => window.__tesseraOpenPopup?.({ name: 'projectChoose', props: { onChooseKey: 'e2e' } }));
    await page.getByTestId('project-choose-popup').waitFor();
    await page.getByTestId('project-choose-popup').getByTestId('project-card').first().waitFor();
    expect(await page.getByTestId('project-create').isDisabled()).toBe(false);
    await closeWithEscape(page);
    await context.close();
  });

  it('opens the report popup with its reasons and a 500-character details limit', async () => {
    const { context, page } = await newVisitor();
    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('credits-remaining').waitFor();
    await page.evaluate(() => window.__tesseraOpenPopup?.({ name: 'report', props: { contentId: '00000000-0000-4000-8000-000000000001' } }));
    const popup = page.getByTestId('report-popup');
    await popup.waitFor();
    expect(await popup.getByRole('radio').count()).toBe(7);
    await popup.getByRole('radio', { name: 'Spam or advertising' }).check();
    const details = popup.getByLabel('Details (optional)');
    await details.fill('x'.repeat(600));
    expect((await details.inputValue()).length).toBe(500);
    expect(await popup.textContent()).toContain('500 / 500');
    expect(await page.getByTestId('report-submit').isDisabled()).toBe(false);
    await closeWithEscape(page);
    await context.close();
  });

  it('opens publish from a real creation, and explains why a processing or protected video cannot be published', async () => {
    const { context, page } = await newVisitor({ deviceId: 'e2e-popups-publish-0001' });
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('credits-remaining').waitFor();
    await page.goto(`${e2e.server.url}/app/ai-image`);
    await page.getByTestId('prompt').fill('a lighthouse at dawn');
    await page.getByTestId('generate').click();
    await waitForResult(page);

    await page.goto(`${e2e.server.url}/app/my-creations`);
    await page.getByTestId('creation-card').first().click();
    await page.getByTestId('creation-dialog').waitFor();
    const trigger = page.getByTestId('creation-publish');
    await trigger.click();
    const form = page.getByTestId('publish-popup');
    await form.waitFor();
    expect(await form.getAttribute('data-media-type')).toBe('image');
    await form.getByLabel('Title').fill('Lighthouse');
    const tags = form.getByRole('textbox', { name: 'Tags' });
    await tags.fill('Sea, #coast');
    await tags.press('Enter');
    expect(await form.getByTestId('publish-tag').allTextContents()).toEqual(['#sea', '#coast']);
    expect(await form.getByTestId('publish-download-note').textContent()).toContain('watermark');
    await form.getByTestId('publish-copy-protection').click();
    expect(await form.getByTestId('publish-download-note').textContent()).toContain('cannot download');
    // A guest may fill the form; publishing asks them to sign up first (§6).
    expect(await page.getByTestId('publish-submit').isDisabled()).toBe(false);
    await page.getByTestId('publish-sign-up-note').waitFor();

    // Escape closes only the publish popup; focus goes back to its button in the creation dialog.
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('creation-dialog').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('creation-publish');
    await closeWithEscape(page);

    // §4: a processing video blocks the action; a protected one cannot be published.
    await page.evaluate(() => window.__tesseraOpenPopup?.({ name: 'publish', props: { creationId: 'v1', mediaType: 'video', status: 'processing' } }));
    const blocked = page.getByTestId('publish-blocked');
    await blocked.waitFor();
    expect(await blocked.getAttribute('data-blocker')).toBe('processing');
    expect(await blocked.getByRole('alert').textContent()).toBe('The video is currently being processed, so this action is not available right now.');
    await closeWithEscape(page);
    await page.evaluate(() => window.__tesseraOpenPopup?.({ name: 'publish', props: { creationId: 'v2', mediaType: 'video', isProtected: true } }));
    expect(await blocked.getAttribute('data-blocker')).toBe('protected');
    await closeWithEscape(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a guest on a device that already had its welcome credits why they have none, and the subscription popup fits its plans', async () => {
    const deviceId = `e2e-popups-repeat-${Date.now()}`;
    // A first guest on this device takes the welcome credits (as the studio signs a guest in).
    const first = await authPost(e2e.server.url, '/sign-in/anonymous', { deviceId, version: 'v1' });
    const firstCookie = sessionCookieOf(first);
    expect(await trpcCall(e2e.server.url, firstCookie, 'credits.summary', undefined, 'query')).toMatchObject({ remaining: 30, trial: 'granted' });

    // Issue 22: the same device as a new guest (cookies gone): 0 credits, and the page says why.
    const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    await context.addInitScript(
      ({ id, dismiss }) => {
        localStorage.setItem('tessera.testHooks', '1');
        localStorage.setItem('tessera.dismissedAnnouncements', JSON.stringify([dismiss]));
        localStorage.setItem('tessera.deviceId', id);
      },
      { id: deviceId, dismiss: ANNOUNCEMENT.id },
    );
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/start-for-free`);
    const note = page.getByTestId('welcome-trial-note');
    await note.waitFor();
    expect(await page.getByTestId('credits-remaining').textContent()).toBe('0');
    expect(await note.getAttribute('data-trial')).toBe('device');
    expect(await note.textContent()).toContain('This device already received its 30 welcome credits');
    await note.getByTestId('welcome-sign-up').waitFor();
    await note.getByTestId('welcome-plans').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await note.screenshot({ path: join(ISSUE22, 'after-repeat-device-start-page.png') });

    // The not-enough-credits popup (what the first Generate opens) explains it too.
    await page.evaluate(() => window.__tesseraOpenPopup?.({ name: 'upgradePlan', props: { reason: 'credits' } }));
    const popup = page.getByTestId('upgrade-popup');
    await popup.getByTestId('welcome-trial-note').waitFor();
    // One way each: sign up in the note, the plans in the popup's own buttons.
    expect(await popup.getByRole('button', { name: /Sign up/ }).count()).toBe(1);
    expect(await popup.getByText('See plans', { exact: true }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ISSUE22, 'after-repeat-device-not-enough-credits.png') });
    await closeWithEscape(page);

    // The subscription popup on a 1366-px desktop: three roomy columns, not three 122-px ones in 448 px.
    await page.evaluate(() => window.__tesseraOpenPopup?.({ name: 'subscription', props: {} }));
    const cards = page.getByTestId('subscription-popup').locator('[data-testid^="plan-card-"]');
    await cards.nth(4).waitFor();
    const dialogWidth = (await page.getByRole('dialog').boundingBox())!.width;
    const widths = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    expect(dialogWidth).toBeGreaterThan(900);
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(240);
    expect(await cards.evaluateAll((els) => els.every((el) => el.scrollWidth <= el.clientWidth))).toBe(true);
    await page.screenshot({ path: join(ISSUE22, 'after-subscription-popup-1366.png') });
    expect(errors).toEqual([]);
    await context.close();
  });
});
