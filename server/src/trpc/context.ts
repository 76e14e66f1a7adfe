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
  /** Reads the session once per request, only when a procedure needs it. */
  getSession(): Promise<SessionInfo | null>;
}

export function createContextFactory(services: AppServices) {
  return ({ req }: CreateFastifyContextOptions): Context => {
    let session: Promise<SessionInfo | null> | undefined;
    const header = req.headers[USER_LANGUAGE_HEADER];
    return {
      services,
      lang: resolveUserLanguage(Array.isArray(header) ? header[0] : header),
      requestInfo: resolveRequestInfo(req.headers, services.config),
      getSession: () => (session ??= loadSession(services.auth, req.headers, services.db)),
    };
  };
}
