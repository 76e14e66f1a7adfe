/**
 * Flow cards share the canvas's selection and move live (issue 24), two real browsers against the
 * real server: Ava marquee-selects two flow cards and a canvas shape in one rectangle and deletes
 * them with one key; Ben sees them gone. Ava drags the last card by its header and Ben sees it
 * part-way — through Ava's awareness, the document still holding the old position — before the
 * drop writes it once.
 */
import { closeCollabClients, connectCollab } from '@tessera/server/test/collabClient';
import { writeFlowNode } from '@tessera/shared/flows/document';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { addSessionCookie, newVisitor, signUpVerified, trpcCall, useE2E } from './harness.ts';

const e2e = useE2E();

const open = new Set<BrowserContext>();
afterEach(async () => {
  closeCollabClients();
  await Promise.all([...open].map((c) => c.close()));
  open.clear();
});

async function person(browser: Browser, email: string, name: string) {
  const [cookie, visitor] = await Promise.all([signUpVerified(e2e.server.url, email, { name }), newVisitor(browser, `flow-canvas-${name}`)]);
  open.add(visitor.context);
  await addSessionCookie(visitor.context, e2e.server.url, cookie);
  return { cookie, page: visitor.page, errors: visitor.errors };
}

/** The canvas at zoom 1 with its top-left corner at canvas (0, 0): page point = stage corner + canvas point. */
async function openCanvas(page: Page, projectId: string): Promise<{ x: number; y: number }> {
  await page.goto(`${e2e.server.url}/app/canvas/${projectId}`);
  await page.locator('[data-testid="canvas-page"][data-phase="ready"]').waitFor({ timeout: 30_000 });
  await page.locator('[data-flow-card="s2"]').waitFor();
  await page.evaluate(() => window.__tesseraCanvas?.viewport.setCamera({ x: 0, y: 0, zoom: 1 }));
  const box = await page.getByTestId('canvas-stage').boundingBox();
  if (!box || box.width < 880 || box.height < 600) throw new Error(`the stage is too small for the layout: ${JSON.stringify(box)}`);
  return { x: box.x, y: box.y };
}

/** Where a card is in Ben's document, and where his page draws it (canvas x of its left edge). */
const cardX = (page: Page, id: string) =>
  page.evaluate((id) => {
    const stored = window.__tesseraCanvas?.doc.getMap('flowNodes').get(id) as { get(key: string): unknown } | undefined;
    const drawn = document.querySelector<HTMLElement>(`[data-flow-card="${id}"]`);
    return { stored: stored?.get('x') as number | undefined, drawn: drawn ? parseFloat(drawn.style.left) : undefined };
  }, id);

describe('flow cards on the canvas, two people', () => {
  it('a marquee takes flow cards and canvas nodes together, Delete removes them for both; a dragged card moves live for the other', async () => {
    const { browser } = e2e;
    const url = e2e.server.url;
    const [ava, ben] = await Promise.all([person(browser, 'ava.flowcanvas@example.com', 'Ava'), person(browser, 'ben.flowcanvas@example.com', 'Ben')]);
    const project = await trpcCall<{ id: string }>(url, ava.cookie, 'project.create', { name: 'Selection board' });
    const link = await trpcCall<{ url: string }>(url, ava.cookie, 'project.createInviteLink', { projectId: project.id, role: 'editor' });
    await trpcCall(url, ben.cookie, 'project.acceptInvite', { token: link.url.split('/').pop() });

    // Three cards in the project's document: two in a row at the top, one below.
    const seed = connectCollab(url, project.id, ava.cookie, { origin: url });
    await seed.synced;
    seed.doc.transact(() => {
      writeFlowNode(seed.doc, { id: 'in1', type: 'input', port: 'text', value: 'a lighthouse', x: 120, y: 120 });
      writeFlowNode(seed.doc, { id: 's1', type: 'step', kind: 'text_to_image', settings: {}, x: 400, y: 120 });
      writeFlowNode(seed.doc, { id: 's2', type: 'step', kind: 'image_to_image', settings: {}, x: 200, y: 450 });
    });
    await expect.poll(() => seed.provider.hasUnsyncedChanges).toBe(false);
    seed.close();

    const [avaStage] = await Promise.all([openCanvas(ava.page, project.id), openCanvas(ben.page, project.id)]);
    // A shape on the canvas beside the two cards.
    await ava.page.evaluate(() => window.__tesseraCanvas?.addNodes([{ id: 'r1', type: 'shape', shape: 'rect', x: 680, y: 130, width: 120, height: 80 }]));
    await expect.poll(() => ben.page.evaluate(() => Boolean(window.__tesseraCanvas?.store.get('r1')))).toBe(true);

    // Ava's marquee from empty canvas below-right over the shape and the two top cards.
    await ava.page.mouse.move(avaStage.x + 860, avaStage.y + 380);
    await ava.page.mouse.down();
    await ava.page.mouse.move(avaStage.x + 100, avaStage.y + 90, { steps: 6 });
    await ava.page.mouse.up();
    expect(await ava.page.evaluate(() => ({ ids: window.__tesseraCanvas?.selection.ids, cards: window.__tesseraCanvas?.selection.layerIds }))).toEqual({ ids: ['r1'], cards: ['in1', 's1'] });
    expect(await ava.page.locator('[data-testid="flow-card"][data-selected]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-flow-card')))).toEqual(['in1', 's1']);

    await ava.page.keyboard.press('Delete');
    await expect.poll(() => ben.page.locator('[data-testid="flow-card"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-flow-card'))), { timeout: 10_000 }).toEqual(['s2']);
    await expect.poll(() => ben.page.evaluate(() => Boolean(window.__tesseraCanvas?.store.get('r1')))).toBe(false);

    // Ava drags the last card 240 px to the right by its header and holds it there.
    const header = await ava.page.locator('[data-flow-card="s2"] [data-testid="flow-card-open"]').boundingBox();
    if (!header) throw new Error('no card header');
    const from = { x: header.x + 40, y: header.y + header.height / 2 };
    await ava.page.mouse.move(from.x, from.y);
    await ava.page.mouse.down();
    await ava.page.mouse.move(from.x + 240, from.y, { steps: 12 });
    // Ben sees it there while Ava still holds it: drawn moved, his document still at 200.
    await expect.poll(() => cardX(ben.page, 's2'), { timeout: 10_000 }).toEqual({ stored: 200, drawn: 440 });
    await ava.page.mouse.up();
    await expect.poll(() => cardX(ben.page, 's2'), { timeout: 10_000 }).toEqual({ stored: 440, drawn: 440 });
    // One drag, one undo step: Ava's undo puts it back for both.
    await ava.page.keyboard.press('Control+z');
    await expect.poll(() => cardX(ben.page, 's2'), { timeout: 10_000 }).toEqual({ stored: 200, drawn: 200 });

    for (const p of [ava, ben]) expect(p.errors).toEqual([]);
  });
});
