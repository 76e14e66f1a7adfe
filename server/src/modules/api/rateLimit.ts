/**
 * Per-key request limits of the developer API (issue 19): `apiRequestsPerMinute` of the owner's
 * plan per key, counted in the counters every node shares (plugins/sharedCounters.ts: Redis or
 * PostgreSQL), so N nodes do not allow N times the limit. Used by /api/v1 (rest.routes.ts) and
 * /api/mcp alike. Requests that fail authentication are counted per client address instead, so
 * guessing keys stays limited while a valid key is never slowed by its neighbours on one IP.
 *
 * Headers follow the IETF RateLimit header fields draft (draft-ietf-httpapi-ratelimit-headers):
 * `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds until the window ends),
 * and `Retry-After` (seconds) on a 429.
 */
import { AppError, type CatalogueCode } from '@tessera/shared/errors';
import type { AppServices } from '../../services.ts';
import { entitlementsOf } from '../billing/entitlements.ts';
import { isWellFormedApiKey } from './keys.ts';
import { authenticateApiKey, type ApiCaller, keyOfRequest } from './keys.service.ts';

/** The rate window: limits are per minute. */
export const API_RATE_WINDOW_MS = 60_000;
/** Failed authentications one client address may make per minute before it is refused unheard. */
export const API_AUTH_FAILURES_PER_MINUTE = 30;
/**
 * What a refusal for the plan's concurrency (createTask's PARALLEL_TASK_LIMIT) tells the client
 * to wait: tasks take seconds to minutes, so a short wait and another try is the right loop.
 */
export const CONCURRENCY_RETRY_AFTER_S = 10;

/** Where a key stands in its current window. */
export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetS: number;
}

/** TOO_MANY_REQUESTS with the seconds to wait, for the transport's `Retry-After`. */
export class ApiRateLimited extends AppError {
  readonly retryAfterS: number;
  readonly state: RateState | null;

  constructor(retryAfterS: number, state: RateState | null = null, code: CatalogueCode = 'TOO_MANY_REQUESTS') {
    super(code);
    this.retryAfterS = Math.max(1, Math.ceil(retryAfterS));
    this.state = state;
  }
}

/** Seconds to wait before retrying after this error, or null when waiting would not help. */
export function retryAfterOf(error: unknown): number | null {
  if (error instanceof ApiRateLimited) return error.retryAfterS;
  if (!(error instanceof AppError)) return null;
  if (error.catalogueCode === 'PARALLEL_TASK_LIMIT' || error.catalogueCode === 'VIDEO_GENERATING') return CONCURRENCY_RETRY_AFTER_S;
  // The first request under the key is being answered: a retry in a moment gets its answer.
  if (error.catalogueCode === 'IDEMPOTENCY_KEY_IN_PROGRESS') return 1;
  return null;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counts one request of `caller` against its plan's per-minute limit (every node sees the same
 * count) and answers where the key stands; over the limit throws ApiRateLimited.
 */
export async function enforceApiRate(services: Pick<AppServices, 'db' | 'counters'>, caller: ApiCaller): Promise<RateState> {
  const { apiRequestsPerMinute: limit } = await entitlementsOf(services.db, caller.userId);
  const hit = await services.counters.hit(`api:key:${caller.keyId}`, API_RATE_WINDOW_MS);
  const state = { limit, remaining: Math.max(0, limit - hit.count), resetS: seconds(hit.ttlMs) };
  if (hit.count > limit) throw new ApiRateLimited(state.resetS, state);
  return state;
}

/**
 * The caller of an API request (authenticateApiKey), refusing an address that has failed too
 * often this minute before its key is even looked up (ApiRateLimited), and counting each failure
 * of a well-formed key.
 */
export async function authenticateApiRequest(
  services: Pick<AppServices, 'db' | 'counters'>,
  headers: Record<string, string | string[] | undefined>,
  ip: string,
): Promise<ApiCaller> {
  // A key of the wrong shape or checksum is refused before any lookup or count: it cannot be a
  // guess at a real key.
  const secret = keyOfRequest(headers);
  if (!secret || !isWellFormedApiKey(secret)) throw new AppError('INVALID_API_KEY');
  const failures = `api:authfail:${ip}`;
  const seen = await services.counters.peek(failures, API_RATE_WINDOW_MS);
  if (seen.count >= API_AUTH_FAILURES_PER_MINUTE) throw new ApiRateLimited(seconds(seen.ttlMs));
  try {
    return await authenticateApiKey(services.db, headers);
  } catch (error) {
    if (error instanceof AppError && error.catalogueCode === 'INVALID_API_KEY') await services.counters.hit(failures, API_RATE_WINDOW_MS);
    throw error;
  }
}

/** The RateLimit-* headers of an answer (and Retry-After when it is a refusal). */
export function rateHeaders(state: RateState | null, retryAfterS: number | null): Record<string, string> {
  return {
    ...(state ? { 'ratelimit-limit': String(state.limit), 'ratelimit-remaining': String(state.remaining), 'ratelimit-reset': String(state.resetS) } : {}),
    ...(retryAfterS !== null ? { 'retry-after': String(retryAfterS) } : {}),
  };
}
