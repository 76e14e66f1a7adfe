/**
 * §2 plan-card display states — start, current, upgrade, disabled — decided in one pure rule so
 * the pricing page, the subscription popup and their tests agree.
 */
import { canUpgrade, PLAN_KEY_OF_TYPE, type PlanKey, planRank, productTypeFromName, type SubLog } from '@tessera/shared/plans';

export type PlanCardState = 'start' | 'current' | 'upgrade' | 'disabled';
export type BillingPeriod = 'monthly' | 'yearly';

/** The plan the visitor holds now, as far as the cards care. */
export interface HeldPlan {
  plan: PlanKey;
  period: BillingPeriod;
  /** §4 canUpgrade for this subscription. */
  canUpgrade: boolean;
}

export interface PlanCardContext {
  signedIn: boolean;
  /** The deployment takes payments (catalogue.paymentsEnabled). */
  paymentsEnabled: boolean;
  /** §3 expirePayment: a failed payment waits to be settled, so nothing new can be bought. */
  expirePayment: boolean;
  /** The active (or payment-failing) plan; null for free users and visitors. */
  held: HeldPlan | null;
}

/** Whether moving from `from` to `to` is an upgrade: a higher plan, or the same plan monthly → yearly (§4). */
export function isHigher(from: { plan: PlanKey; period: BillingPeriod }, to: { plan: PlanKey; period: BillingPeriod }): boolean {
  return planRank(to.plan) > planRank(from.plan) || (to.plan === from.plan && from.period === 'monthly' && to.period === 'yearly');
}

export function planCardState(card: { plan: PlanKey; period: BillingPeriod }, ctx: PlanCardContext): PlanCardState {
  const { held } = ctx;
  if (card.plan === 'FREE') {
    // Everyone without a paid plan is on Free; a visitor is invited to start with it.
    if (held) return 'disabled';
    return ctx.signedIn ? 'current' : 'start';
  }
  if (!held) {
    // Visitors are asked to sign up first, whatever the deployment can sell.
    if (!ctx.signedIn) return 'start';
    return ctx.paymentsEnabled && !ctx.expirePayment ? 'start' : 'disabled';
  }
  if (held.plan === card.plan && held.period === card.period) return 'current';
  if (ctx.paymentsEnabled && !ctx.expirePayment && held.canUpgrade && isHigher(held, card)) return 'upgrade';
  return 'disabled';
}

/**
 * The held plan from the subscription log: the current plan while it is live or waiting for a
 * failed payment; its plan and period from the catalogue product with the same price id, else
 * from the product name and duration.
 */
export function heldPlanOf(
  log: Pick<SubLog, 'currentPlan' | 'isActiveSub' | 'expirePayment' | 'paymentPlatform'> | null | undefined,
  products: readonly { priceId: string; plan: PlanKey; period: BillingPeriod }[],
): HeldPlan | null {
  const current = log?.currentPlan;
  if (!log || !current || !(log.isActiveSub || current.status === 'past_due')) return null;
  const product = current.subProductRelation[0];
  if (!product) return null;
  const listed = products.find((p) => p.priceId === product.priceId);
  const plan = listed?.plan ?? PLAN_KEY_OF_TYPE[productTypeFromName(product.productName, 'pro')];
  const period = listed?.period ?? (product.duration >= 12 ? 'yearly' : 'monthly');
  return { plan, period, canUpgrade: canUpgrade(current, log.paymentPlatform) };
}
