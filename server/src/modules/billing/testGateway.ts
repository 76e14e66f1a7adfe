/**
 * The built-in test checkout (no Stripe keys): a payment provider that lives in our own
 * database and is clearly marked as a test everywhere the studio shows it. It answers with the
 * same snapshots Stripe would, and the billing service applies them through the same path as
 * Stripe's webhooks. Cards are simulated: a saved test card either pays or declines.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '@tessera/db/connect';
import type { CatalogueProduct } from '@tessera/shared/plans';
import { findProduct, insertTestSession, type SubscriptionRow } from './billing.repo.ts';
import type { BillingGateway, CheckoutRequest, ProviderInvoice, ProviderSubscription } from './gateway.ts';

export const testId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url')}`;

/** Calendar months later (UTC), the day clamped to the target month's length, like Stripe. */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** Our row as the provider would report it. */
export function snapshotOf(sub: SubscriptionRow, priceId: string): ProviderSubscription {
  return {
    subscriptionId: sub.subscriptionId,
    customerId: sub.customerId,
    userId: sub.userId,
    priceId,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    currency: sub.currency,
    discountRate: sub.discountRate,
    created: sub.dateCreated,
  };
}

/** The price of a product in a currency's minor units (what the invoice charges). */
export function chargeOf(product: CatalogueProduct, currency: string): number {
  return currency === 'usd' ? product.price : (product.moreCurrency[currency] ?? product.price);
}

export class TestGateway implements BillingGateway {
  readonly mode = 'test' as const;
  // It stands in for the card provider, so §4's abilities treat it as one.
  readonly platformName = 'Stripe';

  constructor(private readonly db: Database) {}

  async createCustomer(): Promise<string> {
    return testId('cus');
  }

  async createCheckout(req: CheckoutRequest): Promise<{ url: string }> {
    const id = testId('cs');
    await insertTestSession(this.db, {
      id,
      userId: req.userId,
      productId: req.product.id,
      currency: req.currency,
      successUrl: req.successUrl,
      cancelUrl: req.cancelUrl,
    });
    return { url: `/test-checkout/${id}` };
  }

  async setCancelAtPeriodEnd(sub: SubscriptionRow, cancel: boolean): Promise<ProviderSubscription> {
    return { ...snapshotOf(sub, await this.priceOf(sub)), cancelAtPeriodEnd: cancel };
  }

  async changePrice(sub: SubscriptionRow, product: CatalogueProduct): Promise<{ subscription: ProviderSubscription; invoice: ProviderInvoice | null }> {
    const old = await findProduct(this.db, { id: sub.productId });
    const paid = sub.testCard !== 'decline';
    const subscription = { ...snapshotOf(sub, product.priceId), status: paid ? sub.status : ('past_due' as const) };
    // Proration simplified to the price difference for the rest of the period.
    const amount = Math.max(0, chargeOf(product, sub.currency) - (old ? chargeOf(old, sub.currency) : 0));
    const invoice: ProviderInvoice = {
      id: testId('in'),
      subscriptionId: sub.subscriptionId,
      customerId: sub.customerId,
      paid,
      billingReason: 'subscription_update',
      amount,
      currency: sub.currency,
      priceId: product.priceId,
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
    };
    return { subscription, invoice };
  }

  async cancelNow(sub: SubscriptionRow): Promise<ProviderSubscription> {
    return { ...snapshotOf(sub, await this.priceOf(sub)), status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: new Date() };
  }

  async refundInvoice(): Promise<void> {
    // A test card's payment never left anyone's account: the invoice is only recorded as refunded.
  }

  async paymentMethodUrl(sub: SubscriptionRow, returnUrl: string): Promise<string> {
    return `/test-checkout/payment-method/${encodeURIComponent(sub.subscriptionId)}?returnUrl=${encodeURIComponent(returnUrl)}`;
  }

  private async priceOf(sub: SubscriptionRow): Promise<string> {
    const product = await findProduct(this.db, { id: sub.productId });
    if (!product) throw new Error(`test checkout: product ${sub.productId} is gone`);
    return product.priceId;
  }
}
