/**
 * Mounts better-auth under /api/auth on Fastify, plus the providers list (§7). Around it: the
 * Origin check, the §8 "Email and password are required." pre-check, the client IP handed to
 * better-auth's rate limiter, one fixed answer for every accepted sign-up, and better-auth's
 * errors translated to catalogue messages.
 */
import type { ProvidersResponse } from '@tessera/shared/auth';
import { type CatalogueCode, ERROR_CATALOGUE, httpErrorBody, httpStatusOf } from '@tessera/shared/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@tessera/db/connect';
import type { Config } from '../../config.ts';
import type { Auth } from './auth.ts';
import { missingCredentials, translateAuthError } from './authErrors.ts';
import { CLIENT_IP_HEADER } from './authPolicy.ts';
import { toHeaders } from './session.ts';
import { beginSignInAttempt, clearSignInAttempts, type SignInThrottleDeps } from './signInThrottle.service.ts';

const SIGN_UP_PATH = '/api/auth/sign-up/email';
const SIGN_IN_PATH = '/api/auth/sign-in/email';
const VERIFY_EMAIL_PATH = '/api/auth/email-otp/verify-email';
const RESET_PASSWORD_PATH = '/api/auth/email-otp/reset-password';
const CREDENTIAL_PATHS = new Set([SIGN_UP_PATH, SIGN_IN_PATH]);

/**
 * What every accepted sign-up answers, whether the address was new or already registered
 * (better-auth's own answer carries a user id, real or made up, which would differ). The
 * studio moves to the "verify" step and sends the code to /api/auth/email-otp/verify-email.
 */
export const SIGN_UP_ACCEPTED = { verificationRequired: true } as const;

export function enabledProviders(config: Config): ProvidersResponse {
  const providers: ProvidersResponse = {
    'anonymous-user': { id: 'anonymous-user', name: 'Anonymous', type: 'anonymous' },
    credentials: { id: 'credentials', name: 'Email', type: 'credentials' },
  };
  if (config.google) providers.google = { id: 'google', name: 'Google', type: 'oauth' };
  return providers;
}

export async function authRoutes(app: FastifyInstance, opts: { auth: Auth; config: Config; db: Database; now?: () => Date }): Promise<void> {
  const { auth, config } = opts;
  const throttle: SignInThrottleDeps = { db: opts.db, secret: config.authSecret, policy: config.accountSignInLimit, now: opts.now ?? (() => new Date()) };

  app.get('/api/auth/providers', async () => enabledProviders(config));

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // handleAuth checks the Origin of every POST itself (stricter, in better-auth's error shape).
    config: { rateLimit: { max: config.authRateLimitMax, timeWindow: '1 minute' }, originCheck: false },
    handler: async (request, reply) => handleAuth(auth, config, throttle, request, reply),
  });
}

async function handleAuth(auth: Auth, config: Config, throttle: SignInThrottleDeps, request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '';
  // better-auth checks the Origin only when cookies are present; we check every POST, so no
  // form on another site can create accounts or sessions.
  const origin = request.headers.origin;
  if (request.method === 'POST' && (!origin || !config.trustedOrigins.includes(origin))) {
    const entry = ERROR_CATALOGUE.MISSING_ORIGIN;
    return reply.status(httpStatusOf(entry.code)).send({ code: 'MISSING_ORIGIN', message: entry.message });
  }
  if (request.method === 'POST' && CREDENTIAL_PATHS.has(pathname) && missingCredentials(request.body)) {
    const entry = ERROR_CATALOGUE.EMAIL_PASSWORD_REQUIRED;
    return reply.status(httpStatusOf(entry.code)).send({ code: 'EMAIL_PASSWORD_REQUIRED', message: entry.message });
  }

  let body: unknown = request.body;
  // Password sign-in per account, whichever addresses the attempts come from (signInThrottle.service.ts).
  const signInEmail = request.method === 'POST' && pathname === SIGN_IN_PATH ? (body as { email: string }).email : null;
  if (signInEmail !== null) {
    const attempt = await beginSignInAttempt(throttle, signInEmail);
    if (!attempt.allowed) {
      const entry = ERROR_CATALOGUE.TOO_MANY_REQUESTS;
      return reply.status(httpStatusOf(entry.code)).header('retry-after', String(attempt.retryAfterSeconds)).send({ code: 'TOO_MANY_REQUESTS', message: entry.message });
    }
  }
  if (request.method === 'POST' && pathname === VERIFY_EMAIL_PATH) {
    // Verifying a pending account also needs its password: a code alone must not hand someone
    // an account another person pre-registered with a password of their own. A mismatch looks
    // exactly like a wrong code; the address owner can always take over with "forgot password".
    const { password, ...rest } = (body ?? {}) as { email?: unknown; password?: unknown };
    if (!(await knowsPendingPassword(auth, rest.email, password))) {
      const entry = ERROR_CATALOGUE.INCORRECT_EMAIL_CODE;
      return reply.status(httpStatusOf(entry.code)).send({ code: 'INCORRECT_EMAIL_CODE', message: entry.message });
    }
    body = rest;
  }

  const headers = toHeaders(request.headers);
  // request.ip honours TRUST_PROXY; whatever the client put in this header is replaced.
  headers.set(CLIENT_IP_HEADER, request.ip);
  const url = new URL(request.url, config.publicUrl);
  const hasBody = request.method !== 'GET' && body !== undefined;
  const response = await auth.handler(new Request(url, { method: request.method, headers, ...(hasBody ? { body: JSON.stringify(body) } : {}) }));

  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });

  const text = await response.text();
  // A right password clears the address's failed attempts: a session (200) or a refusal that
  // comes only after the password matched (403: address not verified yet, account banned). So
  // does a new password set with a reset code.
  if (signInEmail !== null && (response.status === 200 || response.status === 403)) await clearSignInAttempts(throttle, signInEmail);
  if (request.method === 'POST' && pathname === RESET_PASSWORD_PATH && response.status === 200) {
    const email = (body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string') await clearSignInAttempts(throttle, email);
  }
  if (request.method === 'POST' && pathname === SIGN_UP_PATH && response.status === 200) {
    return reply.status(200).type('application/json').send(SIGN_UP_ACCEPTED);
  }
  if (response.status >= 400 && (response.headers.get('content-type') ?? '').includes('application/json')) {
    const translated = translateAuthError(response.status, safeJson(text));
    return reply.status(translated.status).type('application/json').send(translated.body);
  }
  if (response.status >= 400) {
    // better-auth answers unknown paths and wrong methods with an empty or plain-text body.
    const body = httpErrorBody(catalogueCodeForStatus(response.status), pathname);
    return reply.status(body.error.data.httpStatus).type('application/json').send(body);
  }
  return reply.status(response.status).send(text === '' ? null : text);
}

/**
 * True unless `email` belongs to a not-yet-verified account with a password that `password`
 * does not match. Verified or unknown addresses pass through (better-auth answers those).
 */
async function knowsPendingPassword(auth: Auth, email: unknown, password: unknown): Promise<boolean> {
  if (typeof email !== 'string' || email.trim() === '') return true;
  const context = await auth.$context;
  const found = await context.internalAdapter.findUserByEmail(email.trim().toLowerCase(), { includeAccounts: true });
  if (!found || found.user.emailVerified) return true;
  const hash = found.accounts.find((a) => a.providerId === 'credential' && a.password)?.password;
  if (!hash) return true;
  return typeof password === 'string' && (await context.password.verify({ hash, password }));
}

function catalogueCodeForStatus(status: number): CatalogueCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 405) return 'METHOD_NOT_SUPPORTED';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  return status < 500 ? 'INCORRECT_PARAMETER' : 'INTERNAL';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
