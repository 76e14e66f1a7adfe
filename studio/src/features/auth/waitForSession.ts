/**
 * Resolves once better-auth's session store holds a session that satisfies `accept` (or after
 * `timeoutMs`, so a lost refetch never blocks the caller). better-auth re-reads the session in
 * the background after a sign-in, a verification or a sign-out, cancelling any other read in
 * flight, so awaiting a refetch of our own is not enough: code that navigates next (sign-out →
 * /sign-in, which sends a viewer it still sees as signed in on to /home) waits for this.
 */
import { authClient, type AuthSession } from '../../lib/authClient.ts';

export const isSignedInSession = (data: AuthSession | null) => Boolean(data && !data.user.isAnonymous && data.user.email);

export function waitForSession(accept: (data: AuthSession | null) => boolean, timeoutMs = 5000): Promise<void> {
  const store = authClient.$store.atoms.session;
  if (!store) return Promise.resolve();
  return new Promise((resolve) => {
    let done = false;
    const timer = setTimeout(() => settle(), timeoutMs);
    // nanostores calls the listener at once with the current value, then on every change; the
    // microtask lets `unsubscribe` exist before settle() uses it.
    const unsubscribe = store.subscribe((value) => {
      if (done || value.isPending || value.isRefetching || !accept(value.data as AuthSession | null)) return;
      done = true;
      queueMicrotask(settle);
    });
    function settle() {
      done = true;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}
