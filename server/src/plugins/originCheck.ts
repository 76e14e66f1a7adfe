/**
 * Request forgery guard for every state-changing request (POST, PUT, PATCH, DELETE): tRPC
 * mutations, uploads, imports, the analytics collector, and whatever route comes next. SameSite
 * cookies stop other sites, not other *same-site* origins (another port or subdomain of the
 * same host); this check does.
 *
 * The rule, in order:
 *  1. GET, HEAD and OPTIONS pass: they change nothing (tRPC answers mutations on POST only).
 *  2. A route opts out with `config: { originCheck: false }`: callers that are not browsers and
 *     prove who they are otherwise (the signed Stripe and Replicate webhooks), and /api/auth,
 *     which checks the Origin of every POST itself, more strictly (better-auth's own answer shape).
 *  3. The request's origin is its Origin header or, without one, the origin of its Referer. A
 *     present origin must be one of `config.trustedOrigins` (the list better-auth trusts); the
 *     opaque origin `null` (sandboxed frames, some redirects) never is.
 *  4. Neither header: refused if the request carries a Cookie header, allowed if it carries none.
 *     Browsers send Origin with every non-GET request (fetch, XHR, forms, sendBeacon), so a
 *     cookie-carrying request without one is not one of our pages, and we cannot tell where it
 *     came from. A request without cookies carries no ambient credential: a forging page gains
 *     nothing by it that its author could not get by calling us directly, so non-browser
 *     clients (scripts, curl) keep working without inventing an Origin.
 * A refusal is 403 FORBIDDEN (MISSING_ORIGIN) in the catalogue's error shape, before the body is read.
 */
import { httpErrorBody } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` exempts a route from the Origin check (see plugins/originCheck.ts for who may). */
    originCheck?: false;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function originOfReferer(referer: string): string | null {
  try {
    const origin = new URL(referer).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Whether a state-changing request with these headers may proceed (rules 3 and 4 above). */
export function originAllowed(headers: IncomingHttpHeaders, trustedOrigins: readonly string[]): boolean {
  const origin = first(headers.origin);
  if (origin !== undefined) return origin !== 'null' && trustedOrigins.includes(origin);
  const referer = first(headers.referer);
  if (referer !== undefined) {
    const fromReferer = originOfReferer(referer);
    return fromReferer !== null && trustedOrigins.includes(fromReferer);
  }
  return !headers.cookie;
}

export function registerOriginCheck(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.originCheck === false) return;
    if (originAllowed(request.headers, trustedOrigins)) return;
    return reply.status(403).send(httpErrorBody('MISSING_ORIGIN', request.url.split('?')[0]));
  });
}
