/**
 * Analytics in a real browser against the real server: a visitor signs up by e-mail through the
 * sign-up popup, and the first-party collector receives — and accepts — exactly one `sign_up`
 * (method email), the page views, the sign-up popup exposure and the `identify` that binds the
 * anonymous id; then subscribes through the test checkout, and the collector receives the plan
 * button click, the checkout submit, the purchase and the subscription start. What the studio
 * sends is read off the wire (the POSTs to the collector).
 */
import { ANALYTICS_COLLECT_PATH, type AnalyticsCollectResult, type ParsedEvent, parseAnalyticsEvent } from '@tessera/shared/analytics';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E, waitForCode, watchPageErrors } from './harness.ts';

// The built-in test checkout stands in for Stripe, so a purchase can be made offline.
const e2e = useE2E();

interface Collected {
  /** Events of the batches sent with fetch, validated with the shared schema. */
  fetched: ParsedEvent[];
  invalid: string[];
  /** How many batches went out with fetch. */
  sent: number;
  /** The collector's answers to those batches. */
  answers: { status: number; body: AnalyticsCollectResult | null }[];
  /**
   * Batches whose answer no page could read: a batch still in flight when the page navigates
   * goes on (keepalive) but its answer reaches no document, and the driver reports it failed.
   */
  unanswered: string[];
}

const BEACONS_KEY = 'e2e.analyticsBeacons';
const FETCHES_KEY = 'e2e.analyticsFetches';
/** The tracker's batch interval (FLUSH_INTERVAL_MS in studio/src/lib/analytics/tracker.ts). */
const FLUSH_INTERVAL_MS = 5_000;

/**
 * Records every batch the pages of `context` send to the collector and the answers. Fetches
 * are read off the wire. Beacons sent while a page unloads are not reported by the browser
 * driver, so sendBeacon — a browser edge — is wrapped to also note each body it accepted
 * (in localStorage, which outlives the page); `eventsOf` reads both. The page also counts the
 * collector fetches it starts, so a test can wait until the wire has shown all of them.
 */
async function watchCollector(context: BrowserContext): Promise<Collected> {
  const collected: Collected = { fetched: [], invalid: [], sent: 0, answers: [], unanswered: [] };
  await context.addInitScript(
    ({ key, fetchesKey, path }) => {
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
        const ok = send(url, data);
        if (ok && typeof data === 'string' && String(url).endsWith(path)) {
          localStorage.setItem(key, JSON.stringify([...(JSON.parse(localStorage.getItem(key) ?? '[]') as string[]), data]));
        }
        return ok;
      };
      const request = window.fetch.bind(window);
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.endsWith(path) && init?.method === 'POST') localStorage.setItem(fetchesKey, String(Number(localStorage.getItem(fetchesKey) ?? '0') + 1));
        return request(input, init);
      };
    },
    { key: BEACONS_KEY, fetchesKey: FETCHES_KEY, path: ANALYTICS_COLLECT_PATH },
  );
  context.on('request', (request) => {
    // Beacons ('ping') are counted from the wrapper above, whether or not the driver saw them.
    if (request.method() !== 'POST' || !request.url().endsWith(ANALYTICS_COLLECT_PATH) || request.resourceType() === 'ping') return;
    collected.sent += 1;
    collect(collected, request.postData());
  });
  context.on('requestfailed', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith(ANALYTICS_COLLECT_PATH) || request.resourceType() === 'ping') return;
    collected.unanswered.push(request.failure()?.errorText ?? 'failed');
  });
  context.on('response', async (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !response.url().endsWith(ANALYTICS_COLLECT_PATH) || request.resourceType() === 'ping') return;
    const body = (await response.json().catch(() => null)) as AnalyticsCollectResult | null;
    collected.answers.push({ status: response.status(), body });
  });
  return collected;
}

function collect(into: { fetched: ParsedEvent[]; invalid: string[] }, body: string | null) {
  const batch = JSON.parse(body ?? '{}') as { events?: unknown[] };
  for (const raw of batch.events ?? []) {
    const parsed = parseAnalyticsEvent(raw);
    if (parsed.ok) into.fetched.push(parsed.event);
    else into.invalid.push(parsed.error);
  }
}

/** Every event sent so far (fetched and beaconed), oldest batch first per channel; invalid ones in `invalid`. */
async function eventsOf(page: Page, collected: Collected): Promise<{ events: ParsedEvent[]; invalid: string[] }> {
  const beacons = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as string[], BEACONS_KEY);
  const beaconed = { fetched: [] as ParsedEvent[], invalid: [] as string[] };
  for (const body of beacons) collect(beaconed, body);
  return { events: [...collected.fetched, ...beaconed.fetched], invalid: [...collected.invalid, ...beaconed.invalid] };
}

const named = (events: ParsedEvent[], name: string) => events.filter((e) => e.event === name);

/** Signs up through the sign-up popup with a code from the dev mailbox; ends signed in. */
async function signUpInUi(page: Page, email: string) {
  await page.getByTestId('open-sign-up').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('amber lantern over quiet hills');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByTestId('verify-step').waitFor();
  await dialog.getByLabel('Verification code').fill(await waitForCode(e2e.server.url, email));
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(email);
}

/**
 * Every batch sent got its answer (responses arrive after the requests), each 200 with nothing
 * rejected — but for one the page left by navigating while it was in flight, whose answer no
 * document receives (aborted for the driver; the events the tests look for are checked apart).
 */
async function expectAllAccepted(collected: Collected) {
  expect(collected.sent).toBeGreaterThan(0);
  await expect.poll(() => collected.answers.length + collected.unanswered.length, { timeout: 10_000 }).toBe(collected.sent);
  for (const error of collected.unanswered) expect(error).toMatch(/ERR_ABORTED/);
  expect(collected.answers.length).toBeGreaterThan(0);
  for (const answer of collected.answers) expect(answer).toMatchObject({ status: 200, body: { rejected: [] } });
}

describe('analytics', () => {
  it('sends sign_up once, page views and identify after an e-mail sign-up, all accepted by the collector', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } });
    await context.addInitScript(() => localStorage.setItem('tessera.deviceId', `e2e-analytics-${Date.now()}`));
    const collected = await watchCollector(context);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // The page's clock runs on, but the test can move it on by a whole batch interval at once.
    await page.clock.install();

    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('credits-remaining').waitFor();
    const anonymous = await page.evaluate(() => fetch('/api/auth/get-session').then((r) => r.json() as Promise<{ user: { id: string; isAnonymous: boolean } }>));
    expect(anonymous.user.isAnonymous).toBe(true);
    await signUpInUi(page, `analytics.${Date.now()}@example.com`);

    // The batch leaves within the tracker's five-second interval, as a fetch the collector answers.
    await page.clock.runFor(FLUSH_INTERVAL_MS);
    await expect.poll(() => named(collected.fetched, 'sign_up').length, { timeout: 12_000, interval: 250 }).toBe(1);
    // One more interval: nothing repeats it. The clock jumps a whole interval, firing every
    // timer due in it (the tracker's next batch among them). Sentinel: the page-hide flush,
    // which beacons whatever is still queued at once (noted by the wrapper as it goes); and
    // every collector fetch the page started has shown on the wire.
    await page.clock.runFor(FLUSH_INTERVAL_MS);
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    const started = () => page.evaluate((key) => Number(localStorage.getItem(key) ?? '0'), FETCHES_KEY);
    await expect.poll(async () => collected.sent === (await started())).toBe(true);
    const { events, invalid } = await eventsOf(page, collected);
    expect(named(events, 'sign_up').map((e) => e.props)).toEqual([{ method: 'email' }]);
    expect(named(events, 'login')).toEqual([]);

    const views = named(events, 'page_view');
    expect(views.length).toBeGreaterThanOrEqual(1);
    expect(views[0]).toMatchObject({ props: { path: '/home' }, super: { platform_type: 'Web', page_name: 'home', program_name: 'Tessera' } });
    expect(named(events, 'signup_popup_expose').map((e) => e.props)).toEqual([{ source: 'home' }]);
    expect(named(events, 'identify').map((e) => e.props)).toEqual([{ previous_anonymous_id: anonymous.user.id }]);
    // One browser tab session: one session id on every event.
    expect(new Set(events.map((e) => e.super.session_id)).size).toBe(1);

    expect(invalid).toEqual([]);
    await expectAllAccepted(collected);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends sub_button_click, sub_submit, purchase and sub_start when a signed-in user subscribes', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await context.addInitScript(() => localStorage.setItem('tessera.deviceId', `e2e-analytics-buy-${Date.now()}`));
    const collected = await watchCollector(context);
    const page = await context.newPage();

    await page.goto(`${e2e.server.url}/home`);
    await page.getByTestId('credits-remaining').waitFor();
    await signUpInUi(page, `analytics.buy.${Date.now()}@example.com`);

    await page.goto(`${e2e.server.url}/pricing`);
    await expect.poll(() => page.getByTestId('plan-card-PRO').getAttribute('data-state')).toBe('start');
    await page.getByTestId('plan-action-PRO').click();
    await page.waitForURL(/\/test-checkout\/[^/]+$/);
    await page.getByTestId('test-card-success').check();
    // Paying leaves the page: its queued events go out as a beacon.
    await page.getByTestId('test-checkout-pay').click();
    await page.waitForURL(`${e2e.server.url}/pricing?checkout=success`);
    await page.getByTestId('checkout-success').waitFor();

    // The purchase is taken back on /pricing and leaves with the next fetch batch.
    await expect.poll(() => named(collected.fetched, 'sub_start').length, { timeout: 12_000, interval: 250 }).toBe(1);
    const { events, invalid } = await eventsOf(page, collected);
    expect(named(events, 'sub_button_click').map((e) => e.props)).toEqual([
      expect.objectContaining({ plan_type: 'pro', period: 'monthly', sub_type: 'subscription', payment_method: 'normal_payment' }),
    ]);
    expect(named(events, 'sub_submit')).toHaveLength(1);
    // The plan button was the last click before its own event.
    expect(named(events, 'sub_button_click')[0]?.last_click).toMatchObject({ element: 'plan-action-PRO', page_name: 'pricing' });
    const purchases = named(events, 'purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]?.props).toMatchObject({ renewal: false, items: [expect.objectContaining({ item_category2: 'Monthly' })] });
    expect(named(events, 'sub_start').map((e) => e.props)).toEqual([{ plan_type: 'pro', period: 'monthly', source: 'checkout' }]);
    expect(invalid).toEqual([]);
    await expectAllAccepted(collected);
    await context.close();
  });
});
