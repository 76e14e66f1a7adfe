import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useE2E, watchPageErrors, waitForResult } from './harness.ts';

const e2e = useE2E();
const SHOTS = join(import.meta.dirname, '../../.scratch');

/** A small real photo-like PNG: a gradient with a disc, written to a temp file. */
async function sampleImage(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'tessera-tools-')), 'sample.png');
  const width = 160;
  const height = 120;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const inDisc = (x - 80) ** 2 + (y - 60) ** 2 < 30 ** 2;
      data[i] = inDisc ? 240 : Math.round((x / width) * 255);
      data[i + 1] = inDisc ? 200 : Math.round((y / height) * 255);
      data[i + 2] = inDisc ? 40 : 160;
    }
  }
  await sharp(data, { raw: { width, height, channels: 3 } }).png().toFile(path);
  return path;
}

describe('AI tools in a real browser', () => {
  it('an anonymous visitor upscales an upload live, pays the shown cost, then finds and deletes it in My creations', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('tessera.deviceId', 'e2e-tools-device-0001'));
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const file = await sampleImage();

    // The first visit (outside /app) gets the anonymous session and its trial credits.
    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('credits-remaining').waitFor();
    const before = Number(await page.getByTestId('credits-remaining').textContent());
    expect(before).toBeGreaterThan(0);

    // Header → AI tools → the upscaler card.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'AI tools' }).click();
    await page.waitForURL(`${e2e.server.url}/app/ai-tools`);
    await page.getByTestId('tool-card-upscaler').click();
    await page.waitForURL(`${e2e.server.url}/app/ai-tools/upscaler`);

    await page.getByTestId('tool-image-file').setInputFiles(file);
    await page.getByTestId('tool-image-preview').waitFor();
    await page.getByTestId('option-mode-fast').click();
    await page.getByTestId('option-scale-2').click();
    const button = page.getByTestId('generate');
    await expect.poll(() => button.textContent()).toMatch(/Generate · 1 credit$/);
    const shownCost = Number((await button.textContent())?.match(/(\d+) credit/)?.[1]);
    await page.screenshot({ path: join(SHOTS, 'tools-upscaler-form.png'), fullPage: true });

    // Record every value the progress bar shows: the socket pushes it, nothing polls.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { barValues: number[] }).barValues = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[aria-label="Result"] [role=progressbar]');
        const value = Number(bar?.getAttribute('aria-valuenow'));
        if (bar && seen.at(-1) !== value) seen.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));

    await button.click();
    await waitForResult(page);
    expect(navigations).toEqual([]); // no reload
    const values = await page.evaluate(() => (window as unknown as { barValues: number[] }).barValues);
    expect(values.length).toBeGreaterThan(0);
    const result = await page.getByTestId('result-image').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { w: img.naturalWidth, h: img.naturalHeight };
    });
    expect(result).toEqual({ w: 320, h: 240 });
    await expect.poll(async () => Number(await page.getByTestId('credits-remaining').textContent())).toBe(before - shownCost);
    await expect.poll(() => page.getByTestId('download').getAttribute('href')).toMatch(/^\/api\/creations\/[0-9a-f-]{36}\/download$/);
    await page.getByTestId('engine-note').waitFor();
    await page.screenshot({ path: join(SHOTS, 'tools-upscaler-result.png'), fullPage: true });

    // The tasks drawer lists the finished task; the credits panel explains the charge.
    await page.getByTestId('tasks-button').click();
    await page.getByTestId('tasks-drawer').getByTestId('finished-task').first().waitFor();
    expect(await page.getByTestId('tasks-drawer').getByTestId('finished-task').first().textContent()).toContain('Image upscaler');
    await page.keyboard.press('Escape');
    await page.getByTestId('credits-pill').click();
    await page.getByTestId('credits-panel').getByText('Charged for Image upscaler').waitFor();
    await page.screenshot({ path: join(SHOTS, 'tools-credits-panel.png') });
    await page.keyboard.press('Escape');

    // My creations shows it; deleting it removes it.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My creations' }).click();
    await page.waitForURL(`${e2e.server.url}/app/my-creations`);
    const cards = page.getByTestId('creation-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    await cards.first().click();
    const dialog = page.getByTestId('creation-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('320 × 240');
    await page.screenshot({ path: join(SHOTS, 'tools-creation-dialog.png') });
    await page.getByTestId('creation-delete').click();
    await page.getByTestId('confirm-delete').click();
    await page.getByTestId('creations-empty').waitFor();
    expect(await cards.count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('paints a mask over the image, removes the object, and passes the result on to another tool', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('tessera.deviceId', 'e2e-tools-device-0002'));
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/app/ai-tools/object-remover`);
    await page.getByTestId('continue-as-guest').click();
    await page.getByTestId('tool-image-file').setInputFiles(await sampleImage());

    // The mask canvas appears once the upload is in: before that the form asks for an image.
    const canvas = page.getByTestId('mask-canvas');
    await canvas.waitFor();

    // Without a mask the request is not sent.
    await page.getByTestId('generate').click();
    await page.getByRole('alert').getByText('Paint over the area first.').waitFor();

    // A mouse stroke across the disc, and a keyboard dab.
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.35, box.y + box.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.65, box.y + box.height * 0.5, { steps: 8 });
    await page.mouse.up();
    await canvas.focus();
    await page.keyboard.press('Enter');
    await page.screenshot({ path: join(SHOTS, 'tools-mask-painter.png'), fullPage: true });

    await page.getByTestId('generate').click();
    await waitForResult(page);
    const result = await page.getByTestId('result-image').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { w: img.naturalWidth, h: img.naturalHeight };
    });
    expect(result).toEqual({ w: 160, h: 120 });

    // "Use in" carries the result to another tool, preselected.
    await page.getByTestId('use-in-tool').click();
    await page.getByRole('menuitem', { name: 'Background remover' }).click();
    await page.waitForURL(/\/app\/ai-tools\/background-remover\?image=%2Fapi%2Fmedia%2F/);
    await page.getByTestId('tool-image-preview').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
