/**
 * The dashboard's side of webhooks (issue 19): the signing secret, the delivery log, replays.
 *
 * - `secret`: the account's `whsec_…` secret, made on first need.
 * - `rotateSecret`: a new secret at once; the old one signs nothing from then on (the next
 *   attempt of every pending delivery is signed with the new one). No overlap period: rotate
 *   after deploying the new secret to the receiver, or accept a few failed attempts, which the
 *   retry schedule sends again.
 * - `replay`: restarts a delivery: pending, its retry schedule from the start, sent now (an
 *   attempt logged with trigger `replay`). Delivered stays delivered if the replay is answered
 *   2xx; otherwise the delivery is pending again and retried on the schedule, then failed.
 */
import { AppError } from '@tessera/shared/errors';
import type { Database } from '@tessera/db/connect';
import { type AttemptRow, type DeliveryRow, findOrCreateSecret, listRecentAttempts, listUserDeliveries, replaceSecret, restartDelivery } from './deliveries.repo.ts';
import { newWebhookSecret } from './signing.ts';

/** Attempts shown per delivery (newest first). */
export const ATTEMPTS_SHOWN = 20;

export interface WebhookAttemptView {
  id: string;
  at: string;
  /** The receiver's HTTP status; null when none came (timeout, refused connection, blocked address). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  trigger: 'retry' | 'replay';
}

export interface WebhookDeliveryView {
  id: string;
  taskId: string;
  apiKeyId: string | null;
  url: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  /** Attempts in the current schedule (a replay restarts it). */
  attempts: number;
  /** When the next attempt goes out; null once delivered or failed. */
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  /** Newest first, at most ATTEMPTS_SHOWN. */
  attemptLog: WebhookAttemptView[];
}

export interface WebhookDeliveryPage {
  items: WebhookDeliveryView[];
  /** Pass as `cursor` for the next page (the last item's id); null on the last page. */
  nextCursor: string | null;
}

function toView(row: DeliveryRow, attempts: AttemptRow[]): WebhookDeliveryView {
  return {
    id: row.id,
    taskId: row.taskId,
    apiKeyId: row.apiKeyId,
    url: row.url,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    attemptLog: attempts.map((a) => ({
      id: a.id,
      at: a.at.toISOString(),
      statusCode: a.statusCode,
      error: a.error,
      durationMs: a.durationMs,
      trigger: a.trigger === 'replay' ? 'replay' : 'retry',
    })),
  };
}

/** The user's deliveries, newest first, each with its newest attempts. */
export async function listWebhookDeliveries(db: Database, userId: string, page: { cursor?: string | undefined; limit: number }): Promise<WebhookDeliveryPage> {
  const rows = await listUserDeliveries(db, userId, page.limit + 1, page.cursor ?? null);
  const items = rows.slice(0, page.limit);
  const attempts = await listRecentAttempts(
    db,
    items.map((r) => r.id),
    ATTEMPTS_SHOWN,
  );
  return {
    items: items.map((row) => toView(row, attempts.filter((a) => a.deliveryId === row.id))),
    nextCursor: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null,
  };
}

/** Queues one of the user's deliveries to be sent again now; NOT_FOUND for anyone else's. */
export async function replayWebhookDelivery(db: Database, userId: string, id: string): Promise<WebhookDeliveryView> {
  const row = await restartDelivery(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toView(row, await listRecentAttempts(db, [row.id], ATTEMPTS_SHOWN));
}

export async function webhookSecret(db: Database, userId: string): Promise<{ secret: string }> {
  return { secret: await findOrCreateSecret(db, userId, newWebhookSecret()) };
}

export async function rotateWebhookSecret(db: Database, userId: string): Promise<{ secret: string }> {
  const secret = newWebhookSecret();
  await replaceSecret(db, userId, secret);
  return { secret };
}
