/**
 * The per-account sign-in throttle's arithmetic (signInThrottle.service.ts applies it). Every
 * password attempt for an address counts as a failure when it starts — so a burst of parallel
 * guesses cannot all get past the check — and a success wipes the count. From the `failures`-th
 * attempt within the window on, each attempt locks the address for the next `lockSeconds`,
 * doubling per further attempt up to `maxLockSeconds`. The count starts over once the address
 * has been quiet (no attempt, no lock) for `windowSeconds`.
 */
export interface SignInThrottlePolicy {
  failures: number;
  windowSeconds: number;
  lockSeconds: number;
  maxLockSeconds: number;
}

export interface SignInThrottleState {
  failures: number;
  lastFailureAt: Date;
  lockedUntil: Date | null;
}

/** Milliseconds the address stays locked at `now`; 0 when an attempt may go ahead. */
export function lockRemainingMs(state: SignInThrottleState | null, now: Date): number {
  if (!state?.lockedUntil) return 0;
  return Math.max(0, state.lockedUntil.getTime() - now.getTime());
}

/** The state after one more attempt at `now` (which was allowed: the address was not locked). */
export function afterAttempt(state: SignInThrottleState | null, now: Date, policy: SignInThrottlePolicy): SignInThrottleState {
  const quietSince = state ? Math.max(state.lastFailureAt.getTime(), state.lockedUntil?.getTime() ?? 0) : 0;
  const failures = state && now.getTime() - quietSince < policy.windowSeconds * 1000 ? state.failures + 1 : 1;
  const beyond = failures - policy.failures;
  const lockMs = beyond >= 0 ? Math.min(policy.lockSeconds * 1000 * 2 ** Math.min(beyond, 30), policy.maxLockSeconds * 1000) : 0;
  return { failures, lastFailureAt: now, lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : null };
}
