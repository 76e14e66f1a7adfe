// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearUserInfoCookie,
  hasSignedInUserInfoCookie,
  readUserInfoCookie,
  serializeClearedUserInfoCookie,
  serializeUserInfoCookie,
  toUserInfo,
  USER_INFO_COOKIE_MAX_AGE,
  writeUserInfoCookie,
} from './userInfoCookie.ts';

const user = { id: 'u1', name: 'Ada', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', image: null };

afterEach(() => clearUserInfoCookie());

describe('user-info cookie (§3, §9)', () => {
  it('keeps exactly the six §3 fields, missing ones empty', () => {
    expect(toUserInfo({ ...user, extra: 'dropped' } as typeof user)).toEqual({
      id: 'u1',
      name: 'Ada',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      image: '',
    });
  });

  it('serializes with a 90-day Max-Age, path /, SameSite=Lax and Secure only on https', () => {
    const plain = serializeUserInfoCookie(toUserInfo(user), { secure: false });
    expect(USER_INFO_COOKIE_MAX_AGE).toBe(7_776_000);
    expect(plain).toMatch(/^user-info=[^;]+; Max-Age=7776000; Path=\/; SameSite=Lax$/);
    expect(serializeUserInfoCookie(toUserInfo(user), { secure: true })).toMatch(/; SameSite=Lax; Secure$/);
    // The value survives characters that would break a cookie (spaces, quotes, semicolons).
    const odd = serializeUserInfoCookie(toUserInfo({ ...user, name: 'A; "B" C=D' }), { secure: false });
    const value = odd.split(';')[0]!;
    expect(readUserInfoCookie(value)?.name).toBe('A; "B" C=D');
    expect(serializeClearedUserInfoCookie({ secure: false })).toBe('user-info=; Max-Age=0; Path=/; SameSite=Lax');
  });

  it('writes a cookie the reader (and the / → /home redirect) accepts, and clears it', () => {
    expect(hasSignedInUserInfoCookie()).toBe(false);
    writeUserInfoCookie(toUserInfo(user));
    expect(readUserInfoCookie()).toEqual(toUserInfo(user));
    expect(hasSignedInUserInfoCookie()).toBe(true);
    clearUserInfoCookie();
    expect(document.cookie).not.toContain('user-info=');
    expect(hasSignedInUserInfoCookie()).toBe(false);
  });
});
