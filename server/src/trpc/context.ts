/** Per-request context: services, the caller's language, and a lazily loaded session. */
import { resolveUserLanguage, USER_LANGUAGE_HEADER, type LanguageCode } from '@tessera/shared/i18n';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AppServices } from '../services.ts';
import { loadSession, type SessionInfo } from '../modules/auth/session.ts';
import { resolveRequestInfo, type RequestInfo } from '../lib/requestInfo.ts';

export interface Context {
  services: AppServices;
  lang: LanguageCode;
  requestInfo: RequestInfo;
  /** The request's logger (work a procedure leaves running after it answers logs here). */
  log: CreateFastifyContextOptions['req']['log'];
  /** Reads the session once per request, only when a procedure needs it. */
  getSession(): Promise<SessionInfo | null>;
  /**
   * Counts one procedure call of this request against the client's request rate limit; false
   * when the limit is exceeded. The HTTP request itself was counted already (as its first call),
   * so a batch of N calls costs N, as N separate requests would.
   */
  countCall(): Promise<boolean>;
}

/** Consumes one token of the request rate limiter for `req` (Fastify's createRateLimit()). */
export type RateLimitCounter = (req: CreateFastifyContextOptions['req']) => Promise<{ isAllowed: boolean; isExceeded?: boolean }>;

export function createContextFactory(services: AppServices, rateLimit: RateLimitCounter) {
  return ({ req }: CreateFastifyContextOptions): Context => {
    let session: Promise<SessionInfo | null> | undefined;
    let calls = 0;
    let counted: Promise<unknown> = Promise.resolve();
    const header = req.headers[USER_LANGUAGE_HEADER];
    return {
      services,
      lang: resolveUserLanguage(Array.isArray(header) ? header[0] : header),
      requestInfo: resolveRequestInfo(req.headers, services.config),
      log: req.log,
      getSession: () => (session ??= loadSession(services.auth, req.headers, services.db)),
      countCall: () => {
        calls += 1;
        if (calls === 1) return Promise.resolve(true);
        // One at a time: the in-memory store hands every caller the same counter object, so
        // concurrent calls would all read the count the last of them left.
        const turn = counted.then(() => rateLimit(req)).then((result) => result.isAllowed || !result.isExceeded);
        counted = turn.catch(() => false);
        return turn;
      },
    };
  };
}
