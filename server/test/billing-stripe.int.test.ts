/**
 * Stripe mode, end to end against a local stand-in for Stripe's HTTP API (server/test/
 * stripeStandIn.ts, driven through the official SDK) with webhooks signed by the SDK's test
 * header helper: checkout, exactly-once grants under repeated and reordered deliveries, stale
 * payloads that must not regress a subscription, signature checks, renewal and failed renewal.
 */
import { randomUUID } from 'node:crypto';
import { readCatalogue } from '@tessera/db/seed';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../src/modules/billing/webhook.routes.ts';
import { captureHold, expireGrants, holdCredits } from '../src/modules/credits/credits.service.ts';
import { buildTestApp, creditSummary, rpc, signUpTestUser, type TestApp, type TestUser } from './harness.ts';
import { type StandInPrice, type StripeEvent, StripeStandIn } from './stripeStandIn.ts';

const WEBHOOK_SECRET = 'whsec_test_tessera';
let stripe: StripeStandIn;
let t: TestApp;
let user: TestUser;
let stripeUrl = '';

beforeAll(async () => {
  const catalogue = readCatalogue();
  stripe = new StripeStandIn({
    webhookSecret: WEBHOOK_SECRET,
    prices: catalogue.products
      .filter((p) => p.price > 0)
      .map(
        (p): StandInPrice => ({
        id: p.priceId,
        unitAmount: p.price,
        currency: 'usd',
        interval: p.period === 'yearly' ? 'year' : 'month',
        currencyOptions: p.moreCurrency,
      }),
      )
      // Another app selling on the same Stripe account.
      .concat({ id: 'price_other_app', unitAmount: 500, currency: 'usd', interval: 'month' }),
  });
  const { url } = await stripe.start();
  stripeUrl = url;
  t = await buildTestApp({
    config: { billing: { stripe: { secretKey: 'sk_test_tessera', webhookSecret: WEBHOOK_SECRET, apiBase: url }, testCheckout: false } },
  });
  user = await signUpTestUser(t.app);
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

async function deliver(event: StripeEvent, opts: { timestamp?: number; secret?: string } = {}) {
  const { body, headers } = stripe.sign(event, opts);
  const res = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers, payload: body });
  return res.statusCode;
}

/** The same event re-sent by Stripe under a new id (e.g. invoice.payment_succeeded beside invoice.paid). */
const resend = (event: StripeEvent, patch: Partial<StripeEvent> = {}, object: Record<string, unknown> = {}): StripeEvent => ({
  ...event,
  ...patch,
  id: `evt_resent_${Math.random().toString(36).slice(2)}`,
  data: { object: { ...event.data.object, ...object } },
});

const remaining = async () => (await creditSummary(t.app, user.cookie)).remaining;
const subLog = async () => (await rpc(t.app, user.cookie, 'subLog.getSubLog', { appName: 'tessera' }, 'GET')).body.result.data;
const byType = (events: StripeEvent[], type: string) => {
  const e = events.find((x) => x.type === type);
  if (!e) throw new Error(`no ${type} among ${events.map((x) => x.type).join(', ')}`);
  return e;
};

describe('Stripe subscriptions through webhooks', () => {
  let checkoutEvents: StripeEvent[] = [];
  let subscriptionId = '';

  it('creates a Checkout session for the chosen product and currency', async () => {
    const res = await rpc(t.app, user.cookie, 'billing.checkout', { productId: 'pro_monthly', currency: 'eur' });
    expect(res.status).toBe(200);
    const url = new URL(res.body.result.data.url);
    const sessionId = url.pathname.split('/').pop() ?? '';
    const created = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(created?.body).toMatchObject({
      mode: 'subscription',
      currency: 'eur',
      line_items: [{ price: 'price_tessera_pro_monthly', quantity: '1' }],
      subscription_data: { metadata: { userId: user.id, productId: 'pro_monthly' } },
    });
    checkoutEvents = stripe.completeCheckout(sessionId);
    subscriptionId = String(byType(checkoutEvents, 'customer.subscription.created').data.object.id);
  });

  it('grants one period of credits although invoice.paid arrives first, three times, and under another event id', async () => {
    const before = await remaining();
    const paid = byType(checkoutEvents, 'invoice.paid');
    // Out of order: the invoice before the subscription events.
    expect(await deliver(paid)).toBe(200);
    expect(await deliver(paid)).toBe(200);
    for (const e of checkoutEvents) expect(await deliver(e)).toBe(200);
    expect(await deliver(resend(paid, { type: 'invoice.payment_succeeded' }))).toBe(200);
    expect(await remaining()).toBe(before + 1000);
    const log = await subLog();
    expect(log.currentPlan).toMatchObject({ subscriptionId, status: 'active', currency: 'eur', cancelAtPeriodEnd: false });
    const purchases = (await rpc(t.app, user.cookie, 'billing.takePurchases')).body.result.data;
    expect(purchases).toEqual([
      expect.objectContaining({ currency: 'EUR', value: 27.89, payment_platform: 'Stripe', items: [expect.objectContaining({ item_category2: 'Monthly' })] }),
    ]);
  });

  it('a stale created(incomplete) after updated(active) does not regress the subscription', async () => {
    const cancel = await rpc(t.app, user.cookie, 'billing.cancel', { subscriptionId, reasons: ['too_expensive'], comment: 'too much' });
    expect(cancel.status).toBe(200);
    const sent = stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`).at(-1);
    expect(sent?.body).toMatchObject({ cancel_at_period_end: 'true', cancellation_details: { comment: 'too much', feedback: 'too_expensive' } });
    for (const e of stripe.drainEvents()) expect(await deliver(e)).toBe(200);

    const created = byType(checkoutEvents, 'customer.subscription.created');
    expect(await deliver(resend(created, {}, { status: 'incomplete', cancel_at_period_end: false }))).toBe(200);
    expect((await subLog()).currentPlan).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    const back = await rpc(t.app, user.cookie, 'billing.reactivate', { subscriptionId });
    expect(back.body.result.data).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('rejects a bad or stale signature with 400 and changes nothing', async () => {
    const before = await remaining();
    const renewal = stripe.advanceToPeriodEnd(subscriptionId);
    const paid = byType(renewal, 'invoice.paid');
    expect(await deliver(paid, { secret: 'whsec_wrong' })).toBe(400);
    expect(await deliver(paid, { timestamp: Math.floor(Date.now() / 1000) - 600 })).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(paid) });
    expect(unsigned.statusCode).toBe(400);
    expect(await remaining()).toBe(before);

    // Delivered properly, the same renewal grants the next period once.
    for (const e of renewal) expect(await deliver(e)).toBe(200);
    expect(await remaining()).toBe(before + 1000);
    const purchases = (await rpc(t.app, user.cookie, 'billing.takePurchases')).body.result.data;
    expect(purchases).toEqual([expect.objectContaining({ renewal: true })]);
  });

  it('upgrades with proration and tops the period up to the new plan', async () => {
    const before = await remaining();
    const up = await rpc(t.app, user.cookie, 'billing.upgrade', { subscriptionId, productId: 'plus_monthly' });
    expect(up.status).toBe(200);
    const update = stripe.requests.filter((r) => r.path === `/v1/subscriptions/${subscriptionId}` && r.method === 'POST').at(-1);
    expect(update?.body).toMatchObject({ proration_behavior: 'always_invoice', items: [{ price: 'price_tessera_plus_monthly' }] });
    expect(await remaining()).toBe(before + 4000);
    for (const e of stripe.drainEvents()) expect(await deliver(e)).toBe(200);
    expect(await remaining()).toBe(before + 4000);
  });

  it('a failed renewal makes the subscription past_due without credits', async () => {
    const customer = String(stripe.subscription(subscriptionId)?.customer);
    stripe.setCardDeclines(customer, true);
    const before = await remaining();
    const events = stripe.advanceToPeriodEnd(subscriptionId);
    expect(events.map((e) => e.type)).toContain('invoice.payment_failed');
    for (const e of events) expect(await deliver(e)).toBe(200);
    const log = await subLog();
    expect(log.currentPlan.status).toBe('past_due');
    expect(log.expirePayment).toBe(true);
    expect(await remaining()).toBe(before);

    const portal = await rpc(t.app, user.cookie, 'billing.paymentMethod', { subscriptionId });
    expect(portal.status).toBe(200);
    expect(portal.body.result.data.url).toMatch(/^http/);
  });

  it("acknowledges another app's subscription events without touching anything", async () => {
    const { port } = new URL(stripeUrl);
    const sdk = new Stripe('sk_test_other', { host: '127.0.0.1', port: Number(port), protocol: 'http' });
    const customer = await sdk.customers.create({ email: 'someone@other.example' });
    const session = await sdk.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_other_app', quantity: 1 }],
      success_url: 'https://other.example/ok',
    });
    const events = stripe.completeCheckout(session.id);
    for (const e of events) expect(await deliver(e)).toBe(200);
    const again = stripe.sign(byType(events, 'invoice.paid'));
    const res = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: again.headers, payload: again.body });
    expect(res.json()).toEqual({ received: true, duplicate: true });
  });

  it('without a test checkout in Stripe mode, its calls do not exist', async () => {
    expect((await rpc(t.app, user.cookie, 'billing.testCheckout.advanceClock', { subscriptionId })).status).toBe(404);
  });

  it('deleting the account ends the subscription at Stripe first', async () => {
    const res = await rpc(t.app, user.cookie, 'user.deleteAccount', { confirmEmail: user.email });
    expect(res.status).toBe(200);
    expect(stripe.subscription(subscriptionId)?.status).toBe('canceled');
    // Stripe's customer.subscription.deleted for the gone account is acknowledged, not retried for days.
    for (const e of stripe.drainEvents()) expect(await deliver(e)).toBe(200);
  });
});

describe('Stripe subscription credits last one period', () => {
  let buyer: TestUser;
  let subscriptionId = '';
  let base = 0;
  const left = async () => (await creditSummary(t.app, buyer.cookie)).remaining;
  const deliverAll = async (events: StripeEvent[]) => {
    for (const e of events) expect(await deliver(e)).toBe(200);
  };

  beforeAll(async () => {
    buyer = await signUpTestUser(t.app);
    base = await left();
    const url = new URL((await rpc(t.app, buyer.cookie, 'billing.checkout', { productId: 'pro_monthly' })).body.result.data.url);
    const events = stripe.completeCheckout(url.pathname.split('/').pop() ?? '');
    subscriptionId = String(byType(events, 'customer.subscription.created').data.object.id);
    await deliverAll(events);
  });

  it('spends the period’s credits before the ones that never expire', async () => {
    expect(await left()).toBe(base + 1000);
    const taskId = randomUUID();
    await holdCredits(t.database.db, { userId: buyer.id, taskId, amount: 100, note: 'spend' });
    await captureHold(t.database.db, taskId);
    expect(await left()).toBe(base + 900);
  });

  it('a renewal leaves the new period’s credits, not both periods’', async () => {
    await deliverAll(stripe.advanceToPeriodEnd(subscriptionId));
    // The expiry sweep, run at the moment the stand-in's clock has reached (its test clock).
    await expireGrants(t.database.db, new Date(stripe.now * 1000));
    expect(await left()).toBe(base + 1000);
  });

  it('a subscription that ends takes its credits with it', async () => {
    expect((await rpc(t.app, buyer.cookie, 'billing.cancel', { subscriptionId, reasons: ['not_using'] })).status).toBe(200);
    await deliverAll(stripe.drainEvents());
    expect(await left()).toBe(base + 1000);
    const ended = stripe.advanceToPeriodEnd(subscriptionId);
    expect(ended.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    await deliverAll(ended);
    expect(await left()).toBe(base);
  });
});

describe('Stripe: two Checkout sessions opened before either was paid', () => {
  it('keeps one subscription, cancels the other at Stripe and refunds its payment, and grants credits once', async () => {
    const buyer = await signUpTestUser(t.app);
    const base = (await creditSummary(t.app, buyer.cookie)).remaining;
    const open = async () => new URL((await rpc(t.app, buyer.cookie, 'billing.checkout', { productId: 'pro_monthly' })).body.result.data.url).pathname.split('/').pop() ?? '';
    const [a, b] = [await open(), await open()];
    const first = stripe.completeCheckout(a);
    const second = stripe.completeCheckout(b);
    const kept = String(byType(first, 'customer.subscription.created').data.object.id);
    const duplicate = String(byType(second, 'customer.subscription.created').data.object.id);
    const duplicateInvoice = String(byType(second, 'invoice.paid').data.object.id);
    for (const e of [...first, ...second]) expect(await deliver(e)).toBe(200);
    // Stripe redelivers the duplicate's payment under another event id: still one refund.
    expect(await deliver(resend(byType(second, 'invoice.paid'), { type: 'invoice.payment_succeeded' }))).toBe(200);
    for (const e of stripe.drainEvents()) expect(await deliver(e)).toBe(200);

    expect(stripe.subscription(kept)?.status).toBe('active');
    expect(stripe.subscription(duplicate)?.status).toBe('canceled');
    expect(stripe.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${duplicate}`)).toHaveLength(1);
    const refunds = stripe.listRefunds().filter((r) => (r.metadata as Record<string, string>).invoiceId === duplicateInvoice);
    expect(refunds).toEqual([expect.objectContaining({ amount: stripe.invoice(duplicateInvoice)?.amount_paid, reason: 'duplicate', status: 'succeeded' })]);

    const log = (await rpc(t.app, buyer.cookie, 'subLog.getSubLog', { appName: 'tessera' }, 'GET')).body.result.data;
    expect(log.currentPlan).toMatchObject({ subscriptionId: kept, status: 'active' });
    expect(log.otherPlan).toEqual([expect.objectContaining({ subscriptionId: duplicate, status: 'canceled' })]);
    expect((await creditSummary(t.app, buyer.cookie)).remaining).toBe(base + 1000);
  });
});
