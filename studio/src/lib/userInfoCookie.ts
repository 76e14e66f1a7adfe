/**
 * The user-info cookie (§3: id, name, email, firstName, lastName, image; §9: 7,776,000 s). The
 * session bootstrap writes it whenever the session shows a signed-in user (after a sign-in, an
 * e-mail verification or a password reset, and on later visits, which renews it); sign-out
 * clears it. HomePage reads it for the `/` → `/home` redirect of §2.
 */

export const USER_INFO_COOKIE = 'user-info';
/** §9: 90 days. */
export const USER_INFO_COOKIE_MAX_AGE = 7_776_000;

/** What a read cookie is known to hold: an id and a valid e-mail; the other fields pass through. */
export type ReadUserInfo = Partial<UserInfo> & { id: string; email: string };
// A plain check, not zod: this runs on every page's first paint (bench/bundle).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
function isUserInfo(value: unknown): value is ReadUserInfo {
  if (!value || typeof value !== 'object') return false;
  const { id, email } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof email === 'string' && EMAIL.test(email);
}

export interface UserInfo {
  id: string;
  name: string;
  email: string;
  firstName: string;
  lastName: string;
  image: string;
}

/** Any user shape (session user, user.find) → the six cookie fields, missing ones empty. */
export function toUserInfo(user: {
  id: string;
  email: string;
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  image?: string | null;
}): UserInfo {
  return {
    id: user.id,
    name: user.name ?? '',
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    image: user.image ?? '',
  };
}

/** The `document.cookie` assignment that stores `info` (Secure on https pages). */
export function serializeUserInfoCookie(info: UserInfo, opts: { secure: boolean }): string {
  const value = encodeURIComponent(JSON.stringify(info));
  return `${USER_INFO_COOKIE}=${value}; Max-Age=${USER_INFO_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${opts.secure ? '; Secure' : ''}`;
}

/** The assignment that deletes the cookie (same path, so it replaces the stored one). */
export function serializeClearedUserInfoCookie(opts: { secure: boolean }): string {
  return `${USER_INFO_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${opts.secure ? '; Secure' : ''}`;
}

const isSecurePage = () => window.location.protocol === 'https:';

export function writeUserInfoCookie(info: UserInfo): void {
  document.cookie = serializeUserInfoCookie(info, { secure: isSecurePage() });
}

export function clearUserInfoCookie(): void {
  document.cookie = serializeClearedUserInfoCookie({ secure: isSecurePage() });
}

export function readUserInfoCookie(cookieString: string = document.cookie): ReadUserInfo | null {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== USER_INFO_COOKIE) continue;
    try {
      const parsed: unknown = JSON.parse(decodeURIComponent(rest.join('=')));
      return isUserInfo(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return null;
}

export function hasSignedInUserInfoCookie(cookieString?: string): boolean {
  return readUserInfoCookie(cookieString) !== null;
}
