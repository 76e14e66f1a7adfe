/**
 * §3 page_view and page_leave: a view on every route change (the path without its query; the
 * referrer is the previous path, or `document.referrer` for the first page), and a leave with the
 * time spent (stay_time, ms) when the route changes again or the page is hidden for good
 * (`pagehide`). Mounted once, in RootLayout.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { getTracker, type Tracker } from './tracker.ts';

const MAX_TEXT = 500;
const MAX_STAY_MS = 86_400_000;

export interface PageTracker {
  /** A route is shown. Leaves the previous one first. */
  enter(path: string): void;
  /** The current route is left (route change or page hidden); no-op when none is shown. */
  leave(): void;
  /** Installs the pagehide/pageshow listeners; returns the remover. */
  listen(win?: Window): () => void;
}

export function createPageTracker(tracker: Pick<Tracker, 'track' | 'flush'>, now: () => number = Date.now): PageTracker {
  let current: { path: string; since: number } | null = null;
  let previous: string | null = null;

  function enter(path: string) {
    const clean = (path.split(/[?#]/)[0] || '/').slice(0, MAX_TEXT);
    if (current?.path === clean) return;
    leave();
    const referrer = previous ?? (document.referrer ? document.referrer.slice(0, MAX_TEXT) : null);
    tracker.track('page_view', { path: clean, referrer }, { pathname: clean });
    current = { path: clean, since: now() };
  }

  function leave() {
    if (!current) return;
    const stay = Math.min(MAX_STAY_MS, Math.max(0, Math.round(now() - current.since)));
    tracker.track('page_leave', { path: current.path, stay_time: stay }, { pathname: current.path });
    previous = current.path;
    current = null;
  }

  function listen(win: Window = window) {
    const onPageHide = () => {
      leave();
      // The tracker flushes on pagehide too, but its listener may run before this one.
      void tracker.flush('beacon');
    };
    // Back from the back/forward cache: the same page is shown again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) enter(previous ?? win.location.pathname);
    };
    win.addEventListener('pagehide', onPageHide);
    win.addEventListener('pageshow', onPageShow);
    return () => {
      win.removeEventListener('pagehide', onPageHide);
      win.removeEventListener('pageshow', onPageShow);
    };
  }

  return { enter, leave, listen };
}

export function usePageTracking(): void {
  const { pathname } = useLocation();
  const pages = useRef<PageTracker | null>(null);
  pages.current ??= createPageTracker(getTracker());

  useEffect(() => pages.current?.listen(), []);
  useEffect(() => {
    pages.current?.enter(pathname);
  }, [pathname]);
}
