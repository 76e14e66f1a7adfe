/** The session cookie check agrees with better-auth's signing (`<token>.<signature>`, URL-encoded, as in the cookie). */
import { makeSignature } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { verifiedToken } from './sessionLookup.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123';

describe('verifiedToken', () => {
  it('accepts what better-call signs, and nothing else', async () => {
    for (const token of ['abc', 'Zq9.dotted.token', 'x'.repeat(32)]) {
      const value = encodeURIComponent(`${token}.${await makeSignature(token, SECRET)}`);
      expect(verifiedToken(value, SECRET)).toBe(token);
      expect(verifiedToken(value, `${SECRET}x`)).toBeNull();
      expect(verifiedToken(value.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), SECRET)).toBeNull();
    }
  });

  it('refuses malformed values', () => {
    for (const value of ['', 'token', 'token.', '.sig', 'token.short=', '%E0%A4%A', `token.${'A'.repeat(43)}=`]) {
      expect(verifiedToken(value, SECRET)).toBeNull();
    }
  });
});
