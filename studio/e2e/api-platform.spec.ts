/**
 * The API platform (issue 19) end to end: a signed-in developer creates a key on /api-platform,
 * copies it (read back from the clipboard), calls the REST API with it from outside the browser,
 * sees the call on the dashboard after a reload, revokes the key and is refused with it; the
 * dashboard passes axe. /api-platform/docs renders the server's real OpenAPI document under the
 * studio's own CSP.
 */
import { describe, expect, it } from 'vitest';
import en from '../src/locales/en/apiPlatform.json';
import { addSessionCookie, seriousA11yViolations, signUpVerified, useE2E, watchPageErrors } from './harness.ts';

const e2e = useE2E();

/** A REST call with a key, as a developer's script makes it. */
function api(path: string, key: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${e2e.server.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { 'x-api-key': key, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
}

describe('API platform', () => {
  it('creates a key, copies it, uses it, shows its usage and revokes it', async () => {
    const cookie = await signUpVerified(e2e.server.url, `api.dev.${Date.now()}@example.com`);
    // axe is injected as a script, which our CSP forbids: this context only (the docs test keeps the CSP).
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    await addSessionCookie(context, e2e.server.url, cookie);
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    await page.goto(`${e2e.server.url}/api-platform`);
    await page.getByTestId('api-keys-empty').waitFor();
    await page.getByTestId('api-webhooks-empty').waitFor();
    expect(await page.getByTestId('api-credits-remaining').textContent()).toBe('0');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The webhook signing secret is hidden until asked for.
    expect(await page.getByTestId('api-webhook-secret').textContent()).not.toMatch(/^whsec_[A-Za-z0-9+/=]{20}/);
    await page.getByTestId('api-webhook-secret-toggle').click();
    await expect.poll(() => page.getByTestId('api-webhook-secret').textContent()).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);

    await page.getByTestId('api-key-create').click();
    await page.getByTestId('api-key-name').fill('CI runner');
    await page.getByTestId('api-key-create-submit').click();
    const secretField = page.getByTestId('api-key-secret');
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^tsk_[0-9A-Za-z]{46}$/);
    expect(await page.getByTestId('api-key-created').textContent()).toContain(en.create.warning);
    expect(await page.getByTestId('api-key-trial').textContent()).toContain('100');
    await page.getByTestId('api-key-copy').click();
    await page.getByTestId('api-key-copy').filter({ hasText: en.copy.copied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByTestId('api-key-done').click();
    // The quick start now uses the new key; the trial credits are on the dashboard.
    expect(await page.getByTestId('api-quick-start-curl').textContent()).toContain(`X-API-Key: ${secret}`);
    await expect.poll(() => page.getByTestId('api-credits-remaining').textContent()).toBe('100');

    // The key works from outside the browser.
    const balance = await api('/balance', secret);
    expect(balance.status).toBe(200);
    const created = await api('/generations/text-to-image', secret, { method: 'POST', body: { prompt: 'a paper boat on a pond', aspectRatio: '1:1' } });
    expect(created.status).toBe(201);
    const task = (await created.json()) as { id: string; cost: number };
    expect(task.cost).toBeGreaterThan(0);

    // After a reload the key shows the task it started and when it was last used.
    await page.reload();
    const row = page.getByTestId('api-key-row').filter({ hasText: 'CI runner' });
    await row.waitFor();
    expect(await row.getByTestId('api-key-tasks').textContent()).toBe('1');
    expect(await row.getByTestId('api-key-last-used').textContent()).not.toBe(en.keys.never);
    expect(await row.textContent()).toContain(secret.slice(0, 12));

    await row.getByTestId('api-key-revoke').click();
    await page.getByTestId('api-key-revoke-confirm').click();
    await row.getByTestId('api-key-status').filter({ hasText: 'Revoked' }).waitFor();
    expect(await row.getByTestId('api-key-revoke').count()).toBe(0);
    const refused = await api('/balance', secret);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { data: { appCode: string } } }).error.data.appCode).toBe('INVALID_API_KEY');

    // A phone: the dashboard fits the width (wide tables scroll inside their cards).
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders the real OpenAPI document on /api-platform/docs under the studio CSP', async () => {
    const doc = (await (await fetch(`${e2e.server.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, { summary?: string }>> };
    const summaries = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.summary).filter((s): s is string => !!s));
    expect(summaries.length).toBeGreaterThan(5);
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/api-platform/docs`);
    await page.locator('[data-testid=api-reference][data-state=ready]').waitFor({ timeout: 20_000 });
    // The reference lives in RapiDoc's shadow DOM; Playwright's locators pierce it.
    for (const summary of [summaries[0]!, summaries.at(-1)!]) await page.locator('rapi-doc').getByText(summary, { exact: true }).first().waitFor();
    // No CSP refusal (fonts, scripts) and no other error.
    expect(errors).toEqual([]);
    await context.close();
  });
});
