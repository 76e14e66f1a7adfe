import { describe, expect, it } from 'vitest';
import { afterAttempt, lockRemainingMs, type SignInThrottleState } from './signInThrottle.ts';

const POLICY = { failures: 5, windowSeconds: 900, lockSeconds: 60, maxLockSeconds: 900 };
const at = (seconds: number) => new Date(seconds * 1000);

function attempts(n: number, startSeconds = 0): SignInThrottleState | null {
  let state: SignInThrottleState | null = null;
  for (let i = 0; i < n; i++) state = afterAttempt(state, at(startSeconds + i), POLICY);
  return state;
}

describe('sign-in throttle', () => {
  it('locks from the 5th attempt without success, for 60 s', () => {
    expect(lockRemainingMs(attempts(4), at(4))).toBe(0);
    const state = attempts(5);
    expect(lockRemainingMs(state, at(4))).toBe(60_000);
    expect(lockRemainingMs(state, at(64))).toBe(0);
  });

  it('forgets the attempts after a quiet window, counted from the end of the lock', () => {
    const state = attempts(5);
    // Lock ends at 64 s; 900 s of quiet after that, and the count starts over.
    expect(afterAttempt(state, at(64 + 899), POLICY).failures).toBe(6);
    expect(afterAttempt(state, at(64 + 900), POLICY)).toEqual({ failures: 1, lastFailureAt: at(964), lockedUntil: null });
  });
});
