import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH } from './auth.ts';
import { passwordProblem } from './credentials.ts';

describe('password policy', () => {
  it('refuses passwords under 8 characters and over the maximum', () => {
    expect(passwordProblem('Xq7#pL2')).toBe('too_short');
    expect(passwordProblem('a'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe('too_long');
  });

  it.each(['password', 'password123', 'P@ssw0rd', 'iloveyou1', '12345678', 'qwertyuiop', 'abcdefgh', 'aaaaaaaaaa', 'trustno1'])(
    'refuses the common or trivial password %s',
    (password) => {
      expect(passwordProblem(password)).toBe('too_common');
    },
  );

  it('refuses a password built from the user’s own e-mail address', () => {
    expect(passwordProblem('zorblax.quimby@example.com', ['zorblax.quimby@example.com'])).toBe('too_common');
    expect(passwordProblem('zorblax.quimby@example.com')).toBeNull();
  });

  it('accepts ordinary strong passwords and long passphrases', () => {
    expect(passwordProblem('correct horse battery')).toBeNull();
    expect(passwordProblem('xK9#mQ2$vT')).toBeNull();
    const passphrase = 'the quiet river remembers every stone it carried down the hill at night';
    expect(passphrase.length).toBeGreaterThanOrEqual(70);
    expect(passwordProblem(passphrase)).toBeNull();
    expect(passwordProblem('plum-kettle-violin-sundial '.repeat(9).slice(0, PASSWORD_MAX_LENGTH))).toBeNull();
  });
});
