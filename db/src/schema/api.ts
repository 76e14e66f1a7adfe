/**
 * The developer API (issue 19): API keys, Idempotency-Key answers, and the signed webhooks that
 * tell a task's callback URL how it ended. API tasks are ordinary generation tasks that carry
 * the key they were made with (generation_tasks.api_key_id) and spend `api_credits`.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters (`tsk_AbCd1234`): what lists, logs and the owner see of it. */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key; the key itself is shown once and never stored. */
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key (api/keys.repo.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.hash), index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Stripe-style idempotency: the first answer to (user, Idempotency-Key) is kept for 24 hours and
 * replayed for the same body; another body under the same key is refused. `status_code` is null
 * while the first request is still being answered.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('api_idempotency_keys_created_idx').on(t.createdAt)],
);

/** Each user's webhook signing secret (`whsec_…`), made on first use and rotatable. */
export const apiWebhookSecrets = pgTable('api_webhook_secrets', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', ['pending', 'delivered', 'failed']);

/** One event for one callback URL: retried with backoff until delivered or given up; replayable. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').notNull(),
    apiKeyId: uuid('api_key_id'),
    url: text('url').notNull(),
    /** `task.succeeded`, `task.failed`, `task.canceled`. */
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    status: webhookDeliveryStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A task's outcome is queued once, whichever process settles it.
    uniqueIndex('webhook_deliveries_task_event_uq').on(t.taskId, t.event),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Every attempt of a delivery: the log the dashboard shows. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The receiver's HTTP status; null when no answer came (timeout, refused connection). */
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    /** `retry` (the schedule) or `replay` (the owner asked from the dashboard). */
    trigger: text('trigger').notNull().default('retry'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.at)],
);
