/**
 * better-auth answers with its own codes and English messages; the studio shows §8 messages.
 * This maps one onto the other. Unknown codes pass through unchanged.
 */
import { type CatalogueCode, ERROR_CATALOGUE, httpStatusOf } from '@tessera/shared/errors';

const AUTH_CODE_TO_CATALOGUE: Record<string, CatalogueCode> = {
  USER_ALREADY_EXISTS: 'EMAIL_REGISTERED',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_REGISTERED',
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'INVALID_CREDENTIALS',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'INVALID_CREDENTIALS',
  INVALID_EMAIL: 'INVALID_EMAIL',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'PASSWORD_TOO_LONG',
  MISSING_OR_NULL_ORIGIN: 'MISSING_ORIGIN',
  INVALID_ORIGIN: 'MISSING_ORIGIN',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'MISSING_ORIGIN',
  TOKEN_EXPIRED: 'VERIFICATION_EXPIRED',
  // emailOTP codes. A code that used up its guesses is dead: like an expired one, the remedy is
  // to ask for a new code, which is what the expiry message tells the user.
  INVALID_OTP: 'INCORRECT_EMAIL_CODE',
  OTP_EXPIRED: 'VERIFICATION_EXPIRED',
  TOO_MANY_ATTEMPTS: 'VERIFICATION_EXPIRED',
  // Reached only with a valid code for an address that has no user (it was deleted meanwhile).
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  BODY_MUST_BE_AN_OBJECT: 'INCORRECT_PARAMETER',
  VALIDATION_ERROR: 'INCORRECT_PARAMETER',
};

export interface AuthErrorBody {
  code: string;
  message: string;
}

/** The status and body to send for a failed better-auth response. */
export function translateAuthError(status: number, body: unknown): { status: number; body: AuthErrorBody } {
  const code = typeof body === 'object' && body && 'code' in body && typeof body.code === 'string' ? body.code : '';
  // better-auth's rate limiter answers 429 with a message and no code.
  const catalogueCode = status === 429 ? 'TOO_MANY_REQUESTS' : AUTH_CODE_TO_CATALOGUE[code];
  if (catalogueCode) {
    const entry = ERROR_CATALOGUE[catalogueCode];
    return { status: httpStatusOf(entry.code), body: { code: catalogueCode, message: entry.message } };
  }
  const message =
    typeof body === 'object' && body && 'message' in body && typeof body.message === 'string' ? body.message : 'Request failed.';
  return { status, body: { code: code || 'AUTH_ERROR', message } };
}

/** Sign-up and sign-in by e-mail need both fields (§5); checked before better-auth sees the body. */
export function missingCredentials(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return true;
  const { email, password } = body as { email?: unknown; password?: unknown };
  return typeof email !== 'string' || email.trim() === '' || typeof password !== 'string' || password === '';
}
