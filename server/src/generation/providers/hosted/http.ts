/**
 * JSON over HTTP for the hosted provider adapters: a timeout per attempt, retries with
 * exponential backoff on 429 and 5xx (honouring Retry-After), and the task's abort signal
 * propagated to the request and to every wait between attempts.
 *
 * Only provider API hosts set by the operator are called here. Result files the providers point
 * at are downloaded through the SSRF-safe fetcher instead (see download in this folder's adapters).
 */
export interface HttpPolicy {
  /** Per attempt, response body included. */
  timeoutMs: number;
  /** Further attempts after the first. */
  retries: number;
  /** First backoff; doubles each attempt, with jitter. */
  baseDelayMs: number;
  /** Longest wait between attempts, Retry-After included. */
  maxDelayMs: number;
}

export const DEFAULT_HTTP_POLICY: HttpPolicy = { timeoutMs: 30_000, retries: 4, baseDelayMs: 500, maxDelayMs: 30_000 };

/** A provider answered with a status that is not a success after the retries ran out. */
export class ProviderHttpError extends Error {
  override name = 'ProviderHttpError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    url: string,
  ) {
    super(`provider answered ${status} for ${url}`);
  }
}

export interface JsonRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /**
   * A request that may create something (a submit) is retried only when the provider said it
   * did not take it (429, 503); idempotent ones also on other 5xx and network errors.
   */
  idempotent: boolean;
}

const RETRY_ALWAYS = new Set([429, 503]);
const RETRY_IDEMPOTENT = new Set([500, 502, 504]);

/** Seconds or an HTTP date; undefined when absent or unparseable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends `request`, retrying per `policy`; resolves with the parsed JSON of a 2xx answer. */
export async function requestJson(request: JsonRequest, signal: AbortSignal, policy: HttpPolicy = DEFAULT_HTTP_POLICY): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    signal.throwIfAborted();
    const attemptSignal = AbortSignal.any([signal, AbortSignal.timeout(policy.timeoutMs)]);
    let response: Response | null = null;
    let failure: unknown = null;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers: { accept: 'application/json', ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}), ...request.headers },
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        signal: attemptSignal,
      });
      const body = await readBody(response);
      if (response.ok) return body;
      failure = new ProviderHttpError(response.status, body, request.url);
    } catch (error) {
      // The task was canceled: stop at once, whatever the attempt count.
      if (signal.aborted) throw signal.reason;
      failure = error;
    }
    const status = response?.status;
    const retryable = status === undefined ? request.idempotent : RETRY_ALWAYS.has(status) || (request.idempotent && RETRY_IDEMPOTENT.has(status));
    if (!retryable || attempt >= policy.retries) throw failure;
    const backoff = policy.baseDelayMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
    const asked = response ? retryAfterMs(response.headers.get('retry-after')) : undefined;
    await sleep(Math.min(policy.maxDelayMs, asked ?? backoff), signal);
  }
}
