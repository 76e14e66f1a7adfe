/**
 * The webhook outbox (db/src/schema/api.ts): webhook_deliveries is the queue, webhook_attempts
 * its log, api_webhook_secrets the signing secrets.
 *
 * A delivery is written in the transaction that settles its task (tasks.repo.ts calls
 * enqueueTaskWebhook from completeTask / failTask / cancelTask), so a settled API task with a
 * callback URL always has its delivery row, whatever crashes after the commit; the unique
 * (task_id, event) index makes a second settle of the same outcome a no-op. The row is announced
 * with NOTIFY on WEBHOOKS_CHANNEL, which PostgreSQL sends at commit, so a dispatcher woken by it
 * always finds the row.
 *
 * Sending is claimed like the task queue: FOR UPDATE SKIP LOCKED picks due rows and pushes their
 * next_attempt_at forward by a lease, so no two dispatchers send the same attempt at once. The
 * leased next_attempt_at is the claim's token: an attempt's result changes the row only if the
 * row still carries it (a replay asked meanwhile wins; the attempt is logged either way).
 */
import type { Database } from '@tessera/db/connect';
import { apiWebhookSecrets, webhookAttempts, webhookDeliveries } from '@tessera/db/schema';
import type { WebhookEvent } from '@tessera/shared/api';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

/** NOTIFY channel of due deliveries (payload: the delivery id). */
export const WEBHOOKS_CHANNEL = 'tessera_webhooks';

export type AttemptTrigger = 'retry' | 'replay';

/** What a delivery row stores of its event; `data` (the task) is built when it is sent. */
export interface StoredPayload {
  type: WebhookEvent;
  /** When the task settled (the transaction's time), ISO 8601. */
  timestamp: string;
}

/**
 * Queues the task's outcome for its callback URL, inside the transaction that settled it; a task
 * without a callback URL queues nothing. Call only after the settling UPDATE matched.
 */
export async function enqueueTaskWebhook(tx: Database, taskId: string, event: WebhookEvent): Promise<void> {
  // now() is the transaction's time: the finished_at the settle just wrote.
  const result = (await tx.execute(sql`
    INSERT INTO webhook_deliveries (user_id, task_id, api_key_id, url, event, payload)
    SELECT user_id, id, api_key_id, callback_url, ${event}::text,
           jsonb_build_object('type', ${event}::text, 'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      FROM generation_tasks
     WHERE id = ${taskId} AND callback_url IS NOT NULL
    ON CONFLICT (task_id, event) DO NOTHING
    RETURNING id`)) as unknown as { rows: { id: string }[] };
  for (const row of result.rows) await tx.execute(sql`SELECT pg_notify(${WEBHOOKS_CHANNEL}, ${row.id})`);
}

/** A delivery taken for one attempt. */
export interface ClaimedDelivery {
  id: string;
  userId: string;
  taskId: string;
  url: string;
  payload: StoredPayload;
  /** Failed attempts so far in the current schedule (0 for a first send or a replay). */
  attempts: number;
  /** `replay` when the owner restarted it from the dashboard, else `retry` (the schedule). */
  trigger: AttemptTrigger;
  /** The claim's token: the leased next_attempt_at. */
  lease: Date;
}

/** Claims up to `limit` due pending deliveries for `leaseMs` (the attempt's upper bound plus a margin). */
export async function claimDueDeliveries(db: Database, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const due = sql`(SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now() ORDER BY next_attempt_at FOR UPDATE SKIP LOCKED LIMIT ${limit})`;
  const rows = await db
    .update(webhookDeliveries)
    // Milliseconds only: the token goes through a JS Date and must compare equal afterwards.
    .set({ nextAttemptAt: sql`date_trunc('milliseconds', now() + make_interval(secs => ${leaseMs / 1000}))` })
    .where(inArray(webhookDeliveries.id, due))
    .returning({
      id: webhookDeliveries.id,
      userId: webhookDeliveries.userId,
      taskId: webhookDeliveries.taskId,
      url: webhookDeliveries.url,
      payload: webhookDeliveries.payload,
      attempts: webhookDeliveries.attempts,
      lease: webhookDeliveries.nextAttemptAt,
      // A schedule at its start with attempts already logged was restarted by a replay.
      // Qualified by hand: drizzle writes an UPDATE's own columns unqualified, and `id` would be the attempt's.
      replayed: sql<boolean>`webhook_deliveries.attempts = 0 AND EXISTS (SELECT 1 FROM webhook_attempts a WHERE a.delivery_id = webhook_deliveries.id)`,
    });
  return rows.map(({ replayed, payload, ...row }) => ({ ...row, payload: payload as StoredPayload, trigger: replayed ? 'replay' : 'retry' }));
}

export interface AttemptResult {
  startedAt: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** What the delivery becomes: delivered, failed (given up), or pending again in `retryInMs`. */
  next: { status: 'delivered' } | { status: 'failed' } | { status: 'pending'; retryInMs: number };
}

/**
 * Logs an attempt and, if the claim still holds, applies its result to the delivery. Returns
 * false when the row had moved on (a replay restarted it meanwhile): only the log was written.
 */
export async function recordAttempt(db: Database, claim: ClaimedDelivery, result: AttemptResult): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: claim.id,
      at: result.startedAt,
      statusCode: result.statusCode,
      error: result.error,
      durationMs: result.durationMs,
      trigger: claim.trigger,
    });
    const { next } = result;
    const rows = await tx
      .update(webhookDeliveries)
      .set({
        status: next.status,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastAttemptAt: result.startedAt,
        lastStatusCode: result.statusCode,
        lastError: result.error,
        nextAttemptAt: next.status === 'pending' ? sql`now() + make_interval(secs => ${next.retryInMs / 1000})` : sql`now()`,
        ...(next.status === 'delivered' ? { deliveredAt: sql`now()` } : {}),
      })
      .where(and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.nextAttemptAt, claim.lease)))
      .returning({ id: webhookDeliveries.id });
    return rows.length === 1;
  });
}

/**
 * Restarts one of the user's deliveries: pending, its schedule from the start, due now. Null when
 * it is not theirs. Announced like a new delivery.
 */
export async function restartDelivery(db: Database, userId: string, id: string): Promise<DeliveryRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.userId, userId)))
      .returning(deliveryColumns);
    if (!row) return null;
    await tx.execute(sql`SELECT pg_notify(${WEBHOOKS_CHANNEL}, ${row.id})`);
    return row;
  });
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  taskId: webhookDeliveries.taskId,
  apiKeyId: webhookDeliveries.apiKeyId,
  url: webhookDeliveries.url,
  event: webhookDeliveries.event,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
};

export type DeliveryRow = {
  [K in keyof typeof deliveryColumns]: (typeof webhookDeliveries.$inferSelect)[K];
};

export interface AttemptRow {
  id: string;
  deliveryId: string;
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  trigger: string;
}

/** One page of the user's deliveries, newest first, after the delivery `afterId` (the previous page's last). */
export async function listUserDeliveries(db: Database, userId: string, limit: number, afterId: string | null): Promise<DeliveryRow[]> {
  return db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.userId, userId),
        // Exact to the microsecond: the position is read from the row itself, not from a JS Date.
        afterId ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (SELECT created_at, id FROM webhook_deliveries WHERE id = ${afterId})` : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

/** The newest `perDelivery` attempts of each delivery, newest first. */
export async function listRecentAttempts(db: Database, deliveryIds: readonly string[], perDelivery: number): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  const ranked = db
    .select({
      id: webhookAttempts.id,
      deliveryId: webhookAttempts.deliveryId,
      at: webhookAttempts.at,
      statusCode: webhookAttempts.statusCode,
      error: webhookAttempts.error,
      durationMs: webhookAttempts.durationMs,
      trigger: webhookAttempts.trigger,
      rank: sql<number>`row_number() OVER (PARTITION BY ${webhookAttempts.deliveryId} ORDER BY ${webhookAttempts.at} DESC, ${webhookAttempts.id} DESC)`.as('rank'),
    })
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, [...deliveryIds]))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perDelivery}`)
    .orderBy(desc(ranked.at), desc(ranked.id));
  return rows.map(({ rank: _rank, ...row }) => row);
}

/** The user's signing secret, storing `fresh` first if they have none. */
export async function findOrCreateSecret(db: Database, userId: string, fresh: string): Promise<string> {
  await db.insert(apiWebhookSecrets).values({ userId, secret: fresh }).onConflictDoNothing({ target: apiWebhookSecrets.userId });
  const [row] = await db.select({ secret: apiWebhookSecrets.secret }).from(apiWebhookSecrets).where(eq(apiWebhookSecrets.userId, userId)).limit(1);
  if (!row) throw new Error('webhook secret: none after insert');
  return row.secret;
}

/** Replaces the user's signing secret (or stores the first one). */
export async function replaceSecret(db: Database, userId: string, secret: string): Promise<void> {
  await db
    .insert(apiWebhookSecrets)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: apiWebhookSecrets.userId, set: { secret, createdAt: sql`now()` } });
}
