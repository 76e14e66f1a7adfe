import { describe, expect, it } from 'vitest';
import {
  type PaymentPlatform,
  type Product,
  type SubscriptionPlan,
  type SubscriptionStatus,
  canSubCreate,
  creditsProductType,
  isPaidPlan,
  isPaidUser,
  planAbilities,
  planGrantNote,
  planKeyOfProductName,
  planOfGrantNote,
  productTypeFromName,
} from './plans.ts';

const stripe: PaymentPlatform = { platformName: 'Stripe', enable: true, visible: true };
const stripeOff: PaymentPlatform = { ...stripe, enable: false };
const paypal: PaymentPlatform = { platformName: 'Paypal', enable: true, visible: true };

const product = (productName: string): Product => ({
  productName,
  priceId: 'price_1',
  price: 999,
  moreCurrency: {},
  usageCount: 300,
  duration: 1,
  usageList: [{ usageType: 'credits', usageCount: 300 }],
});

const plan = (status: SubscriptionStatus, cancelAtPeriodEnd = false, customSub = 0, name = 'Tessera Pro Monthly'): SubscriptionPlan => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  status,
  cancelAtPeriodEnd,
  currentPeriodEnd: '2030-01-01T00:00:00.000Z',
  currency: 'usd',
  discountRate: 0,
  customSub,
  appName: 'tessera',
  dateCreated: '2026-01-01T00:00:00.000Z',
  subProductRelation: [product(name)],
});

describe('productTypeFromName (§5)', () => {
  it.each([
    ['Tessera Lite Monthly', undefined, 'basic'],
    ['Tessera Pro Yearly', undefined, 'pro'],
    ['Tessera Unlimited Monthly', undefined, 'unlimited'],
    ['Tessera Plus Yearly', undefined, 'ultimate'],
    ['Tessera Free', undefined, 'free'],
    [null, undefined, 'free'],
    ['Tessera Free', 'basic', 'pro'],
    ['Tessera Free', 'free', 'free'],
    ['Tessera Lite', 'ultimate', 'basic'],
    ['Product catalogue', undefined, 'free'],
  ] as const)('%s (wanted %s) → %s', (name, wanted, expected) => {
    expect(productTypeFromName(name, wanted)).toBe(expected);
  });
});

describe('one name per plan', () => {
  it('reads the plan of every catalogue product from its name', () => {
    expect(['Tessera Free', 'Tessera Lite Monthly', 'Tessera Pro Yearly', 'Tessera Unlimited Monthly', 'Tessera Plus Yearly'].map(planKeyOfProductName)).toEqual([
      'FREE',
      'BASIC',
      'PRO',
      'UNLIMITED',
      'ULTIMATE',
    ]);
  });

  it('names the plan in a grant note, and reads it back from new and earlier notes', () => {
    expect(planGrantNote('BASIC')).toBe('Plan: BASIC');
    expect(planOfGrantNote(planGrantNote('ULTIMATE'))).toBe('ULTIMATE');
    expect(planOfGrantNote('Tessera Lite Monthly')).toBe('BASIC');
    expect(planOfGrantNote('Plan: NOPE')).toBeNull();
    expect(planOfGrantNote('Daily check-in')).toBeNull();
  });
});

describe('subscription abilities (§4)', () => {
  // [label, plan, platform, cancelled, activeAfterCancel, canceledExpired, canCancel, canUpgrade, canReactivate, canChangePayment]
  const rows: [string, SubscriptionPlan, PaymentPlatform, boolean, boolean, boolean, boolean, boolean, boolean, boolean][] = [
    ['active', plan('active'), stripe, false, false, false, true, true, false, true],
    ['trialing', plan('trialing'), stripe, false, false, false, true, true, false, true],
    ['active, cancel at period end', plan('active', true), stripe, true, true, false, false, false, true, true],
    ['canceled', plan('canceled'), stripe, true, false, true, false, true, false, true],
    ['canceled after a pending cancel', plan('canceled', true), stripe, true, false, true, false, true, false, true],
    ['past due', plan('past_due'), stripe, false, false, false, false, false, false, true],
    ['unpaid', plan('unpaid'), stripe, false, false, false, false, true, false, true],
    ['paused', plan('paused'), stripe, false, false, false, false, true, false, true],
    ['incomplete', plan('incomplete'), stripe, false, false, false, false, true, false, true],
    ['incomplete_expired', plan('incomplete_expired'), stripe, false, false, false, false, true, false, true],
    ['group user (customSub 4)', plan('active', false, 4), stripe, false, false, false, false, true, false, false],
    ['abnormal user (customSub 2)', plan('active', false, 2), stripe, false, false, false, false, true, false, false],
    ['platform disabled', plan('active'), stripeOff, false, false, false, false, false, false, true],
    ['disabled, pending cancel', plan('active', true), stripeOff, true, true, false, false, false, false, true],
    ['PayPal', plan('active'), paypal, false, false, false, true, true, false, false],
    ['free product', plan('active', false, 0, 'Tessera Free'), stripe, false, false, false, true, true, false, false],
  ];
  it.each(rows)('%s', (_label, p, platform, cancelled, activeAfterCancel, canceledExpired, canCancel, canUpgrade, canReactivate, canChangePayment) => {
    expect(planAbilities(p, platform)).toEqual({
      cancelled,
      activeAfterCancel,
      canceledExpired,
      canCancel,
      canUpgrade,
      canReactivate,
      canChangePayment,
    });
  });

  it.each([
    [true, false, stripe, true],
    [false, false, stripe, false],
    [true, true, stripe, false],
    [true, false, stripeOff, false],
    [true, false, paypal, false],
    [true, false, { platformName: 'Payinsider', enable: true, visible: true }, false],
  ] as const)('canSubCreate(signedIn %s, expirePayment %s, %o) → %s', (signedIn, expirePayment, platform, expected) => {
    expect(canSubCreate({ signedIn, expirePayment, platform })).toBe(expected);
  });
});

describe('paid plan, paid user, credits product type (§4)', () => {
  it('a plan is paid when some product name lacks "Free"', () => {
    expect(isPaidPlan(plan('active'))).toBe(true);
    expect(isPaidPlan(plan('active', false, 0, 'Tessera Free'))).toBe(false);
    expect(isPaidPlan({ subProductRelation: [] })).toBe(false);
  });

  it('a user is paid while any period end lies ahead', () => {
    const now = new Date('2029-06-01T00:00:00Z');
    expect(isPaidUser([plan('canceled')], now)).toBe(true);
    expect(isPaidUser([{ currentPeriodEnd: '2029-05-31T23:59:59Z' }, { currentPeriodEnd: null }], now)).toBe(false);
    expect(isPaidUser([], now)).toBe(false);
  });

  it('credits product type defaults to free and marks the unlimited variants', () => {
    expect(creditsProductType(null)).toEqual({ type: 'free', unlimited: false });
    expect(creditsProductType(plan('active'))).toEqual({ type: 'pro', unlimited: false });
    expect(creditsProductType(plan('active', false, 0, 'Tessera Unlimited Yearly'))).toEqual({ type: 'unlimited', unlimited: true });
    expect(creditsProductType(plan('active', false, 0, 'Tessera Plus Monthly'))).toEqual({ type: 'ultimate', unlimited: true });
    const noCredits = { subProductRelation: [{ ...product('Tessera Pro'), usageList: [{ usageType: 'api_credits', usageCount: 5 }] }] };
    expect(creditsProductType(noCredits)).toEqual({ type: 'free', unlimited: false });
  });
});
