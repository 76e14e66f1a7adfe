/**
 * What makes a password acceptable at sign-up and password reset (§5); the server and the
 * studio's forms share it. Separate from auth.ts because the password dictionary is large: the
 * studio loads this entry only on the sign-up and reset forms. (The disposable-domain list is
 * server business: server/src/modules/auth/emailPolicy.ts.)
 *
 * Password rule: 8–256 characters, and zxcvbn-ts (with its common-password and diceware
 * dictionaries) must score it at least 2 of 4. Every entry of the common-password list scores
 * 0 or 1 by itself ("password123", "P@ssw0rd", "iloveyou1"), as do keyboard walks, sequences and
 * repeats, so one score threshold refuses all of them while long passphrases pass.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.ts';

/** zxcvbn score (0–4) a password needs: 2 = "somewhat guessable", safe against online guessing. */
export const PASSWORD_MIN_SCORE = 2;

export type PasswordProblem = 'too_short' | 'too_long' | 'too_common';

let factory: ZxcvbnFactory | null = null;

/** Built on first use: ranking the 49,000-word dictionary takes a moment. */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: PASSWORD_MAX_LENGTH });
  return factory;
}

/**
 * Why a password is refused, or null when it is acceptable. `userInputs` (the e-mail address,
 * the name) count as known words, so "alice.smith2024" is weak for alice.smith@….
 */
export function passwordProblem(password: string, userInputs: readonly string[] = []): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too_long';
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@._+-]/)]).filter((s) => s.length >= 3);
  return zxcvbn().check(password, inputs).score < PASSWORD_MIN_SCORE ? 'too_common' : null;
}
