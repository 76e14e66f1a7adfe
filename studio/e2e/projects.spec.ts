/**
 * Projects in a real browser against the real server, two users in two browser contexts. Ava
 * starts a project, renames, duplicates and deletes a copy (her default project offers no
 * delete), and shares it with a viewer link. Ben opens the link, joins, and finds the project
 * in his list marked "Viewer". Ava removes him: his list loses it at once (project:changed),
 * without a reload, and tells him why; removed while on its canvas, he is sent back to his
 * list. The list also fits a phone's width, passes axe-core, and the project-choose popup picks
 * or starts a project.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import projects from '../src/locales/en/projects.json';
import { addSessionCookie, seriousA11yViolations, signUpVerified, useE2E, watchPageErrors } from './harness.ts';

const e2e = useE2E();

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

async function signedInPage(
  email: string,
  name: string,
  opts: { viewport?: { width: number; height: number }; bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const cookie = await signUpVerified(e2e.server.url, email, { name });
  const context = await e2e.browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 900 }, bypassCSP: opts.bypassCSP ?? false });
  await addSessionCookie(context, e2e.server.url, cookie);
  return { context, page: await context.newPage() };
}

/** The card whose name is exactly `name`. */
const card = (page: Page, name: string): Locator =>
  page.getByTestId('project-card').filter({ has: page.getByTestId('project-name').getByText(name, { exact: true }) });

/** Opens a card's menu and returns the labels of its items. */
async function openMenu(page: Page, name: string): Promise<string[]> {
  await card(page, name).getByTestId('project-menu').click();
  const items = page.getByRole('menuitem');
  await items.first().waitFor();
  return (await items.allTextContents()).map((text) => text.trim());
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
}

async function openProjects(page: Page): Promise<void> {
  await page.goto(`${e2e.server.url}/app/projects`);
  await page.getByTestId('project-cards').waitFor();
}

describe('projects', () => {
  it('creates, renames, duplicates and deletes projects; shares one by link with a viewer who is then removed live', async () => {
    const ava = await signedInPage('ava.projects@example.com', 'Ava');
    const avaErrors = watchPageErrors(ava.page);

    // Every user has a default project; it can be renamed but not deleted.
    await openProjects(ava.page);
    expect(await ava.page.getByTestId('project-card').count()).toBe(1);
    const defaultName = (await ava.page.getByTestId('project-name').textContent())!.trim();
    expect(await openMenu(ava.page, defaultName)).toEqual(['Open', 'Rename', 'Duplicate', 'Share']);
    await ava.page.keyboard.press('Escape');

    // New project: named in a dialog, then its canvas opens and it becomes the selected project.
    await ava.page.getByTestId('project-new').click();
    await ava.page.getByTestId('project-name-input').fill('Moodboard');
    await ava.page.getByTestId('project-name-submit').click();
    await ava.page.waitForURL(new RegExp(`/app/canvas/${UUID.source}$`));
    const projectId = UUID.exec(ava.page.url())![0];
    expect(await ava.page.evaluate(() => localStorage.getItem('tessera.selectedProject'))).toBe(projectId);

    await openProjects(ava.page);
    // The canvas page is another feature's: only errors on the projects pages count here.
    avaErrors.splice(0);
    await card(ava.page, 'Moodboard').waitFor();
    expect(await card(ava.page, 'Moodboard').getAttribute('data-project-id')).toBe(projectId);
    expect(await card(ava.page, 'Moodboard').getByTestId('project-selected').count()).toBe(1);

    // Rename.
    expect(await openMenu(ava.page, 'Moodboard')).toEqual(['Open', 'Rename', 'Duplicate', 'Share', 'Delete']);
    await ava.page.getByTestId('project-action-rename').click();
    const nameInput = ava.page.getByTestId('project-name-input');
    expect(await nameInput.inputValue()).toBe('Moodboard');
    await nameInput.fill('Spring moodboard');
    await ava.page.getByTestId('project-name-submit').click();
    await card(ava.page, 'Spring moodboard').waitFor();
    expect(await card(ava.page, 'Moodboard').count()).toBe(0);

    // Duplicate, then delete the copy.
    await openMenu(ava.page, 'Spring moodboard');
    await ava.page.getByTestId('project-action-duplicate').click();
    await card(ava.page, 'Spring moodboard (copy)').waitFor();
    await openMenu(ava.page, 'Spring moodboard (copy)');
    await ava.page.getByTestId('project-action-delete').click();
    await ava.page.getByTestId('project-delete-confirm').waitFor();
    await ava.page.getByTestId('project-delete-submit').click();
    await toast(ava.page, '“Spring moodboard (copy)” was deleted.');
    await expect.poll(() => card(ava.page, 'Spring moodboard (copy)').count()).toBe(0);
    expect(await ava.page.getByTestId('project-card').count()).toBe(2);

    // Share with a link that makes viewers.
    await openMenu(ava.page, 'Spring moodboard');
    await ava.page.getByTestId('project-action-share').click();
    const share = ava.page.getByTestId('share-dialog');
    await share.waitFor();
    await expect.poll(() => share.getByTestId('share-member').count()).toBe(1);
    await share.getByTestId('share-link-role').selectOption('viewer');
    await share.getByTestId('share-link-create').click();
    const linkUrl = await share.getByTestId('share-link-url').inputValue();
    expect(linkUrl).toMatch(new RegExp(`^${e2e.server.url}/app/projects/join/[A-Za-z0-9_-]{16,}$`));
    expect(await share.getByTestId('share-link-role-label').textContent()).toBe('Viewer');
    await ava.page.keyboard.press('Escape');

    // Ben opens the link, sees what he is invited to, and joins.
    const ben = await signedInPage('ben.projects@example.com', 'Ben');
    const benErrors = watchPageErrors(ben.page);
    await ben.page.goto(linkUrl);
    await ben.page.getByTestId('join-invite').waitFor();
    expect(await ben.page.getByTestId('join-project-name').textContent()).toBe('Spring moodboard');
    expect(await ben.page.getByTestId('join-invite').textContent()).toContain('Ava invited you as a viewer.');
    await ben.page.getByTestId('join-accept').click();
    await ben.page.waitForURL(`${e2e.server.url}/app/canvas/${projectId}`);

    await openProjects(ben.page);
    benErrors.splice(0);
    const shared = card(ben.page, 'Spring moodboard');
    await shared.waitFor();
    expect(await shared.getByTestId('project-role').textContent()).toBe('Viewer');
    expect(await shared.textContent()).toContain('by Ava');
    // A member may duplicate, share (to see who is in) and leave; only the owner renames or deletes.
    expect(await openMenu(ben.page, 'Spring moodboard')).toEqual(['Open', 'Duplicate', 'Share', 'Leave']);
    await ben.page.keyboard.press('Escape');
    // Ben stays on his list from here: the removal below must reach it live.

    // Ava sees Ben in the share dialog, now marked shared, and removes him.
    await ava.page.reload();
    await card(ava.page, 'Spring moodboard').getByTestId('project-shared').waitFor();
    await openMenu(ava.page, 'Spring moodboard');
    await ava.page.getByTestId('project-action-share').click();
    const benRow = ava.page.getByTestId('share-member').filter({ hasText: 'Ben' });
    await benRow.waitFor();
    expect(await benRow.getByTestId('share-member-role').inputValue()).toBe('viewer');
    await benRow.getByTestId('share-remove').click();
    await benRow.getByTestId('share-remove-confirm').click();
    await toast(ava.page, 'Ben no longer has access.');
    await expect.poll(() => ava.page.getByTestId('share-member').count()).toBe(1);

    // Ben's list loses the project without a reload, and he is told.
    await expect.poll(() => card(ben.page, 'Spring moodboard').count(), { timeout: 10_000 }).toBe(0);
    await toast(ben.page, projects.events.removed.replace('{{name}}', 'Spring moodboard'));
    expect(benErrors).toEqual([]);

    // The link still works (it is a link invite): Ben joins again and opens the canvas. Removed
    // while he looks at it, he is sent back to his list.
    await ben.page.goto(linkUrl);
    await ben.page.getByTestId('join-accept').click();
    await ben.page.waitForURL(`${e2e.server.url}/app/canvas/${projectId}`);
    await ava.page.keyboard.press('Escape');
    await openMenu(ava.page, 'Spring moodboard');
    await ava.page.getByTestId('project-action-share').click();
    const benAgain = ava.page.getByTestId('share-member').filter({ hasText: 'Ben' });
    await benAgain.getByTestId('share-remove').click();
    await benAgain.getByTestId('share-remove-confirm').click();
    await ben.page.waitForURL(`${e2e.server.url}/app/projects`);
    await ben.page.getByTestId('project-cards').waitFor();
    expect(await card(ben.page, 'Spring moodboard').count()).toBe(0);

    expect(avaErrors).toEqual([]);
    await ben.context.close();
    await ava.context.close();
  });

  it('joins only with an account: a visitor is asked to sign up or log in, and a broken link says so', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/app/projects/join/${'x'.repeat(43)}`);
    await page.getByTestId('join-sign-in').waitFor();
    expect(await page.getByTestId('join-sign-up').isVisible()).toBe(true);
    expect(await page.getByTestId('join-log-in').isVisible()).toBe(true);

    const ann = await signedInPage('ann.projects@example.com', 'Ann');
    await ann.page.goto(`${e2e.server.url}/app/projects/join/${'x'.repeat(43)}`);
    await ann.page.getByTestId('join-invalid').waitFor();
    expect(await ann.page.getByTestId('join-invalid').textContent()).toContain('This invite is no longer valid.');
    await ann.context.close();
    await context.close();
  });

  it('fits a phone: no sideways scrolling, and the card menu is reachable', async () => {
    const { context, page } = await signedInPage('phone.projects@example.com', 'Pia', { viewport: { width: 390, height: 844 } });
    await openProjects(page);
    const name = (await page.getByTestId('project-name').first().textContent())!.trim();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await openMenu(page, name)).toContain('Share');
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('has no serious accessibility violations on the list, its menu, the share dialog and the join page', async () => {
    // Our CSP forbids inline scripts, which is how axe gets into the page: this context only.
    const { context, page } = await signedInPage('axe.projects@example.com', 'Axel', { bypassCSP: true });
    const found: string[] = [];
    const check = async (where: string) => {
      const violations = await seriousA11yViolations(page);
      found.push(...violations.map((v) => `${where}: ${v}`));
    };
    await openProjects(page);
    await check('list');
    const name = (await page.getByTestId('project-name').first().textContent())!.trim();
    await openMenu(page, name);
    await check('menu');
    await page.getByTestId('project-action-share').click();
    await page.getByTestId('share-member').first().waitFor();
    await page.getByTestId('share-link-create').click();
    const link = await page.getByTestId('share-link-url').inputValue();
    await check('share dialog');
    await page.goto(link);
    await page.getByTestId('join-already-member').waitFor();
    await check('join page');
    expect(found).toEqual([]);
    await context.close();
  });

  it('chooses a project in the project-choose popup, or starts a new one there, and keeps the choice', async () => {
    const { context, page } = await signedInPage('chooser.projects@example.com', 'Cleo');
    // The popup has no trigger of its own yet: tests open it through the test hook.
    await context.addInitScript(() => localStorage.setItem('tessera.testHooks', '1'));
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('credits-remaining').waitFor();
    const chosen = async () => {
      await page.evaluate(() =>
        window.addEventListener('tessera:project-chosen', (e) => (document.body.dataset.chosen = JSON.stringify((e as CustomEvent).detail)), { once: true }),
      );
      await page.evaluate(() => window.__tesseraOpenPopup?.({ name: 'projectChoose', props: { onChooseKey: 'e2e' } }));
      const popup = page.getByTestId('project-choose-popup');
      await popup.getByTestId('project-card').first().waitFor();
      return popup;
    };
    const detail = async () => {
      await page.waitForFunction(() => document.body.dataset.chosen !== undefined);
      const value = JSON.parse((await page.evaluate(() => document.body.dataset.chosen))!) as { key: string; project: { id: string; name: string } };
      await page.evaluate(() => delete document.body.dataset.chosen);
      return value;
    };

    let popup = await chosen();
    await popup.getByTestId('project-create').click();
    const created = await detail();
    expect(created.key).toBe('e2e');
    expect(created.project.id).toMatch(UUID);
    expect(await page.evaluate(() => localStorage.getItem('tessera.selectedProject'))).toBe(created.project.id);
    expect(await page.getByRole('dialog').count()).toBe(0);

    popup = await chosen();
    await expect.poll(() => popup.getByTestId('project-card').count()).toBe(2);
    const createdCard = popup.locator(`[data-testid=project-card][data-project-id="${created.project.id}"]`);
    expect(await createdCard.getByTestId('project-selected').count()).toBe(1);
    const other = popup.locator(`[data-testid=project-card]:not([data-project-id="${created.project.id}"])`);
    const otherId = await other.getAttribute('data-project-id');
    await other.getByRole('button').click();
    expect((await detail()).project.id).toBe(otherId);
    expect(await page.evaluate(() => localStorage.getItem('tessera.selectedProject'))).toBe(otherId);
    expect(errors).toEqual([]);
    await context.close();
  });
});
