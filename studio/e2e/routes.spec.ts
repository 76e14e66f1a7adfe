/**
 * Every route of §2 in English, and a representative page of each kind in one right-to-left
 * language (Arabic) and one CJK language (Simplified Chinese): each renders a page with one
 * heading and no errors, in that language, with canonical and hreflang links; and the canonical
 * aliases. Section highlighting, accessibility, phone width and the crash fallback are in
 * navigation.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { heading, localized, openInApp, useE2E, watchPageErrors } from './harness.ts';
import { renderedTextProblems } from './rawKeys.ts';

const e2e = useE2E();

/** Every page area, landing page and app page a visitor can open. */
const ROUTES = [
  '/home',
  '/explore',
  '/all',
  '/video',
  '/image',
  '/ai-effects',
  '/flows',
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
    await page.goto(`${e2e.server.url}${localized(lang, paths[0]!)}`);
    for (const path of paths) {
      // The first route is a full load; the others are opened through the app's router.
      await openInApp(page, localized(lang, path));
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
      // No translation key, unfilled placeholder or key missing in every language (rawKeys.ts).
      expect(await renderedTextProblems(page), `${lang} ${path}`).toEqual([]);
    }
    expect(errors.filter((e) => !e.includes('401') && !e.includes('Failed to load resource'))).toEqual([]);
    await page.close();
  }

  it('answers a deep link to every route, in any language, with the app', async () => {
    for (const path of [...ROUTES, ...REPRESENTATIVE.flatMap((p) => [localized('ar', p), localized('zh', p)])]) {
      const res = await fetch(`${e2e.server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await res.text(), path).toContain('<div id="root">');
    }
  });

  it.each(chunks(ROUTES, 19).map((paths) => [`${paths[0]} … ${paths.at(-1)}`, paths] as const))(
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
