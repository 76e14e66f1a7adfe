/**
 * POST /api/analytics/collect (§7): the first-party collector. Takes `{ events: [...] }` as
 * `application/json`, or as `text/plain` because `navigator.sendBeacon(url, string)` can only
 * send that (and a page that is closing has no other reliable way to send its last events).
 * Answers 200 `{ accepted, rejected: [{ index, error }] }`; an unparsable body is 400
 * PARSE_ERROR and a batch that is not `{ events: [1..50] }` is 400 BAD_REQUEST, both in the
 * error catalogue's shape. Any session or none.
 */
import type { Database } from '@tessera/db/connect';
import { ANALYTICS_COLLECT_PATH } from '@tessera/shared/analytics';
import { AppError } from '@tessera/shared/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { resolveRequestInfo } from '../../lib/requestInfo.ts';
import type { Auth } from '../auth/auth.ts';
import { loadSession } from '../auth/session.ts';
import { collect } from './analytics.service.ts';

/** A studio flushes a batch every few seconds at most; several tabs behind one address fit well within this. */
export const ANALYTICS_BATCHES_PER_MINUTE = 120;
/** 50 events of a few hundred bytes each, with room to spare; sendBeacon itself stops at 64 KiB. */
export const ANALYTICS_BODY_LIMIT_BYTES = 256 * 1024;

function parseJsonBody(_request: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) {
  try {
    done(null, JSON.parse(body));
  } catch (err) {
    done(new AppError('MALFORMED_BODY', { cause: err }));
  }
}

export async function analyticsRoutes(app: FastifyInstance, opts: { auth: Auth; db: Database; config: Config }): Promise<void> {
  // Registered inside this plugin only: no other route starts accepting text/plain as JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, parseJsonBody);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);

  app.post(
    ANALYTICS_COLLECT_PATH,
    { bodyLimit: ANALYTICS_BODY_LIMIT_BYTES, config: { rateLimit: { max: ANALYTICS_BATCHES_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request) => {
      const session = await loadSession(opts.auth, request.headers);
      const { country } = resolveRequestInfo(request.headers, opts.config);
      return collect(
        { db: opts.db },
        { userId: session?.user.id ?? null, userGroup: session?.user.userGroup ?? null, country },
        request.body,
      );
    },
  );
}
