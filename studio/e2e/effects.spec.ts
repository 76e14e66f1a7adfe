/**
 * The effects catalogue in a real browser: the lists with real previews, an effect's easy-mode
 * page producing an image and a video, a pro effect asking a free visitor to upgrade, the effects
 * popup, unknown effects, and the product photo and model fitting pages.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useE2E, watchPageErrors, waitForResult } from './harness.ts';

const e2e = useE2E();
const SHOTS = join(import.meta.dirname, '../../.scratch');
/** Previews render on their first request and generations share two cores with the browser. */
const TEST_TIMEOUT_MS = 240_000;
const PERSON_PHOTO = fileURLToPath(new URL('../../node_modules/@vladmandic/face-api/demo/sample1.jpg', import.meta.url));

/** A small photo-like PNG (a gradient with a disc), written to a temp file. */
async function samplePng(width = 240, height = 180): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'tessera-effects-')), 'sample.png');
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const inDisc = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (height / 4) ** 2;
      data[i] = inDisc ? 240 : Math.round((x / width) * 255);
      data[i + 1] = inDisc ? 200 : Math.round((y / height) * 255);
      data[i + 2] = inDisc ? 40 : 160;
    }
  }
  await sharp(data, { raw: { width, height, channels: 3 } }).png().toFile(path);
  return path;
}

async function newVisitor(browser: Browser, deviceId: string, viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((id) => localStorage.setItem('tessera.deviceId', id), deviceId);
  const page = await context.newPage();
  return { context, page, errors: watchPageErrors(page) };
}

const credits = async (page: Page) => Number(await page.getByTestId('credits-remaining').textContent());

/** Console noise that is the point of a test: the error reaction logs the refused call it handled. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('[tessera] call failed') && !e.includes('Failed to load resource'));

async function resultImageSize(page: Page): Promise<{ w: number; h: number }> {
  return page.getByTestId('result-image').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return { w: img.naturalWidth, h: img.naturalHeight };
  });
}

describe('effects in a real browser', () => {
  it('lists photo effects with real previews, applies sepia to an upload and charges the shown cost; zoom-in makes a 4 s video', async () => {
    // A tall window: every tile of the first page is near the screen, so every preview loads.
    const { context, page, errors } = await newVisitor(e2e.browser, 'e2e-effects-device-0001', { width: 1280, height: 3000 });
    await page.goto(`${e2e.server.url}/photo-effects`);
    await page.getByTestId('credits-remaining').waitFor();
    const before = await credits(page);

    const tiles = page.getByTestId('effect-tile');
    await tiles.first().waitFor();
    expect(await tiles.count()).toBeGreaterThanOrEqual(12);
    // Previews are real renderings made on first request: wait until at least 12 have arrived.
    await expect
      .poll(() => page.locator('[data-testid=effect-tile] [data-testid=template-preview][data-state=loaded]').count(), { timeout: 60_000, interval: 500 })
      .toBeGreaterThanOrEqual(12);
    const loaded = await page.locator('[data-testid=effect-tile] [data-testid=template-preview][data-state=loaded] img').evaluateAll((imgs) =>
      imgs.map((img) => (img as HTMLImageElement).naturalWidth),
    );
    expect(loaded.every((w) => w > 0)).toBe(true);
    expect(await page.locator('[data-testid=template-preview][data-state=failed]').count()).toBe(0);
    // Category chips filter the grid.
    await page.getByTestId('category-art-styles').click();
    await expect.poll(() => page.locator('[data-testid=effect-tile][data-template-id=sepia]').count()).toBe(0);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.screenshot({ path: join(SHOTS, 'effects-photo-list.png') });

    await page.locator('[data-testid=effect-tile][data-template-id=sepia]').click();
    await page.waitForURL(`${e2e.server.url}/photo-effects/sepia`);
    await page.getByTestId('page-effect').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Sepia');
    await page.getByTestId('try-another').getByTestId('effect-tile').first().waitFor();
    expect(await page.getByTestId('try-another').locator('[data-template-id=sepia]').count()).toBe(0);

    await page.getByTestId('effect-image-file').setInputFiles(await samplePng());
    await page.getByTestId('effect-image-preview').waitFor();
    const button = page.getByTestId('generate');
    await expect.poll(() => button.textContent()).toMatch(/Generate · 4 credits$/);
    await button.click();
    await waitForResult(page);
    const size = await resultImageSize(page);
    expect(size.w).toBeGreaterThan(0);
    expect(size.h).toBeGreaterThan(0);
    await expect.poll(() => credits(page)).toBe(before - 4);
    await expect.poll(() => page.getByTestId('download').getAttribute('href')).toMatch(/^\/api\/creations\/[0-9a-f-]{36}\/download$/);
    await page.screenshot({ path: join(SHOTS, 'effects-sepia-result.png'), fullPage: true });

    // A video effect: the result is a playable clip of about four seconds.
    await page.goto(`${e2e.server.url}/video-effects/zoom-in`);
    await page.getByTestId('page-effect').waitFor();
    const beforeVideo = await credits(page);
    await page.getByTestId('effect-image-file').setInputFiles(await samplePng(320, 240));
    await page.getByTestId('effect-image-preview').waitFor();
    await expect.poll(() => button.textContent()).toMatch(/Generate · 10 credits$/);
    await button.click();
    const video = page.getByTestId('result-video');
    await video.waitFor({ timeout: 90_000 });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(3.5);
    expect(duration).toBeLessThan(4.5);
    expect(await video.getAttribute('controls')).not.toBeNull();
    await expect.poll(() => credits(page)).toBe(beforeVideo - 10);
    await page.screenshot({ path: join(SHOTS, 'effects-zoom-in-result.png'), fullPage: true });

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);

  it('shows pro effects with a Pro badge and opens the upgrade popup (ProFeature) for a free visitor, charging nothing', async () => {
    const { context, page, errors } = await newVisitor(e2e.browser, 'e2e-effects-device-0002');
    await page.goto(`${e2e.server.url}/app/pro-effects`);
    const tile = page.locator('[data-testid=effect-tile][data-template-id=dolly-zoom]');
    await tile.waitFor();
    expect(await tile.getByTestId('pro-badge').count()).toBe(1);
    await tile.click();
    await page.waitForURL(`${e2e.server.url}/app/pro-effects/dolly-zoom`);
    // /app pages skip the automatic guest session: the visitor chooses to continue as a guest.
    await page.getByTestId('continue-as-guest').click();
    await page.getByTestId('credits-remaining').waitFor();
    const before = await credits(page);
    await page.getByTestId('pro-note').waitFor();
    await page.getByTestId('effect-image-file').setInputFiles(await samplePng());
    await page.getByTestId('effect-image-preview').waitFor();
    await page.getByTestId('generate').click();
    const popup = page.getByTestId('upgrade-popup');
    await popup.waitFor();
    expect(await popup.getAttribute('data-info-type')).toBe('ProFeature');
    await page.screenshot({ path: join(SHOTS, 'effects-pro-upgrade.png') });
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    expect(await page.getByTestId('result-image').count()).toBe(0);
    expect(await credits(page)).toBe(before);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);

  it('lists templates in the effects popup and opens the chosen one; unknown effects lead back to the list', async () => {
    const { context, page, errors } = await newVisitor(e2e.browser, 'e2e-effects-device-0003', { width: 390, height: 844 });
    await page.goto(`${e2e.server.url}/home?popup=effects&mediaType=image`);
    const popup = page.getByTestId('effects-popup');
    await popup.waitFor();
    expect(await popup.getAttribute('data-media-type')).toBe('image');
    await popup.locator('[data-testid=effect-tile][data-template-id=sepia]').waitFor();
    expect(await popup.getByTestId('effect-tile').count()).toBe(12);
    expect(await popup.getByTestId('effects-page-link').getAttribute('href')).toBe('/photo-effects');
    await popup.getByTestId('effects-tab-video').click();
    await popup.locator('[data-testid=effect-tile][data-template-id=zoom-in]').waitFor();
    expect(await popup.getByTestId('effects-page-link').getAttribute('href')).toBe('/video-effects');
    await page.screenshot({ path: join(SHOTS, 'effects-popup.png') });
    await popup.locator('[data-testid=effect-tile][data-template-id=zoom-in]').click();
    await page.waitForURL(`${e2e.server.url}/video-effects/zoom-in`);
    await page.getByTestId('page-effect').waitFor();
    expect(await page.getByTestId('effects-popup').count()).toBe(0);
    // Phone width: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    // A photo effect opened under the video list moves to its own page.
    await page.goto(`${e2e.server.url}/video-effects/sepia`);
    await page.waitForURL(`${e2e.server.url}/photo-effects/sepia`);

    await page.goto(`${e2e.server.url}/photo-effects/no-such-effect`);
    await page.getByTestId('effect-unavailable').waitFor();
    expect(await page.getByTestId('effect-unavailable-message').textContent()).toBe('Template not found.');
    await page.getByTestId('effect-back').click();
    await page.waitForURL(`${e2e.server.url}/photo-effects`);
    await page.getByTestId('effect-tile').first().waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);

  it('places a product into a chosen scene, and dresses a person in a garment', async () => {
    const { context, page, errors } = await newVisitor(e2e.browser, 'e2e-effects-device-0004');
    await page.goto(`${e2e.server.url}/app/product-photo`);
    await page.getByTestId('continue-as-guest').click();
    const scenes = page.getByTestId('scene-picker');
    await scenes.getByTestId('picker-option').first().waitFor();
    expect(await scenes.getByTestId('picker-option').count()).toBe(4);
    await scenes.locator('[data-template-id=marble-podium]').click();
    await page.waitForURL(/\?scene=marble-podium$/);
    await page.getByTestId('credits-remaining').waitFor();
    const before = await credits(page);
    await page.getByTestId('effect-image-file').setInputFiles(await samplePng());
    await page.getByTestId('effect-image-preview').waitFor();
    await expect.poll(() => page.getByTestId('generate').textContent()).toMatch(/Generate · 5 credits$/);
    await page.getByTestId('generate').click();
    await waitForResult(page);
    expect((await resultImageSize(page)).w).toBeGreaterThan(0);
    await expect.poll(() => credits(page)).toBe(before - 5);
    await page.screenshot({ path: join(SHOTS, 'effects-product-photo.png'), fullPage: true });

    // The footer leads to model fitting.
    await page.locator('footer').getByRole('link', { name: 'Model fitting' }).click();
    await page.waitForURL(`${e2e.server.url}/app/model-fitting`);
    await page.getByTestId('backdrop-picker').getByTestId('picker-option').first().waitFor();
    const beforeFitting = await credits(page);
    // Without both photos nothing is sent.
    await page.getByTestId('effect-image-file').setInputFiles(PERSON_PHOTO);
    await page.getByTestId('effect-image-preview').waitFor();
    await page.getByTestId('generate').click();
    await page.getByRole('alert').getByText('Add an image first.').waitFor();
    await page.getByTestId('effect-garment-file').setInputFiles(await samplePng(200, 260));
    await page.getByTestId('effect-garment-preview').waitFor();
    await expect.poll(() => page.getByTestId('generate').textContent()).toMatch(/Generate · 6 credits$/);
    await page.getByTestId('generate').click();
    await waitForResult(page, 90_000);
    expect((await resultImageSize(page)).w).toBeGreaterThan(0);
    await expect.poll(() => credits(page)).toBe(beforeFitting - 6);
    await page.screenshot({ path: join(SHOTS, 'effects-model-fitting.png'), fullPage: true });
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);
});
