/**
 * The rules better-auth enforces for us beyond its defaults: which endpoints exist, how often a
 * client IP may call the sensitive ones, and what a new password and a new address must satisfy.
 */
import { passwordProblem } from '@tessera/shared/auth/credentials';
import { zProfileName } from '@tessera/shared/users/profile';
import { z } from 'zod';
import { emailProblem } from './emailPolicy.ts';
import { resolveUserLanguage, USER_LANGUAGE_HEADER, type LanguageCode } from '@tessera/shared/i18n';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Config } from '../../config.ts';

/** Set by auth.routes.ts from Fastify's request.ip; better-auth reads the client IP from it. */
export const CLIENT_IP_HEADER = 'x-tessera-client-ip';

/**
 * Endpoints we do not offer: link-based verification and reset (we use codes), OTP sign-in
 * (it would create accounts without the password and e-mail rules), the deprecated reset
 * alias, the e-mail change flows (not built yet) and better-auth's own profile update — it
 * would store any name and any avatar URL (an outside tracker, `javascript:`) without the
 * profile rules; profiles change through `user.updateProfile` only.
 */
export const AUTH_DISABLED_PATHS = [
  '/send-verification-email',
  '/verify-email',
  '/request-password-reset',
  '/reset-password',
  '/sign-in/email-otp',
  '/forget-password/email-otp',
  '/email-otp/request-email-change',
  '/email-otp/change-email',
  '/change-email',
  '/update-user',
] as const;

/** Code types a client may ask for; `sign-in` and `change-email` belong to disabled flows. */
const REQUESTABLE_CODE_TYPES = new Set(['email-verification', 'forget-password']);

/**
 * better-auth customRules: per client IP and path within the window. Every other auth path is
 * left to the coarse Fastify limiter (no database write per get-session). Keys are matched in
 * order, so the catch-all comes last.
 */
export function authRateLimitRules(limits: Config['authLimits']): Record<string, { window: number; max: number } | false> {
  const rule = (max: number) => ({ window: limits.windowSeconds, max });
  return {
    '/sign-in/email': rule(limits.signIn),
    '/change-password': rule(limits.signIn),
    '/sign-up/email': rule(limits.signUp),
    '/email-otp/send-verification-otp': rule(limits.sendCode),
    '/email-otp/request-password-reset': rule(limits.sendCode),
    '/email-otp/verify-email': rule(limits.checkCode),
    '/email-otp/check-verification-otp': rule(limits.checkCode),
    '/email-otp/reset-password': rule(limits.checkCode),
    '/**': false,
  };
}

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

function assertPassword(password: string | undefined, userInputs: string[]): void {
  if (password === undefined) return; // better-auth's own validation answers a missing field
  const problem = passwordProblem(password, userInputs);
  if (problem === 'too_short') throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
  if (problem === 'too_long') throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_LONG', message: 'Password too long' });
  if (problem === 'too_common') throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: 'Password too common' });
}

/** The profile fields sign-up accepts, under the rules `user.updateProfile` applies (shared/users/profile). */
const zSignUpProfile = z.object({
  name: zProfileName,
  firstName: zProfileName.nullish(),
  lastName: zProfileName.nullish(),
  // An avatar is an upload of the user's own, set after sign-up; a URL here would be shown to others as is.
  image: z.null().optional(),
});

function assertProfileFields(body: unknown): void {
  if (!zSignUpProfile.safeParse(body).success) throw new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message: 'Invalid profile fields' });
}

/**
 * Runs before every endpoint. The checks depend only on the request, never on whether the
 * address is registered, so a refusal reveals nothing about existing accounts.
 */
export const credentialPolicyHook = createAuthMiddleware(async (ctx) => {
  const body: unknown = ctx.body;
  switch (ctx.path) {
    case '/sign-up/email': {
      const email = field(body, 'email') ?? '';
      if (emailProblem(email)) throw new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: 'Invalid or disposable address' });
      assertProfileFields(body);
      assertPassword(field(body, 'password'), [email, field(body, 'name') ?? '']);
      return;
    }
    case '/email-otp/reset-password':
      assertPassword(field(body, 'password'), [field(body, 'email') ?? '']);
      return;
    case '/change-password':
      assertPassword(field(body, 'newPassword'), [ctx.context.session?.user.email ?? '']);
      return;
    case '/email-otp/send-verification-otp': {
      const type = field(body, 'type');
      if (type !== undefined && !REQUESTABLE_CODE_TYPES.has(type)) throw new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message: 'Invalid OTP type' });
      return;
    }
    default:
      return;
  }
});

/** The language of auth e-mails: the studio's user-language header (§7), else Accept-Language. */
export function mailLanguage(headers: Headers | null | undefined): LanguageCode {
  return resolveUserLanguage(headers?.get(USER_LANGUAGE_HEADER) ?? headers?.get('accept-language'));
}
