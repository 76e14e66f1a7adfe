/**
 * The studio's analytics tracker (§3 events, §7 calls). `track(name, props)` builds the event
 * envelope (time, user properties, super properties, the §9 last click), pushes the event to the
 * tag-manager data layer (`window.dataLayer`, with the user id and the SHA-256 of the e-mail) and
 * queues it for the first-party collector (POST ANALYTICS_COLLECT_PATH, `{"events": [...]}`).
 *
 * Batches leave every FLUSH_INTERVAL_MS, as soon as MAX_BATCH_EVENTS wait, and when the page is
 * hidden or left (`visibilitychange` → hidden, `pagehide`) through `navigator.sendBeacon`, which
 * outlives the page; a string body makes it `text/plain`, which the collector accepts and which
 * needs no CORS preflight. Without sendBeacon (or when it refuses the body) `fetch` with
 * `keepalive` does the same job. Tracking never throws and never blocks the page: failures are
 * logged once and the events dropped.
 *
 * Host policy (§9): every host sends to the collector. Only production would also load a
 * third-party tag manager; none is configured — a GTM container id could be added later
 * (injected here when `hostPolicy(...).analytics === 'tagManager'`), and until then the data layer
 * is a plain array nobody reads.
 */
import type { AnalyticsCollectResult, AnalyticsEnvelope, AnalyticsEventName, EventProperties } from '@tessera/shared/analytics';
import { ANALYTICS_COLLECT_PATH, MAX_BATCH_EVENTS } from '@tessera/shared/analytics/constants';
import { classifyHost, hostPolicy } from '@tessera/shared/routes';
import { pushDataLayer } from '../dataLayer.ts';
import { useAnalyticsContext } from './analyticsContext.ts';
import { installLastClickListener, takeLastClick } from './lastClick.ts';
import { superProperties } from './superProperties.ts';

export const FLUSH_INTERVAL_MS = 5_000;

export interface TrackOptions {
  /** Extra fields for the data-layer push only (e.g. GA4's `ecommerce` object for `purchase`). */
  dataLayer?: Record<string, unknown>;
  /** The page the event belongs to, when not the current location (a page being left). */
  pathname?: string;
}

export interface Tracker {
  track<N extends AnalyticsEventName>(name: N, props: EventProperties<N>, options?: TrackOptions): void;
  /** Sends what is queued now; `beacon` for a page that is going away. */
  flush(mode?: 'fetch' | 'beacon'): Promise<void>;
  /** Events waiting for the next batch. */
  pending(): readonly AnalyticsEnvelope[];
  dispose(): void;
}

export interface TrackerOptions {
  window?: Window;
  /** Validate each envelope against the shared schema and warn (dev builds). */
  validate?: boolean;
  /** Record clicks for the §9 last-click bridge. */
  lastClick?: boolean;
}

/** How this host handles analytics (§9): 'tagManager' in production, 'collectorOnly' elsewhere. */
export function analyticsMode(host: string = window.location.host) {
  return hostPolicy(classifyHost(host)).analytics;
}

export function createTracker(options: TrackerOptions = {}): Tracker {
  const win = options.window ?? window;
  const validate = options.validate ?? import.meta.env.DEV;
  let queue: AnalyticsEnvelope[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let installed = false;
  let rejectionLogged = false;
  let failureLogged = false;
  const cleanups: (() => void)[] = [];

  const logOnce = (kind: 'rejected' | 'failed', ...args: unknown[]) => {
    if (kind === 'rejected' ? rejectionLogged : failureLogged) return;
    if (kind === 'rejected') rejectionLogged = true;
    else failureLogged = true;
    console.warn('[analytics]', ...args);
  };

  function install() {
    if (installed) return;
    installed = true;
    const onHidden = () => {
      if (win.document.visibilityState === 'hidden') void flush('beacon');
    };
    const onPageHide = () => void flush('beacon');
    win.document.addEventListener('visibilitychange', onHidden);
    win.addEventListener('pagehide', onPageHide);
    cleanups.push(() => {
      win.document.removeEventListener('visibilitychange', onHidden);
      win.removeEventListener('pagehide', onPageHide);
    });
    if (options.lastClick ?? true) cleanups.push(installLastClickListener(win.document));
  }

  function schedule() {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void flush('fetch');
    }, FLUSH_INTERVAL_MS);
  }

  function envelopeOf<N extends AnalyticsEventName>(name: N, props: EventProperties<N>, pathname: string): AnalyticsEnvelope {
    const ctx = useAnalyticsContext.getState();
    return {
      event: name,
      ts: Date.now(),
      anonymous_id: ctx.anonymousId,
      user_status: ctx.userStatus,
      user_group: ctx.userGroup,
      super: superProperties(pathname),
      last_click: takeLastClick(),
      props: props as Record<string, unknown>,
    };
  }

  function track<N extends AnalyticsEventName>(name: N, props: EventProperties<N>, trackOptions: TrackOptions = {}) {
    try {
      install();
      const envelope = envelopeOf(name, props, trackOptions.pathname ?? win.location.pathname);
      // The schemas (and zod) load only where events are validated, never on a visitor's first paint.
      if (validate) {
        void import('@tessera/shared/analytics').then(({ parseAnalyticsEvent }) => {
          const parsed = parseAnalyticsEvent(envelope);
          if (!parsed.ok) console.warn(`[analytics] invalid ${name} event:`, parsed.error, envelope);
        });
      }
      const ctx = useAnalyticsContext.getState();
      pushDataLayer({ ...(props as Record<string, unknown>), ...trackOptions.dataLayer, event: name, user_id: ctx.userId, email_sha256: ctx.emailSha256 }, win);
      queue.push(envelope);
      if (queue.length >= MAX_BATCH_EVENTS) void flush('fetch');
      else schedule();
    } catch (error) {
      logOnce('failed', 'could not track', name, error);
    }
  }

  function handleAnswer(batch: AnalyticsEnvelope[], result: AnalyticsCollectResult) {
    // Rejected events are dropped, not retried: the same body would be refused again.
    if (result.rejected.length > 0) {
      const first = result.rejected[0]!;
      logOnce('rejected', `collector rejected ${result.rejected.length} of ${batch.length} events; first:`, batch[first.index]?.event, first.error);
    }
  }

  async function flush(mode: 'fetch' | 'beacon' = 'fetch'): Promise<void> {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH_EVENTS);
      queue = queue.slice(MAX_BATCH_EVENTS);
      const body = JSON.stringify({ events: batch });
      try {
        if (mode === 'beacon' && typeof win.navigator.sendBeacon === 'function' && win.navigator.sendBeacon(ANALYTICS_COLLECT_PATH, body)) continue;
        const request = win.fetch(ANALYTICS_COLLECT_PATH, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json' },
          credentials: 'same-origin',
          keepalive: true,
        });
        if (mode === 'beacon') {
          // The page is going away: hand the request to the browser and do not wait for it.
          request.catch(() => undefined);
          continue;
        }
        const res = await request;
        if (!res.ok) {
          logOnce('rejected', `collector answered ${res.status}; ${batch.length} events dropped`);
          continue;
        }
        handleAnswer(batch, (await res.json()) as AnalyticsCollectResult);
      } catch (error) {
        logOnce('failed', `could not send ${batch.length} events`, error);
      }
    }
  }

  return {
    track,
    flush,
    pending: () => queue,
    dispose() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      queue = [];
      for (const cleanup of cleanups.splice(0)) cleanup();
      installed = false;
    },
  };
}

let shared: Tracker | null = null;

/** The page's tracker, created on first use. */
export function getTracker(): Tracker {
  shared ??= createTracker();
  return shared;
}

/** Tracks one §3 event; typed by EVENT_PROPERTIES. Never throws. */
export function track<N extends AnalyticsEventName>(name: N, props: EventProperties<N>, options?: TrackOptions): void {
  getTracker().track(name, props, options);
}
