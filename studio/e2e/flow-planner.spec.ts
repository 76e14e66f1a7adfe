/**
 * Agent planning from the canvas chat (issue 24) in a real browser against the real server (its
 * offline planner: no planning model is configured for e2e): Ava opens her canvas, switches the
 * chat to "Plan a flow", attaches a photo and sends the teaser brief. The proposed cards appear on
 * the canvas, the reply lists the steps in order with the planner's notes in English, and "Review
 * price and run" opens the flow's price dialog with a total. In German (/de/…) a reply's steps and
 * notes are German.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { addSessionCookie, newVisitor, signUpVerified, trpcCall, useE2E } from './harness.ts';

const e2e = useE2E();
const BRIEF = 'a 15-second product teaser from this photo, with voice-over';

const closers: (() => Promise<void>)[] = [];
afterEach(() => Promise.all(closers.splice(0).map((close) => close())));

/** A small photo-like PNG (a face-sized disc on a gradient), written to a temp file. */
async function photo(): Promise<string> {
  const [width, height] = [240, 180];
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const disc = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (height / 4) ** 2;
      data[i] = disc ? 236 : Math.round((x / width) * 255);
      data[i + 1] = disc ? 196 : Math.round((y / height) * 255);
      data[i + 2] = disc ? 160 : 120;
    }
  }
  const path = join(mkdtempSync(join(tmpdir(), 'tessera-planner-')), 'product.png');
  await sharp(data, { raw: { width, height, channels: 3 } }).png().toFile(path);
  return path;
}

/** Opens the canvas's chat in "Plan a flow" mode. */
async function planMode(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-testid="canvas-page"][data-phase="ready"]').waitFor({ timeout: 20_000 });
  await page.getByTestId('panel-tab-chat').click();
  await page.getByTestId('chat-mode-flow').click();
  await page.getByTestId('flow-plan-input').waitFor();
}

const notes = (page: Page) => page.getByTestId('flow-plan-reply').last().getByTestId('flow-plan-note').allTextContents();

describe('planning a flow from the chat', () => {
  it('draws the proposal for everyone, summarises it with translated notes, and prices it', async () => {
    const url = e2e.server.url;
    const [cookie, visitor] = await Promise.all([signUpVerified(url, 'ava.planner@example.com', { name: 'Ava' }), newVisitor(e2e.browser, 'flow-planner-ava')]);
    closers.push(() => visitor.context.close());
    await addSessionCookie(visitor.context, url, cookie);
    const { page, errors } = visitor;
    const project = await trpcCall<{ id: string }>(url, cookie, 'project.create', { name: 'Teaser board' });

    await planMode(page, `${url}/app/canvas/${project.id}`);
    await page.getByTestId('flow-plan-file').setInputFiles(await photo());
    await page.getByRole('img', { name: 'Attached image' }).waitFor();
    await page.getByTestId('flow-plan-input').fill(BRIEF);
    await page.getByTestId('flow-plan-send').click();

    // The proposal lands on the canvas: the photo animated, then voiced over a narration.
    const reply = page.getByTestId('flow-plan-reply');
    await reply.waitFor({ timeout: 15_000 });
    await page.locator('[data-testid="flow-card"][data-kind="lip_sync"]').waitFor();
    expect(await page.locator('[data-testid="flow-card"][data-kind="image_to_video"]').count()).toBe(1);
    // Photo, motion prompt and narration inputs, and the two steps.
    expect(await page.getByTestId('flow-card').count()).toBe(5);
    expect(await reply.getAttribute('data-planner')).toBe('local');
    expect(await reply.getByTestId('flow-plan-reply-step').allTextContents()).toEqual(['Image to video', 'Lip sync']);
    expect(await notes(page)).toContain('A clip is at most 10 seconds here: the flow makes a 10-second clip instead of the 15 seconds asked.');
    expect(await notes(page)).toContain('The narration is a draft: write what should be said in the narration input.');

    // Review price and run: the flow's price dialog for the proposal's steps.
    await page.getByTestId('flow-plan-review').click();
    const total = page.getByTestId('flow-run-total');
    await total.waitFor({ timeout: 10_000 });
    expect(Number(await total.getAttribute('data-cost'))).toBeGreaterThan(0);
    expect(await page.getByTestId('flow-run-dialog').getByTestId('flow-plan-step').count()).toBe(2);
    await page.keyboard.press('Escape');

    // In German, the planner's notes are German.
    await planMode(page, `${url}/de/app/canvas/${project.id}`);
    await page.getByTestId('flow-plan-input').fill(BRIEF);
    await page.getByTestId('flow-plan-input').press('Enter');
    await page.getByTestId('flow-plan-reply').waitFor({ timeout: 15_000 });
    const german = await notes(page);
    expect(german).toContain('Ein Clip dauert hier höchstens 10 Sekunden: Der Flow erstellt einen 10-Sekunden-Clip statt der gewünschten 15 Sekunden.');
    expect(german).toContain('Der Sprechertext ist ein Entwurf: Schreib in den Eingang für den Sprechertext, was gesagt werden soll.');
    expect(await page.getByTestId('flow-plan-reply').getByTestId('flow-plan-reply-step').allTextContents()).toContain('Lippensynchronisation');
    // The cards it drew are named in German too (the document keeps the asker's words).
    await expect.poll(() => page.locator('[data-testid="flow-card"][data-kind="lip_sync"]').allTextContents()).toContainEqual(expect.stringContaining('Sprecherstimme'));
    expect(errors).toEqual([]);
  }, 25_000);
});
