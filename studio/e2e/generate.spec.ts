import { describe, expect, it } from 'vitest';
import { creditsShown, newVisitor, openAsGuest, useE2E, watchPageErrors, waitForResult } from './harness.ts';

const e2e = useE2E();

describe('text to image in a real browser', () => {
  it('an anonymous visitor generates an image, watches progress live, and pays the shown cost', async () => {
    const context = await e2e.browser.newContext();
    // Every headless Chromium here has the same fingerprint, and the trial is once per device:
    // on the shared server this visitor needs a device of its own, as a real one would have.
    await context.addInitScript(() => {
      if (!localStorage.getItem('tessera.deviceId')) localStorage.setItem('tessera.deviceId', 'e2e-generate-device-0001');
    });
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    // The first visit (outside /app) gets the anonymous session and its trial credits.
    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('credits-remaining').waitFor();
    const before = Number(await page.getByTestId('credits-remaining').textContent());
    expect(before).toBeGreaterThan(0);
    // Honest before paying (issue 23): no provider is configured here, and the home page says so.
    await page.getByTestId('hosted-none').waitFor();

    await page.getByRole('link', { name: 'AI image' }).first().click();
    await page.waitForURL(`${e2e.server.url}/app/ai-image`);
    await page.getByTestId('prompt').fill('sunset over the ocean waves');
    const button = page.getByTestId('generate');
    await expect.poll(() => button.textContent()).toContain('4 credits');
    // Before Generate, the form says what the built-in engine will make of the prompt.
    expect(await page.getByTestId('local-expect').textContent()).toContain("procedural sketch of your prompt's subjects");

    // A second tab of the same user sees the same task's progress.
    const second = await context.newPage();
    await second.goto(`${e2e.server.url}/home`);
    await second.getByTestId('credits-remaining').waitFor();

    await button.click();
    await waitForResult(page);
    const image = await page.getByTestId('result-image').evaluate((img: HTMLImageElement) =>
      img.complete ? { w: img.naturalWidth, h: img.naturalHeight } : null,
    );
    expect(image).toEqual({ w: 1024, h: 1024 });

    await expect.poll(async () => Number(await page.getByTestId('credits-remaining').textContent())).toBe(before - 4);
    await expect.poll(async () => Number(await second.getByTestId('credits-remaining').textContent())).toBe(before - 4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the progress bar while the task runs', async () => {
    const context = await e2e.browser.newContext();
    // Another device: the same browser fingerprint would (rightly) get no second trial grant.
    await context.addInitScript(() => localStorage.setItem('tessera.deviceId', 'e2e-second-device-0001'));
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/app/ai-image`);
    // /app pages skip the automatic anonymous sign-in; the visitor chooses to continue as a guest.
    await page.getByTestId('continue-as-guest').click();
    await page.getByTestId('prompt').fill('a purple galaxy with stars');
    // The local engine is quick: record every value the bar shows rather than poll for it.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { barValues: number[] }).barValues = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role=progressbar]');
        const value = Number(bar?.getAttribute('aria-valuenow'));
        if (bar && seen.at(-1) !== value) seen.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByTestId('generate').click();
    await waitForResult(page);
    const values = await page.evaluate(() => (window as unknown as { barValues: number[] }).barValues);
    expect(values.length).toBeGreaterThan(0);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    await context.close();
  });

  it('on a phone: generates a clip, watches it in the tasks drawer, cancels it and gets the credits back', async () => {
    const { context, page, errors } = await newVisitor(e2e.browser, 'e2e-generate-phone-0001');
    const before = await openAsGuest(page, `${e2e.server.url}/app/ai-video`);
    await page.setViewportSize({ width: 390, height: 844 });
    // Idle, the bar has no tasks button; the menu has the drawer.
    expect(await page.getByTestId('tasks-button').isVisible()).toBe(false);
    await page.getByTestId('open-menu').click();
    await page.getByTestId('menu-tasks').click();
    const drawer = page.getByTestId('tasks-drawer');
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await page.getByTestId('prompt').fill('a lighthouse in a storm');
    await page.getByTestId('option-duration-10').click();
    await page.getByTestId('generate').click();
    // While it runs, the bar shows the count and opens the drawer with the live task.
    await page.getByTestId('tasks-count').waitFor();
    expect(await page.getByTestId('tasks-count').textContent()).toBe('1');
    await expect.poll(() => creditsShown(page)).toBeLessThan(before);
    await page.getByTestId('tasks-button').click();
    const active = drawer.getByTestId('active-task');
    await active.getByRole('progressbar').waitFor();
    await active.getByTestId('cancel-task').click();
    const finished = drawer.getByTestId('finished-task').first();
    await finished.waitFor();
    expect(await finished.textContent()).toMatch(/Canceled.*Refunded/);
    expect(await drawer.getByTestId('active-task').count()).toBe(0);
    await expect.poll(() => creditsShown(page)).toBe(before);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
