/**
 * The easy-mode video forms in a real browser: a text-to-video clip made on the local engine and
 * played (with the cost on the button from the shared price table, and pro mode answered with the
 * upgrade popup), an image-to-video clip from an uploaded photo, and a video tool refusing a
 * too-short clip with the §5 length rule before anything is uploaded.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { costOf } from '@tessera/shared/credits/costs';
import { ERROR_CATALOGUE } from '@tessera/shared/errors';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { creditsShown, newVisitor, openAsGuest, openInApp, seriousA11yViolations, useE2E } from './harness.ts';

const e2e = useE2E();
const SHOTS = join(import.meta.dirname, '../../.scratch');
const ISSUE22 = join(import.meta.dirname, '../../.scratch/issue22');
/** Clips render on two cores shared with the browser. */
const TEST_TIMEOUT_MS = 240_000;

/** Console noise that is the point of a test: the error reaction logs the refused call it handled. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('[tessera] call failed') && !e.includes('Failed to load resource'));

/** Waits until the result player has the clip's data and returns its length and size. */
async function playableResult(page: Page): Promise<{ duration: number; width: number; height: number }> {
  const video = page.getByTestId('result-video');
  await video.waitFor({ timeout: 180_000 });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  expect(await video.getAttribute('controls')).not.toBeNull();
  return video.evaluate((v: HTMLVideoElement) => ({ duration: v.duration, width: v.videoWidth, height: v.videoHeight }));
}

/** Whether `inner`'s box lies within `outer`'s (a pixel of rounding allowed). */
async function boxInside(outer: Locator, inner: Locator): Promise<boolean> {
  const [o, i] = await Promise.all([outer.boundingBox(), inner.boundingBox()]);
  if (!o || !i) return false;
  return i.width > 0 && i.x >= o.x - 1 && i.y >= o.y - 1 && i.x + i.width <= o.x + o.width + 1 && i.y + i.height <= o.y + o.height + 1;
}

describe('video forms in a real browser', () => {
  it('makes a text-to-video clip on the local engine for the cost on the button, and answers pro mode with the upgrade popup', async () => {
    const { context, page, errors } = await newVisitor(e2e.browser, 'e2e-video-forms-0001');
    const before = await openAsGuest(page, `${e2e.server.url}/app/ai-video`);
    const button = page.getByTestId('generate');
    // Incomplete: no prompt yet.
    expect(await button.isDisabled()).toBe(true);
    await page.getByTestId('prompt').fill('ocean waves at sunset');
    expect(await button.isDisabled()).toBe(false);

    const input = { prompt: 'ocean waves at sunset', duration: 5, aspectRatio: '16:9', resolution: '720p', mode: 'std' } as const;
    await expect.poll(() => button.textContent()).toMatch(new RegExp(`· ${costOf('text_to_video', input)} credits$`));
    await page.getByTestId('option-duration-10').click();
    await expect.poll(() => button.textContent()).toMatch(new RegExp(`· ${costOf('text_to_video', { ...input, duration: 10 })} credits$`));
    // The V2 model also makes 8 s clips, at its own price.
    await page.getByTestId('toggle-v2').check();
    await page.getByTestId('option-duration-8').click();
    await expect.poll(() => button.textContent()).toMatch(new RegExp(`· ${costOf('text_to_video_v2', { ...input, duration: 8 })} credits$`));
    await page.getByTestId('toggle-v2').uncheck();

    // Pro mode is a paid feature: the server refuses it and the studio offers the upgrade.
    await page.getByTestId('option-mode-pro').click();
    await page.getByTestId('pro-feature-note').waitFor();
    await button.click();
    const popup = page.getByTestId('upgrade-popup');
    await popup.waitFor();
    expect(await popup.getAttribute('data-info-type')).toBe('ProFeature');
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    expect(await creditsShown(page)).toBe(before);

    // A small clip: 5 s at 480p, 16:9.
    await page.getByTestId('option-mode-std').click();
    await page.getByTestId('option-duration-5').click();
    await page.getByTestId('option-resolution-480p').click();
    const cost = costOf('text_to_video', { ...input, resolution: '480p' });
    await expect.poll(() => button.textContent()).toMatch(new RegExp(`· ${cost} credits$`));
    await button.click();
    const clip = await playableResult(page);
    expect(Math.abs(clip.duration - 5)).toBeLessThan(0.2);
    expect(clip).toMatchObject({ width: 854, height: 480 });
    await expect.poll(() => creditsShown(page)).toBe(before - cost);
    await page.getByTestId('engine-note').waitFor();
    await page.screenshot({ path: join(SHOTS, 'video-forms-text-result.png'), fullPage: true });

    // Issue 22: the result's "Use in" opens the video upscaler with this clip already chosen.
    const resultUrl = await page.getByTestId('result-video').getAttribute('src');
    await page.getByTestId('use-in-video').click();
    await page.getByTestId('use-in-video-upscaler').click();
    await page.waitForURL(/\/app\/ai-tools\/video-upscaler\?video=[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByTestId('video-form').getAttribute('data-kind')).toBe('video_upscale');
    await expect.poll(() => page.getByTestId('form-video').getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    expect(await page.getByTestId('form-video-preview').getAttribute('src')).toBe(resultUrl);
    expect(await page.getByTestId('generate').isDisabled()).toBe(false);
    await page.screenshot({ path: join(ISSUE22, 'after-video-use-in-upscaler.png') });

    // The clip's details in My creations: the player once, inside the dialog at desktop and phone
    // sizes, and its settings as labelled values — no empty image box, ids, keys or JSON.
    await openInApp(page, '/app/my-creations');
    await page.getByTestId('creation-card').first().click();
    const dialog = page.getByTestId('creation-dialog');
    await dialog.getByTestId('creation-video').waitFor();
    expect(await dialog.getByTestId('creation-media').locator('img').count()).toBe(0);
    expect(await dialog.locator('video').count()).toBe(1);
    const details = (await dialog.locator('dl').textContent()) ?? '';
    expect(details).toContain('ocean waves at sunset');
    expect(await dialog.getByTestId('creation-detail-duration').textContent()).toMatch(/5 s$/);
    expect(details).not.toMatch(/[{}[\]]|\/api\/media|[0-9a-f]{8}-[0-9a-f]{4}-|\.mp4/);
    for (const size of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      await expect.poll(() => boxInside(page.getByRole('dialog'), dialog.getByTestId('creation-video')), { message: String(size.width) }).toBe(true);
      await page.screenshot({ path: join(ISSUE22, `after-video-creation-dialog-${size.width}.png`) });
    }
    // Its "Use in" lists the tools that take a video.
    await dialog.getByTestId('use-in-video').click();
    await page.getByTestId('use-in-video-extender').waitFor();
    expect(await page.getByRole('menuitem').count()).toBeGreaterThanOrEqual(8);
    await page.keyboard.press('Escape');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);

  it('brings an uploaded photo to life with image to video', async () => {
    const { context, page, errors } = await newVisitor(e2e.browser, 'e2e-video-forms-0002');
    const before = await openAsGuest(page, `${e2e.server.url}/app/ai-video`);
    await page.getByTestId('kind-image').click();
    await page.waitForURL(/\?kind=image$/);
    await page.setViewportSize({ width: 390, height: 844 });
    const button = page.getByTestId('generate');
    expect(await button.isDisabled()).toBe(true);
    await page.getByTestId('form-image-file').setInputFiles(await samplePng(320, 240));
    await page.getByTestId('form-image-preview').waitFor();
    await page.getByTestId('prompt').fill('slow zoom in');
    await page.getByTestId('option-resolution-480p').click();
    const cost = costOf('image_to_video', { image: 'u/x/y.png', prompt: 'slow zoom in', duration: 5, resolution: '480p', mode: 'std' });
    await expect.poll(() => button.textContent()).toMatch(new RegExp(`· ${cost} credits$`));
    await button.click();
    const clip = await playableResult(page);
    expect(Math.abs(clip.duration - 5)).toBeLessThan(0.2);
    // The clip keeps the photo's 4:3 shape with 480 px on its short side.
    expect(clip).toMatchObject({ width: 640, height: 480 });
    await expect.poll(() => creditsShown(page)).toBe(before - cost);
    await page.screenshot({ path: join(SHOTS, 'video-forms-image-mobile.png'), fullPage: true });
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);

  it('lists the video tools, and the sound effects tool refuses a too-short clip before upload', async () => {
    const { context, page, errors } = await newVisitor(e2e.browser, 'e2e-video-forms-0003');
    const uploads: string[] = [];
    page.on('request', (req) => req.url().includes('/api/media/upload') && uploads.push(req.url()));
    await page.goto(`${e2e.server.url}/app/ai-tools`);
    await page.getByTestId('tool-card-sound-effects').click();
    await page.waitForURL(`${e2e.server.url}/app/ai-tools/sound-effects`);
    await page.getByTestId('continue-as-guest').click();
    expect(await page.locator('h1').textContent()).toContain('Sound effects');

    await page.getByTestId('form-video-file').setInputFiles(shortClip(2));
    // The clip is under §5's 3 seconds: the trim dialog says so and will not upload it.
    const rule = page.getByTestId('trim-rule');
    await rule.waitFor();
    expect(await rule.getAttribute('data-ok')).toBe('false');
    expect(await rule.textContent()).toContain('at least 3 seconds');
    expect(await page.getByTestId('trim-submit').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('trim-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('prompt').fill('thunder and rain');
    const button = page.getByTestId('generate');
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByTestId('form-missing').textContent()).toContain('a video');
    expect(uploads).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'video-forms-sound-effects-refused.png'), fullPage: true });

    // An 8 s clip keeps the rule: kept whole in the trim dialog, it goes up as it is; the button
    // then prices its real length (the table's 5 s before), and the server charges exactly that.
    const before = await creditsShown(page);
    await page.getByTestId('form-video-file').setInputFiles(shortClip(8));
    await page.getByTestId('trim-submit').click({ timeout: 30_000 });
    await page.getByTestId('form-video-preview').waitFor({ timeout: 30_000 });
    expect(uploads).toHaveLength(1);
    await expect.poll(() => button.textContent()).toMatch(/· [89] credits$/);
    const shown = Number(/· (\d+) credits$/.exec((await button.textContent()) ?? '')?.[1]);
    await button.click();
    const clip = await playableResult(page);
    expect(Math.abs(clip.duration - 8)).toBeLessThan(0.2);
    await expect.poll(() => creditsShown(page)).toBe(before - shown);
    await page.screenshot({ path: join(SHOTS, 'video-forms-sound-effects-result.png'), fullPage: true });
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);

  it('checks lip sync’s size rule before submit on the avatar page, and prices a short by its length', async () => {
    const { context, page, errors } = await newVisitor(e2e.browser, 'e2e-video-forms-0004');
    await openAsGuest(page, `${e2e.server.url}/app/ai-avatar`);
    // The talking photo is the first form; lip sync on a video the second.
    await page.getByTestId('form-image').waitFor();
    await page.getByTestId('kind-lip-sync').click();
    await page.getByTestId('prompt').fill('Hello there, this is our weekly update.');
    await page.getByTestId('form-video-file').setInputFiles(shortClip(4));
    await page.getByTestId('trim-submit').click({ timeout: 30_000 });
    await page.getByTestId('form-video-preview').waitFor({ timeout: 30_000 });
    // 320×240 is far below lip sync's 720 px short side: the rule shows and nothing can be sent.
    const rule = page.getByTestId('video-rule');
    await rule.waitFor();
    expect(await rule.textContent()).toBe(ERROR_CATALOGUE.LIP_SYNC_VIDEO_SIZE.message);
    expect(await page.getByTestId('generate').isDisabled()).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'video-forms-lip-sync-rule.png'), fullPage: true });

    await page.goto(`${e2e.server.url}/app/ai-shorts`);
    await page.getByTestId('prompt').fill('three facts about octopuses');
    const button = page.getByTestId('generate');
    await expect.poll(() => button.textContent()).toMatch(new RegExp(`· ${costOf('ai_shorts', { topic: 'x', duration: 30, captions: true, music: true, resolution: '720p' })} credits$`));
    await page.getByTestId('option-duration-60').click();
    await page.getByTestId('option-resolution-1080p').click();
    await expect.poll(() => button.textContent()).toMatch(new RegExp(`· ${costOf('ai_shorts', { topic: 'x', duration: 60, captions: true, music: true, resolution: '1080p' })} credits$`));
    expect(await page.getByTestId('toggle-captions').isChecked()).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'video-forms-shorts.png'), fullPage: true });

    // Every video tool has its card on /app/ai-tools.
    await page.goto(`${e2e.server.url}/app/ai-tools`);
    for (const slug of ['video-upscaler', 'video-background-remover', 'subtitle-remover', 'sound-effects', 'lip-sync', 'video-face-swap', 'video-extender']) {
      await page.getByTestId(`tool-card-${slug}`).waitFor();
    }
    await page.screenshot({ path: join(SHOTS, 'video-forms-tools.png'), fullPage: true });
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);

  it('has no serious accessibility violations and no sideways scrolling on a phone', async () => {
    // Our CSP forbids inline scripts, which is how axe gets into the page: this context only.
    const context = await e2e.browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 740 } });
    await context.addInitScript(() => localStorage.setItem('tessera.deviceId', 'e2e-video-forms-0005'));
    const page = await context.newPage();
    await openAsGuest(page, `${e2e.server.url}/app/ai-video`);
    const found: string[] = [];
    for (const path of ['/app/ai-video', '/app/ai-video?kind=subjects', '/app/ai-avatar', '/app/ai-shorts', '/app/ai-tools/video-background-remover', '/app/tool/video-upscaler']) {
      await page.goto(`${e2e.server.url}${path}`);
      await page.getByTestId('generate').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      const violations = await seriousA11yViolations(page);
      found.push(...violations.map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
    await context.close();
  }, TEST_TIMEOUT_MS);
});

/** A small photo-like PNG (a gradient with a disc), written to a temp file. */
async function samplePng(width: number, height: number): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'tessera-video-forms-')), 'photo.png');
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

/** A `seconds`-long 320×240 H.264 test clip made with the system ffmpeg. */
function shortClip(seconds: number): string {
  const path = join(mkdtempSync(join(tmpdir(), 'tessera-video-forms-')), 'short.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=24:duration=${seconds}`, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', path]);
  return path;
}
