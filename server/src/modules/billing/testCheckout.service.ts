/**
 * What a payment provider does on its own side, for the built-in test checkout: take a payment
 * on the checkout page, save a test card, and let time pass (a test clock) so renewals,
 * cancellations at period end and failed renewals can be tried offline. Each step produces the
 * snapshots Stripe would send and applies them through the billing service's common path.
 */
import { AppError } from '@tessera/shared/errors';
import { type PriceInfo, priceInfo } from '@tessera/shared/pricing';
import { z } from 'zod';
import { closeTestSession, findCustomer, findProduct, findSubscription, findTestSession, type SubscriptionRow, updateSubscriptionFields } from './billing.repo.ts';
import { applyInvoice, type BillingDeps, syncSubscription } from './billing.service.ts';
import type { ProviderInvoice } from './gateway.ts';
import { addMonths, chargeOf, snapshotOf, testId } from './testGateway.ts';

export const TEST_CARDS = ['success', 'decline'] as const;
export type TestCard = (typeof TEST_CARDS)[number];

function requireTestMode(deps: BillingDeps): void {
  if (deps.gateway?.mode !== 'test') throw new AppError('NOT_FOUND');
}

export interface TestSessionView {
  id: string;
  status: 'open' | 'complete' | 'failed';
  productName: string;
  period: 'monthly' | 'yearly';
  credits: number;
  price: PriceInfo;
  cancelUrl: string;
  successUrl: string;
}

export async function getTestSession(deps: BillingDeps, userId: string, id: string): Promise<TestSessionView> {
  requireTestMode(deps);
  const session = await findTestSession(deps.db, id);
  if (!session || session.userId !== userId) throw new AppError('NOT_FOUND');
  const product = await findProduct(deps.db, { id: session.productId });
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  const info = priceInfo(product, session.currency);
  return {
    id: session.id,
    status: session.status === 'complete' || session.status === 'failed' ? session.status : 'open',
    productName: product.productName,
    period: product.period,
    credits: product.usageCount,
    price: { price: info.price, priceText: info.priceText, priceMonth: info.priceMonth, priceDay: info.priceDay, realCurrency: info.realCurrency },
    cancelUrl: session.cancelUrl,
    successUrl: session.successUrl,
  };
}

export const zPayTestSessionInput = z.object({ id: z.string().min(1).max(100), card: z.enum(TEST_CARDS) });

/**
 * Pays a test checkout session. A declined card leaves the session open (as Stripe Checkout
 * does) and throws PAYMENT_DECLINED; a paid one creates the subscription and its first invoice.
 * A second click or tab finds the session closed and gets the same success URL, nothing more.
 */
export async function payTestSession(deps: BillingDeps, userId: string, input: z.infer<typeof zPayTestSessionInput>): Promise<{ redirectUrl: string }> {
  requireTestMode(deps);
  const session = await findTestSession(deps.db, input.id);
  if (!session || session.userId !== userId) throw new AppError('NOT_FOUND');
  if (session.status === 'complete') return { redirectUrl: session.successUrl };
  if (input.card === 'decline') throw new AppError('PAYMENT_DECLINED');
  const product = await findProduct(deps.db, { id: session.productId });
  const customerId = await findCustomer(deps.db, userId, 'test');
  if (!product || !customerId) throw new AppError('PRODUCT_NOT_FOUND');

  const subscriptionId = testId('sub');
  if (!(await closeTestSession(deps.db, session.id, 'complete', subscriptionId))) return { redirectUrl: session.successUrl };
  const start = new Date();
  const end = addMonths(start, product.duration);
  await syncSubscription(deps, 'test', subscriptionId, async () => ({
    subscriptionId,
    customerId: customerId,
    userId,
    priceId: product.priceId,
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    currency: session.currency,
    discountRate: 0,
    created: start,
  }));
  await updateSubscriptionFields(deps.db, subscriptionId, { testCard: 'success' });
  await applyInvoice(deps, 'test', {
    id: testId('in'),
    subscriptionId,
    customerId: customerId,
    paid: true,
    billingReason: 'subscription_create',
    amount: chargeOf(product, session.currency),
    currency: session.currency,
    priceId: product.priceId,
    periodStart: start,
    periodEnd: end,
  });
  return { redirectUrl: session.successUrl };
}

async function ownTestSubscription(deps: BillingDeps, userId: string, subscriptionId: string): Promise<SubscriptionRow> {
  requireTestMode(deps);
  const row = await findSubscription(deps.db, subscriptionId);
  if (!row || row.userId !== userId || row.mode !== 'test') throw new AppError('SUBSCRIPTION_NOT_FOUND');
  return row;
}

/** The test card a subscription's renewals use now. */
export async function getTestCard(deps: BillingDeps, userId: string, subscriptionId: string): Promise<{ card: TestCard }> {
  const row = await ownTestSubscription(deps, userId, subscriptionId);
  return { card: row.testCard === 'decline' ? 'decline' : 'success' };
}

export const zSetTestCardInput = z.object({ subscriptionId: z.string().min(1).max(255), card: z.enum(TEST_CARDS) });

/**
 * Saves the test card future charges use. Saving a paying card on a past-due subscription
 * retries its failed renewal at once, as Stripe does after a payment-method update.
 */
export async function setTestCard(deps: BillingDeps, userId: string, input: z.infer<typeof zSetTestCardInput>): Promise<{ status: string }> {
  const row = await ownTestSubscription(deps, userId, input.subscriptionId);
  await updateSubscriptionFields(deps.db, row.subscriptionId, { testCard: input.card });
  if (input.card === 'success' && (row.status === 'past_due' || row.status === 'unpaid')) {
    const synced = await renew(deps, { ...row, testCard: 'success' }, { retry: true });
    return { status: synced.status };
  }
  return { status: row.status };
}

export const zAdvanceClockInput = z.object({ subscriptionId: z.string().min(1).max(255) });

/**
 * Test clock: lets the current period end now. A subscription set to cancel ends (canceled);
 * otherwise it renews: the saved card pays the next period (credits granted) or declines
 * (past_due, no credits).
 */
export async function advanceTestClock(deps: BillingDeps, userId: string, input: z.infer<typeof zAdvanceClockInput>): Promise<{ status: string }> {
  const row = await ownTestSubscription(deps, userId, input.subscriptionId);
  if (row.status === 'canceled') return { status: row.status };
  if (row.cancelAtPeriodEnd) {
    const product = await findProduct(deps.db, { id: row.productId });
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    const ended = await syncSubscription(deps, 'test', row.subscriptionId, async () => ({
      ...snapshotOf(row, product.priceId),
      status: 'canceled',
      currentPeriodEnd: new Date(),
    }));
    return { status: ended.status };
  }
  return { status: (await renew(deps, row, { retry: false })).status };
}

/** Charges the next period (or retries the current one's failed charge). */
async function renew(deps: BillingDeps, row: SubscriptionRow, opts: { retry: boolean }): Promise<SubscriptionRow> {
  const product = await findProduct(deps.db, { id: row.productId });
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  const paid = row.testCard !== 'decline';
  const start = opts.retry ? (row.currentPeriodStart ?? new Date()) : new Date();
  const end = opts.retry ? (row.currentPeriodEnd ?? addMonths(start, product.duration)) : addMonths(start, product.duration);
  const synced = await syncSubscription(deps, 'test', row.subscriptionId, async () => ({
    ...snapshotOf(row, product.priceId),
    status: paid ? 'active' : 'past_due',
    currentPeriodStart: start,
    currentPeriodEnd: end,
  }));
  const invoice: ProviderInvoice = {
    id: testId('in'),
    subscriptionId: row.subscriptionId,
    customerId: row.customerId,
    paid,
    billingReason: 'subscription_cycle',
    amount: chargeOf(product, row.currency),
    currency: row.currency,
    priceId: product.priceId,
    periodStart: start,
    periodEnd: end,
  };
  await applyInvoice(deps, 'test', invoice);
  return synced;
}
