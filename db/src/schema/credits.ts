/**
 * The credits ledger (ARCHITECTURE §4). Grants add credits from one external source each
 * (unique source id: one grant per invoice, mission claim, check-in day …). Every balance
 * change is an append-only entry. A task's hold is one row in credit_holds, resolved exactly
 * once (captured or released); its per-grant split lives in credit_hold_allocations so a
 * release returns credits to the grants they came from.
 *
 * A hold debits the user's balance row (credit_balances) and is allocated to grants lazily: at
 * capture, or by the expiry sweep while still held (see credit_balances).
 *
 * Invariants (enforced here, not by hope):
 *  - grant.remaining between 0 and amount                          (check constraint)
 *  - one grant per (source_kind, source_id)                        (unique index)
 *  - one hold per task                                              (credit_holds primary key)
 *  - one hold entry and one resolution entry (capture|release) per task  (partial unique indexes)
 *  - entries are never updated or deleted, except moving them to another user when an anonymous
 *    user registers, and deleting them when an account is deleted (trigger in the migration)
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const grantSourceKind = pgEnum('grant_source_kind', [
  'welcome',
  'subscription',
  'mission',
  'invite',
  'check_in',
  'purchase',
  'admin',
  /** Once per account, on its first API key: API credits to try the API with (issue 19). */
  'api_trial',
]);

export const creditEntryKind = pgEnum('credit_entry_kind', ['grant', 'hold', 'capture', 'release', 'expire']);

export const holdStatus = pgEnum('credit_hold_status', ['held', 'captured', 'released']);

/** §3 usage types the ledger keeps balances for. */
export const usageTypeColumn = () => text('usage_type').notNull().default('credits');

export const creditGrants = pgTable(
  'credit_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usageType: usageTypeColumn(),
    sourceKind: grantSourceKind('source_kind').notNull(),
    /** Unique per kind: the invoice id, `device:<id>`, `email:<address>`, `check_in:<user>:<day>` … */
    sourceId: text('source_id').notNull(),
    amount: integer('amount').notNull(),
    /** Part of `amount` not yet held, captured or expired. */
    remaining: integer('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Set once the unused remainder was written off by an `expire` entry. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_grants_source_uq').on(t.sourceKind, t.sourceId),
    index('credit_grants_user_idx').on(t.userId, t.usageType, t.expiresAt),
    // What a capture or an expiry sweep allocates from, in GRANT_ORDER: only grants with credits left,
    // so the walk reads the grants it takes, never the user's spent or expired ones.
    index('credit_grants_spendable_idx')
      .on(t.userId, t.usageType, sql`coalesce(${t.expiresAt}, 'infinity'::timestamptz)`, t.createdAt, t.id)
      .where(sql`${t.remaining} > 0 AND ${t.expiredAt} IS NULL`),
    // The user's next expiry (credit_balances.next_expiry) and the due grants of a sweep.
    index('credit_grants_unexpired_idx').on(t.userId, t.usageType, t.expiresAt).where(sql`${t.expiredAt} IS NULL AND ${t.expiresAt} IS NOT NULL`),
    check('credit_grants_amount_positive', sql`${t.amount} > 0`),
    check('credit_grants_remaining_range', sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.amount}`),
  ],
);

export const creditHolds = pgTable(
  'credit_holds',
  {
    /** One hold per task. */
    taskId: uuid('task_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usageType: usageTypeColumn(),
    amount: integer('amount').notNull(),
    status: holdStatus('status').notNull().default('held'),
    /**
     * Taken from particular grants yet (credit_hold_allocations)? A hold only debits the balance
     * row; its grants are chosen when it is captured, or by the expiry sweep while it is still held.
     */
    allocated: boolean('allocated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('credit_holds_user_idx').on(t.userId, t.status),
    check('credit_holds_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

/**
 * One row per user and usage type: what a hold may take right now. available = Σ remaining of
 * the unexpired grants − Σ amount of held holds not yet allocated to grants; next_expiry = the
 * soonest expiry among the unexpired grants. A hold is one conditional UPDATE of this row
 * (available >= amount AND next_expiry > now()); a due expiry sends it through the sweep first.
 */
export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usageType: usageTypeColumn(),
    available: bigint('available', { mode: 'number' }).notNull(),
    nextExpiry: timestamp('next_expiry', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.usageType] }),
    index('credit_balances_next_expiry_idx').on(t.nextExpiry),
    check('credit_balances_available_nonnegative', sql`${t.available} >= 0`),
  ],
);

export const creditHoldAllocations = pgTable(
  'credit_hold_allocations',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => creditHolds.taskId, { onDelete: 'cascade' }),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => creditGrants.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.grantId] }), check('credit_hold_allocations_positive', sql`${t.amount} > 0`)],
);

export const creditEntries = pgTable(
  'credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usageType: usageTypeColumn(),
    kind: creditEntryKind('kind').notNull(),
    /** Always positive; the kind says which way it moves the balance. */
    amount: integer('amount').notNull(),
    grantId: uuid('grant_id'),
    taskId: uuid('task_id'),
    /** What the entry was for, shown in the credit history ("Text to image", "Daily check-in" …). */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_entries_user_idx').on(t.userId, t.id),
    uniqueIndex('credit_entries_one_hold_per_task').on(t.taskId).where(sql`${t.kind} = 'hold'`),
    uniqueIndex('credit_entries_one_resolution_per_task').on(t.taskId).where(sql`${t.kind} IN ('capture', 'release')`),
    uniqueIndex('credit_entries_one_grant_entry').on(t.grantId).where(sql`${t.kind} = 'grant'`),
    uniqueIndex('credit_entries_one_expire_entry').on(t.grantId).where(sql`${t.kind} = 'expire'`),
    check('credit_entries_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Welcome (trial) grants per client network — an IPv4 address or an IPv6 /64 — within the
 * current window: the device id is the client's word, so the network bounds how many welcome
 * grants one place can collect (WELCOME_CREDITS_PER_NETWORK per WELCOME_CREDITS_WINDOW_HOURS).
 */
export const welcomeNetworks = pgTable('welcome_networks', {
  network: text('network').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  granted: integer('granted').notNull(),
});

/** Welcome grants refused because their network had used its share, per network and UTC day: the admin abuse view. */
export const welcomeRefusals = pgTable(
  'welcome_refusals',
  {
    network: text('network').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    lastRefusedAt: timestamp('last_refused_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.day] }), index('welcome_refusals_day_idx').on(t.day)],
);
