/**
 * Flows on the canvas (issue 24) in two real browsers against the real server: Ava (owner) adds
 * a prompt input and two steps (text to image → image to image) and wires them — the first wire
 * dragged from an output to a port, the second chosen in the step's settings; Ben (editor) sees
 * them appear, runs the flow after the price dialog, and both watch the steps run and come back
 * fresh with a thumbnail. Ava changes the second step's strength: it is stale for both; her
 * re-run prices and runs only that step, the first listed as re-used.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { addSessionCookie, newVisitor, signUpVerified, trpcCall, useE2E } from './harness.ts';

const e2e = useE2E();

/** Each person's browser context, closed after the test. */
const open = new Set<BrowserContext>();
afterEach(() => Promise.all([...open].map((c) => c.close())).then(() => open.clear()));

async function person(browser: Browser, email: string, name: string) {
  const [cookie, visitor] = await Promise.all([signUpVerified(e2e.server.url, email, { name }), newVisitor(browser, `flows-${name}`)]);
  open.add(visitor.context);
  await addSessionCookie(visitor.context, e2e.server.url, cookie);
  return { cookie, page: visitor.page, errors: visitor.errors };
}

type Person = Awaited<ReturnType<typeof person>>;

async function openCanvas(p: Person, projectId: string): Promise<void> {
  await p.page.goto(`${e2e.server.url}/app/canvas/${projectId}`);
  await p.page.locator('[data-testid="canvas-page"][data-phase="ready"]').waitFor({ timeout: 30_000 });
  await p.page.getByTestId('flow-bar').waitFor();
}

const card = (page: Page, kind: string) => page.locator(`[data-testid="flow-card"][data-kind="${kind}"]`);

/** The state a card shows, as each person's page records it every 50 ms (a run can be quick). */
async function recordStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const bag = window as unknown as { __flowStates: string[] };
    bag.__flowStates = [];
    setInterval(() => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-testid="flow-card"][data-state]')) {
        const entry = `${el.dataset.kind}:${el.dataset.state}`;
        if (bag.__flowStates.at(-1) !== entry && !bag.__flowStates.includes(entry)) bag.__flowStates.push(entry);
      }
    }, 50);
  });
}
const statesSeen = (page: Page) => page.evaluate(() => (window as unknown as { __flowStates: string[] }).__flowStates);

async function centre(page: Page, selector: ReturnType<Page['locator']>): Promise<{ x: number; y: number }> {
  const box = await selector.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The run dialog closes once the run started (what it says otherwise is the failure's message). */
async function closed(page: Page): Promise<void> {
  try {
    await page.getByTestId('flow-run-dialog').waitFor({ state: 'detached', timeout: 30_000 });
  } catch {
    throw new Error(`the run did not start: ${await page.getByTestId('flow-run-dialog').textContent()}`);
  }
}

async function waitForState(page: Page, kind: string, state: string, timeout = 60_000): Promise<void> {
  await page.locator(`[data-testid="flow-card"][data-kind="${kind}"][data-state="${state}"]`).waitFor({ timeout });
}

describe('flows on the canvas, two people', () => {
  it('build a flow together, run it, and re-run only the step whose setting changed', async () => {
    const { browser } = e2e;
    const ava = await person(browser, 'ava.flows@example.com', 'Ava');
    const ben = await person(browser, 'ben.flows@example.com', 'Ben');
    const url = e2e.server.url;
    const project = await trpcCall<{ id: string }>(url, ava.cookie, 'project.create', { name: 'Flow board' });
    const link = await trpcCall<{ url: string }>(url, ava.cookie, 'project.createInviteLink', { projectId: project.id, role: 'editor' });
    await trpcCall(url, ben.cookie, 'project.acceptInvite', { token: link.url.split('/').pop() });
    await Promise.all([openCanvas(ava, project.id), openCanvas(ben, project.id)]);
    await ava.page.getByTestId('flow-empty').waitFor();

    // Ava: a prompt input (its settings open at once), then the two steps.
    await ava.page.getByTestId('flow-add-input-text').click();
    await ava.page.getByTestId('flow-input-value').fill('a lighthouse on a cliff at dusk');
    await ava.page.getByTestId('flow-input-value').press('Tab');
    await ava.page.getByTestId('flow-add-step').selectOption('text_to_image');
    await ava.page.getByTestId('flow-add-step').selectOption('image_to_image');
    await ava.page.getByTestId('flow-setting-prompt').fill('watercolour');
    await ava.page.getByTestId('flow-setting-prompt').press('Tab');
    // The second wire from the settings (the keyboard's way): text to image → its image port.
    const textToImageId = await card(ava.page, 'text_to_image').getAttribute('data-flow-card');
    await ava.page.getByTestId('flow-port-source-image').selectOption(textToImageId!);
    await ava.page.getByRole('button', { name: /close settings/i }).click();

    // A refused wire says why: the prompt cannot feed an image port.
    const promptOut = await centre(ava.page, card(ava.page, 'input-text').getByTestId('flow-output'));
    const imagePort = await centre(ava.page, card(ava.page, 'image_to_image').locator('[data-flow-port$="|image"]'));
    await ava.page.mouse.move(promptOut.x, promptOut.y);
    await ava.page.mouse.down();
    await ava.page.mouse.move(imagePort.x, imagePort.y, { steps: 8 });
    await ava.page.mouse.up();
    await ava.page.getByTestId('flow-refusal').waitFor();
    // The first wire dragged: prompt output → the text-to-image step's prompt port.
    const promptPort = await centre(ava.page, card(ava.page, 'text_to_image').locator('[data-flow-port$="|prompt"]'));
    await ava.page.mouse.move(promptOut.x, promptOut.y);
    await ava.page.mouse.down();
    await ava.page.mouse.move(promptPort.x, promptPort.y, { steps: 8 });
    await ava.page.mouse.up();
    await expect.poll(() => ava.page.locator('path[data-flow-wire]').count()).toBe(2);

    // Ben sees the three cards and both wires without reloading.
    await expect.poll(() => ben.page.getByTestId('flow-card').count(), { timeout: 10_000 }).toBe(3);
    await expect.poll(() => ben.page.locator('path[data-flow-wire]').count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => ben.page.getByTestId('flow-input-text').textContent()).toContain('lighthouse');

    // Ben runs the flow: the price first, both steps listed, then one confirmation.
    await Promise.all([recordStates(ava.page), recordStates(ben.page)]);
    await ben.page.getByTestId('flow-run-all').click();
    await ben.page.getByTestId('flow-run-total').waitFor({ timeout: 15_000 });
    expect(await ben.page.getByTestId('flow-plan-step').count()).toBe(2);
    const price = Number(await ben.page.getByTestId('flow-run-total').getAttribute('data-cost'));
    expect(price).toBeGreaterThanOrEqual(0);
    expect(await ben.page.getByTestId('flow-run-total').textContent()).toContain(String(price));
    await ben.page.getByTestId('flow-run-confirm').click();
    await closed(ben.page);

    for (const p of [ava, ben]) {
      await waitForState(p.page, 'image_to_image', 'fresh', 90_000);
      await waitForState(p.page, 'text_to_image', 'fresh');
      await card(p.page, 'image_to_image').getByTestId('flow-thumb').first().waitFor();
      const seen = await statesSeen(p.page);
      expect(seen).toContain('image_to_image:running');
      expect(seen.indexOf('image_to_image:running')).toBeLessThan(seen.indexOf('image_to_image:fresh'));
    }
    const thumb = await card(ben.page, 'image_to_image').getByTestId('flow-thumb').first().getAttribute('src');
    expect(await ben.page.evaluate(async (src) => (await fetch(src!)).status, thumb)).toBe(200);

    // Ava changes the second step's strength: stale for both; the first stays fresh.
    await card(ava.page, 'image_to_image').getByTestId('flow-card-open').click();
    await ava.page.getByTestId('flow-setting-strength').fill('0.9');
    for (const p of [ava, ben]) {
      await waitForState(p.page, 'image_to_image', 'stale', 10_000);
      expect(await card(p.page, 'text_to_image').getAttribute('data-state')).toBe('fresh');
    }

    // Ava re-runs the flow: only the stale step is priced and run, the first is re-used.
    await ava.page.getByTestId('flow-run-all').click();
    await ava.page.getByTestId('flow-run-total').waitFor({ timeout: 15_000 });
    expect(await ava.page.getByTestId('flow-plan-step').count()).toBe(1);
    expect(await ava.page.getByTestId('flow-plan-step').textContent()).toContain('Image to image');
    expect(await ava.page.getByTestId('flow-run-reuse').textContent()).toContain('Text to image');
    await ava.page.getByTestId('flow-run-confirm').click();
    await closed(ava.page);
    await waitForState(ben.page, 'image_to_image', 'fresh', 60_000);
    expect(await card(ben.page, 'text_to_image').getAttribute('data-state')).toBe('fresh');

    for (const p of [ava, ben]) expect(p.errors).toEqual([]);
  });
});
