/** Hooks the account forms share: the lazily loaded password rule, the resend countdown, the dev mailbox probe. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type * as CredentialsModule from '@tessera/shared/auth/credentials';
import { type AuthProblem, resendSecondsLeft } from './authFlows.ts';

type Credentials = typeof CredentialsModule;
type PasswordProblem = ReturnType<Credentials['passwordProblem']>;

let credentials: Promise<Credentials> | null = null;
/** The password rule carries a 49,000-word dictionary: loaded with the forms that need it, once. */
function loadCredentials(): Promise<Credentials> {
  credentials ??= import('@tessera/shared/auth/credentials');
  return credentials;
}

/** The catalogue problem a password rule answer stands for. */
export function passwordRuleProblem(problem: PasswordProblem): AuthProblem | null {
  if (problem === 'too_short') return { code: 'PASSWORD_TOO_SHORT' };
  if (problem === 'too_long') return { code: 'PASSWORD_TOO_LONG' };
  if (problem === 'too_common') return { code: 'WEAK_PASSWORD' };
  return null;
}

/**
 * The server's password rule applied as the user types (same code, same dictionary): undefined
 * until the rule has loaded or while `enabled` is false, then the problem or null.
 */
export function usePasswordProblem(password: string, email: string, enabled: boolean): AuthProblem | null | undefined {
  const [rule, setRule] = useState<Credentials['passwordProblem'] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadCredentials().then(
      (module) => live && setRule(() => module.passwordProblem),
      () => undefined, // The server checks the same rule; a failed chunk load only loses the hint.
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  if (!enabled || !rule) return undefined;
  return passwordRuleProblem(rule(password, email.trim() ? [email.trim()] : []));
}

/** Seconds left before "Resend code" works again, ticking while above zero. */
export function useResendCountdown(resendAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= resendAt) clearInterval(timer);
    }, 250);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [resendAt]);
  return resendSecondsLeft(resendAt, now);
}

/**
 * Whether the server keeps mail in its dev mailbox (no SMTP configured, not production): the
 * mailbox routes answer 404 otherwise. Asked once per page load.
 */
export function useDevMailbox(enabled: boolean): boolean {
  const { data } = useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: async () => {
      const res = await fetch('/dev/mailbox', { method: 'HEAD', credentials: 'same-origin' });
      return res.ok;
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { skipError: true },
  });
  return data === true;
}
