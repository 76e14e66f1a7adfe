/**
 * Idempotency-Key on the API's creates, with Stripe's semantics
 * (https://docs.stripe.com/api/idempotent_requests):
 *  - the first request under a key (per account) runs; its answer — success or 4xx client error —
 *    is kept IDEMPOTENCY_TTL_HOURS and replayed, with `Idempotent-Replayed: true`, to a retry
 *    with the same method, path and body;
 *  - the same key with another request → 422 IDEMPOTENCY_KEY_REUSED;
 *  - a retry while the first is still being answered → 409 IDEMPOTENCY_KEY_IN_PROGRESS;
 *  - a 5xx (or a 429, which says "try again") is not kept: the key is released for the retry.
 * The reservation is one INSERT … ON CONFLICT on the (user, key) primary key, so two identical
 * requests at once make one task. A key still in flight after IDEMPOTENCY_ABANDONED_S (its node
 * died mid-request) is taken over by the next request.
 */
import type { Database } from '@tessera/db/connect';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_TTL_HOURS, MAX_IDEMPOTENCY_KEY_LENGTH } from '@tessera/shared/api';
import { AppError } from '@tessera/shared/errors';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ApiAnswer } from './errors.ts';
import { completeIdempotencyKey, findIdempotencyKey, purgeIdempotencyKeys, releaseIdempotencyKey, reserveIdempotencyKey } from './idempotency.repo.ts';

export const IDEMPOTENCY_TTL_S = IDEMPOTENCY_TTL_HOURS * 3600;
/** Longer than any create takes; a key in flight this long belongs to a request that died. */
export const IDEMPOTENCY_ABANDONED_S = 5 * 60;
/** The header on a replayed answer. */
const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
const SWEEP_EVERY_MS = 10 * 60_000;

const zIdempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .trim()
    .min(1)
    .max(MAX_IDEMPOTENCY_KEY_LENGTH)
    .regex(/^[\x20-\x7e]+$/, 'Use printable ASCII characters (a UUID is a good key).')
    .optional(),
});

/** The request's Idempotency-Key, or null without one; a malformed one throws a zod error (400). */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const raw = headers[IDEMPOTENCY_HEADER];
  return zIdempotencyHeaders.parse({ [IDEMPOTENCY_HEADER]: Array.isArray(raw) ? raw.join(',') : raw })[IDEMPOTENCY_HEADER] ?? null;
}

/** JSON with object keys sorted, so the same body sent with its fields in another order is the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests "the same": SHA-256 of method, path and body. */
export function requestHashOf(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method.toUpperCase()}\n${path}\n${canonicalJson(body)}`).digest('hex');
}

/**
 * Takes the key for this request (null: go on and `finishIdempotent` afterwards) or answers the
 * stored first answer; throws IDEMPOTENCY_KEY_REUSED / IDEMPOTENCY_KEY_IN_PROGRESS.
 */
export async function startIdempotent(db: Database, userId: string, key: string, requestHash: string): Promise<ApiAnswer | null> {
  // A row released between our insert and our read is taken on the next round.
  for (let round = 0; round < 3; round++) {
    if (await reserveIdempotencyKey(db, { userId, key, requestHash }, { ttlS: IDEMPOTENCY_TTL_S, abandonedS: IDEMPOTENCY_ABANDONED_S })) return null;
    const row = await findIdempotencyKey(db, userId, key);
    if (!row) continue;
    if (row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (row.statusCode === null) throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
    return { status: row.statusCode, body: row.response, headers: { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } };
  }
  throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
}

/** Whether an answer is kept for replay: successes and client errors, but not "try again" ones. */
export function isReplayable(status: number): boolean {
  return status < 500 && status !== 429;
}

/** Keeps the answer of the request that held the key, or releases the key for a retry. */
export async function finishIdempotent(db: Database, userId: string, key: string, answer: ApiAnswer): Promise<void> {
  if (isReplayable(answer.status)) await completeIdempotencyKey(db, userId, key, { statusCode: answer.status, response: answer.body });
  else await releaseIdempotencyKey(db, userId, key);
}

/** Deletes expired keys now and then (they are ignored meanwhile); returns the stop function. */
export function startIdempotencySweep(db: Database, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => {
    purgeIdempotencyKeys(db, IDEMPOTENCY_TTL_S).catch(onError);
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
