/**
 * Stripe through its official SDK. Webhook payloads are only hints: the handler fetches the
 * subscription or invoice again here and applies what Stripe says now, so events may arrive
 * late, twice or out of order.
 *
 * Field locations differ between API versions (periods moved from the subscription to its
 * items, the invoice's subscription into `parent.subscription_details`); the readers accept
 * both.
 */
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@tessera/shared/plans';
import Stripe from 'stripe';
import type { SubscriptionRow } from './billing.repo.ts';
import type { BillingGateway, CancelDetails, CheckoutRequest, ProviderInvoice, ProviderSubscription } from './gateway.ts';

type Loose = Record<string, unknown>;

const obj = (v: unknown): Loose | null => (v && typeof v === 'object' ? (v as Loose) : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const idOf = (v: unknown): string | null => str(v) ?? str(obj(v)?.id);
const date = (seconds: number | null): Date | null => (seconds === null ? null : new Date(seconds * 1000));
const firstOf = (list: unknown): Loose | null => {
  const data = obj(list)?.data;
  return Array.isArray(data) ? obj(data[0]) : null;
};

/** Stripe cancellation feedback values, from our cancel reasons. */
const FEEDBACK: Record<string, Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback> = {
  too_expensive: 'too_expensive',
  not_using: 'unused',
  missing_features: 'missing_features',
  quality: 'low_quality',
  technical_issues: 'too_complex',
  switching: 'switched_service',
  other: 'other',
};

export function readSubscription(raw: unknown): ProviderSubscription {
  const s = obj(raw) ?? {};
  const item = firstOf(s.items);
  const status = str(s.status);
  if (!status || !(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) throw new Error(`stripe: unknown subscription status ${status}`);
  const price = idOf(item?.price) ?? idOf(obj(s.plan));
  const id = str(s.id);
  const customer = idOf(s.customer);
  if (!id || !customer || !price) throw new Error('stripe: subscription without id, customer or price');
  const discounts = Array.isArray(s.discounts) ? s.discounts.map(obj) : [obj(s.discount)];
  const coupon = discounts.map((d) => obj(d?.coupon) ?? obj(obj(d?.source)?.coupon)).find(Boolean);
  return {
    subscriptionId: id,
    customerId: customer,
    userId: str(obj(s.metadata)?.userId),
    priceId: price,
    status: status as SubscriptionStatus,
    cancelAtPeriodEnd: s.cancel_at_period_end === true,
    currentPeriodStart: date(num(item?.current_period_start) ?? num(s.current_period_start)),
    currentPeriodEnd: date(num(item?.current_period_end) ?? num(s.current_period_end)),
    currency: (str(s.currency) ?? 'usd').toLowerCase(),
    discountRate: Math.round(num(coupon?.percent_off) ?? 0),
    created: date(num(s.created)) ?? new Date(),
  };
}

export function readInvoice(raw: unknown): ProviderInvoice {
  const i = obj(raw) ?? {};
  const parent = obj(obj(i.parent)?.subscription_details);
  const subscriptionId = idOf(parent?.subscription) ?? idOf(i.subscription);
  const id = str(i.id);
  const customer = idOf(i.customer);
  if (!id || !customer || !subscriptionId) throw new Error('stripe: invoice without id, customer or subscription');
  const lines = obj(i.lines)?.data;
  const subLine = (Array.isArray(lines) ? lines.map(obj) : []).find((l) => l && (idOf(obj(obj(l.pricing)?.price_details)?.price) ?? idOf(l.price)));
  const period = obj(subLine?.period);
  const paid = i.status === 'paid' || i.paid === true;
  return {
    id,
    subscriptionId,
    customerId: customer,
    paid,
    billingReason: str(i.billing_reason) ?? 'manual',
    amount: (paid ? num(i.amount_paid) : num(i.amount_due)) ?? 0,
    currency: (str(i.currency) ?? 'usd').toLowerCase(),
    priceId: idOf(obj(obj(subLine?.pricing)?.price_details)?.price) ?? idOf(subLine?.price),
    periodStart: date(num(period?.start) ?? num(i.period_start)),
    periodEnd: date(num(period?.end) ?? num(i.period_end)),
  };
}

export class StripeGateway implements BillingGateway {
  readonly mode = 'stripe' as const;
  readonly platformName = 'Stripe';
  readonly stripe: Stripe;

  constructor(opts: { secretKey: string; apiBase?: string | undefined }) {
    const base = opts.apiBase ? new URL(opts.apiBase) : null;
    this.stripe = new Stripe(opts.secretKey, {
      maxNetworkRetries: 2,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async createCustomer(user: { id: string; email: string }): Promise<string> {
    const customer = await this.stripe.customers.create({ email: user.email, metadata: { userId: user.id } }, { idempotencyKey: `customer:${user.id}` });
    return customer.id;
  }

  async createCheckout(req: CheckoutRequest): Promise<{ url: string }> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: req.customerId,
      client_reference_id: req.userId,
      line_items: [{ price: req.product.priceId, quantity: 1 }],
      currency: req.currency,
      success_url: req.successUrl,
      cancel_url: req.cancelUrl,
      metadata: { userId: req.userId, productId: req.product.id },
      subscription_data: { metadata: { userId: req.userId, productId: req.product.id } },
    });
    if (!session.url) throw new Error('stripe: checkout session without url');
    return { url: session.url };
  }

  async fetchSubscription(id: string): Promise<ProviderSubscription> {
    return readSubscription(await this.stripe.subscriptions.retrieve(id));
  }

  async fetchInvoice(id: string): Promise<ProviderInvoice> {
    return readInvoice(await this.stripe.invoices.retrieve(id));
  }

  async fetchCheckoutSubscriptionId(sessionId: string): Promise<string | null> {
    return idOf((await this.stripe.checkout.sessions.retrieve(sessionId)).subscription);
  }

  async setCancelAtPeriodEnd(sub: SubscriptionRow, cancel: boolean, details?: CancelDetails): Promise<ProviderSubscription> {
    const feedback = details?.reasons[0] ? FEEDBACK[details.reasons[0]] : undefined;
    const updated = await this.stripe.subscriptions.update(sub.subscriptionId, {
      cancel_at_period_end: cancel,
      ...(cancel && details ? { cancellation_details: { ...(details.comment ? { comment: details.comment } : {}), ...(feedback ? { feedback } : {}) } } : {}),
    });
    return readSubscription(updated);
  }

  async changePrice(sub: SubscriptionRow, product: { priceId: string }): Promise<{ subscription: ProviderSubscription; invoice: ProviderInvoice | null }> {
    const current = await this.stripe.subscriptions.retrieve(sub.subscriptionId);
    const item = current.items.data[0];
    if (!item) throw new Error('stripe: subscription without items');
    const updated = await this.stripe.subscriptions.update(sub.subscriptionId, {
      items: [{ id: item.id, price: product.priceId }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    const invoiceId = idOf(updated.latest_invoice);
    return { subscription: readSubscription(updated), invoice: invoiceId ? await this.fetchInvoice(invoiceId) : null };
  }

  async cancelNow(sub: SubscriptionRow): Promise<ProviderSubscription> {
    return readSubscription(await this.stripe.subscriptions.cancel(sub.subscriptionId));
  }

  /**
   * Refunds the PaymentIntents that paid an invoice (GET /v1/invoice_payments?invoice=…&status=paid,
   * then POST /v1/refunds with payment_intent). The idempotency key makes a second ask — a
   * redelivered webhook — return the first refund instead of refunding again.
   */
  async refundInvoice(invoiceId: string, reason: 'duplicate'): Promise<void> {
    const payments = await this.stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid' });
    for (const payment of payments.data) {
      const intent = idOf(obj(payment.payment)?.payment_intent);
      if (!intent) continue;
      await this.stripe.refunds.create({ payment_intent: intent, reason, metadata: { invoiceId } }, { idempotencyKey: `refund:${invoiceId}:${intent}` });
    }
  }

  async paymentMethodUrl(sub: SubscriptionRow, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: sub.customerId, return_url: returnUrl });
    return session.url;
  }

  /** Verifies a webhook delivery (signature and 300-second tolerance); throws when it is not genuine. */
  verifyEvent(rawBody: Buffer, signature: string, secret: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, secret);
  }
}
