// @vitest-environment jsdom
import { LAST_CLICK_VALIDITY_MS, parseAnalyticsEvent } from '@tessera/shared/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickedElementName, installLastClickListener, takeLastClick } from './lastClick.ts';
import { createTracker } from './tracker.ts';

let remove: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2027-03-01T10:00:00Z'));
  sessionStorage.clear();
  document.body.innerHTML = `
    <div data-track="plan-card-PRO"><span id="inner">Pro</span></div>
    <a id="link" href="#x" aria-label="Open pricing">$</a>
    <button id="long">${'Generate a very long button label '.repeat(5)}</button>
    <p id="plain">text</p>`;
  remove = installLastClickListener(document);
});

afterEach(() => {
  remove();
  vi.useRealTimers();
});

const click = (id: string) => document.getElementById(id)!.click();

describe('last-click bridge (§9)', () => {
  it('names elements by data-track, else a link or button label (truncated); other clicks are not recorded', () => {
    expect(clickedElementName(document.getElementById('inner'))).toBe('plan-card-PRO');
    expect(clickedElementName(document.getElementById('link'))).toBe('Open pricing');
    expect(clickedElementName(document.getElementById('long'))!.length).toBeLessThanOrEqual(80);
    click('plain');
    expect(takeLastClick()).toBeNull();
  });

  it('hands the click over once while it is under 10 s old', () => {
    click('inner');
    vi.advanceTimersByTime(LAST_CLICK_VALIDITY_MS - 1);
    expect(takeLastClick()).toEqual({ element: 'plan-card-PRO', page_name: 'home', ts: Date.parse('2027-03-01T10:00:00Z') });
    // Consumed.
    expect(takeLastClick()).toBeNull();
  });

  it('drops a click that is 10 s old or more', () => {
    click('link');
    vi.advanceTimersByTime(LAST_CLICK_VALIDITY_MS);
    expect(takeLastClick()).toBeNull();
  });

  it('attaches the click to the next event envelope only', () => {
    const tracker = createTracker({ lastClick: false, validate: false });
    click('inner');
    vi.advanceTimersByTime(2_000);
    tracker.track('page_view', { path: '/pricing' });
    tracker.track('page_view', { path: '/home' });
    const [first, second] = tracker.pending();
    expect(first!.last_click).toMatchObject({ element: 'plan-card-PRO', page_name: 'home' });
    expect(second!.last_click).toBeNull();
    expect(parseAnalyticsEvent(first)).toMatchObject({ ok: true });
    tracker.dispose();
  });
});
