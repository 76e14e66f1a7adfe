/**
 * The only place that queries plans, products, subscriptions, invoices and the test checkout
 * (db/src/schema/billing.ts). Functions take the db they are given, which may be a transaction.
 */
import type { Database } from '@tessera/db/connect';
import {
  billingCustomers,
  billingEvents,
  billingInvoices,
  billingProducts,
  planCatalogue,
  purchaseRecords,
  subscriptions,
  testCheckoutSessions,
  users,
} from '@tessera/db/schema';
import type { CatalogueProduct, PlanFeatures, PlanKey, SubscriptionStatus } from '@tessera/shared/plans';
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';

export type BillingMode = 'stripe' | 'test';

export async function listPlans(db: Database): Promise<PlanFeatures[]> {
  const rows = await db.select().from(planCatalogue).orderBy(asc(planCatalogue.sortOrder));
  return rows.map((r) => ({
    key: r.key as PlanKey,
    tier: r.tier === 'free' ? 'free' : 'premium',
    parallelTasks: r.parallelTasks,
    watermark: r.watermark,
    proFeatures: r.proFeatures,
    unmeteredImages: r.unmeteredImages,
    queueDelaySeconds: r.queueDelaySeconds,
    apiRequestsPerMinute: r.apiRequestsPerMinute,
  }));
}

function toProduct(r: typeof billingProducts.$inferSelect): CatalogueProduct {
  return {
    id: r.id,
    plan: r.planKey as PlanKey,
    period: r.period === 'yearly' ? 'yearly' : 'monthly',
    productName: r.productName,
    priceId: r.priceId,
    price: r.price,
    moreCurrency: r.moreCurrency,
    usageCount: r.usageCount,
    duration: r.duration,
    usageList: r.usageList,
  };
}

export async function listProducts(db: Database, appName: string): Promise<CatalogueProduct[]> {
  const rows = await db
    .select()
    .from(billingProducts)
    .where(and(eq(billingProducts.appName, appName), eq(billingProducts.active, true)))
    .orderBy(asc(billingProducts.sortOrder));
  return rows.map(toProduct);
}

export async function findProduct(db: Database, by: { id: string } | { priceId: string }): Promise<CatalogueProduct | null> {
  const where = 'id' in by ? eq(billingProducts.id, by.id) : eq(billingProducts.priceId, by.priceId);
  const [row] = await db.select().from(billingProducts).where(where).limit(1);
  return row ? toProduct(row) : null;
}

export async function findCustomer(db: Database, userId: string, mode: BillingMode): Promise<string | null> {
  const [row] = await db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.mode, mode)))
    .limit(1);
  return row?.customerId ?? null;
}

/** Records a customer; when another request recorded one first, returns that one. */
export async function saveCustomer(db: Database, userId: string, mode: BillingMode, customerId: string): Promise<string> {
  await db.insert(billingCustomers).values({ userId, mode, customerId }).onConflictDoNothing();
  return (await findCustomer(db, userId, mode)) ?? customerId;
}

export async function userOfCustomer(db: Database, customerId: string): Promise<string | null> {
  const [row] = await db.select({ userId: billingCustomers.userId }).from(billingCustomers).where(eq(billingCustomers.customerId, customerId)).limit(1);
  return row?.userId ?? null;
}

export async function userExists(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row);
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A user's subscriptions, newest first. */
export async function listUserSubscriptions(db: Database, userId: string, appName?: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(appName ? and(eq(subscriptions.userId, userId), eq(subscriptions.appName, appName)) : eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.dateCreated));
}

export async function findSubscription(db: Database, subscriptionId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.subscriptionId, subscriptionId)).limit(1);
  return row ?? null;
}

/**
 * Serialises work on one provider subscription until the transaction ends, so two webhooks
 * fetching its state cannot write in the wrong order.
 */
export async function lockSubscriptionKey(tx: Database, subscriptionId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscription:${subscriptionId}`}))`);
}

export interface SubscriptionState {
  userId: string;
  appName: string;
  mode: BillingMode;
  subscriptionId: string;
  customerId: string;
  productId: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  currency: string;
  discountRate: number;
  dateCreated: Date;
}

/** Writes the provider's current state over ours (whole snapshot, never a patch). */
export async function upsertSubscription(tx: Database, s: SubscriptionState): Promise<SubscriptionRow> {
  const { userId, appName, mode, subscriptionId, dateCreated, ...state } = s;
  const [row] = await tx
    .insert(subscriptions)
    .values({ userId, appName, mode, subscriptionId, dateCreated, ...state })
    .onConflictDoUpdate({ target: subscriptions.subscriptionId, set: { ...state, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('subscription upsert returned nothing');
  return row;
}

export async function updateSubscriptionFields(
  tx: Database,
  subscriptionId: string,
  patch: Partial<Pick<SubscriptionRow, 'creditedProductId' | 'creditedPeriodStart' | 'cancelReasons' | 'cancelComment' | 'testCard' | 'duplicateOf'>>,
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(subscriptions.subscriptionId, subscriptionId));
}

/**
 * Serialises the subscriptions of one user until the transaction ends, so of two subscriptions
 * becoming active at once (two checkouts paid), one sees the other.
 */
export async function lockUserSubscriptions(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscriptions-of:${userId}`}))`);
}

/** Another subscription of the user that can still bill them (not itself a duplicate). */
export async function findOtherLiveSubscription(db: Database, userId: string, appName: string, exceptSubscriptionId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.appName, appName),
        inArray(subscriptions.status, ['active', 'trialing', 'past_due']),
        isNull(subscriptions.duplicateOf),
        ne(subscriptions.subscriptionId, exceptSubscriptionId),
      ),
    )
    .orderBy(asc(subscriptions.dateCreated))
    .limit(1);
  return row ?? null;
}

/** The plan that applies now: the highest-ranked subscription still inside its paid period. */
export async function currentPlanKeys(db: Database, userId: string, now: Date): Promise<PlanKey[]> {
  const rows = await db
    .select({ plan: billingProducts.planKey })
    .from(subscriptions)
    .innerJoin(billingProducts, eq(billingProducts.id, subscriptions.productId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        // past_due keeps the plan while the provider retries the payment (its dunning period).
        inArray(subscriptions.status, ['active', 'trialing', 'past_due']),
        gt(subscriptions.currentPeriodEnd, now),
      ),
    );
  return rows.map((r) => r.plan as PlanKey);
}

export async function eventProcessed(db: Database, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, eventId)).limit(1);
  return Boolean(row);
}

export async function markEventProcessed(db: Database, eventId: string, type: string): Promise<void> {
  await db.insert(billingEvents).values({ id: eventId, type }).onConflictDoNothing();
}

export interface InvoiceState {
  id: string;
  userId: string;
  subscriptionId: string;
  productId: string;
  status: 'paid' | 'failed' | 'refunded';
  billingReason: string;
  amount: number;
  currency: string;
  periodStart: Date | null;
  periodEnd: Date | null;
}

/** Records an invoice; a failed one may later be paid (retry), a paid one stays paid unless refunded, a refunded one stays refunded. */
export async function saveInvoice(tx: Database, inv: InvoiceState): Promise<void> {
  await tx
    .insert(billingInvoices)
    .values(inv)
    .onConflictDoUpdate({
      target: billingInvoices.id,
      set: {
        status: sql`case when ${billingInvoices.status} = 'refunded' or excluded.status = 'refunded' then 'refunded' when ${billingInvoices.status} = 'paid' then 'paid' else excluded.status end`,
      },
    });
}

export async function findInvoiceStatus(db: Database, invoiceId: string): Promise<string | null> {
  const [row] = await db.select({ status: billingInvoices.status }).from(billingInvoices).where(eq(billingInvoices.id, invoiceId)).limit(1);
  return row?.status ?? null;
}

/**
 * A subscription's paid invoices, all of them or (with `startedBefore`) those for periods that
 * began before that moment: the grants the ledger holds under `invoice:<id>`.
 */
export async function paidInvoiceIdsOf(db: Database, subscriptionId: string, startedBefore?: Date): Promise<string[]> {
  const rows = await db
    .select({ id: billingInvoices.id })
    .from(billingInvoices)
    .where(
      and(
        eq(billingInvoices.subscriptionId, subscriptionId),
        eq(billingInvoices.status, 'paid'),
        startedBefore ? or(isNull(billingInvoices.periodStart), lt(billingInvoices.periodStart, startedBefore)) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

export async function countPaidInvoices(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(billingInvoices)
    .where(and(eq(billingInvoices.userId, userId), eq(billingInvoices.status, 'paid')));
  return row?.n ?? 0;
}

export async function insertPurchaseRecord(tx: Database, invoiceId: string, userId: string, record: unknown): Promise<void> {
  await tx.insert(purchaseRecords).values({ invoiceId, userId, record }).onConflictDoNothing();
}

/** Purchases the studio has not pushed to the data layer yet; marks them reported. */
export async function takeUnreportedPurchases(db: Database, userId: string): Promise<unknown[]> {
  const rows = await db
    .update(purchaseRecords)
    .set({ reportedAt: new Date() })
    .where(and(eq(purchaseRecords.userId, userId), isNull(purchaseRecords.reportedAt)))
    .returning({ record: purchaseRecords.record });
  return rows.map((r) => r.record);
}

export type TestSessionRow = typeof testCheckoutSessions.$inferSelect;

export async function insertTestSession(
  db: Database,
  s: { id: string; userId: string; productId: string; currency: string; successUrl: string; cancelUrl: string },
): Promise<void> {
  await db.insert(testCheckoutSessions).values(s);
}

export async function findTestSession(db: Database, id: string): Promise<TestSessionRow | null> {
  const [row] = await db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, id)).limit(1);
  return row ?? null;
}

/** Moves an open session to its outcome; false when it was no longer open (double click, second tab). */
export async function closeTestSession(tx: Database, id: string, status: 'complete' | 'failed', subscriptionId: string | null): Promise<boolean> {
  const rows = await tx
    .update(testCheckoutSessions)
    .set({ status, subscriptionId })
    .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.status, 'open')))
    .returning({ id: testCheckoutSessions.id });
  return rows.length > 0;
}
