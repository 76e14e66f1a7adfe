/**
 * The per-account password sign-in throttle (rules in signInThrottle.ts): the per-IP limits do
 * not stop one account's password being guessed from many addresses. The key is a keyed hash of
 * the normalised e-mail, counted whether or not an account has it, and a refusal is the same
 * "too many requests" the per-IP limit answers, so nothing tells a registered address apart. A
 * successful sign-in or a password reset clears it; a lock lasts `maxLockSeconds` at most, so an
 * attacker cannot shut the owner out for long, and a reset always lets the owner back in.
 */
import { createHmac } from 'node:crypto';
import type { Database } from '@tessera/db/connect';
import { deleteThrottleRow, withThrottleRow } from './signInThrottle.repo.ts';
import { afterAttempt, lockRemainingMs, type SignInThrottlePolicy } from './signInThrottle.ts';

export interface SignInThrottleDeps {
  db: Database;
  /** Keys the e-mail hash (AUTH_SECRET): the table holds no address, nor a plain hash of one. */
  secret: string;
  policy: SignInThrottlePolicy;
  now: () => Date;
}

function throttleKey(deps: SignInThrottleDeps, email: string): string {
  return createHmac('sha256', deps.secret).update(`sign-in:${email.trim().toLowerCase()}`).digest('hex');
}

export type SignInAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Called before a password sign-in is checked: counts the attempt, or refuses it while the
 * address is locked (then `retryAfterSeconds` says for how long, and nothing is counted).
 */
export async function beginSignInAttempt(deps: SignInThrottleDeps, email: string): Promise<SignInAttempt> {
  const now = deps.now();
  return withThrottleRow<SignInAttempt>(deps.db, throttleKey(deps, email), (state) => {
    const lockedMs = lockRemainingMs(state, now);
    if (lockedMs > 0) return { next: null, result: { allowed: false, retryAfterSeconds: Math.ceil(lockedMs / 1000) } };
    return { next: afterAttempt(state, now, deps.policy), result: { allowed: true } };
  });
}

/** The password was right (sign-in) or has been replaced (reset): the address starts clean. */
export async function clearSignInAttempts(deps: SignInThrottleDeps, email: string): Promise<void> {
  await deleteThrottleRow(deps.db, throttleKey(deps, email));
}
