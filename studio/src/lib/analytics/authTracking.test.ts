// @vitest-environment jsdom
import { AUTH_TRACKING_DEBOUNCE_MS } from '@tessera/shared/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { finishSocialAuth, resetAuthTracking, startSocialAuth, trackAuth } from './authTracking.ts';
import { getTracker } from './tracker.ts';

/** The auth events pushed so far (the data layer keeps them after the batch has left), as `kind:method`. */
const authEvents = () =>
  ((window.dataLayer ?? []) as { event: string; method?: string }[]).filter((e) => e.event === 'sign_up' || e.event === 'login').map((e) => `${e.event}:${e.method}`);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2027-03-01T10:00:00Z'));
  sessionStorage.clear();
  localStorage.clear();
  resetAuthTracking();
  window.dataLayer = [];
  // The batch that leaves after five seconds goes nowhere in these tests.
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ accepted: 0, rejected: [] }))));
});

afterEach(() => {
  getTracker().dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sign-up / log-in tracking (§4, §9 debounce)', () => {
  it('fires once per method within five seconds, whatever kind is triggered again, and again afterwards', () => {
    expect(trackAuth('sign_up', 'email', '/home')).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(trackAuth('sign_up', 'email', '/home')).toBe(false);
    vi.advanceTimersByTime(AUTH_TRACKING_DEBOUNCE_MS - 1_001);
    // The other kind for the same method inside the window does not fire either.
    expect(trackAuth('login', 'email', '/home')).toBe(false);
    expect(authEvents()).toEqual(['sign_up:email']);

    vi.advanceTimersByTime(1);
    expect(trackAuth('login', 'email', '/home')).toBe(true);
    expect(authEvents()).toEqual(['sign_up:email', 'login:email']);
  });

  it('keeps a separate window per method', () => {
    trackAuth('login', 'email', '/home');
    trackAuth('login', 'Google', '/home');
    expect(authEvents()).toEqual(['login:email', 'login:Google']);
  });

  it('tracks nothing on /sign-in-google, with or without a language prefix (§2)', () => {
    expect(trackAuth('login', 'Google', '/sign-in-google')).toBe(false);
    expect(trackAuth('login', 'Google', '/fr/sign-in-google')).toBe(false);
    expect(authEvents()).toEqual([]);
  });
});

describe('social sign-in round trip', () => {
  it('reports a new Google account as sign_up once the session comes back, and only once', () => {
    startSocialAuth('Google');
    vi.advanceTimersByTime(20_000);
    const session = { userCreatedAt: '2027-03-01T10:00:15.000Z', sessionCreatedAt: '2027-03-01T10:00:15.200Z' };
    expect(finishSocialAuth(session, '/home')).toBe('sign_up');
    expect(finishSocialAuth(session, '/home')).toBeNull();
    expect(authEvents()).toEqual(['sign_up:Google']);
  });

  it('reports an existing account as login', () => {
    startSocialAuth('Google');
    expect(finishSocialAuth({ userCreatedAt: new Date('2026-01-01T00:00:00Z'), sessionCreatedAt: new Date('2027-03-01T10:00:05Z') }, '/app/ai-image')).toBe('login');
    expect(authEvents()).toEqual(['login:Google']);
  });

  it('reports nothing without a sign-in started in this tab, or for one abandoned long ago', () => {
    const session = { userCreatedAt: '2027-03-01T10:00:00Z', sessionCreatedAt: '2027-03-01T10:00:01Z' };
    expect(finishSocialAuth(session, '/home')).toBeNull();
    startSocialAuth('Google');
    vi.advanceTimersByTime(31 * 60_000);
    expect(finishSocialAuth(session, '/home')).toBeNull();
    expect(authEvents()).toEqual([]);
  });
});
