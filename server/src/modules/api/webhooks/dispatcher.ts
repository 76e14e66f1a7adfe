/**
 * Sends the webhook outbox (deliveries.repo.ts): runs wherever task workers run — the app's
 * in-process pool (app.ts) and each `npm run worker` process (worker.ts). Any number of
 * dispatchers share the queue: a claim leases a row, so an attempt is sent by one of them only.
 *
 * Retries follow the Standard Webhooks / Svix schedule (https://www.standardwebhooks.com/,
 * https://docs.svix.com/retries): after a failed attempt, again in 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h and 10 h (8 attempts over about 28 hours), then the delivery is failed. A 410 Gone stops
 * the retries at once: the receiver says the endpoint is gone for good.
 *
 * A dispatcher is woken by NOTIFY on WEBHOOKS_CHANNEL (a delivery queued or replayed in any
 * process, sent at its commit) and otherwise polls every few seconds, which also picks up the
 * retries that come due.
 */
import type { Database } from '@tessera/db/connect';
import { WEBHOOK_HEADERS } from '@tessera/shared/api';
import { AppError } from '@tessera/shared/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { getTask } from '../../../generation/tasks.service.ts';
import { pgListen } from '../../../realtime/pgRelay.ts';
import { type ApiTask, toApiTask } from '../api.service.ts';
import { type AttemptResult, type ClaimedDelivery, claimDueDeliveries, findOrCreateSecret, recordAttempt, WEBHOOKS_CHANNEL } from './deliveries.repo.ts';
import { postWebhook } from './post.ts';
import { newWebhookSecret, signWebhook } from './signing.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Wait after the 1st, 2nd … failed attempt; after the last one the delivery is failed. */
export const RETRY_SCHEDULE_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

export const WEBHOOK_TIMEOUT_MS = 10 * SECOND;
export const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;
export const WEBHOOK_USER_AGENT = 'Tessera-Webhooks/1';

/** What a receiver gets: the Standard Webhooks payload shape. */
export interface WebhookPayload {
  type: 'task.succeeded' | 'task.failed' | 'task.canceled';
  timestamp: string;
  data: ApiTask;
}

export interface WebhookDispatcherOptions {
  /** Waits between attempts (default RETRY_SCHEDULE_MS); tests use milliseconds. */
  schedule?: readonly number[];
  /** One attempt's deadline, answer included (default 10 s). */
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Idle sleep between looks for due rows; default 2 s, or 10 s while NOTIFY is live. */
  pollMs?: number;
  /** Attempts sent at once by this dispatcher. */
  concurrency?: number;
  /** Name resolution (tests); every answer is still checked. */
  resolve?: (host: string) => Promise<string[]>;
}

export interface WebhookDispatcherDeps {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'authSecret' | 'webhookAllowList' | 'databaseUrl'>;
  logger: FastifyBaseLogger;
}

/** What an attempt's outcome makes of the delivery. */
export function nextState(statusCode: number | null, error: string | null, attemptsBefore: number, schedule: readonly number[]): AttemptResult['next'] {
  if (error === null) return { status: 'delivered' };
  if (statusCode === 410) return { status: 'failed' };
  const wait = schedule[attemptsBefore];
  return wait === undefined ? { status: 'failed' } : { status: 'pending', retryInMs: wait };
}

/** The JSON body of an attempt: the task as the API shows it, output links signed now (valid 24 h). */
export async function webhookBody(deps: Pick<WebhookDispatcherDeps, 'db' | 'config'>, delivery: Pick<ClaimedDelivery, 'userId' | 'taskId' | 'payload'>): Promise<string | null> {
  let task;
  try {
    task = await getTask(deps.db, delivery.userId, delivery.taskId);
  } catch (error) {
    if (error instanceof AppError && error.catalogueCode === 'NOT_FOUND') return null;
    throw error;
  }
  // Webhooks have no reader's language: error messages are the English catalogue's.
  const payload: WebhookPayload = { type: delivery.payload.type, timestamp: delivery.payload.timestamp, data: toApiTask(deps, task, 'en') };
  return JSON.stringify(payload);
}

export class WebhookDispatcher {
  private readonly schedule: readonly number[];
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly concurrency: number;
  /** A claim outlives the longest attempt, so a live attempt is never taken twice. */
  private readonly leaseMs: number;
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private readonly sending = new Set<Promise<void>>();
  private notified = false;
  private unlisten: (() => Promise<void>) | null = null;
  private listening: Promise<void> = Promise.resolve();
  private waker: (() => void) | null = null;
  private missedWake = false;

  constructor(
    private readonly deps: WebhookDispatcherDeps,
    private readonly opts: WebhookDispatcherOptions = {},
  ) {
    this.schedule = opts.schedule ?? RETRY_SCHEDULE_MS;
    this.timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    this.maxResponseBytes = opts.maxResponseBytes ?? WEBHOOK_MAX_RESPONSE_BYTES;
    this.concurrency = opts.concurrency ?? 8;
    this.leaseMs = this.timeoutMs + 30 * SECOND;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const url = this.deps.config.databaseUrl;
    if (url) this.listening = this.listen(url);
    this.loopDone = this.loop();
  }

  /** Looks for due deliveries now. */
  wake(): void {
    if (this.waker) this.waker();
    else this.missedWake = true;
  }

  /** Stops claiming and waits for the attempts in flight (each ends within its deadline). */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.listening;
    await this.unlisten?.();
    this.unlisten = null;
    await this.loopDone;
    await Promise.allSettled([...this.sending]);
  }

  private async listen(databaseUrl: string): Promise<void> {
    try {
      const unlisten = await pgListen(databaseUrl, WEBHOOKS_CHANNEL, {
        onNotify: () => this.wake(),
        onError: (err) => this.deps.logger.warn({ err }, 'webhook notifications: connection lost'),
        onListening: () => {
          this.notified = true;
          this.wake();
        },
        onLost: () => {
          this.notified = false;
        },
      });
      if (this.running) this.unlisten = unlisten;
      else await unlisten();
    } catch (err) {
      // Polling covers: deliveries go out a few seconds later.
      this.deps.logger.warn({ err }, 'webhook notifications unavailable, polling');
    }
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const free = this.concurrency - this.sending.size;
      let claimed: ClaimedDelivery[] = [];
      if (free > 0) {
        try {
          claimed = await claimDueDeliveries(this.deps.db, free, this.leaseMs);
        } catch (err) {
          this.deps.logger.error({ err }, 'claiming webhook deliveries failed');
        }
      }
      for (const delivery of claimed) {
        const attempt = this.attempt(delivery)
          .catch((err: unknown) => this.deps.logger.error({ err, deliveryId: delivery.id }, 'webhook attempt failed; retried when its claim runs out'))
          .finally(() => {
            this.sending.delete(attempt);
            this.wake();
          });
        this.sending.add(attempt);
      }
      if (claimed.length > 0 && claimed.length === free) continue;
      if (!this.running) break;
      if (this.missedWake) {
        this.missedWake = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waker = null;
          resolve();
        };
        const timer = setTimeout(done, this.opts.pollMs ?? (this.notified ? 10 * SECOND : 2 * SECOND));
        this.waker = done;
      });
    }
  }

  /** One signed POST of `delivery`, logged, and its next state. */
  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const { db, config } = this.deps;
    const startedAt = new Date();
    const body = await webhookBody(this.deps, delivery);
    if (body === null) {
      await recordAttempt(db, delivery, { startedAt, statusCode: null, error: 'the task no longer exists', durationMs: 0, next: { status: 'failed' } });
      return;
    }
    // Read at each attempt: a rotated secret signs from the next attempt on.
    const secret = await findOrCreateSecret(db, delivery.userId, newWebhookSecret());
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      [WEBHOOK_HEADERS.id]: delivery.id,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhook(secret, delivery.id, timestamp, body),
    };
    const outcome = await postWebhook(delivery.url, headers, body, {
      allowList: config.webhookAllowList,
      timeoutMs: this.timeoutMs,
      maxResponseBytes: this.maxResponseBytes,
      ...(this.opts.resolve ? { resolve: this.opts.resolve } : {}),
    });
    const next = nextState(outcome.statusCode, outcome.error, delivery.attempts, this.schedule);
    await recordAttempt(db, delivery, { startedAt, ...outcome, next });
  }
}

