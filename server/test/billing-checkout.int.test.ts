/**
 * The whole subscription lifecycle on the built-in test checkout (embedded default, no Stripe
 * keys): subscribe → credits → upgrade → cancel at period end → reactivate → renewal (test
 * clock) → failed renewal → past_due → card fixed → paid again → cancel → period end.
 */
import { randomUUID } from 'node:crypto';
import { adminAuditLog, billingInvoices } from '@tessera/db/schema';
import { planAbilities, type SubLog, type SubscriptionPlan } from '@tessera/shared/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureHold, holdCredits } from '../src/modules/credits/credits.service.ts';
import { buildTestApp, creditSummary, rpc, signUpTestUser, type TestApp, type TestUser } from './harness.ts';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  user = await signUpTestUser(t.app);
});
afterAll(() => t.close());

const subLog = async (): Promise<SubLog> => (await rpc(t.app, user.cookie, 'subLog.getSubLog', { appName: 'tessera' }, 'GET')).body.result.data;
const remaining = async () => (await creditSummary(t.app, user.cookie)).remaining;
/** The §3 `api_credits` usage record (issue 19): plans grant a monthly API allowance with their credits. */
const apiCredits = async () => {
  const list: { usageType: string; totalCount: number; useCount: number }[] = (await rpc(t.app, user.cookie, 'subUsage.getSubUsage', { appName: 'tessera' }, 'GET')).body.result.data.usageList;
  return list.find((u) => u.usageType === 'api_credits')?.totalCount;
};
const call = (path: string, input?: unknown) => rpc(t.app, user.cookie, path, input);
const platform = { platformName: 'Stripe', enable: true, visible: true };

describe('test checkout lifecycle', () => {
  let subscriptionId = '';
  /** Credits from outside subscriptions (sign-up, verified e-mail): they never expire. */
  let base = 0;

  it('starts free: no subscription, the free plan listed, the test platform enabled', async () => {
    const log = await subLog();
    expect(log).toMatchObject({ isSub: false, currentPlan: null, otherPlan: [], isActiveSub: false, expirePayment: false, paymentPlatform: platform });
    expect(log.freePlan.map((p) => p.productName)).toEqual(['Tessera Free']);
    const concurrency = (await rpc(t.app, user.cookie, 'task.concurrency', undefined, 'GET')).body.result.data;
    expect(concurrency).toMatchObject({ plan: 'FREE', limit: 2 });
  });

  it('prices the catalogue in the visitor currency', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/trpc/billing.catalogue?input=${encodeURIComponent(JSON.stringify({ currency: 'jpy' }))}`,
    });
    const data = res.json().result.data;
    expect(data.currency).toBe('jpy');
    expect(data.testMode).toBe(true);
    const pro = data.products.find((p: { id: string }) => p.id === 'pro_monthly');
    expect(pro.priceInfo).toMatchObject({ realCurrency: 'jpy', price: pro.moreCurrency.jpy, usd: { price: 29.99, realCurrency: 'usd' } });
    expect(data.plans.map((p: { key: string }) => p.key)).toEqual(['FREE', 'BASIC', 'PRO', 'UNLIMITED', 'ULTIMATE']);
  });

  it('a declined card leaves the session open and grants nothing; a good card subscribes and grants the credits once', async () => {
    const before = await remaining();
    base = before;
    expect(await apiCredits()).toBe(0);
    const checkout = await call('billing.checkout', { productId: 'pro_monthly', currency: 'eur' });
    expect(checkout.status).toBe(200);
    const url: string = checkout.body.result.data.url;
    expect(url).toMatch(/^\/test-checkout\/cs_test_/);
    const id = url.split('/').pop();

    const declined = await call('billing.testCheckout.pay', { id, card: 'decline' });
    expect(declined.status).toBe(400);
    expect(declined.body.error.message).toBe('Your card was declined. Please try another payment method.');
    expect((await rpc(t.app, user.cookie, 'billing.testCheckout.get', { id }, 'GET')).body.result.data.status).toBe('open');
    expect(await remaining()).toBe(before);

    // Two tabs pay at once: one subscription, one grant.
    const [a, b] = await Promise.all([call('billing.testCheckout.pay', { id, card: 'success' }), call('billing.testCheckout.pay', { id, card: 'success' })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.result.data.redirectUrl).toBe('http://127.0.0.1:3000/pricing?checkout=success'.replace('http://127.0.0.1:3000', t.config.publicUrl));
    expect(await remaining()).toBe(before + 1000);
    expect(await apiCredits()).toBe(1000);

    const log = await subLog();
    expect(log.isSub).toBe(true);
    expect(log.isActiveSub).toBe(true);
    expect(log.currentPlan).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, currency: 'eur', customSub: 0, appName: 'tessera' });
    expect(log.currentPlan?.subProductRelation[0]).toMatchObject({ productName: 'Tessera Pro Monthly', usageCount: 1000, duration: 1 });
    subscriptionId = log.currentPlan?.subscriptionId ?? '';
    expect((await rpc(t.app, user.cookie, 'task.concurrency', undefined, 'GET')).body.result.data).toMatchObject({ plan: 'PRO', limit: 4 });

    const purchases = (await call('billing.takePurchases')).body.result.data;
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      currency: 'EUR',
      app_name: 'tessera',
      renewal: false,
      value: 27.89,
      items: [{ item_name: 'Tessera Pro Monthly', quantity: 1, item_category2: 'Monthly', iso: 'EUR' }],
    });
    expect((await call('billing.takePurchases')).body.result.data).toEqual([]);
  });

  it('a second subscription is refused while one is active', async () => {
    const again = await call('billing.checkout', { productId: 'plus_monthly' });
    expect(again.status).toBe(409);
  });

  it('upgrades to a higher plan and tops the period up to its credits; never downgrades', async () => {
    const before = await remaining();
    const up = await call('billing.upgrade', { subscriptionId, productId: 'unlimited_monthly' });
    expect(up.status).toBe(200);
    expect(up.body.result.data.subProductRelation[0].productName).toBe('Tessera Unlimited Monthly');
    expect(await remaining()).toBe(before + 1000);
    // The API allowance is topped up the same way: Pro's 1,000 plus Unlimited's extra 1,000.
    expect(await apiCredits()).toBe(2000);
    const down = await call('billing.upgrade', { subscriptionId, productId: 'pro_monthly' });
    expect(down.status).toBe(412);
  });

  it('cancels at period end (still active, can reactivate), then reactivates', async () => {
    const cancel = await call('billing.cancel', { subscriptionId, reasons: ['too_expensive', 'other'], comment: 'testing' });
    expect(cancel.status).toBe(200);
    const plan: SubscriptionPlan = cancel.body.result.data;
    expect(plan).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(planAbilities(plan, platform)).toMatchObject({ activeAfterCancel: true, canReactivate: true, canCancel: false, canUpgrade: false });
    expect((await subLog()).isActiveSub).toBe(true);
    expect((await call('billing.cancel', { subscriptionId, reasons: ['other'] })).status).toBe(412);

    const back = await call('billing.reactivate', { subscriptionId });
    expect(back.status).toBe(200);
    expect(back.body.result.data).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('renews at period end (test clock): the next period replaces the ended one', async () => {
    expect(await remaining()).toBe(base + 2000);
    const renewed = await call('billing.testCheckout.advanceClock', { subscriptionId });
    expect(renewed.body.result.data.status).toBe('active');
    expect(await remaining()).toBe(base + 2000);
    const purchases = (await call('billing.takePurchases')).body.result.data;
    expect(purchases.map((p: { renewal: boolean }) => p.renewal)).toContain(true);
  });

  it('a failed renewal makes the plan past_due without credits; a working card settles it', async () => {
    await call('billing.testCheckout.setCard', { subscriptionId, card: 'decline' });
    expect((await rpc(t.app, user.cookie, 'billing.testCheckout.card', { subscriptionId }, 'GET')).body.result.data).toEqual({ card: 'decline' });
    const failed = await call('billing.testCheckout.advanceClock', { subscriptionId });
    expect(failed.body.result.data.status).toBe('past_due');
    // The ended period's credits are gone and the unpaid one brings none.
    expect(await remaining()).toBe(base);
    const log = await subLog();
    expect(log.expirePayment).toBe(true);
    expect(planAbilities(log.currentPlan as SubscriptionPlan, platform)).toMatchObject({ canUpgrade: false, canCancel: false });
    expect((await call('billing.checkout', { productId: 'lite_monthly' })).status).toBe(412);

    const fixed = await call('billing.testCheckout.setCard', { subscriptionId, card: 'success' });
    expect(fixed.body.result.data.status).toBe('active');
    expect(await remaining()).toBe(base + 2000);
    expect((await subLog()).expirePayment).toBe(false);
  });

  it('a cancelled plan ends at period end and the user is free again', async () => {
    await call('billing.cancel', { subscriptionId, reasons: ['not_using'] });
    const ended = await call('billing.testCheckout.advanceClock', { subscriptionId });
    expect(ended.body.result.data.status).toBe('canceled');
    expect(await remaining()).toBe(base);
    const log = await subLog();
    expect(log).toMatchObject({ isSub: true, isActiveSub: false });
    expect(log.currentPlan?.status).toBe('canceled');
    expect((await rpc(t.app, user.cookie, 'task.concurrency', undefined, 'GET')).body.result.data).toMatchObject({ plan: 'FREE', limit: 2 });
  });

  it('nobody else can see or touch the subscription', async () => {
    const other = await signUpTestUser(t.app);
    expect((await rpc(t.app, other.cookie, 'billing.reactivate', { subscriptionId })).status).toBe(404);
    expect((await rpc(t.app, other.cookie, 'billing.testCheckout.advanceClock', { subscriptionId })).status).toBe(404);
    expect((await rpc(t.app, null, 'subLog.getSubLog', { appName: 'tessera' }, 'GET')).status).toBe(401);
  });
});

describe('subscription credits last one period (test checkout)', () => {
  let buyer: TestUser;
  let subscriptionId = '';
  let base = 0;
  const as = (path: string, input?: unknown) => rpc(t.app, buyer.cookie, path, input);
  const left = async () => (await creditSummary(t.app, buyer.cookie)).remaining;

  beforeAll(async () => {
    buyer = await signUpTestUser(t.app);
    base = await left();
    expect(base).toBeGreaterThan(0);
    const url: string = (await as('billing.checkout', { productId: 'pro_monthly' })).body.result.data.url;
    await as('billing.testCheckout.pay', { id: url.split('/').pop(), card: 'success' });
    subscriptionId = (await rpc(t.app, buyer.cookie, 'subLog.getSubLog', { appName: 'tessera' }, 'GET')).body.result.data.currentPlan.subscriptionId;
  });

  it('spends the soonest-expiring credits first: the period’s, not the ones that never expire', async () => {
    expect(await left()).toBe(base + 1000);
    const taskId = randomUUID();
    await holdCredits(t.database.db, { userId: buyer.id, taskId, amount: 100, note: 'spend' });
    await captureHold(t.database.db, taskId);
    expect(await left()).toBe(base + 900);
  });

  it('a renewal replaces what is left of the ended period with the new period’s credits', async () => {
    expect((await as('billing.testCheckout.advanceClock', { subscriptionId })).body.result.data.status).toBe('active');
    expect(await left()).toBe(base + 1000);
    expect((await as('billing.testCheckout.advanceClock', { subscriptionId })).body.result.data.status).toBe('active');
    expect(await left()).toBe(base + 1000);
  });

  it('a cancelled subscription keeps its credits until the period ends, then they are gone', async () => {
    expect((await as('billing.cancel', { subscriptionId, reasons: ['not_using'] })).status).toBe(200);
    expect(await left()).toBe(base + 1000);
    expect((await as('billing.testCheckout.advanceClock', { subscriptionId })).body.result.data.status).toBe('canceled');
    expect(await left()).toBe(base);
    await expect(holdCredits(t.database.db, { userId: buyer.id, taskId: randomUUID(), amount: base + 1, note: 'late' })).rejects.toMatchObject({
      catalogueCode: 'NOT_ENOUGH_CREDITS',
    });
  });
});

describe('two checkouts opened before either was paid (test checkout)', () => {
  for (const how of ['one after the other', 'both at once'] as const) {
    it(`paid ${how}: one subscription stays, the other is cancelled and refunded, credits are granted once`, async () => {
      const buyer = await signUpTestUser(t.app);
      const as = (path: string, input?: unknown) => rpc(t.app, buyer.cookie, path, input);
      const base = (await creditSummary(t.app, buyer.cookie)).remaining;
      const open = async () => ((await as('billing.checkout', { productId: 'pro_monthly' })).body.result.data.url as string).split('/').pop();
      const [a, b] = [await open(), await open()];
      const pay = (id: string | undefined) => as('billing.testCheckout.pay', { id, card: 'success' });
      const paid = how === 'both at once' ? await Promise.all([pay(a), pay(b)]) : [await pay(a), await pay(b)];
      expect(paid.map((r) => r.status)).toEqual([200, 200]);

      const log: SubLog = (await rpc(t.app, buyer.cookie, 'subLog.getSubLog', { appName: 'tessera' }, 'GET')).body.result.data;
      expect(log.isActiveSub).toBe(true);
      expect(log.currentPlan?.status).toBe('active');
      expect(log.otherPlan.map((p) => p.status)).toEqual(['canceled']);
      expect((await creditSummary(t.app, buyer.cookie)).remaining).toBe(base + 1000);

      const duplicate = log.otherPlan[0]!.subscriptionId;
      const invoices = await t.database.db.select().from(billingInvoices).where(eq(billingInvoices.userId, buyer.id));
      expect(invoices.map((i) => [i.subscriptionId === duplicate, i.status]).sort()).toEqual([
        [false, 'paid'],
        [true, 'refunded'],
      ]);
      const audit = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, duplicate));
      expect(audit).toEqual([expect.objectContaining({ adminId: 'system-user', action: 'billing.subscription.duplicate' })]);
      // Paid in turn, the first payment keeps its subscription.
      if (how === 'one after the other') expect(log.currentPlan!.dateCreated <= log.otherPlan[0]!.dateCreated).toBe(true);
    });
  }
});
