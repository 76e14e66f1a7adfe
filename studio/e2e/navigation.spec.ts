/**
 * Around the routes of §2: the header highlights the right section for each §2 rule in any
 * language; the main pages pass an axe-core accessibility check in a left-to-right and a
 * right-to-left language and fit a phone; a crashed page falls back and recovers on the next
 * route change.
 */
import { describe, expect, it } from 'vitest';
import { heading, localized, openInApp, seriousA11yViolations, useE2E } from './harness.ts';

const e2e = useE2E();

describe('navigation highlighting (§2)', () => {
  /** Path → the header's active section, and the header link that must carry aria-current. */
  const CASES: [string, string, string | null][] = [
    ['/explore', 'explore', 'explore'],
    ['/all', 'explore', 'explore'],
    ['/video', 'explore', 'explore'],
    ['/ai-effects', 'explore', 'explore'],
    ['/image', 'explore', 'explore'],
    ['/loras', 'explore', 'explore'],
    ['/lora-detail/abc', 'explore', 'explore'],
    ['/tag-detail/cats', 'explore', 'explore'],
    ['/api-platform/models', 'apiPlatform', null],
    ['/app/image-tools', 'tools', 'tools'],
    ['/app/tool/upscaler', 'tools', 'tools'],
    ['/app/image-generators', 'tools', 'tools'],
    ['/app/pro-effects', 'proEffects', 'create'],
    ['/video-effects', 'videoEffects', 'create'],
    ['/ai-product-avatar', 'aiAvatar', 'create'],
    ['/pricing', 'pricing', 'pricing'],
    ['/app/my-creations', 'myCreations', 'myCreations'],
  ];

  it('marks the right section for each rule, in any language', async () => {
    const page = await e2e.browser.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${e2e.server.url}/home`);
    for (const lang of ['en', 'ja']) {
      for (const [path, section, link] of CASES) {
        await openInApp(page, localized(lang, path));
        await heading(page);
        const header = page.locator('header[data-section]');
        expect(await header.getAttribute('data-section'), path).toBe(section);
        const active = page.locator('header nav[aria-label] [aria-current=page], header nav[aria-label] [data-active]');
        if (link === null) expect(await active.count(), path).toBe(0);
        else expect(await active.first().getAttribute('data-nav'), path).toBe(link);
      }
    }
    await page.close();
  });
});

describe('accessibility (axe-core)', () => {
  const PAGES = ['/home', '/explore', '/pricing', '/app/ai-image', '/app/ai-tools', '/ai-video', '/start-for-free', '/sign-in', '/nope'];

  it.each(['en', 'ar'])('has no serious or critical violations on the main pages in %s', async (lang) => {
    // Our CSP forbids inline scripts, which is how axe gets into the page: this context only.
    const context = await e2e.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const found: string[] = [];
    await page.goto(`${e2e.server.url}${localized(lang, PAGES[0]!)}`);
    for (const path of PAGES) {
      await openInApp(page, localized(lang, path));
      await heading(page);
      const violations = await seriousA11yViolations(page);
      found.push(...violations.map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it('works at phone width: no horizontal scrolling and a menu with every section', async () => {
    const page = await e2e.browser.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${e2e.server.url}/home`);
    for (const path of ['/home', '/pricing', '/explore', '/app/ai-image', '/ai-video', '/de/home', '/ru/pricing', '/ar/home']) {
      await openInApp(page, path);
      await heading(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.getByTestId('open-menu').click();
    const menu = page.locator('#mobile-nav');
    await menu.waitFor();
    expect(await menu.getByRole('link').count()).toBeGreaterThanOrEqual(10);
    // The last page was Arabic: the menu's links keep that language.
    await menu.locator('[data-nav=pricing]').click();
    await page.waitForURL(`${e2e.server.url}/ar/pricing`);
    await page.close();
  });
});

describe('crash fallback', () => {
  it('shows the fallback when a page fails to load and recovers on the next route change', async () => {
    const page = await e2e.browser.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    // A page chunk that throws when evaluated: what a broken deploy looks like to a visitor.
    await page.route(/\/assets\/PricingPage-[\w-]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("boom")' }));
    await page.goto(`${e2e.server.url}/home`);
    await heading(page);
    await page.locator('header nav [data-nav=pricing]').click();
    await page.getByText('Oh snap! There was a problem loading this content').waitFor();
    await page.locator('header nav [data-nav=explore]').click();
    await page.waitForURL(`${e2e.server.url}/explore`);
    await heading(page);
    expect(await page.getByText('Oh snap! There was a problem loading this content').count()).toBe(0);
    await page.close();
  });
});
