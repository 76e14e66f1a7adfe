/**
 * Every route of §2 in English, and a representative page of each kind in one right-to-left
 * language (Arabic) and one CJK language (Simplified Chinese): it renders a page with one heading and no errors, in that language,
 * with canonical and hreflang links; the header highlights the right section for each §2 rule;
 * the main pages pass an axe-core accessibility check; a crashed page falls back and recovers
 * on the next route change.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E, watchPageErrors } from './harness.ts';

const e2e = useE2E();
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Every page area, landing page and app page a visitor can open. */
export const ROUTES = [
  '/home',
  '/explore',
  '/all',
  '/video',
  '/image',
  '/ai-effects',
  '/loras',
  '/ai-video',
  '/ai-image',
  '/ai-avatar',
  '/ai-product-avatar',
  '/ai-shorts',
  '/video-effects',
  '/photo-effects',
  '/ai-tools',
  '/tools/upscaler',
  '/tools/background-remover',
  '/pricing',
  '/api',
  '/api-platform/models',
  '/start-for-free',
  '/inspiration',
  '/content/00000000-0000-4000-8000-000000000000',
  '/sign-in',
  '/app/ai-image',
  '/app/ai-video',
  '/app/ai-avatar',
  '/app/ai-shorts',
  '/app/pro-effects',
  '/app/ai-tools',
  '/app/ai-tools/upscaler',
  '/app/image-tools',
  '/app/tool/upscaler',
  '/app/image-generators',
  '/app/projects',
  '/app/my-creations',
  '/app/missions',
  '/500',
];

const localized = (lang: string, path: string) => (lang === 'en' ? path : `/${lang}${path}`);

async function heading(page: Page): Promise<string> {
  const h1 = page.locator('main h1, h1').first();
  await h1.waitFor({ timeout: 15_000 }).catch(async (err: Error) => {
    await page.screenshot({ path: `.scratch/fail-${Date.now()}.png` }).catch(() => undefined);
    console.log(await page.evaluate(() => document.body.innerText.slice(0, 300)));
    throw new Error(`no heading on ${page.url()}: ${err.message.split('\n')[0]}`);
  });
  return (await h1.textContent())?.trim() ?? '';
}

/**
 * The right-to-left and CJK checks: one page of each kind (landing, feed, model and tool pages,
 * app forms, lists, auth, a content page, the error page). Translation completeness of every
 * page is a unit test (studio/src/locales); these prove the layout direction, language and links.
 */
const REPRESENTATIVE = ['/home', '/explore', '/ai-video', '/tools/upscaler', '/pricing', '/content/00000000-0000-4000-8000-000000000000', '/sign-in', '/app/ai-image', '/app/projects', '/app/missions', '/500'];

/** Groups of at most `size` routes: each group is one test with its own time budget. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

describe('every route of §2', () => {
  const english = new Map<string, string>();

  async function expectRoutes(lang: string, paths: readonly string[]) {
    const page = await e2e.browser.newPage();
    const errors = watchPageErrors(page);
    for (const path of paths) {
      await page.goto(`${e2e.server.url}${localized(lang, path)}`);
      const title = await heading(page);
      expect(title, path).not.toBe('');
      // A real page, not the 404 (which the 500 route shares its look with).
      if (path !== '/500') expect(await page.getByText('404', { exact: true }).count(), path).toBe(0);
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe(lang === 'zh' ? 'zh-Hans' : lang);
      expect(await page.evaluate(() => document.documentElement.dir), path).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      if (lang === 'en') english.set(path, title);
      else if (english.has(path)) expect(title, `${lang} ${path} still shows English`).not.toBe(english.get(path));
      const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
      expect(canonical, path).toMatch(lang === 'en' ? /^http:\/\/127\.0\.0\.1:\d+\/(?!ar\/|zh\/)/ : new RegExp(`/${lang}(/|$)`));
      expect(await page.locator('link[rel=alternate][hreflang]').count(), path).toBe(20);
    }
    expect(errors.filter((e) => !e.includes('401') && !e.includes('Failed to load resource'))).toEqual([]);
    await page.close();
  }

  it.each(chunks(ROUTES, 10).map((paths) => [`${paths[0]} … ${paths.at(-1)}`, paths] as const))(
    'renders %s in English with its language, canonical and alternates',
    (_, paths) => expectRoutes('en', paths),
  );

  it.each(['ar', 'zh'])('renders the representative pages in %s, translated, with direction, canonical and alternates', (lang) =>
    expectRoutes(lang, REPRESENTATIVE),
  );

  it('shows /app/pro-effects as /pro-effects and the avatar alias as /ai-avatar in canonical links', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/de/app/pro-effects`);
    await heading(page);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${e2e.server.url}/de/pro-effects`);
    await page.goto(`${e2e.server.url}/ai-product-avatar`);
    await heading(page);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${e2e.server.url}/ai-avatar`);
    // Test hosts are never indexed (§9 host classes).
    expect(await page.locator('meta[name=robots]').getAttribute('content')).toContain('noindex');
    await page.close();
  });
});

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
    for (const lang of ['en', 'ja']) {
      for (const [path, section, link] of CASES) {
        await page.goto(`${e2e.server.url}${localized(lang, path)}`);
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
    for (const path of PAGES) {
      await page.goto(`${e2e.server.url}${localized(lang, path)}`);
      await heading(page);
      await page.addScriptTag({ path: AXE_PATH });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
      });
      found.push(...violations.map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it('works at phone width: no horizontal scrolling and a menu with every section', async () => {
    const page = await e2e.browser.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/home', '/pricing', '/explore', '/app/ai-image', '/ai-video', '/de/home', '/ru/pricing', '/ar/home']) {
      await page.goto(`${e2e.server.url}${path}`);
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
