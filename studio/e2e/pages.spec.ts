import { describe, expect, it } from 'vitest';
import { useE2E, watchPageErrors } from './harness.ts';

const e2e = useE2E();

describe('pages in a real browser', () => {
  it('renders the home page in English with header, navigation and auth buttons', async () => {
    const page = await e2e.browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/home`);
    await expect.poll(() => page.getByTestId('hero-title').textContent()).toContain('Create videos and images');
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').count()).toBeGreaterThanOrEqual(4);
    // The auth buttons appear once the session is known (a moment after the first paint).
    await page.getByTestId('open-log-in').waitFor({ state: 'visible' });
    expect(await page.title()).toContain('Tessera');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('renders German text on a German URL and switches language through the menu', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/de/home`);
    const hero = page.getByTestId('hero-title');
    await hero.waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    const german = await hero.textContent();
    expect(german).not.toContain('Create videos');
    expect(await page.getByTestId('open-sign-up').textContent()).not.toBe('Sign up');

    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await page.waitForURL(`${e2e.server.url}/fr/home`);
    await expect.poll(() => hero.textContent()).not.toBe(german);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');

    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForURL(`${e2e.server.url}/ar/home`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.close();
  });

  it('shows the 404 page with a way back home for unknown routes and languages', async () => {
    const page = await e2e.browser.newPage();
    for (const path of ['/this/does-not-exist', '/xx/home', '/de/nope']) {
      await page.goto(`${e2e.server.url}${path}`);
      await page.getByTestId('back-home').waitFor();
      expect(await page.locator('img[src="/logo.svg"]').count()).toBeGreaterThan(0);
    }
    await page.getByTestId('back-home').click();
    await page.waitForURL(`${e2e.server.url}/de/home`);
    await page.getByTestId('hero-title').waitFor();
    await page.close();
  });

  it('drops the /en prefix and keeps deep links', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/en/sign-in?callbackUrl=%2Fhome&error=SessionRequired`);
    await page.waitForURL(`${e2e.server.url}/sign-in?callbackUrl=%2Fhome&error=SessionRequired`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please log in to open that page.');
    await page.close();
  });
});
