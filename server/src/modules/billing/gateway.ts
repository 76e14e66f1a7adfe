/**
 * A payment gateway as the billing service sees it: Stripe, or the built-in test checkout.
 * Every call returns the provider's state afterwards (a snapshot), and the service applies
 * snapshots through one path — the same one the webhook handler uses — so the two modes
 * cannot drift apart.
 */
import type { CatalogueProduct, SubscriptionStatus } from '@tessera/shared/plans';
import type { BillingMode, SubscriptionRow } from './billing.repo.ts';

/** A subscription as the provider holds it now. */
export interface ProviderSubscription {
  subscriptionId: string;
  customerId: string;
  /** Our user id from the subscription's metadata, when the provider has it. */
  userId: string | null;
  priceId: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  currency: string;
  /** Percent off. */
  discountRate: number;
  created: Date;
}

/** An invoice as the provider holds it now. */
export interface ProviderInvoice {
  id: string;
  subscriptionId: string;
  customerId: string;
  paid: boolean;
  /** Stripe billing_reason: subscription_create, subscription_cycle, subscription_update … */
  billingReason: string;
  /** Minor units of `currency` (amount paid, or due when unpaid). */
  amount: number;
  currency: string;
  /** The subscription price the invoice is for, when it has a subscription line. */
  priceId: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
}

export interface CheckoutRequest {
  userId: string;
  email: string;
  customerId: string;
  product: CatalogueProduct;
  currency: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CancelDetails {
  reasons: string[];
  comment: string | undefined;
}

export interface BillingGateway {
  readonly mode: BillingMode;
  /** Shown to users as §3 paymentPlatform.platformName. */
  readonly platformName: string;
  createCustomer(user: { id: string; email: string }): Promise<string>;
  /** Where to send the user to pay. */
  createCheckout(req: CheckoutRequest): Promise<{ url: string }>;
  setCancelAtPeriodEnd(sub: SubscriptionRow, cancel: boolean, details?: CancelDetails): Promise<ProviderSubscription>;
  /** Moves to another price now, prorated and invoiced at once. */
  changePrice(sub: SubscriptionRow, product: CatalogueProduct): Promise<{ subscription: ProviderSubscription; invoice: ProviderInvoice | null }>;
  /** Ends a subscription now, without proration or refund; returns its state afterwards. */
  cancelNow(sub: SubscriptionRow): Promise<ProviderSubscription>;
  /** Gives back everything paid on an invoice; asking twice refunds once. */
  refundInvoice(invoiceId: string, reason: 'duplicate'): Promise<void>;
  /** A page where the customer changes their payment method. */
  paymentMethodUrl(sub: SubscriptionRow, returnUrl: string): Promise<string>;
}
