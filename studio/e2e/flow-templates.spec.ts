/**
 * Flow templates (issue 24, item 5) in real browsers against the real server: Ava builds a
 * prompt → text-to-image flow, runs it, saves it as a template "with sample media", publishes it
 * and inserts it back into her canvas. Ben (another account) finds it on the explore Flows tab with its preview (no serious axe
 * violations there), opens it and uses it: a new project's canvas with the same steps. Then, on
 * /app/ai-image, he picks it as a flow preset, types a prompt, sees the price, generates, and
 * watches the step finish on the new project's canvas.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { addSessionCookie, newVisitor, seriousA11yViolations, signUpVerified, trpcCall, useE2E, watchPageErrors } from './harness.ts';

const e2e = useE2E();

const open = new Set<BrowserContext>();
afterEach(() => Promise.all([...open].map((c) => c.close())).then(() => open.clear()));

const card = (page: Page, kind: string, state?: string) => page.locator(`[data-testid="flow-card"][data-kind="${kind}"]${state ? `[data-state="${state}"]` : ''}`);

async function canvasReady(page: Page): Promise<void> {
  await page.locator('[data-testid="canvas-page"][data-phase="ready"]').waitFor({ timeout: 30_000 });
  await page.getByTestId('flow-bar').waitFor();
}

describe('flow templates', () => {
  it('are saved with sample media, published, found on Explore, used as a project and run as an easy-mode preset', async () => {
    const url = e2e.server.url;
    const stamp = Date.now();
    const name = `Lighthouse poster ${stamp}`;

    // Ava: a prompt input wired into a text-to-image step, run once.
    const [avaCookie, ava] = await Promise.all([signUpVerified(url, `ava.templates.${stamp}@example.com`, { name: 'Ava' }), newVisitor(e2e.browser, `templates-ava-${stamp}`)]);
    open.add(ava.context);
    await addSessionCookie(ava.context, url, avaCookie);
    const project = await trpcCall<{ id: string }>(url, avaCookie, 'project.create', { name: 'Poster board' });
    await ava.page.goto(`${url}/app/canvas/${project.id}`);
    await canvasReady(ava.page);
    await ava.page.getByTestId('flow-add-input-text').click();
    await ava.page.getByTestId('flow-input-value').fill('a lighthouse on a cliff at dusk');
    await ava.page.getByTestId('flow-input-value').press('Tab');
    await ava.page.getByTestId('flow-add-step').selectOption('text_to_image');
    const inputId = await card(ava.page, 'input-text').getAttribute('data-flow-card');
    await ava.page.getByTestId('flow-port-source-prompt').selectOption(inputId!);
    await ava.page.getByRole('button', { name: /close settings/i }).click();
    await ava.page.getByTestId('flow-run-all').click();
    await ava.page.getByTestId('flow-run-total').waitFor({ timeout: 15_000 });
    await ava.page.getByTestId('flow-run-confirm').click();
    await card(ava.page, 'text_to_image', 'fresh').waitFor({ timeout: 60_000 });

    // Saved with its sample media, then published from the Templates panel.
    await ava.page.getByTestId('flow-template-save-open').click();
    await ava.page.getByTestId('flow-template-name-input').fill(name);
    await ava.page.getByTestId('flow-template-description-input').fill('A prompt becomes a poster.');
    await ava.page.getByTestId('flow-template-with-media').click();
    await ava.page.getByTestId('flow-template-save').click();
    await ava.page.getByTestId('flow-template-save-dialog').waitFor({ state: 'detached' });
    await ava.page.getByTestId('flow-templates-open').click();
    const row = ava.page.getByTestId('flow-template-row').filter({ hasText: name });
    await row.waitFor();
    await row.getByTestId('flow-template-publish').click();
    await ava.page.locator('[data-testid="flow-template-row"][data-visibility="public"]').filter({ hasText: name }).waitFor();
    const templateId = await row.getAttribute('data-template-id');
    // Inserted into the canvas it came from: two more cards, in view.
    await row.getByTestId('flow-template-insert').click();
    await expect.poll(() => ava.page.getByTestId('flow-card').count(), { timeout: 10_000 }).toBe(4);
    const centres = await ava.page.getByTestId('flow-card').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => [r.x + r.width / 2, r.y + r.height / 2]));
    for (const [x, y] of centres) expect(x! > 0 && x! < 1280 && y! > 0 && y! < 1000, `card centre ${x},${y} in view`).toBe(true);

    // Ben: the Flows tab shows it with its preview; axe finds nothing serious there.
    const benCookie = await signUpVerified(url, `ben.templates.${stamp}@example.com`, { name: 'Ben' });
    // axe is injected as a script, which our CSP forbids: this context only.
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
    open.add(context);
    await context.addInitScript((id) => {
      (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem('tessera.deviceId', id);
    }, `templates-ben-${stamp}`);
    await addSessionCookie(context, url, benCookie);
    const ben = await context.newPage();
    const benErrors = watchPageErrors(ben);
    await ben.goto(`${url}/all`);
    await ben.getByTestId('explore-tab-flows').click();
    const found = ben.locator(`[data-testid="flow-template-card"][data-template-id="${templateId}"]`);
    await found.waitFor({ timeout: 15_000 });
    expect(await found.getByTestId('flow-template-name').textContent()).toBe(name);
    const preview = found.locator('img[data-testid="flow-template-preview"]');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await found.getByTestId('flow-template-kinds').textContent()).toContain('Text to image');
    expect(await seriousA11yViolations(ben)).toEqual([]);
    // A phone's width: the cards stack, nothing scrolls sideways.
    await ben.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => ben.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await ben.setViewportSize({ width: 1280, height: 1000 });

    // Opened: its steps in order; "Use this flow" lands on a new canvas with the same cards.
    await found.getByTestId('flow-template-open').click();
    await ben.getByTestId('flow-template-step').first().waitFor();
    expect(await ben.getByTestId('flow-template-step').evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')))).toEqual(['text_to_image']);
    await ben.getByTestId('flow-template-use').click();
    await ben.waitForURL((u) => /\/app\/canvas\//.test(u.pathname) && !u.pathname.endsWith(project.id));
    await canvasReady(ben);
    await card(ben, 'text_to_image').waitFor();
    await card(ben, 'input-text').waitFor();
    expect(await ben.getByTestId('flow-card').count()).toBe(2);
    expect(await ben.getByTestId('flow-input-text').textContent()).toContain('lighthouse');

    // The easy-mode preset: one field, the price, Generate → the new project's canvas runs it.
    await ben.goto(`${url}/app/ai-image`);
    await ben.locator(`[data-testid="flow-preset"][data-template-id="${templateId}"]`).click();
    await ben.getByTestId('flow-preset-form').waitFor();
    expect(await ben.getByTestId('prompt').count()).toBe(0);
    await ben.getByTestId('flow-preset-text').fill('a red bicycle by the sea');
    const cost = ben.getByTestId('flow-preset-cost');
    await cost.waitFor({ timeout: 15_000 });
    const price = Number(await cost.getAttribute('data-cost'));
    expect(price).toBeGreaterThan(0);
    await ben.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => ben.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await ben.setViewportSize({ width: 1280, height: 1000 });
    expect(await cost.textContent()).toContain(String(price));
    const before = ben.url();
    await ben.getByTestId('flow-preset-generate').click();
    await ben.waitForURL((u) => /\/app\/canvas\//.test(u.pathname) && u.href !== before);
    await canvasReady(ben);
    expect(await ben.getByTestId('flow-input-text').textContent()).toContain('bicycle');
    await card(ben, 'text_to_image', 'fresh').waitFor({ timeout: 60_000 });
    await card(ben, 'text_to_image').getByTestId('flow-thumb').first().waitFor();

    expect(ava.errors).toEqual([]);
    expect(benErrors).toEqual([]);
  });
});
