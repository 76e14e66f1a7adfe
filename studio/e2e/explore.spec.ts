/**
 * The explore feed end to end: a verified user makes an image and publishes it from My
 * creations; another visitor finds it on /explore and /all, opens it, sees its prompt and likes
 * it (the like survives a reload). Published with copy protection, a second image shows that
 * visitor no prompt, download or remix. The visitor reports the first image once; the second
 * report is refused with §8 "Report already exists.". An admin hides the reported image from the
 * console's report queue and it leaves the feed.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import explore from '../src/locales/en/explore.json';
import popups from '../src/locales/en/popups.json';
import { addSessionCookie, E2E_MODERATOR_EMAIL, signUpVerified, useE2E, watchPageErrors, waitForResult } from './harness.ts';

const ADMIN_EMAIL = E2E_MODERATOR_EMAIL;
const e2e = useE2E();


/** Signs a user up and verifies the e-mail through the API, as account.spec.ts does; returns the session cookie. */
async function contextWithCookie(cookie: string): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await addSessionCookie(context, e2e.server.url, cookie);
  return context;
}

/** Text to image on /app/ai-image, waiting for the result. */
async function generate(page: Page, prompt: string) {
  await page.goto(`${e2e.server.url}/app/ai-image`);
  await page.getByTestId('prompt').fill(prompt);
  await page.getByTestId('generate').click();
  await waitForResult(page);
}

/** Publishes the newest creation from My creations; returns the content id the success link leads to. */
async function publishNewest(page: Page, opts: { title: string; tags: string; copyProtection: boolean }): Promise<string> {
  await page.goto(`${e2e.server.url}/app/my-creations`);
  await page.getByTestId('creation-card').first().click();
  await page.getByTestId('creation-dialog').waitFor();
  await page.getByTestId('creation-publish').click();
  const form = page.getByTestId('publish-popup');
  await form.waitFor();
  await form.getByLabel(popups.publish.titleLabel).fill(opts.title);
  const tags = form.getByRole('textbox', { name: popups.publish.tagsLabel });
  await tags.fill(opts.tags);
  await tags.press('Enter');
  if (opts.copyProtection) await form.getByTestId('publish-copy-protection').click();
  expect(await form.getByTestId('publish-copy-protection').getAttribute('aria-checked')).toBe(String(opts.copyProtection));
  await page.getByTestId('publish-submit').click();
  await page.getByTestId('publish-success').waitFor();
  await page.getByTestId('publish-view').click();
  await page.waitForURL(/\/content\/[0-9a-f-]{36}$/);
  await page.getByTestId('content-view').waitFor();
  expect(await page.getByTestId('content-title').textContent()).toBe(opts.title);
  return new URL(page.url()).pathname.split('/').pop()!;
}

const card = (page: Page, id: string) => page.locator(`[data-testid=feed-card][data-content-id="${id}"]`);
const likeCount = async (page: Page) => Number(await page.getByTestId('content-like-count').textContent());

describe('explore feed', () => {
  it('publishes from My creations; another visitor finds, likes and reports it; copy protection hides the prompt', async () => {
    const author = await contextWithCookie(await signUpVerified(e2e.server.url, `explore.${Date.now()}@example.com`, { name: 'Marina' }));
    const authorPage = await author.newPage();
    const authorErrors = watchPageErrors(authorPage);

    const prompt = 'a lighthouse on a cliff at dawn';
    await generate(authorPage, prompt);
    const openId = await publishNewest(authorPage, { title: 'Dawn lighthouse', tags: 'Sea, #coast', copyProtection: false });
    // The author sees their own prompt and the unpublish action.
    expect(await authorPage.getByTestId('content-prompt').textContent()).toBe(prompt);
    await authorPage.getByTestId('content-unpublish').waitFor();
    expect(await authorPage.getByTestId('content-report').count()).toBe(0);

    // Another visitor (an anonymous session from the first visit) finds it on /explore and /all.
    const visitor = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await visitor.addInitScript(() => localStorage.setItem('tessera.testHooks', '1'));
    const page = await visitor.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/explore`);
    await card(page, openId).waitFor();
    expect(await card(page, openId).getByTestId('feed-card-title').textContent()).toContain('Dawn lighthouse');
    expect(await page.getByTestId('feed-sort-trending').getAttribute('aria-pressed')).toBe('true');
    // Its tags are among the popular ones.
    await page.getByTestId('popular-tags').getByRole('link', { name: /coast/ }).waitFor();
    await page.screenshot({ path: '.scratch/explore-feed.png', fullPage: true });
    await page.goto(`${e2e.server.url}/all`);
    await card(page, openId).waitFor();
    expect(await page.getByTestId('feed-sort-new').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('feed-sort-trending').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('trending');
    await card(page, openId).waitFor();

    // Open it: the prompt is shown, the view is counted, the like is optimistic and persists.
    await card(page, openId).getByTestId('feed-card-link').click();
    await page.waitForURL(`${e2e.server.url}/content/${openId}`);
    expect(await page.getByTestId('content-prompt').textContent()).toBe(prompt);
    expect(await page.getByTestId('content-tag').allTextContents()).toEqual(['#sea', '#coast']);
    await page.getByTestId('content-download').waitFor();
    expect(await page.getByTestId('content-remix').getAttribute('href')).toBe(`/app/ai-image?prompt=${encodeURIComponent(prompt).replace(/%20/g, '+')}&mode=text`);
    await expect.poll(async () => Number(await page.getByTestId('content-views').getAttribute('data-count'))).toBe(1);
    const like = page.getByTestId('content-like');
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    expect(await likeCount(page)).toBe(0);
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(await likeCount(page)).toBe(1);
    await page.screenshot({ path: '.scratch/explore-content.png', fullPage: true });
    await page.reload();
    await page.getByTestId('content-view').waitFor();
    await expect.poll(() => page.getByTestId('content-like').getAttribute('aria-pressed')).toBe('true');
    expect(await likeCount(page)).toBe(1);
    // Counted once per visitor: the reload did not add a view.
    await page.waitForLoadState('networkidle');
    expect(Number(await page.getByTestId('content-views').getAttribute('data-count'))).toBe(1);

    // The author link leads to their profile with their work.
    await page.getByTestId('content-author').click();
    await page.waitForURL(/\/author\/[^/]+$/);
    expect(await page.getByTestId('author-name').textContent()).toBe('Marina');
    await card(page, openId).waitFor();

    // A second creation, published with copy protection: others see no prompt, download or remix.
    await generate(authorPage, 'a secret recipe drawn in ink');
    const protectedId = await publishNewest(authorPage, { title: 'Ink recipe', tags: 'ink', copyProtection: true });
    // The author still sees the prompt, and a note that protection is on.
    expect(await authorPage.getByTestId('content-prompt').textContent()).toBe('a secret recipe drawn in ink');
    await page.goto(`${e2e.server.url}/content/${protectedId}`);
    await page.getByTestId('content-view').waitFor();
    expect(await page.getByTestId('content-protected').textContent()).toBe(explore.content.protected);
    expect(await page.getByTestId('content-prompt').count()).toBe(0);
    expect(await page.getByTestId('content-download').count()).toBe(0);
    expect(await page.getByTestId('content-remix').count()).toBe(0);
    expect(await page.content()).not.toContain('secret recipe');
    // Down to 375 px wide: the two-column grid and the content view still fit.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: '.scratch/explore-content-protected-375.png', fullPage: true });
    await page.goto(`${e2e.server.url}/explore`);
    await card(page, protectedId).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '.scratch/explore-feed-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Report the first one: reason + details → success; the button turns into "Reported".
    await page.goto(`${e2e.server.url}/content/${openId}`);
    await page.getByTestId('content-view').waitFor();
    await page.getByTestId('content-report').click();
    const popup = page.getByTestId('report-popup');
    await popup.waitFor();
    await popup.getByLabel(popups.report.reasons.spam).check();
    await popup.getByLabel(popups.report.detailsLabel).fill('Posted the same picture many times.');
    await page.getByTestId('report-submit').click();
    await page.getByTestId('report-success').waitFor();
    await page.getByRole('button', { name: popups.report.ok }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('content-report').isDisabled()).toBe(true);
    expect(await page.getByTestId('content-report').textContent()).toContain(explore.content.reported);

    // Reporting again (the popup opened by hand, as from a stale tab) is refused by the server.
    await page.evaluate((id) => window.__tesseraOpenPopup?.({ name: 'report', props: { contentId: id } }), openId);
    await popup.waitFor();
    await popup.getByLabel(popups.report.reasons.other).check();
    await page.getByTestId('report-submit').click();
    expect(await page.getByTestId('report-exists').textContent()).toContain('Report already exists.');

    // An admin hides it from the report queue; it leaves the feed and the visitor can no longer open it.
    const admin = await contextWithCookie(await signUpVerified(e2e.server.url, ADMIN_EMAIL));
    const adminPage = await admin.newPage();
    const adminErrors = watchPageErrors(adminPage);
    await adminPage.goto(`${e2e.server.url}/app/admin/reports`);
    const reported = adminPage.locator(`[data-testid=report-card][data-content-id="${openId}"]`);
    await reported.waitFor();
    expect(await reported.textContent()).toContain('Posted the same picture many times.');
    await reported.getByTestId('report-hide').click();
    await adminPage.getByTestId('confirm-dialog').waitFor();
    await adminPage.getByTestId('report-note').fill('Spam, hidden after review.');
    await adminPage.getByTestId('confirm-action').click();
    await reported.waitFor({ state: 'detached' });
    await adminPage.getByTestId('reports-tab-actioned').click();
    await adminPage.locator(`[data-testid=report-card][data-content-id="${openId}"]`).waitFor();

    await page.goto(`${e2e.server.url}/all`);
    await card(page, protectedId).waitFor();
    expect(await card(page, openId).count()).toBe(0);
    await page.goto(`${e2e.server.url}/content/${openId}`);
    await page.getByTestId('content-unavailable').waitFor();

    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    expect(authorErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    expect(adminErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await admin.close();
    await visitor.close();
    await author.close();
    // Three people, an image generation and a publish: about 35 s alone, more under a full run.
  }, 150_000);

  it('lists the LoRAs and leads from one to the AI image form with its style', async () => {
    const page = await e2e.browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/loras`);
    // The starter catalogue (db/seed/templates.json) ships watercolor-dream among its LoRAs.
    const cardLink = page.locator('[data-testid=lora-card][href="/lora-detail/watercolor-dream"]');
    await cardLink.waitFor();
    expect(await page.getByTestId('lora-card').count()).toBeGreaterThan(1);
    await cardLink.click();
    await page.getByTestId('lora-detail').waitFor();
    const name = (await page.locator('h1').textContent()) ?? '';
    expect(name).not.toBe('');
    expect(await page.title()).toContain(name);
    await page.getByTestId('lora-use').click();
    await page.waitForURL(`${e2e.server.url}/app/ai-image?lora=watercolor-dream`);
    // An unknown id says so instead of failing.
    await page.goto(`${e2e.server.url}/lora-detail/no-such-style`);
    await page.getByTestId('lora-missing').waitFor();
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await page.close();
  });

  it('asks a guest to sign up instead of publishing', async () => {
    const context = await e2e.browser.newContext();
    await context.addInitScript(() => localStorage.setItem('tessera.deviceId', 'e2e-explore-guest-0001'));
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('credits-remaining').waitFor();
    await generate(page, 'a paper boat on a pond');
    await page.goto(`${e2e.server.url}/app/my-creations`);
    await page.getByTestId('creation-card').first().click();
    await page.getByTestId('creation-publish').click();
    const form = page.getByTestId('publish-popup');
    await form.getByLabel(popups.publish.titleLabel).fill('Paper boat');
    await form.getByTestId('publish-sign-up-note').waitFor();
    await page.getByTestId('publish-submit').click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Create your Tessera account' }).waitFor();
    await context.close();
  });
});
