import type { SubLog, SubscriptionPlan } from '@tessera/shared/plans';
import { describe, expect, it } from 'vitest';
import { heldPlanOf, type PlanCardContext, planCardState } from './planCardState.ts';

const free: PlanCardContext = { signedIn: true, paymentsEnabled: true, expirePayment: false, held: null };
const proMonthly: PlanCardContext = { ...free, held: { plan: 'PRO', period: 'monthly', canUpgrade: true } };

describe('planCardState', () => {
  it('offers every paid plan to a signed-in free user, and marks Free as theirs', () => {
    expect(planCardState({ plan: 'PRO', period: 'monthly' }, free)).toBe('start');
    expect(planCardState({ plan: 'ULTIMATE', period: 'yearly' }, free)).toBe('start');
    expect(planCardState({ plan: 'FREE', period: 'monthly' }, free)).toBe('current');
  });

  it('invites visitors to start (sign up) on every card', () => {
    const visitor = { ...free, signedIn: false };
    expect(planCardState({ plan: 'BASIC', period: 'monthly' }, visitor)).toBe('start');
    expect(planCardState({ plan: 'FREE', period: 'monthly' }, visitor)).toBe('start');
  });

  it('disables buying when payments are off or a failed payment waits', () => {
    expect(planCardState({ plan: 'PRO', period: 'monthly' }, { ...free, paymentsEnabled: false })).toBe('disabled');
    expect(planCardState({ plan: 'PRO', period: 'monthly' }, { ...free, expirePayment: true })).toBe('disabled');
  });

  it('marks the held plan and period current, higher plans and monthly → yearly upgrades, lower ones disabled', () => {
    expect(planCardState({ plan: 'PRO', period: 'monthly' }, proMonthly)).toBe('current');
    expect(planCardState({ plan: 'PRO', period: 'yearly' }, proMonthly)).toBe('upgrade');
    expect(planCardState({ plan: 'UNLIMITED', period: 'monthly' }, proMonthly)).toBe('upgrade');
    expect(planCardState({ plan: 'ULTIMATE', period: 'yearly' }, proMonthly)).toBe('upgrade');
    expect(planCardState({ plan: 'BASIC', period: 'yearly' }, proMonthly)).toBe('disabled');
    expect(planCardState({ plan: 'FREE', period: 'monthly' }, proMonthly)).toBe('disabled');
  });

  it('never moves a yearly plan back to monthly, even on a higher plan of the same rank', () => {
    const proYearly: PlanCardContext = { ...free, held: { plan: 'PRO', period: 'yearly', canUpgrade: true } };
    expect(planCardState({ plan: 'PRO', period: 'monthly' }, proYearly)).toBe('disabled');
    expect(planCardState({ plan: 'UNLIMITED', period: 'monthly' }, proYearly)).toBe('upgrade');
  });

  it('disables upgrades when the subscription cannot upgrade (set to cancel, past due) or payments are off', () => {
    const canceling: PlanCardContext = { ...free, held: { plan: 'PRO', period: 'monthly', canUpgrade: false } };
    expect(planCardState({ plan: 'ULTIMATE', period: 'monthly' }, canceling)).toBe('disabled');
    expect(planCardState({ plan: 'PRO', period: 'monthly' }, canceling)).toBe('current');
    expect(planCardState({ plan: 'ULTIMATE', period: 'monthly' }, { ...proMonthly, paymentsEnabled: false })).toBe('disabled');
  });
});

describe('heldPlanOf', () => {
  const platform = { platformName: 'Stripe', enable: true, visible: true };
  const plan = (over: Partial<SubscriptionPlan> = {}): SubscriptionPlan => ({
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2030-01-01T00:00:00.000Z',
    currency: 'usd',
    discountRate: 0,
    customSub: 0,
    appName: 'tessera',
    dateCreated: '2029-12-01T00:00:00.000Z',
    subProductRelation: [{ productName: 'Tessera Pro Monthly', priceId: 'price_pro_m', price: 2999, moreCurrency: {}, usageCount: 1000, duration: 1, usageList: [] }],
    ...over,
  });
  const log = (current: SubscriptionPlan | null, isActiveSub = true): Pick<SubLog, 'currentPlan' | 'isActiveSub' | 'expirePayment' | 'paymentPlatform'> => ({
    currentPlan: current,
    isActiveSub,
    expirePayment: current?.status === 'past_due',
    paymentPlatform: platform,
  });

  it('reads plan and period from the catalogue product with the same price id', () => {
    expect(heldPlanOf(log(plan()), [{ priceId: 'price_pro_m', plan: 'PRO', period: 'monthly' }])).toEqual({ plan: 'PRO', period: 'monthly', canUpgrade: true });
  });

  it('falls back to the product name and duration', () => {
    const yearly = plan({ subProductRelation: [{ ...plan().subProductRelation[0]!, productName: 'Tessera Plus Yearly', priceId: 'x', duration: 12 }] });
    expect(heldPlanOf(log(yearly), [])).toEqual({ plan: 'ULTIMATE', period: 'yearly', canUpgrade: true });
  });

  it('holds nothing without a live plan; a past-due plan is still held but cannot upgrade', () => {
    expect(heldPlanOf(log(null, false), [])).toBeNull();
    expect(heldPlanOf(log(plan({ status: 'canceled' }), false), [])).toBeNull();
    expect(heldPlanOf(log(plan({ status: 'past_due' }), false), [])?.canUpgrade).toBe(false);
    expect(heldPlanOf(log(plan({ cancelAtPeriodEnd: true })), [])?.canUpgrade).toBe(false);
  });
});
