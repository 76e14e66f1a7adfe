/**
 * §4 Tracking: `sign_up` versus `login` fire once per auth method (Google, email, Facebook)
 * with the AUTH_TRACKING_DEBOUNCE_MS window of §9 — the first trigger for a method fires at
 * once (the page may be about to change), and every further trigger for that method inside the
 * window, of either kind, is swallowed. /sign-in-google runs no auth-method tracking (§2).
 *
 * E-mail sign-ups and log-ins are reported by the account form, which knows which it was.
 * Social sign-ins leave the page for the provider: `startSocialAuth` notes the method before
 * leaving, and `finishSocialAuth` reports it when the session comes back, telling a new account
 * (created with this session) from a returning one.
 */
import { AUTH_TRACKING_DEBOUNCE_MS } from '@tessera/shared/analytics/constants';
import { splitLanguagePrefix } from '@tessera/shared/i18n';
import { isUnder } from '@tessera/shared/routes';
import { type AuthMethod, rememberLoginMethod } from './analyticsContext.ts';
import { track } from './tracker.ts';

export type AuthKind = 'sign_up' | 'login';

/** §2: no auth-method tracking on /sign-in-google (with or without a language prefix). */
export const isAuthTrackingSkipped = (pathname: string): boolean => isUnder(splitLanguagePrefix(pathname).rest, '/sign-in-google');

/** When each method last fired (per page; a full reload starts over, which only a social redirect does). */
const lastFired = new Map<AuthMethod, number>();

/**
 * Reports a successful sign-up or log-in. Returns whether an event went out (false when skipped
 * on /sign-in-google or swallowed by the debounce window).
 */
export function trackAuth(kind: AuthKind, method: AuthMethod, pathname: string = window.location.pathname, now: number = Date.now()): boolean {
  if (isAuthTrackingSkipped(pathname)) return false;
  const last = lastFired.get(method);
  if (last !== undefined && now - last < AUTH_TRACKING_DEBOUNCE_MS) return false;
  lastFired.set(method, now);
  rememberLoginMethod(method);
  track(kind, { method });
  return true;
}

/** Tests start every case with a fresh window. */
export function resetAuthTracking(): void {
  lastFired.clear();
}

const SOCIAL_KEY = 'tessera.analytics.socialAuth';
/** A provider round trip that has not come back after this long was abandoned. */
const SOCIAL_MAX_AGE_MS = 30 * 60_000;
/** An account whose first session began within this time of its creation was made by this sign-in. */
const NEW_ACCOUNT_MS = 2 * 60_000;

/** Notes the social method before the browser leaves for the provider (sessionStorage survives the round trip). */
export function startSocialAuth(method: Exclude<AuthMethod, 'email'>, now: number = Date.now()): void {
  try {
    sessionStorage.setItem(SOCIAL_KEY, JSON.stringify({ method, startedAt: now }));
  } catch {
    // Storage disabled: the sign-in goes untracked.
  }
}

/** The signed-in session as far as this decision needs it; dates as the auth client gives them. */
export interface SocialSession {
  userCreatedAt: Date | string;
  sessionCreatedAt: Date | string;
}

function takeSocialNote(): { method?: unknown; startedAt?: unknown } | null {
  try {
    const raw = sessionStorage.getItem(SOCIAL_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(SOCIAL_KEY);
    return JSON.parse(raw) as { method?: unknown; startedAt?: unknown } | null;
  } catch {
    return null;
  }
}

/**
 * Called when a signed-in session is seen: if a social sign-in was started in this tab, reports
 * it (once — the note is consumed) and answers which kind it was; null when there was none or
 * the event was skipped.
 */
export function finishSocialAuth(session: SocialSession, pathname: string = window.location.pathname, now: number = Date.now()): AuthKind | null {
  const note = takeSocialNote();
  if (!note || (note.method !== 'Google' && note.method !== 'Facebook') || typeof note.startedAt !== 'number') return null;
  if (now - note.startedAt > SOCIAL_MAX_AGE_MS) return null;
  // Both times come from the server's clock, so the browser's clock cannot skew the answer.
  const created = new Date(session.userCreatedAt).getTime();
  const signedIn = new Date(session.sessionCreatedAt).getTime();
  const kind: AuthKind = Number.isFinite(created) && Number.isFinite(signedIn) && signedIn - created < NEW_ACCOUNT_MS ? 'sign_up' : 'login';
  return trackAuth(kind, note.method, pathname, now) ? kind : null;
}
