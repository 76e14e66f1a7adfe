/**
 * Finding things (issue 22): the home page shows a sample of every creation kind, each card opens
 * its form (which shows that sample until the first result); the Create menu reaches tab-hidden
 * kinds and the video editor in two clicks; an Explore list with nothing published shows the
 * samples, marked as samples and with nothing to like or report; the effect and LoRA galleries
 * answer from the shipped previews at once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import common from '../src/locales/en/common.json';
import { creationEntry, HOME_KINDS, HOME_TOOLS } from '../src/features/showcase/creationCatalog.ts';
import { heading, newVisitor, openInApp, useE2E } from './harness.ts';

const e2e = useE2E();
const PREVIEWS = join(import.meta.dirname, '../../db/seed/previews');

async function openCreate(page: Page, name: string) {
  await page.locator('header [data-nav=create]').click();
  const menu = page.getByTestId('create-menu');
  await menu.waitFor();
  await menu.getByRole('menuitem', { name, exact: true }).click();
}

describe('showcase and navigation', () => {
  it('shows a sample of every kind, opens each form from home and the Create menu, fills an empty Explore, and serves gallery previews at once', async () => {
    const { context, page, errors } = await newVisitor(e2e.browser, 'showcase-journey');
    await page.goto(`${e2e.server.url}/home`, { waitUntil: 'domcontentloaded' });
    await heading(page);

    // Home: a card per kind with its sample still, a chip per tool; every thumbnail is served.
    const cards = page.locator('[data-testid^=home-kind-]');
    expect(await cards.count()).toBe(HOME_KINDS.length);
    expect(await page.locator('[data-testid^=home-kind-] [data-testid=sample-badge]').count()).toBe(HOME_KINDS.length);
    expect(await page.locator('[data-testid^=home-tool-] img').count()).toBe(HOME_TOOLS.length);
    const thumbs = await page.locator('[data-testid^=home-kind-] img, [data-testid^=home-tool-] img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? ''));
    expect(thumbs.every((src) => src.startsWith('/assets/'))).toBe(true);
    const served = await Promise.all([...new Set(thumbs)].map((src) => page.request.head(new URL(src, e2e.server.url).href)));
    for (const res of served) {
      expect(res.status(), res.url()).toBe(200);
      expect(res.headers()['cache-control'], res.url()).toContain('immutable');
    }

    // Each card is a link to its form; a form shows the kind's sample in its empty result (two
    // cards here; the Create menu's tab-hidden kinds below; every form's sample is a unit test).
    expect(await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(HOME_KINDS.map((id) => creationEntry(id).path));
    expect(await page.locator('[data-testid^=home-tool-]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(HOME_TOOLS.map((id) => creationEntry(id).path));
    for (const id of ['imageToVideo', 'textToImage'] as const) {
      await page.getByTestId(`home-kind-${id}`).click();
      await page.locator(`[data-testid=sample][data-sample=${id}]`).waitFor();
      expect(await page.locator('[data-testid=sample] [data-testid=sample-badge]').first().textContent()).toBe(common.showcase.badge);
      await openInApp(page, '/home');
    }

    // The Create menu: tab-hidden kinds open their tab, the video editor opens a canvas with the timeline.
    for (const [id, tab] of [
      ['mimicMotion', 'motion'],
      ['anime', 'anime'],
    ] as const) {
      await openCreate(page, common.nav[id]);
      await page.waitForURL(`**/app/ai-video?kind=${tab}`);
      await page.locator(`[data-testid=kind-${tab}][aria-selected=true]`).waitFor();
      await page.locator(`[data-testid=sample][data-sample=${id}]`).waitFor();
    }
    await openCreate(page, common.nav.modelFitting);
    await page.waitForURL('**/app/model-fitting');
    await openCreate(page, common.nav.videoEditor);
    await page.waitForURL(/\/app\/canvas\/[^/?]+\?timeline=1$/);
    await page.getByTestId('editor-dock').waitFor({ timeout: 20_000 });

    // An Explore list with nothing published: the samples, marked, with nothing to like or report.
    await openInApp(page, `/tag-detail/showcase-${Date.now()}`);
    const showcase = page.getByTestId('sample-showcase');
    await showcase.waitFor();
    const shown = await showcase.getByTestId('sample').count();
    expect(shown).toBeGreaterThanOrEqual(HOME_KINDS.length);
    expect(await showcase.getByTestId('sample-badge').count()).toBe(shown);
    expect(await showcase.locator('[data-testid^=content-like], [data-testid^=report]').count()).toBe(0);

    // Galleries: the seeded previews come from the shipped files, without rendering.
    const started = Date.now();
    const preview = await page.request.get(`${e2e.server.url}/api/catalog/templates/old-film/preview`);
    expect(Date.now() - started).toBeLessThan(2000);
    const shipped = readdirSync(PREVIEWS).find((name) => name.startsWith('t-old-film-'))!;
    expect(Buffer.compare(await preview.body(), readFileSync(join(PREVIEWS, shipped)))).toBe(0);
    await openInApp(page, '/photo-effects');
    const tiles = page.locator('[data-testid=effects-grid] [data-testid=template-preview]');
    await tiles.first().waitFor();
    await expect.poll(() => tiles.evaluateAll((all) => all.slice(0, 4).every((tile) => tile.getAttribute('data-state') === 'loaded')), { timeout: 3000 }).toBe(true);
    await openInApp(page, '/loras');
    const loras = page.locator('[data-testid=lora-card] img');
    await loras.first().waitFor();
    type Img = { complete: boolean; naturalWidth: number };
    await expect.poll(() => loras.evaluateAll((all) => all.every((img) => (img as unknown as Img).complete && (img as unknown as Img).naturalWidth > 0)), { timeout: 3000 }).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });
});
