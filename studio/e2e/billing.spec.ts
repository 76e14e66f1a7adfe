/**
 * Billing end to end, offline through the built-in test checkout: a free user subscribes to Pro
 * monthly from /pricing (a declined test card first, then a good one), comes back with the plan
 * current and its credits added, then cancels and reactivates it from /app/account.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import pricing from '../src/locales/en/pricing.json';
import { openInApp, signUpVerified, useE2E, watchPageErrors } from './harness.ts';

const e2e = useE2E();
const ISSUE22 = join(import.meta.dirname, '../../.scratch/issue22');


/** Signs a user up and verifies the e-mail through the API, as account.spec.ts does; returns the session cookie. */
const cardState = (page: Page, plan: string) => page.getByTestId(`plan-card-${plan}`).getAttribute('data-state');
const credits = async (page: Page) => Number(await page.getByTestId('credits-remaining').textContent());
const dataLayerEvents = (page: Page, event: string) =>
  page.evaluate((name) => ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter((e) => e.event === name), event);

describe('billing', () => {
  it('subscribes through the test checkout, then cancels and reactivates from the account page', async () => {
    const email = `billing.${Date.now()}@example.com`;
    const cookie = await signUpVerified(e2e.server.url, email);
    const context = await e2e.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const [name, ...rest] = cookie.split('=');
    await context.addCookies([{ name: name!, value: rest.join('='), url: e2e.server.url, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    // /pricing: a free user sees Free as theirs and every paid plan to start, in test mode.
    await page.goto(`${e2e.server.url}/pricing`);
    await page.getByTestId('test-mode-banner').waitFor();
    await expect.poll(() => cardState(page, 'PRO')).toBe('start');
    expect(await cardState(page, 'FREE')).toBe('current');
    expect(await page.getByTestId('plan-card-PRO').getAttribute('data-period')).toBe('monthly');
    // Paid plans list their monthly API allowance and rate (issue 19); Free grants none.
    expect(await page.getByTestId('plan-card-PRO').textContent()).toContain('1,000 API credits every month');
    expect(await page.getByTestId('plan-card-FREE').textContent()).not.toContain('API credits');
    await page.getByTestId('credits-remaining').waitFor();
    const before = await credits(page);
    await page.screenshot({ path: '.scratch/billing-pricing-free.png', fullPage: true });

    // Subscribe → the test checkout, clearly marked, naming the plan as its card does (issue 22:
    // not the catalogue's product name); a declining card shows the error.
    const cardName = await page.locator('#plan-PRO-name').textContent();
    await page.getByTestId('plan-action-PRO').click();
    await page.waitForURL(/\/test-checkout\/[^/]+$/);
    await page.getByTestId('test-checkout').waitFor();
    expect(await page.getByTestId('test-checkout-product').textContent()).toBe(cardName);
    await page.getByTestId('test-card-decline').check();
    await page.getByTestId('test-checkout-pay').click();
    await expect.poll(() => page.getByTestId('test-checkout-error').textContent()).toContain('Your card was declined');
    await page.screenshot({ path: '.scratch/billing-checkout-declined.png', fullPage: true });

    // The good card pays and comes back to /pricing with the plan current.
    await page.getByTestId('test-card-success').check();
    await page.getByTestId('test-checkout-pay').click();
    await page.waitForURL(`${e2e.server.url}/pricing?checkout=success`);
    await page.getByTestId('checkout-success').waitFor();
    await expect.poll(() => cardState(page, 'PRO')).toBe('current');
    expect(await cardState(page, 'UNLIMITED')).toBe('upgrade');
    expect(await cardState(page, 'ULTIMATE')).toBe('upgrade');
    expect(await cardState(page, 'BASIC')).toBe('disabled');
    expect(await cardState(page, 'FREE')).toBe('disabled');
    await expect.poll(() => credits(page)).toBe(before + 1000);
    // The payment reached the data layer as a GA4 purchase, once.
    await expect.poll(async () => (await dataLayerEvents(page, 'purchase')).length).toBe(1);
    // Yearly: the same plan yearly is an upgrade.
    await page.getByTestId('period-switch').getByRole('radio', { name: /Yearly/ }).click();
    await expect.poll(() => cardState(page, 'PRO')).toBe('upgrade');
    await page.screenshot({ path: '.scratch/billing-pricing-pro.png', fullPage: true });

    // /app/account: cancel with a reason → ends on …, reactivate offered; reactivate → cancel again.
    await page.goto(`${e2e.server.url}/app/account`);
    const card = page.getByTestId('account-subscription');
    await card.getByTestId('subscription-paid').waitFor();
    expect(await card.getByTestId('subscription-plan').textContent()).toContain('Pro');
    expect(await card.getByTestId('subscription-when').textContent()).toMatch(/^Renews on /);
    await card.getByTestId('subscription-cancel').click();
    const dialog = page.getByTestId('cancel-dialog');
    expect(await dialog.getByTestId('cancel-confirm').isDisabled()).toBe(true);
    await dialog.getByLabel(pricing.cancelDialog.reasons.too_expensive).check();
    await dialog.getByLabel(pricing.cancelDialog.commentLabel).fill('Testing the flow');
    await dialog.getByTestId('cancel-confirm').click();
    await expect.poll(() => card.getByTestId('subscription-when').textContent()).toMatch(/^Ends on /);
    await card.getByTestId('subscription-reactivate').waitFor();
    expect(await card.getByTestId('subscription-cancel').count()).toBe(0);
    const cancelEvents = await dataLayerEvents(page, 'cancel_sub');
    expect(cancelEvents).toEqual([expect.objectContaining({ event: 'cancel_sub', reasons: ['too_expensive'], extra_text: 'Testing the flow' })]);
    await page.screenshot({ path: '.scratch/billing-account-canceling.png', fullPage: true });

    await card.getByTestId('subscription-reactivate').click();
    await card.getByTestId('subscription-cancel').waitFor();
    await expect.poll(() => card.getByTestId('subscription-when').textContent()).toMatch(/^Renews on /);
    expect(await card.getByTestId('subscription-reactivate').count()).toBe(0);

    // Change payment method → the test card page (returnUrl back here): a declining card and the
    // test clock make the renewal fail, and the account says so.
    await card.getByTestId('subscription-payment-method').click();
    await page.waitForURL(/\/test-checkout\/payment-method\/[^/?]+\?returnUrl=/);
    await page.getByTestId('test-payment-method').waitFor();
    await page.getByTestId('test-card-decline').check();
    await page.getByTestId('test-card-save').click();
    await page.locator('[data-sonner-toast]', { hasText: pricing.testCheckout.saved }).first().waitFor();
    await page.getByTestId('test-clock').click();
    await page.locator('[data-sonner-toast]', { hasText: 'Subscription status: Payment failed' }).first().waitFor();
    await page.screenshot({ path: '.scratch/billing-payment-method.png', fullPage: true });
    expect(await page.getByTestId('test-payment-back').getAttribute('href')).toBe('/app/account');
    await page.getByTestId('test-payment-back').click();
    await page.waitForURL(`${e2e.server.url}/app/account`);
    await expect.poll(() => card.getByTestId('subscription-when').textContent()).toBe(pricing.subscription.paymentFailed);
    expect(await card.getByTestId('subscription-status').textContent()).toBe(pricing.subscription.status.past_due);
    expect(await card.getByTestId('subscription-cancel').count()).toBe(0);
    await card.getByTestId('subscription-payment-method').waitFor();

    // Only the declined payment's 400 was logged.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  it('fits yearly prices in VND, CLP and KRW inside their cards on a 1366-px screen', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 }, extraHTTPHeaders: { 'accept-language': 'en-VN' } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/pricing?period=yearly`);
    const cards = page.getByTestId('plan-cards').locator('[data-testid^="plan-card-"]');
    // The visitor's country comes from the request (accept-language region here), its currency with it.
    for (const [region, currency] of [['VN', 'vnd'], ['CL', 'clp'], ['KR', 'krw']] as const) {
      if (currency !== 'vnd') {
        await context.setExtraHTTPHeaders({ 'accept-language': `en-${region}` });
        await openInApp(page, '/start-for-free');
        await openInApp(page, '/pricing?period=yearly');
      }
      await expect.poll(() => page.getByTestId('plan-card-BASIC').getByTestId('plan-price').getAttribute('data-currency'), { message: currency }).toBe(currency);
      expect(await page.getByTestId('plan-card-BASIC').getAttribute('data-period')).toBe('yearly');
      expect(await cards.count()).toBe(5);
      const overflowing = await cards.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.getAttribute('data-testid')));
      expect(overflowing, currency).toEqual([]);
      if (currency === 'vnd') await page.screenshot({ path: join(ISSUE22, 'after-pricing-vnd-yearly-1366.png'), fullPage: true });
    }
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });
});
