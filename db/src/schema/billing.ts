/**
 * Plans, products and subscriptions (spec §3, §4). The plan and product rows are seed data
 * (db/seed/catalogue.json, upserted at start-up); subscriptions mirror the payment provider —
 * Stripe, or the built-in test checkout — and are rewritten from the provider's current state,
 * never patched from a possibly stale event payload.
 *
 * Exactly-once rules live in keys: a webhook event is processed once (billing_events primary
 * key); an invoice is recorded once (billing_invoices primary key) and grants once (the
 * ledger's unique (source_kind, source_id) with source id `invoice:<id>`).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const subscriptionStatus = pgEnum('subscription_status', [
  'active',
  'past_due',
  'paused',
  'trialing',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'canceled',
]);

/** What each plan entitles to. */
export const planCatalogue = pgTable('plan_catalogue', {
  key: text('key').primaryKey(),
  keyword: text('keyword').notNull(),
  tier: text('tier').notNull(),
  name: text('name').notNull(),
  parallelTasks: integer('parallel_tasks').notNull(),
  watermark: boolean('watermark').notNull(),
  proFeatures: boolean('pro_features').notNull(),
  unmeteredImages: boolean('unmetered_images').notNull(),
  queueDelaySeconds: integer('queue_delay_seconds').notNull().default(0),
  /** Developer API requests per minute per key (issue 19). */
  apiRequestsPerMinute: integer('api_requests_per_minute').notNull().default(60),
  sortOrder: integer('sort_order').notNull(),
});

/** §3 products (productsSub): one per plan and billing period. */
export const billingProducts = pgTable(
  'billing_products',
  {
    id: text('id').primaryKey(),
    appName: text('app_name').notNull(),
    planKey: text('plan_key')
      .notNull()
      .references(() => planCatalogue.key),
    productName: text('product_name').notNull(),
    period: text('period').notNull(),
    /** Months. */
    duration: integer('duration').notNull(),
    /** The payment provider's price id (Stripe `price_…`). */
    priceId: text('price_id').notNull(),
    /** USD minor units. */
    price: integer('price').notNull(),
    moreCurrency: jsonb('more_currency').$type<Record<string, number>>().notNull(),
    /** Credits granted per period. */
    usageCount: integer('usage_count').notNull(),
    usageList: jsonb('usage_list').$type<{ usageType: string; usageCount: number }[]>().notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('billing_products_price_uq').on(t.priceId)],
);

/** One payment-provider customer per user and mode. */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `stripe` or `test` (the built-in test checkout). */
    mode: text('mode').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_customers_user_mode_uq').on(t.userId, t.mode), uniqueIndex('billing_customers_customer_uq').on(t.customerId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appName: text('app_name').notNull(),
    mode: text('mode').notNull(),
    /** The provider's id (`sub_…`). */
    subscriptionId: text('subscription_id').notNull(),
    customerId: text('customer_id').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => billingProducts.id),
    status: subscriptionStatus('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    currency: text('currency').notNull(),
    discountRate: integer('discount_rate').notNull().default(0),
    customSub: integer('custom_sub').notNull().default(0),
    /** The product whose credits this period already granted (an upgrade grants the difference). */
    creditedProductId: text('credited_product_id'),
    creditedPeriodStart: timestamp('credited_period_start', { withTimezone: true }),
    cancelReasons: jsonb('cancel_reasons').$type<string[]>(),
    cancelComment: text('cancel_comment'),
    /** Test checkout only: whether the saved test card pays (`success`) or declines renewals. */
    testCard: text('test_card'),
    /**
     * Set when this subscription became active while the user already had another one (two
     * checkouts opened, both paid): the id of that other one. A duplicate is cancelled at once,
     * its payments are refunded and it grants no credits.
     */
    duplicateOf: text('duplicate_of'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_provider_uq').on(t.subscriptionId), index('subscriptions_user_idx').on(t.userId, t.dateCreated)],
);

/** Webhook events already processed (Stripe retries and re-sends; each counts once). */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Invoices seen, paid or failed; a paid one grants its period's credits once. */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').notNull(),
    productId: text('product_id').notNull(),
    status: text('status').notNull(),
    /** subscription_create, subscription_cycle, subscription_update … (Stripe's billing_reason). */
    billingReason: text('billing_reason').notNull(),
    /** Minor units of `currency`. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_invoices_user_idx').on(t.userId, t.createdAt)],
);

/** §3 ecommerce record, one per paid invoice (the studio pushes it to the data layer). */
export const purchaseRecords = pgTable(
  'purchase_records',
  {
    invoiceId: text('invoice_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    record: jsonb('record').notNull(),
    /** Set once the studio has pushed it to the data layer. */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchase_records_user_idx').on(t.userId, t.reportedAt)],
);

/** The built-in test checkout's sessions (no Stripe keys). */
export const testCheckoutSessions = pgTable(
  'test_checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => billingProducts.id),
    currency: text('currency').notNull(),
    /** `open`, `complete`, `failed`. */
    status: text('status').notNull().default('open'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    subscriptionId: text('subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('test_checkout_status', sql`${t.status} in ('open', 'complete', 'failed')`)],
);
