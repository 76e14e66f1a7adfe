// @vitest-environment jsdom
import { ANALYTICS_COLLECT_PATH, MAX_BATCH_EVENTS, parseAnalyticsEvent } from '@tessera/shared/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_CONTEXT, useAnalyticsContext } from './analyticsContext.ts';
import { analyticsMode, createTracker, FLUSH_INTERVAL_MS, type Tracker } from './tracker.ts';

/** The collector's answer for a batch of `n` events, all accepted. */
const accepted = (n: number) => new Response(JSON.stringify({ accepted: n, rejected: [] }), { status: 200, headers: { 'content-type': 'application/json' } });

function bodyEvents(body: unknown): unknown[] {
  return (JSON.parse(String(body)) as { events: unknown[] }).events;
}

let tracker: Tracker;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  window.dataLayer = [];
  useAnalyticsContext.setState({ ...ANONYMOUS_CONTEXT, known: true, anonymousId: 'anon-1', userGroup: 133 });
  fetchMock = vi.fn(async (_url: string, init: RequestInit) => accepted(bodyEvents(init.body).length));
  vi.stubGlobal('fetch', fetchMock);
  tracker = createTracker({ validate: true, lastClick: false });
});

afterEach(() => {
  tracker.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'sendBeacon');
  vi.restoreAllMocks();
});

describe('tracker batching', () => {
  it('holds events for five seconds and sends them to the collector as one batch of valid envelopes', async () => {
    tracker.track('page_view', { path: '/home', referrer: null });
    tracker.track('sign_up', { method: 'email' });
    tracker.track('form', { action: 'open', form_type: 'text_to_image' });
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(ANALYTICS_COLLECT_PATH);
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    const events = bodyEvents(init.body);
    expect(events.map((e) => (e as { event: string }).event)).toEqual(['page_view', 'sign_up', 'form']);
    for (const event of events) expect(parseAnalyticsEvent(event)).toMatchObject({ ok: true });
    expect(events[1]).toMatchObject({
      anonymous_id: 'anon-1',
      user_status: 'anon',
      user_group: 133,
      props: { method: 'email' },
      super: { platform_type: 'Web', program_name: 'Tessera', page_name: 'home', login_type: 'none', subscribe_type: 'none' },
    });
    expect(tracker.pending()).toHaveLength(0);
  });

  it(`sends at once when ${MAX_BATCH_EVENTS} events are waiting`, async () => {
    for (let i = 0; i < MAX_BATCH_EVENTS; i++) tracker.track('page_view', { path: `/p/${i}` });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(bodyEvents((fetchMock.mock.calls[0] as [string, RequestInit])[1].body)).toHaveLength(MAX_BATCH_EVENTS);
  });

  it('pushes each event to the data layer with the user id and the e-mail hash, never the address', () => {
    useAnalyticsContext.setState({ userId: 'u1', emailSha256: 'ab'.repeat(32), anonymousId: null });
    tracker.track('login', { method: 'Google' });
    expect(window.dataLayer?.at(-1)).toEqual({ event: 'login', method: 'Google', user_id: 'u1', email_sha256: 'ab'.repeat(32) });
  });

  it('keeps the same session id for every event of the tab', () => {
    tracker.track('page_view', { path: '/a' });
    tracker.track('page_view', { path: '/b' });
    const [a, b] = tracker.pending();
    expect(a!.super.session_id).toMatch(/^[0-9a-f]{32}$/);
    expect(b!.super.session_id).toBe(a!.super.session_id);
  });
});

describe('tracker on a page that goes away', () => {
  it('sends the queue with sendBeacon as text on pagehide', () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    tracker.track('page_view', { path: '/pricing' });
    tracker.track('page_leave', { path: '/pricing', stay_time: 1200 });

    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe(ANALYTICS_COLLECT_PATH);
    // A string body: the browser sends it as text/plain, which the collector accepts.
    expect(typeof body).toBe('string');
    const events = bodyEvents(body);
    expect(events).toHaveLength(2);
    for (const event of events) expect(parseAnalyticsEvent(event)).toMatchObject({ ok: true });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends on visibilitychange to hidden as well', () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    tracker.track('page_view', { path: '/home' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacon).toHaveBeenCalledTimes(1);
    visibility.mockRestore();
  });

  it('falls back to fetch with keepalive when sendBeacon refuses the body', () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: vi.fn(() => false), configurable: true });
    tracker.track('page_view', { path: '/home' });
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1]).toMatchObject({ keepalive: true, method: 'POST' });
  });

  it('falls back to fetch with keepalive when the browser has no sendBeacon', () => {
    tracker.track('page_view', { path: '/home' });
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(bodyEvents((fetchMock.mock.calls[0] as [string, RequestInit])[1].body)).toHaveLength(1);
  });
});

describe('tracker failures', () => {
  it('drops events the collector rejects and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ accepted: 0, rejected: [{ index: 0, error: 'bad' }] }), { status: 200 }));
    tracker.track('page_view', { path: '/a' });
    await tracker.flush();
    tracker.track('page_view', { path: '/b' });
    await tracker.flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(tracker.pending()).toHaveLength(0);
  });

  it('never throws: a network error or an invalid event only warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockRejectedValue(new TypeError('network down'));
    // @ts-expect-error: a caller outside the type system sending a wrong method.
    expect(() => tracker.track('sign_up', { method: 'Myspace' })).not.toThrow();
    // The schemas load on demand: the warning follows once they have.
    await vi.waitFor(() => expect(warn.mock.calls[0]?.[0]).toContain('invalid sign_up event'));
    await expect(tracker.flush()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('host policy (§9)', () => {
  it('loads a tag manager only on production hosts; every host sends to the collector', () => {
    expect(analyticsMode('tessera.app')).toBe('tagManager');
    expect(analyticsMode('127.0.0.1:5173')).toBe('collectorOnly');
    expect(analyticsMode('pr-12.preview.tessera.app')).toBe('collectorOnly');
    expect(analyticsMode('staging.tessera.app')).toBe('collectorOnly');
  });
});
