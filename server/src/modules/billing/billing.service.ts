/**
 * Subscriptions (spec §3, §4): the catalogue with prices in the visitor's currency, the
 * subscription log, checkout, cancel, reactivate, upgrade, change of payment method — and the
 * one path every provider state goes through (`syncSubscription`, `applyInvoice`), used alike
 * by Stripe's webhooks and the built-in test checkout.
 *
 * Credits: a paid invoice grants its product's credits once (ledger source `invoice:<id>`),
 * expiring at the end of the period it pays for; an upgrade's proration invoice grants the
 * difference to what the period already granted.
 */
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import {
  canCancel,
  canChangePayment,
  canReactivate,
  canSubCreate,
  canUpgrade,
  type CancelSubscriptionInput,
  type CatalogueProduct,
  type PaymentPlatform,
  type PlanFeatures,
  planGrantNote,
  planRank,
  type Product,
  type SubLog,
  type SubscriptionPlan,
} from '@tessera/shared/plans';
import { currencyForCountry, isPaymentCurrency, paymentMethodsForCountry, type PriceInfo, priceInfo, toMajor } from '@tessera/shared/pricing';
import { z } from 'zod';
import type { Realtime } from '../../realtime/realtime.ts';
import { recordAudit, SYSTEM_ACTOR } from '../admin/admin.api.ts';
import { publishCreditsChanged } from '../credits/credits.events.ts';
import { endGrantsEarly, grantCredits } from '../credits/credits.service.ts';
import { rewardInviterOnSubscribe } from '../rewards/invites.service.ts';
import {
  countPaidInvoices,
  findCustomer,
  findInvoiceStatus,
  findOtherLiveSubscription,
  findProduct,
  findSubscription,
  insertPurchaseRecord,
  listPlans,
  listProducts,
  listUserSubscriptions,
  lockSubscriptionKey,
  lockUserSubscriptions,
  paidInvoiceIdsOf,
  saveCustomer,
  saveInvoice,
  type SubscriptionRow,
  takeUnreportedPurchases,
  updateSubscriptionFields,
  upsertSubscription,
  userExists,
  userOfCustomer,
} from './billing.repo.ts';
import type { BillingGateway, ProviderInvoice, ProviderSubscription } from './gateway.ts';

export interface BillingDeps {
  db: Database;
  realtime: Realtime;
  /** null when payments are off (production without Stripe keys and without TEST_CHECKOUT). */
  gateway: BillingGateway | null;
}

export interface BillingUser {
  id: string;
  email: string;
}

/** The catalogue's app (§3 appName). */
export const APP_NAME = 'tessera';

/** §3 paymentPlatform for this deployment. */
export function paymentPlatformOf(gateway: BillingGateway | null): PaymentPlatform {
  return gateway ? { platformName: gateway.platformName, enable: true, visible: true } : { platformName: 'Stripe', enable: false, visible: false };
}

function requireGateway(deps: BillingDeps): BillingGateway {
  if (!deps.gateway) throw new AppError('SERVICE_UNAVAILABLE');
  return deps.gateway;
}

export interface PricedProduct extends CatalogueProduct {
  priceInfo: PriceInfo & { usd: PriceInfo };
}

export interface PricingCatalogue {
  currency: string;
  country: string;
  plans: PlanFeatures[];
  products: PricedProduct[];
  paymentMethods: ReturnType<typeof paymentMethodsForCountry>;
  testMode: boolean;
  paymentsEnabled: boolean;
}

export const zCatalogueInput = z.object({
  appName: z.string().trim().min(1).max(64).default(APP_NAME),
  /** A currency the visitor chose; otherwise the one of their country. */
  currency: z.string().trim().toLowerCase().length(3).optional(),
  language: z.string().max(8).optional(),
});

/** Plans and products with prices in the visitor's currency (§5, §9). */
export async function getCatalogue(deps: BillingDeps, input: z.infer<typeof zCatalogueInput>, country: string): Promise<PricingCatalogue> {
  const currency = input.currency && isPaymentCurrency(input.currency) ? input.currency : currencyForCountry(country);
  const products = await listProducts(deps.db, input.appName);
  return {
    currency,
    country,
    plans: await listPlans(deps.db),
    products: products.map((p) => ({ ...p, priceInfo: priceInfo(p, currency, input.language ?? 'en') })),
    paymentMethods: paymentMethodsForCountry(country),
    testMode: deps.gateway?.mode === 'test',
    paymentsEnabled: deps.gateway !== null,
  };
}

function toPlan(row: SubscriptionRow, product: Product): SubscriptionPlan {
  return {
    subscriptionId: row.subscriptionId,
    customerId: row.customerId,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    currency: row.currency,
    discountRate: row.discountRate,
    customSub: row.customSub,
    appName: row.appName,
    dateCreated: row.dateCreated.toISOString(),
    subProductRelation: [product],
  };
}

const productOnly = (p: CatalogueProduct): Product => ({
  productName: p.productName,
  priceId: p.priceId,
  price: p.price,
  moreCurrency: p.moreCurrency,
  usageCount: p.usageCount,
  duration: p.duration,
  usageList: p.usageList,
});

const isLive = (row: SubscriptionRow, now: Date) =>
  (row.status === 'active' || row.status === 'trialing') && row.currentPeriodEnd !== null && row.currentPeriodEnd > now;

/**
 * §3 subLog.getSubLog. currentPlan: the live subscription (else the newest one, so a lapsed or
 * failing plan still shows); otherPlan: the rest; expirePayment: a subscription waits for a
 * failed payment (past_due or unpaid) — no new subscription until it is settled.
 */
export async function getSubLog(deps: BillingDeps, userId: string, appName: string, now = new Date()): Promise<SubLog> {
  const rows = await listUserSubscriptions(deps.db, userId, appName);
  const products = new Map((await listProducts(deps.db, appName)).map((p) => [p.id, p]));
  const plans: { row: SubscriptionRow; plan: SubscriptionPlan }[] = [];
  for (const row of rows) {
    const product = products.get(row.productId) ?? (await findProduct(deps.db, { id: row.productId }));
    if (product) plans.push({ row, plan: toPlan(row, productOnly(product)) });
  }
  const current = plans.find((p) => isLive(p.row, now)) ?? plans.find((p) => p.row.status === 'past_due') ?? plans[0] ?? null;
  const free = [...products.values()].filter((p) => p.plan === 'FREE').map(productOnly);
  return {
    isSub: plans.length > 0,
    currentPlan: current?.plan ?? null,
    otherPlan: plans.filter((p) => p !== current).map((p) => p.plan),
    isActiveSub: current ? isLive(current.row, now) : false,
    freePlan: free,
    expirePayment: rows.some((r) => r.status === 'past_due' || r.status === 'unpaid'),
    paymentPlatform: paymentPlatformOf(deps.gateway),
  };
}

export const zCheckoutInput = z.object({
  productId: z.string().min(1).max(100),
  currency: z.string().trim().toLowerCase().length(3).optional(),
  /** Paths in the studio to come back to (never another site). */
  successPath: z.string().regex(/^\/(?!\/)/).max(500).default('/pricing?checkout=success'),
  cancelPath: z.string().regex(/^\/(?!\/)/).max(500).default('/pricing?checkout=canceled'),
});

async function customerFor(deps: BillingDeps, gateway: BillingGateway, user: BillingUser): Promise<string> {
  const existing = await findCustomer(deps.db, user.id, gateway.mode);
  if (existing) return existing;
  return saveCustomer(deps.db, user.id, gateway.mode, await gateway.createCustomer(user));
}

/** Starts a checkout for a new subscription; returns where to send the user. */
export async function createCheckout(
  deps: BillingDeps,
  user: BillingUser,
  input: z.infer<typeof zCheckoutInput>,
  ctx: { publicUrl: string; country: string },
): Promise<{ url: string }> {
  const gateway = requireGateway(deps);
  const log = await getSubLog(deps, user.id, APP_NAME);
  if (!canSubCreate({ signedIn: true, expirePayment: log.expirePayment, platform: log.paymentPlatform })) {
    throw new AppError('SUBSCRIPTION_ACTION_UNAVAILABLE');
  }
  if (log.isActiveSub) throw new AppError('ALREADY_SUBSCRIBED');
  const product = await findProduct(deps.db, { id: input.productId });
  if (!product || product.plan === 'FREE') throw new AppError('PRODUCT_NOT_FOUND');
  const wanted = input.currency ?? currencyForCountry(ctx.country);
  const currency = isPaymentCurrency(wanted) && (wanted === 'usd' || product.moreCurrency[wanted] !== undefined) ? wanted : 'usd';
  return gateway.createCheckout({
    userId: user.id,
    email: user.email,
    customerId: await customerFor(deps, gateway, user),
    product,
    currency,
    successUrl: new URL(input.successPath, ctx.publicUrl).toString(),
    cancelUrl: new URL(input.cancelPath, ctx.publicUrl).toString(),
  });
}

async function ownSubscription(deps: BillingDeps, userId: string, subscriptionId: string): Promise<SubscriptionRow> {
  const row = await findSubscription(deps.db, subscriptionId);
  if (!row || row.userId !== userId) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  return row;
}

async function planOf(deps: BillingDeps, row: SubscriptionRow): Promise<SubscriptionPlan> {
  const product = await findProduct(deps.db, { id: row.productId });
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  return toPlan(row, productOnly(product));
}

/** §4 cancel at period end, with the reasons the user gave (the `cancel_sub` event's data). */
export async function cancelSubscription(deps: BillingDeps, userId: string, input: CancelSubscriptionInput): Promise<SubscriptionPlan> {
  const gateway = requireGateway(deps);
  const row = await ownSubscription(deps, userId, input.subscriptionId);
  if (!canCancel(await planOf(deps, row), paymentPlatformOf(gateway))) throw new AppError('SUBSCRIPTION_ACTION_UNAVAILABLE');
  const snapshot = await gateway.setCancelAtPeriodEnd(row, true, { reasons: input.reasons, comment: input.comment });
  await updateSubscriptionFields(deps.db, row.subscriptionId, { cancelReasons: input.reasons, cancelComment: input.comment ?? null });
  return planOf(deps, await syncSubscription(deps, gateway.mode, row.subscriptionId, async () => snapshot));
}

/** §4 reactivate a subscription set to cancel, before its period ends. */
export async function reactivateSubscription(deps: BillingDeps, userId: string, subscriptionId: string): Promise<SubscriptionPlan> {
  const gateway = requireGateway(deps);
  const row = await ownSubscription(deps, userId, subscriptionId);
  if (!canReactivate(await planOf(deps, row), paymentPlatformOf(gateway))) throw new AppError('SUBSCRIPTION_ACTION_UNAVAILABLE');
  const snapshot = await gateway.setCancelAtPeriodEnd(row, false);
  return planOf(deps, await syncSubscription(deps, gateway.mode, row.subscriptionId, async () => snapshot));
}

export const zUpgradeInput = z.object({ subscriptionId: z.string().min(1).max(255), productId: z.string().min(1).max(100) });

/**
 * §4 upgrade: to a higher plan, or the same plan from monthly to yearly; prorated and invoiced
 * at once. A declined card leaves the plan unchanged on Stripe (error_if_incomplete).
 */
export async function upgradeSubscription(deps: BillingDeps, userId: string, input: z.infer<typeof zUpgradeInput>): Promise<SubscriptionPlan> {
  const gateway = requireGateway(deps);
  const row = await ownSubscription(deps, userId, input.subscriptionId);
  if (!canUpgrade(await planOf(deps, row), paymentPlatformOf(gateway)) || row.status === 'canceled') {
    throw new AppError('SUBSCRIPTION_ACTION_UNAVAILABLE');
  }
  const [from, to] = await Promise.all([findProduct(deps.db, { id: row.productId }), findProduct(deps.db, { id: input.productId })]);
  if (!from || !to || to.plan === 'FREE') throw new AppError('PRODUCT_NOT_FOUND');
  const higher = planRank(to.plan) > planRank(from.plan) || (to.plan === from.plan && from.period === 'monthly' && to.period === 'yearly');
  if (!higher) throw new AppError('SUBSCRIPTION_ACTION_UNAVAILABLE');
  const { subscription, invoice } = await gateway.changePrice(row, to);
  if (invoice && !invoice.paid) throw new AppError('PAYMENT_DECLINED');
  const synced = await syncSubscription(deps, gateway.mode, row.subscriptionId, async () => subscription);
  if (invoice) await applyInvoice(deps, gateway.mode, invoice);
  return planOf(deps, synced);
}

/** §4 change payment method: Stripe's customer portal, or the test checkout's card page. */
export async function paymentMethodUrl(deps: BillingDeps, userId: string, subscriptionId: string, returnUrl: string): Promise<{ url: string }> {
  const gateway = requireGateway(deps);
  const row = await ownSubscription(deps, userId, subscriptionId);
  if (!canChangePayment(await planOf(deps, row), paymentPlatformOf(gateway))) throw new AppError('SUBSCRIPTION_ACTION_UNAVAILABLE');
  return { url: await gateway.paymentMethodUrl(row, returnUrl) };
}

/**
 * Before an account is deleted: ends every subscription that could still charge the user, at
 * the provider. Throws (and the deletion stops) when the provider cannot be reached — an
 * account must not vanish while its card keeps being billed.
 */
export async function endSubscriptionsOf(deps: BillingDeps, userId: string): Promise<void> {
  const rows = (await listUserSubscriptions(deps.db, userId)).filter((r) => r.status !== 'canceled' && r.status !== 'incomplete_expired');
  if (rows.length === 0) return;
  const gateway = requireGateway(deps);
  try {
    for (const row of rows) if (row.mode === gateway.mode) await gateway.cancelNow(row);
  } catch (err) {
    throw new AppError('TRY_AGAIN_LATER', { cause: err });
  }
}

/**
 * A provider object that is not ours (a price outside the catalogue, a customer of another app
 * on the same Stripe account): the webhook acknowledges it and changes nothing.
 */
export class ForeignBillingObjectError extends Error {
  override name = 'ForeignBillingObjectError';
}

/**
 * Applies the provider's current state of one subscription. `load` runs under a per-subscription
 * lock, so concurrent deliveries apply in the order they read the provider, and the last write
 * is the freshest state. Throws ForeignBillingObjectError for a price or customer not ours.
 */
export async function syncSubscription(
  deps: BillingDeps,
  mode: 'stripe' | 'test',
  subscriptionId: string,
  load: () => Promise<ProviderSubscription>,
): Promise<SubscriptionRow> {
  const { row, creditsEnded } = await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    await lockSubscriptionKey(tx, subscriptionId);
    const snap = await load();
    const product = await findProduct(tx, { priceId: snap.priceId });
    if (!product) throw new ForeignBillingObjectError(`billing: unknown price ${snap.priceId}`);
    const userId = (await userOfCustomer(tx, snap.customerId)) ?? snap.userId;
    // A deleted account's subscription (its metadata still names the user): nothing to apply.
    if (!userId || !(await userExists(tx, userId))) throw new ForeignBillingObjectError(`billing: no user for customer ${snap.customerId}`);
    await lockUserSubscriptions(tx, userId);
    const previous = await findSubscription(tx, subscriptionId);
    let saved = await upsertSubscription(tx, {
      userId,
      appName: APP_NAME,
      mode,
      subscriptionId: snap.subscriptionId,
      customerId: snap.customerId,
      productId: product.id,
      status: snap.status,
      cancelAtPeriodEnd: snap.cancelAtPeriodEnd,
      currentPeriodStart: snap.currentPeriodStart,
      currentPeriodEnd: snap.currentPeriodEnd,
      currency: snap.currency,
      discountRate: snap.discountRate,
      dateCreated: snap.created,
    });
    const duplicateOf = await duplicateCheck(tx, previous, saved);
    if (duplicateOf) saved = { ...saved, duplicateOf };
    return { row: saved, creditsEnded: (await endEndedPeriods(tx, previous, saved)) > 0 };
  });
  if (creditsEnded) await publishCreditsChanged(deps, row.userId);
  deps.realtime.toUser(row.userId, 'subscription:changed', { subscriptionId: row.subscriptionId, status: row.status });
  // A duplicate ends at once; tried again on every sync until the provider says it has ended.
  if (row.duplicateOf && !ENDED.includes(row.status) && deps.gateway?.mode === mode) {
    const snapshot = await deps.gateway.cancelNow(row);
    return syncSubscription(deps, mode, row.subscriptionId, async () => snapshot);
  }
  return row;
}

const LIVE: readonly SubscriptionRow['status'][] = ['active', 'trialing', 'past_due'];

/**
 * "Already subscribed" is checked when a checkout starts, but two checkouts opened before either
 * was paid both end in a subscription. The one that becomes live second (under the user's lock,
 * so exactly one of two sees the other) is the duplicate: it is marked here, with an audit row,
 * cancelled at once by the caller and its payments refunded (applyInvoice) — never credited.
 * Returns the id of the subscription it duplicates, when it was marked just now.
 */
async function duplicateCheck(tx: Database, previous: SubscriptionRow | null, row: SubscriptionRow): Promise<string | null> {
  const becameLive = LIVE.includes(row.status) && !(previous && LIVE.includes(previous.status));
  if (!becameLive || row.duplicateOf) return null;
  const other = await findOtherLiveSubscription(tx, row.userId, row.appName, row.subscriptionId);
  if (!other) return null;
  await updateSubscriptionFields(tx, row.subscriptionId, { duplicateOf: other.subscriptionId });
  await recordAudit(tx, {
    admin: SYSTEM_ACTOR,
    action: 'billing.subscription.duplicate',
    targetType: 'subscription',
    targetId: row.subscriptionId,
    before: { status: row.status },
    after: { userId: row.userId, duplicateOf: other.subscriptionId, resolution: 'cancel now and refund' },
    note: 'A second subscription became active while the user already had one (two checkouts paid).',
  });
  return other.subscriptionId;
}

const ENDED: readonly SubscriptionRow['status'][] = ['canceled', 'incomplete_expired'];

/**
 * A period's credits last until that period ends. Grants carry the period end they were made
 * for, but a period can end sooner: a renewal starts the next one (on the test clock, or after a
 * change of billing interval) and a subscription can end before its period does (cancelled at
 * once). Then the earlier periods' grants end when the new period starts, or all of the
 * subscription's grants when it ended — so periods never stack and nothing outlives the plan.
 */
async function endEndedPeriods(tx: Database, previous: SubscriptionRow | null, row: SubscriptionRow): Promise<number> {
  const now = new Date();
  if (ENDED.includes(row.status) && (!previous || !ENDED.includes(previous.status))) {
    const end = row.currentPeriodEnd && row.currentPeriodEnd < now ? row.currentPeriodEnd : now;
    const invoices = await paidInvoiceIdsOf(tx, row.subscriptionId);
    return endGrantsEarly(tx, { sourceKind: 'subscription', sourceIds: invoices.map((id) => `invoice:${id}`), at: end });
  }
  const started = row.currentPeriodStart;
  if (previous?.currentPeriodStart && started && started > previous.currentPeriodStart) {
    const invoices = await paidInvoiceIdsOf(tx, row.subscriptionId, started);
    return endGrantsEarly(tx, { sourceKind: 'subscription', sourceIds: invoices.map((id) => `invoice:${id}`), at: started });
  }
  return 0;
}

/** The `api_credits` a product grants per period (catalogue usageList), 0 without any. */
function apiAllowance(product: CatalogueProduct | null): number {
  return product?.usageList.find((u) => u.usageType === 'api_credits')?.usageCount ?? 0;
}

/**
 * Records an invoice. Paid: grants the period's credits once, writes the §3 ecommerce record,
 * and on a user's first paid subscription rewards the friend who invited them. The
 * subscription must have been synced first (else ForeignBillingObjectError).
 */
export async function applyInvoice(deps: BillingDeps, mode: 'stripe' | 'test', inv: ProviderInvoice): Promise<{ granted: number }> {
  const owner = await findSubscription(deps.db, inv.subscriptionId);
  if (owner?.duplicateOf && inv.paid) return refundDuplicate(deps, owner, inv);
  const result = await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    await lockSubscriptionKey(tx, inv.subscriptionId);
    const sub = await findSubscription(tx, inv.subscriptionId);
    if (!sub) throw new ForeignBillingObjectError(`billing: invoice ${inv.id} for unknown subscription ${inv.subscriptionId}`);
    const product = (inv.priceId ? await findProduct(tx, { priceId: inv.priceId }) : null) ?? (await findProduct(tx, { id: sub.productId }));
    if (!product) throw new ForeignBillingObjectError(`billing: invoice ${inv.id} for an unknown product`);
    await saveInvoice(tx, {
      id: inv.id,
      userId: sub.userId,
      subscriptionId: sub.subscriptionId,
      productId: product.id,
      status: inv.paid ? 'paid' : 'failed',
      billingReason: inv.billingReason,
      amount: inv.amount,
      currency: inv.currency,
      periodStart: inv.periodStart,
      periodEnd: inv.periodEnd,
    });
    if (!inv.paid) return { userId: sub.userId, granted: 0, inviter: null };

    // A proration line covers "now until period end"; the period it tops up is the subscription's.
    const upgrade = inv.billingReason === 'subscription_update';
    const periodStart = upgrade ? sub.currentPeriodStart : (inv.periodStart ?? sub.currentPeriodStart);
    const expiresAt = upgrade ? sub.currentPeriodEnd : (inv.periodEnd ?? sub.currentPeriodEnd);
    const samePeriod = sub.creditedPeriodStart !== null && periodStart !== null && sub.creditedPeriodStart.getTime() === periodStart.getTime();
    const already = samePeriod && sub.creditedProductId ? await findProduct(tx, { id: sub.creditedProductId }) : null;
    // An upgrade tops the period up to the new plan's credits; a new period grants them all.
    const amount = upgrade ? product.usageCount - (already?.usageCount ?? 0) : product.usageCount;
    let granted = 0;
    if (amount > 0) {
      const grant = await grantCredits(tx, {
        userId: sub.userId,
        sourceKind: 'subscription',
        sourceId: `invoice:${inv.id}`,
        amount,
        expiresAt,
        // The plan's key, not the product's catalogue name: the history names the plan as the cards do.
        note: planGrantNote(product.plan),
      });
      if (grant.granted) {
        granted = amount;
        await updateSubscriptionFields(tx, sub.subscriptionId, { creditedProductId: product.id, creditedPeriodStart: periodStart });
      }
    }
    // The plan's monthly API allowance (issue 19: the catalogue's `api_credits` usage), granted
    // with the same period and once per invoice like the credits; an upgrade tops it up too.
    const apiAmount = apiAllowance(product) - (upgrade ? apiAllowance(already) : 0);
    if (apiAmount > 0) {
      await grantCredits(tx, {
        userId: sub.userId,
        usageType: 'api_credits',
        sourceKind: 'subscription',
        sourceId: `invoice:${inv.id}:api_credits`,
        amount: apiAmount,
        expiresAt,
        note: planGrantNote(product.plan),
      });
    }
    await insertPurchaseRecord(tx, inv.id, sub.userId, ecommerceRecord(inv, product, mode));
    const first = (await countPaidInvoices(tx, sub.userId)) === 1;
    const inviter = first ? await rewardInviterOnSubscribe(tx, sub.userId) : null;
    return { userId: sub.userId, granted, inviter };
  });
  if (result.granted > 0) await publishCreditsChanged(deps, result.userId);
  if (result.inviter) {
    await publishCreditsChanged(deps, result.inviter.userId);
    deps.realtime.toUser(result.inviter.userId, 'reward:notice', { kind: 'inviteFriendSubscribed', credits: result.inviter.credits });
  }
  deps.realtime.toUser(result.userId, 'subscription:changed', { subscriptionId: inv.subscriptionId, status: inv.paid ? 'paid' : 'payment_failed' });
  return { granted: result.granted };
}

/**
 * A duplicate subscription's paid invoice: refunded at the provider (idempotent there), then
 * recorded as refunded with an audit row — no credits, no purchase record, no invite reward.
 */
async function refundDuplicate(deps: BillingDeps, sub: SubscriptionRow, inv: ProviderInvoice): Promise<{ granted: number }> {
  if ((await findInvoiceStatus(deps.db, inv.id)) === 'refunded') return { granted: 0 };
  await requireGateway(deps).refundInvoice(inv.id, 'duplicate');
  await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    await lockSubscriptionKey(tx, inv.subscriptionId);
    if ((await findInvoiceStatus(tx, inv.id)) === 'refunded') return;
    const product = (inv.priceId ? await findProduct(tx, { priceId: inv.priceId }) : null) ?? (await findProduct(tx, { id: sub.productId }));
    await saveInvoice(tx, {
      id: inv.id,
      userId: sub.userId,
      subscriptionId: sub.subscriptionId,
      productId: product?.id ?? sub.productId,
      status: 'refunded',
      billingReason: inv.billingReason,
      amount: inv.amount,
      currency: inv.currency,
      periodStart: inv.periodStart,
      periodEnd: inv.periodEnd,
    });
    await recordAudit(tx, {
      admin: SYSTEM_ACTOR,
      action: 'billing.invoice.refund',
      targetType: 'invoice',
      targetId: inv.id,
      before: { status: 'paid' },
      after: { status: 'refunded', amount: inv.amount, currency: inv.currency, subscriptionId: sub.subscriptionId, duplicateOf: sub.duplicateOf },
      note: 'Refunded: the payment of a duplicate subscription.',
    });
  });
  deps.realtime.toUser(sub.userId, 'subscription:changed', { subscriptionId: sub.subscriptionId, status: 'refunded' });
  return { granted: 0 };
}

/** §3 ecommerce record for a paid invoice. */
export function ecommerceRecord(inv: ProviderInvoice, product: CatalogueProduct, mode: 'stripe' | 'test') {
  const value = toMajor(inv.amount, inv.currency);
  return {
    currency: inv.currency.toUpperCase(),
    transaction_id: inv.id,
    app_name: APP_NAME,
    value,
    renewal: inv.billingReason === 'subscription_cycle',
    items: [
      {
        item_id: product.priceId,
        item_name: product.productName,
        quantity: 1,
        price: value,
        iso: inv.currency.toUpperCase(),
        item_category: APP_NAME,
        item_category2: product.period === 'yearly' ? 'Annually' : 'Monthly',
      },
    ],
    payment_platform: mode === 'stripe' ? 'Stripe' : 'Test checkout',
  };
}

/** Purchases not yet pushed to the studio's data layer (each is handed out once). */
export function takePurchases(deps: BillingDeps, userId: string): Promise<unknown[]> {
  return takeUnreportedPurchases(deps.db, userId);
}
