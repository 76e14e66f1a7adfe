/**
 * The pages that show what a user has, in another language (issue 22): my creations (kind
 * chips), missions (targets), the credit history (mission and check-in notes), pricing
 * (the country from user.getReqInfo) and the admin console's filters — no raw key, no unfilled
 * placeholder, no key missing in a language (rawKeys.ts). The studio reads a signed-in user's
 * usage through subUsage.getSubUsage (§7). Every route in English, Arabic and Chinese is checked
 * by routes.spec.ts; every key in every language by studio/src/lib/i18nKeys.test.ts and locales.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addSessionCookie, E2E_I18N_ADMIN_EMAIL, heading, localized, openInApp, signUpVerified, trpcCall, useE2E, watchPageErrors } from './harness.ts';
import { renderedTextProblems } from './rawKeys.ts';

const e2e = useE2E();
const ISSUE22 = join(import.meta.dirname, '../../.scratch/issue22');
const RUN = randomBytes(3).toString('hex');
/**
 * One language each, beyond routes.spec's English, Arabic and Chinese (the CI budget is tight):
 * a raw key shows in every language alike, and each language's completeness is a unit test.
 */
const USER_LANGUAGE = 'ja';
const ADMIN_LANGUAGE = 'ru';

let userCookie = '';
let adminCookie = '';

beforeAll(async () => {
  const url = e2e.server.url;
  [userCookie, adminCookie] = await Promise.all([signUpVerified(url, `i18n.${RUN}@example.com`), signUpVerified(url, E2E_I18N_ADMIN_EMAIL)]);
  // A claimed mission and a check-in: credit notes to render. (No creation: the kind chips show
  // every kind's label, the captions the same ones — and a generation would cost CI seconds.)
  await trpcCall(url, userCookie, 'mission.claim', { key: 'verify_email' });
  await trpcCall(url, userCookie, 'checkIn.checkIn');
});

async function signedIn(cookie: string): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await addSessionCookie(context, e2e.server.url, cookie);
  return context;
}

/** Visible buttons with a piece of label text that runs over more than one line, by their text. */
async function wrappedButtonLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    interface El { textContent: string | null; getClientRects(): ArrayLike<unknown> }
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<El>; createTreeWalker(root: El, what: number): { nextNode(): unknown }; createRange(): { selectNodeContents(n: unknown): void; getClientRects(): ArrayLike<{ top: number; width: number }> } } }).document;
    const wrapped: string[] = [];
    for (const button of Array.from(doc.querySelectorAll('main button, main a[class*="inline-flex"], [role="dialog"] button'))) {
      if (button.getClientRects().length === 0) continue;
      // Each text node on its own: a label broken inside a word is one text node on two lines.
      const walker = doc.createTreeWalker(button, 4 /* NodeFilter.SHOW_TEXT */);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = doc.createRange();
        range.selectNodeContents(node);
        const tops = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) wrapped.push(button.textContent?.trim() ?? '');
      }
    }
    return wrapped;
  });
}

async function expectClean(page: Page, what: string) {
  expect(await renderedTextProblems(page), what).toEqual([]);
}

describe('what a user has, in other languages', () => {
  it('my creations, missions, the credit history and pricing show no raw key or placeholder', async () => {
    const lang = USER_LANGUAGE;
    const context = await signedIn(userCookie);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const calls: string[] = [];
    page.on('request', (r) => calls.push(new URL(r.url()).pathname));

    await page.goto(`${e2e.server.url}${localized(lang, '/app/my-creations')}`);
    await page.getByTestId('filter-photo_effect').waitFor();
    await page.getByTestId('creations-empty').waitFor();
    await expectClean(page, `${lang} my creations`);

    await page.goto(`${e2e.server.url}${localized(lang, '/app/missions')}`);
    await page.getByTestId('missions-list').waitFor();
    await expectClean(page, `${lang} missions`);

    // The credit history: a signed-in user's usage comes from subUsage.getSubUsage (§7).
    await page.getByTestId('credits-pill').click();
    const panel = page.getByTestId('credits-panel');
    await panel.getByTestId('credit-entry').nth(2).waitFor();
    await panel.getByTestId('credits-remaining-panel').waitFor();
    expect(calls.some((p) => p.includes('subUsage.getSubUsage'))).toBe(true);
    await expectClean(page, `${lang} credit history`);

    // Pricing names the visitor's country from user.getReqInfo (§7) and how they can pay there.
    await page.goto(`${e2e.server.url}${localized(lang, '/pricing')}`);
    await heading(page);
    await page.getByTestId('payment-methods').waitFor();
    expect(calls.some((p) => p.includes('user.getReqInfo'))).toBe(true);
    await expectClean(page, `${lang} pricing`);
    // Issue 22: Japanese button labels wrap between words only, never inside one ("コピ / ー"):
    // on the plan cards, and on the invite popup's copy button beside its link.
    expect(await wrappedButtonLabels(page), `${lang} pricing buttons`).toEqual([]);
    await openInApp(page, localized(lang, '/pricing?popup=referFriend'));
    await page.getByTestId('invite-copy').waitFor();
    expect(await wrappedButtonLabels(page), `${lang} invite buttons`).toEqual([]);
    await page.getByRole('dialog').screenshot({ path: join(ISSUE22, 'after-ja-invite-copy.png') });
    await page.keyboard.press('Escape');

    expect(errors.filter((e) => !e.includes('401') && !e.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('the admin console filters show no raw key', async () => {
    const lang = ADMIN_LANGUAGE;
    const context = await signedIn(adminCookie);
    const page = await context.newPage();
    for (const path of ['/app/admin/tasks', '/app/admin/creations']) {
      await page.goto(`${e2e.server.url}${localized(lang, path)}`);
      await page.getByTestId('filter-kind').waitFor();
      await expectClean(page, `${lang} ${path}`);
    }
    await context.close();
  });
});
