/** Infrastructure first: security headers, cookies, rate limiting, the Origin check. */
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { ERROR_CATALOGUE } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { registerOriginCheck } from './originCheck.ts';
import { rateLimitStore, type WindowCounter } from './sharedCounters.ts';

/**
 * The CSP the studio satisfies: scripts only from our origin (plus WebAssembly compilation for
 * ffmpeg.wasm and OpenCV), inline styles (Radix positions popovers with style attributes),
 * media from our origin, blobs and https (hosted generation results), sockets to our origin.
 */
export function contentSecurityPolicy(config: Config) {
  const https = config.publicUrl.startsWith('https:');
  const wsOrigin = config.publicUrl.replace(/^http/, 'ws');
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    mediaSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", wsOrigin, 'blob:', 'data:'],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: https ? [] : null,
  };
}

/** `counter` counts the request rate limit; shared by every node unless it is the memory one. */
export async function registerSecurity(app: FastifyInstance, config: Config, counter: WindowCounter): Promise<void> {
  // helmet itself, built once: @fastify/helmet 13 rebuilt the middleware (and re-parsed the CSP)
  // on every request, a sixth of a plain route's CPU. Same headers, set at onRequest as it did.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    hsts: config.publicUrl.startsWith('https:') ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  await app.register(cookie, { secret: config.authSecret });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    ...(counter.kind === 'memory' ? {} : { store: rateLimitStore(counter) }),
    // A store that cannot be reached lets requests through (logged): an outage of Redis must not
    // take the whole site down with it.
    skipOnError: true,
    allowList: (req) => req.url === '/api/health' || req.url.startsWith('/api/health/') || req.url === '/api/ready',
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: ERROR_CATALOGUE.TOO_MANY_REQUESTS.message,
      retryAfter: context.after,
    }),
  });
  registerOriginCheck(app, config.trustedOrigins);
}
