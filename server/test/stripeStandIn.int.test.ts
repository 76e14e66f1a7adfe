// Self-test of the Stripe stand-in, driven through the official SDK.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeStandIn, parseStripeForm } from './stripeStandIn.ts';

const SECRET = 'whsec_test_standin';
const PRICES = [
  { id: 'price_basic_month', unitAmount: 900, currency: 'usd', interval: 'month' as const, currencyOptions: { eur: 850 } },
  { id: 'price_pro_month', unitAmount: 2900, currency: 'usd', interval: 'month' as const, currencyOptions: { eur: 2700 } },
];

describe('StripeStandIn', () => {
  const standIn = new StripeStandIn({ prices: PRICES, webhookSecret: SECRET });
  let stripe: Stripe;
  let baseUrl = '';

  beforeAll(async () => {
    const { host, port, url } = await standIn.start();
    baseUrl = url;
    stripe = new Stripe('sk_test_x', { host, port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => standIn.stop());

  async function subscribe(priceId: string, currency?: string) {
    const customer = await stripe.customers.create({ email: 'a@example.com', metadata: { userId: 'u1' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'u1',
      line_items: [{ price: priceId, quantity: 1 }],
      ...(currency ? { currency } : {}),
      success_url: 'http://app/ok',
      cancel_url: 'http://app/cancel',
      metadata: { userId: 'u1' },
      subscription_data: { metadata: { userId: 'u1', productId: 'basic' } },
    });
    const events = standIn.completeCheckout(session.id);
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    return { customer, session, events, subscriptionId };
  }

  it('parses bracket notation', () => {
    expect(parseStripeForm('line_items[0][price]=price_x&line_items[0][quantity]=1&subscription_data[metadata][userId]=u1&expand[]=a&expand[]=b&metadata[0]=z')).toEqual({
      line_items: [{ price: 'price_x', quantity: '1' }],
      subscription_data: { metadata: { userId: 'u1' } },
      expand: ['a', 'b'],
      metadata: { 0: 'z' },
    });
  });

  it('runs checkout → subscription → cancel at period end → canceled', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com', name: 'A', metadata: { userId: 'u1' } });
    expect(customer).toMatchObject({ object: 'customer', email: 'a@example.com', metadata: { userId: 'u1' } });
    expect(customer.id).toMatch(/^cus_/);
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);

    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_basic_month', quantity: 1 }],
      currency: 'eur',
      success_url: 'http://app/ok',
      cancel_url: 'http://app/cancel',
      client_reference_id: 'u1',
      allow_promotion_codes: true,
      metadata: { userId: 'u1' },
      subscription_data: { metadata: { userId: 'u1', productId: 'basic' } },
    });
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', subscription: null, currency: 'eur', amount_total: 850, url: `${baseUrl}/pay/${session.id}` });
    expect(session.id).toMatch(/^cs_test_/);
    const recorded = standIn.requests.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST');
    expect(recorded?.body).toMatchObject({ line_items: [{ price: 'price_basic_month', quantity: '1' }], subscription_data: { metadata: { userId: 'u1' } } });

    expect(standIn.completeCheckout(session.id, { fail: true })).toEqual([]);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const events = standIn.completeCheckout(session.id);
    expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const subId = completed.subscription as string;

    const sub = await stripe.subscriptions.retrieve(subId, { expand: ['latest_invoice'] });
    const item = sub.items.data[0];
    expect(item?.current_period_start).toBe(standIn.now);
    expect(item?.current_period_end).toBe(standIn.now + 30 * 86_400);
    expect(sub).toMatchObject({ status: 'active', currency: 'eur', metadata: { userId: 'u1', productId: 'basic' }, cancel_at_period_end: false });
    expect((sub.latest_invoice as Stripe.Invoice).billing_reason).toBe('subscription_create');

    const firstInvoice = standIn.invoice(String((events[2]?.data.object as { id: string }).id));
    expect(firstInvoice).toMatchObject({ status: 'paid', amount_paid: 850, subscription: subId, parent: { subscription_details: { subscription: subId } } });

    const updated = await stripe.subscriptions.update(subId, { cancel_at_period_end: true, cancellation_details: { comment: 'too pricey', feedback: 'too_expensive' } });
    expect(updated).toMatchObject({ cancel_at_period_end: true, cancellation_details: { comment: 'too pricey', feedback: 'too_expensive' } });
    expect(standIn.drainEvents().map((e) => e.type)).toEqual(['customer.subscription.updated']);

    const end = item?.current_period_end ?? 0;
    const renewal = standIn.advanceToPeriodEnd(subId);
    expect(renewal.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect(standIn.now).toBe(end + 1);
    expect((await stripe.subscriptions.retrieve(subId)).status).toBe('canceled');

    // The created event still carries the state at emission time.
    expect((events[1]?.data.object as { status: string; cancel_at_period_end: boolean }).cancel_at_period_end).toBe(false);
  });

  it('renews, fails renewals on a declining card, and bills prorations', async () => {
    const { customer, subscriptionId } = await subscribe('price_basic_month');
    const renewal = standIn.advanceToPeriodEnd(subscriptionId);
    expect(renewal.map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    const cycle = renewal[1]?.data.object;
    expect(cycle).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', amount_paid: 900 });

    const current = await stripe.subscriptions.retrieve(subscriptionId);
    const itemId = current.items.data[0]?.id ?? '';
    const upgraded = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: itemId, price: 'price_pro_month' }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    expect(upgraded.items.data[0]?.price.id).toBe('price_pro_month');
    const invoice = await stripe.invoices.retrieve(upgraded.latest_invoice as string);
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', amount_paid: 2000 });
    expect(invoice.lines.data[0]?.pricing?.price_details?.price).toBe('price_pro_month');
    expect(standIn.drainEvents().map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);

    standIn.setCardDeclines(customer.id, true);
    await expect(
      stripe.subscriptions.update(subscriptionId, { items: [{ id: itemId, price: 'price_basic_month' }], proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' }),
    ).resolves.toMatchObject({ status: 'active' }); // a downgrade bills 0, so nothing declines
    standIn.drainEvents();
    await expect(
      stripe.subscriptions.update(subscriptionId, { items: [{ id: itemId, price: 'price_pro_month' }], proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' }),
    ).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined', statusCode: 402 });
    const failed = standIn.advanceToPeriodEnd(subscriptionId);
    expect(failed.map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.payment_failed']);
    expect(standIn.subscription(subscriptionId)?.status).toBe('past_due');
  });

  it('answers with Stripe errors', async () => {
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: 'price_nope', quantity: 1 }], success_url: 'http://app/ok' }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, message: "No such price: 'price_nope'" });
    await expect(stripe.subscriptions.retrieve('sub_nope')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing' });
    await expect(stripe.invoices.retrieve('in_nope')).rejects.toMatchObject({ statusCode: 404 });
    const unauthenticated = await fetch(`${baseUrl}/v1/customers`, { method: 'POST' });
    expect(unauthenticated.status).toBe(401);
    expect(((await unauthenticated.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    const unknown = await fetch(`${baseUrl}/v1/nope`, { headers: { authorization: 'Bearer sk_test_x' } });
    expect(unknown.status).toBe(404);
  });

  it('replays idempotent requests', async () => {
    const a = await stripe.customers.create({ email: 'i@example.com' }, { idempotencyKey: 'customer:i' });
    const b = await stripe.customers.create({ email: 'i@example.com' }, { idempotencyKey: 'customer:i' });
    expect(b.id).toBe(a.id);
    await expect(stripe.customers.create({ email: 'j@example.com' }, { idempotencyKey: 'customer:i' })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('creates billing portal sessions', async () => {
    const { customer } = await subscribe('price_basic_month');
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://app/billing' });
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer: customer.id, return_url: 'http://app/billing' });
    expect(portal.id).toMatch(/^bps_/);
    expect(portal.url).toBe(`${baseUrl}/portal/${portal.id}`);
  });

  it('signs events the SDK accepts, and only those', async () => {
    const { events } = await subscribe('price_basic_month');
    const event = events[0];
    if (!event) throw new Error('no event');
    const { body, headers } = standIn.sign(event);
    const signature = headers['stripe-signature'] ?? '';
    expect(Stripe.webhooks.constructEvent(body, signature, SECRET).id).toBe(event.id);

    const forged = standIn.sign(event, { secret: 'whsec_other' });
    expect(() => Stripe.webhooks.constructEvent(forged.body, forged.headers['stripe-signature'] ?? '', SECRET)).toThrow(Stripe.errors.StripeSignatureVerificationError);

    const stale = standIn.sign(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(() => Stripe.webhooks.constructEvent(stale.body, stale.headers['stripe-signature'] ?? '', SECRET, 300)).toThrow(/tolerance/i);
  });
});
