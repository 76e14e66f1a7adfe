/**
 * Plans and subscriptions as both sides see them (spec §1, §3, §4, §5): plan keys and tiers,
 * product type from a product name, the §3 shapes of subLog.getSubLog, and the §4 abilities
 * (cancel, upgrade, reactivate, subscribe, change payment) as pure functions.
 *
 * What each plan costs and grants is seed data (db/seed/catalogue.json), not code.
 */

export const PLAN_KEYS = ['FREE', 'BASIC', 'PRO', 'UNLIMITED', 'ULTIMATE'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

/** §1 product types; the keyword in a product name decides the type (§5). */
export const PRODUCT_TYPES = ['free', 'basic', 'pro', 'unlimited', 'ultimate'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** §1 plan keywords: what product names contain. */
export const PLAN_KEYWORDS: Record<PlanKey, string> = { FREE: 'free', BASIC: 'lite', PRO: 'pro', UNLIMITED: 'unlimited', ULTIMATE: 'plus' };

export const PLAN_KEY_OF_TYPE: Record<ProductType, PlanKey> = {
  free: 'FREE',
  basic: 'BASIC',
  pro: 'PRO',
  unlimited: 'UNLIMITED',
  ultimate: 'ULTIMATE',
};

/** §1 coarse tiers. */
export type CoarseTier = 'free' | 'premium';
export const coarseTierOf = (plan: PlanKey): CoarseTier => (plan === 'FREE' ? 'free' : 'premium');

/** Plan order for upgrades: a plan may move only to a later one. */
export const planRank = (plan: PlanKey): number => PLAN_KEYS.indexOf(plan);

/**
 * §5 product type from name: lite → basic, pro → pro, unlimited → unlimited, plus → ultimate,
 * else free; a free result becomes pro when a paid type is wanted. "unlimited" and "plus" are
 * tested before "pro" so that "Pro Plus" reads as ultimate (the higher plan named).
 */
export function productTypeFromName(name: string | null | undefined, wanted?: ProductType): ProductType {
  const n = (name ?? '').toLowerCase();
  let type: ProductType = 'free';
  if (/\bunlimited\b/.test(n)) type = 'unlimited';
  else if (/\bplus\b/.test(n)) type = 'ultimate';
  else if (/\bpro\b/.test(n)) type = 'pro';
  else if (/\blite\b/.test(n)) type = 'basic';
  if (type === 'free' && wanted && wanted !== 'free') return 'pro';
  return type;
}

/**
 * The plan a product belongs to, read from its name (§5). Product names are catalogue ids
 * ("Tessera Lite Monthly"); every screen names a plan by this key's one name (Basic, Pro …).
 */
export const planKeyOfProductName = (name: string | null | undefined): PlanKey => PLAN_KEY_OF_TYPE[productTypeFromName(name)];

const GRANT_NOTE_PREFIX = 'Plan: ';

/** The ledger note of a subscription's credit grant: the plan's key, which the studio shows by its name. */
export const planGrantNote = (plan: PlanKey): string => `${GRANT_NOTE_PREFIX}${plan}`;

/** The plan a grant note names (`Plan: PRO`, or a product name from before such notes), or null. */
export function planOfGrantNote(note: string): PlanKey | null {
  if (note.startsWith(GRANT_NOTE_PREFIX)) {
    const key = note.slice(GRANT_NOTE_PREFIX.length);
    return (PLAN_KEYS as readonly string[]).includes(key) ? (key as PlanKey) : null;
  }
  return /^Tessera\s/.test(note) ? planKeyOfProductName(note) : null;
}

/** §4 subscription statuses (Stripe's). */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'paused', 'trialing', 'incomplete', 'incomplete_expired', 'unpaid', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** §3 customSub: 0 normal, 4 group user, anything else abnormal. */
export const CUSTOM_SUB_NORMAL = 0;
export const CUSTOM_SUB_GROUP = 4;

/** §3 usage record inside a product. */
export interface UsageListItem {
  usageType: string;
  usageCount: number;
}

/** §3 Product (productsSub). price is in USD minor units; moreCurrency maps lowercase code → price. */
export interface Product {
  productName: string;
  priceId: string;
  price: number;
  moreCurrency: Record<string, number>;
  usageCount: number;
  /** Months; default 12. */
  duration: number;
  usageList: UsageListItem[];
}

/** A product as the catalogue lists it: §3 Product plus what the pricing page needs. */
export interface CatalogueProduct extends Product {
  id: string;
  plan: PlanKey;
  period: 'monthly' | 'yearly';
}

/** What a plan entitles to (seed data; shown on plan cards and enforced by the server). */
export interface PlanFeatures {
  key: PlanKey;
  tier: CoarseTier;
  parallelTasks: number;
  watermark: boolean;
  proFeatures: boolean;
  /** Image generation costs no credits (in a slower queue for UNLIMITED). */
  unmeteredImages: boolean;
  /** Seconds an unmetered task waits behind metered ones in the queue (0 = no wait). */
  queueDelaySeconds: number;
  /** Developer API requests per minute per key (issue 19); its parallel tasks are parallelTasks. */
  apiRequestsPerMinute: number;
}

/** §3 Plan: one subscription. Dates are ISO strings. */
export interface SubscriptionPlan {
  subscriptionId: string;
  customerId: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  currency: string;
  /** Percent. */
  discountRate: number;
  customSub: number;
  appName: string;
  dateCreated: string;
  subProductRelation: Product[];
}

/** §3 paymentPlatform. */
export interface PaymentPlatform {
  platformName: string;
  enable: boolean;
  visible: boolean;
}

/** §3 subscription log (subLog.getSubLog). */
export interface SubLog {
  isSub: boolean;
  currentPlan: SubscriptionPlan | null;
  otherPlan: SubscriptionPlan[];
  isActiveSub: boolean;
  freePlan: Product[];
  expirePayment: boolean;
  paymentPlatform: PaymentPlatform;
}


/** The card provider (§4 canSubCreate) and the other named platform it must not be. */
export const CARD_PROVIDER: string = 'Stripe';
export const REGIONAL_PROVIDER: string = 'Payinsider';

type PlanLike = Pick<SubscriptionPlan, 'status' | 'cancelAtPeriodEnd' | 'customSub'>;

const isActiveStatus = (s: SubscriptionStatus) => s === 'active' || s === 'trialing';

/** §4 cancelled: status canceled or set to cancel at period end. */
export const isCancelled = (p: PlanLike): boolean => p.status === 'canceled' || p.cancelAtPeriodEnd;

/** §4 active package after cancel: set to cancel at period end but still active. */
export const isActiveAfterCancel = (p: PlanLike): boolean => p.cancelAtPeriodEnd && isActiveStatus(p.status);

/** §4 canceled-expired: set to cancel and no longer active. */
export const isCanceledExpired = (p: PlanLike): boolean => isCancelled(p) && !isActiveStatus(p.status);

const isNormal = (p: PlanLike) => p.customSub === CUSTOM_SUB_NORMAL;

/** §4 canCancel: normal user, no pending cancel, active or trialing, platform enabled. */
export const canCancel = (p: PlanLike, platform: PaymentPlatform): boolean =>
  isNormal(p) && !p.cancelAtPeriodEnd && isActiveStatus(p.status) && platform.enable;

/** §4 canUpgrade: not past due, not cancelled-but-active, platform enabled. */
export const canUpgrade = (p: PlanLike, platform: PaymentPlatform): boolean =>
  p.status !== 'past_due' && !isActiveAfterCancel(p) && platform.enable;

/** §4 canReactivate: cancelled-but-active, platform enabled. */
export const canReactivate = (p: PlanLike, platform: PaymentPlatform): boolean => isActiveAfterCancel(p) && platform.enable;

/** §4 canSubCreate: signed in, no expired payment, platform enabled, the card provider and not the regional one. */
export const canSubCreate = (v: { signedIn: boolean; expirePayment: boolean; platform: PaymentPlatform }): boolean =>
  v.signedIn &&
  !v.expirePayment &&
  v.platform.enable &&
  v.platform.platformName === CARD_PROVIDER &&
  v.platform.platformName !== REGIONAL_PROVIDER;

/** §4 paid plan: some product name does not contain "Free". */
export const isPaidPlan = (p: Pick<SubscriptionPlan, 'subProductRelation'>): boolean =>
  p.subProductRelation.some((product) => !product.productName.includes('Free'));

/** §4 canChangePayment: paid plan, normal user, platform not PayPal. */
export const canChangePayment = (p: PlanLike & Pick<SubscriptionPlan, 'subProductRelation'>, platform: PaymentPlatform): boolean =>
  isPaidPlan(p) && isNormal(p) && platform.platformName.toLowerCase() !== 'paypal';

/** §4 paid user: any plan whose currentPeriodEnd is in the future. */
export const isPaidUser = (plans: readonly Pick<SubscriptionPlan, 'currentPeriodEnd'>[], now: Date = new Date()): boolean =>
  plans.some((p) => p.currentPeriodEnd !== null && Date.parse(p.currentPeriodEnd) > now.getTime());

/**
 * §4 credits product type: the type of the product that grants credits, default free; an
 * unlimited variant when that product is unlimited or ultimate (unmetered images).
 */
export function creditsProductType(plan: Pick<SubscriptionPlan, 'subProductRelation'> | null): { type: ProductType; unlimited: boolean } {
  const product = plan?.subProductRelation.find((p) => p.usageList.some((u) => u.usageType === 'credits'));
  const type = product ? productTypeFromName(product.productName) : 'free';
  return { type, unlimited: type === 'unlimited' || type === 'ultimate' };
}

/** What the account page may offer for a plan, all in one place. */
export function planAbilities(p: SubscriptionPlan, platform: PaymentPlatform) {
  return {
    cancelled: isCancelled(p),
    activeAfterCancel: isActiveAfterCancel(p),
    canceledExpired: isCanceledExpired(p),
    canCancel: canCancel(p, platform),
    canUpgrade: canUpgrade(p, platform),
    canReactivate: canReactivate(p, platform),
    canChangePayment: canChangePayment(p, platform),
  };
}

/** Cancel reasons offered in the cancel dialog (the `cancel_sub` event carries them). */
export const CANCEL_REASONS = ['too_expensive', 'not_using', 'missing_features', 'quality', 'technical_issues', 'switching', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** What cancelling asks for; the zod schema is zCancelSubscriptionInput in plans/schemas.ts. */
export interface CancelSubscriptionInput {
  subscriptionId: string;
  reasons: CancelReason[];
  comment?: string;
}
