/**
 * The server's e-mail account calls (better-auth under /api/auth, answers translated to §8
 * codes by the server), each returning `{ ok }` or the problem to show. Sign-up always answers
 * "verification required" whether or not the address was registered, so nothing here (or in
 * the forms) can tell the two apart.
 */
import type { TFunction } from 'i18next';
import { authClient } from '../../lib/authClient.ts';
import type { AuthProblem } from './authFlows.ts';

export type AuthResult = { ok: true } | { ok: false; problem: AuthProblem };

interface ClientError {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
}

export function toProblem(error: ClientError): AuthProblem {
  if (error.status === 429) return { code: 'TOO_MANY_REQUESTS', message: error.message };
  return { code: error.code || 'AUTH_ERROR', message: error.message };
}

async function call(run: () => Promise<{ error: ClientError | null }>): Promise<AuthResult> {
  try {
    const { error } = await run();
    return error ? { ok: false, problem: toProblem(error) } : { ok: true };
  } catch {
    // Network failure: better-fetch throws instead of answering.
    return { ok: false, problem: { code: 'NETWORK' } };
  }
}

/** The display name a new account starts with: the address's local part. */
export function defaultName(email: string): string {
  return email.trim().split('@')[0] || 'Creator';
}

export const authApi = {
  signUp: (email: string, password: string) =>
    call(() => authClient.signUp.email({ email: email.trim(), password, name: defaultName(email) })),
  signIn: (email: string, password: string) => call(() => authClient.signIn.email({ email: email.trim(), password })),
  sendVerificationCode: (email: string) =>
    call(() => authClient.emailOtp.sendVerificationOtp({ email: email.trim(), type: 'email-verification' })),
  /**
   * Verifies the address; the server signs the user in (moving an anonymous session's data). The
   * password goes along: a pending account is verified only by someone who knows its password.
   */
  verifyEmail: async (email: string, otp: string, password: string): Promise<AuthResult & { signedIn?: boolean }> => {
    let signedIn = false;
    const result = await call(async () => {
      const body = { email: email.trim(), otp, password };
      const response = await authClient.emailOtp.verifyEmail(body);
      signedIn = Boolean(response.data && 'token' in response.data && response.data.token);
      return response;
    });
    return result.ok ? { ...result, signedIn } : result;
  },
  requestPasswordReset: (email: string) => call(() => authClient.emailOtp.requestPasswordReset({ email: email.trim() })),
  resetPassword: (email: string, otp: string, password: string) =>
    call(() => authClient.emailOtp.resetPassword({ email: email.trim(), otp, password })),
};

/**
 * The text for a problem in the page's language: our translation of the §8 message when we
 * have one for its code, else what the server said, else a generic failure.
 */
export function problemText(problem: AuthProblem, t: TFunction): string {
  const fallback = problem.message || t('auth.failed');
  return t(`auth.errors.${problem.code}`, { defaultValue: fallback });
}
