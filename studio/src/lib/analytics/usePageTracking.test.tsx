// @vitest-environment jsdom
import { parseAnalyticsEvent } from '@tessera/shared/analytics';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageTracker, usePageTracking } from './usePageTracking.ts';
import { getTracker } from './tracker.ts';

/** A tracker double that records what the page tracker sends (the real one is tested on its own). */
function recorder() {
  const sent: { name: string; props: Record<string, unknown> }[] = [];
  return {
    sent,
    track: (name: string, props: unknown) => void sent.push({ name, props: props as Record<string, unknown> }),
    flush: vi.fn(async () => undefined),
  };
}

describe('page_view / page_leave', () => {
  it('sends a view per route and a leave with the time spent when the route changes', () => {
    let now = 1_000;
    const rec = recorder();
    const pages = createPageTracker(rec, () => now);
    pages.enter('/home');
    now += 4_250;
    pages.enter('/pricing?period=yearly');
    now += 1_000;
    pages.enter('/pricing'); // same path: nothing new
    expect(rec.sent).toEqual([
      { name: 'page_view', props: { path: '/home', referrer: null } },
      { name: 'page_leave', props: { path: '/home', stay_time: 4_250 } },
      { name: 'page_view', props: { path: '/pricing', referrer: '/home' } },
    ]);
  });

  it('leaves the page on pagehide and sends the queue right away', () => {
    let now = 0;
    const rec = recorder();
    const pages = createPageTracker(rec, () => now);
    const stop = pages.listen(window);
    pages.enter('/app/ai-image');
    now = 12_345;
    window.dispatchEvent(new Event('pagehide'));
    expect(rec.sent.at(-1)).toEqual({ name: 'page_leave', props: { path: '/app/ai-image', stay_time: 12_345 } });
    expect(rec.flush).toHaveBeenCalledWith('beacon');
    stop();
  });
});

describe('usePageTracking in the router', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"accepted":0,"rejected":[]}')));
  });
  afterEach(() => {
    getTracker().dispose();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tracks each navigation with valid envelopes', async () => {
    function Tracked() {
      usePageTracking();
      return null;
    }
    const router = createMemoryRouter([{ path: '*', element: <Tracked /> }], { initialEntries: ['/home'] });
    render(<RouterProvider router={router} />);
    vi.advanceTimersByTime(3_000);
    await act(() => router.navigate('/app/ai-tools?x=1'));
    const events = getTracker().pending();
    expect(events.map((e) => [e.event, e.props.path])).toEqual([
      ['page_view', '/home'],
      ['page_leave', '/home'],
      ['page_view', '/app/ai-tools'],
    ]);
    expect(events[1]!.props.stay_time).toBe(3_000);
    // Each event names its own page: the leave belongs to the page left.
    expect(events.map((e) => e.super.page_name)).toEqual(['home', 'home', 'tools']);
    for (const event of events) expect(parseAnalyticsEvent(event)).toMatchObject({ ok: true });
  });
});
