/**
 * §3 feed_view and feed_leave for a content feed (the explore feed, when it lands): an item is
 * viewed when at least half of it is on screen, and left — with the time it stayed in view —
 * when it scrolls away, the feed unmounts or the page is hidden.
 *
 *   const feed = useFeedTracking('explore');
 *   <li ref={feed.itemRef({ content_id, content_media_type: 'video', content_tags, author_id })}>
 */
import type { EventProperties } from '@tessera/shared/analytics';
import { useEffect, useMemo, useRef } from 'react';
import { getTracker, type Tracker } from './tracker.ts';

export type FeedContent = Omit<EventProperties<'feed_view'>, 'feed_name'>;

const MAX_STAY_MS = 86_400_000;
/** Share of an item that must be visible to count as viewed. */
export const FEED_VIEW_THRESHOLD = 0.5;

export interface FeedTracker {
  view(content: FeedContent): void;
  leave(contentId: string): void;
  /** Leaves every item in view (unmount, page hidden). */
  leaveAll(): void;
}

export function createFeedTracker(feedName: string, tracker: Pick<Tracker, 'track'>, now: () => number = Date.now): FeedTracker {
  const inView = new Map<string, { content: FeedContent; since: number }>();
  const leave = (contentId: string) => {
    const item = inView.get(contentId);
    if (!item) return;
    inView.delete(contentId);
    const stay = Math.min(MAX_STAY_MS, Math.max(0, Math.round(now() - item.since)));
    tracker.track('feed_leave', { feed_name: feedName, ...item.content, stay_time: stay });
  };
  return {
    view(content) {
      if (inView.has(content.content_id)) return;
      inView.set(content.content_id, { content, since: now() });
      tracker.track('feed_view', { feed_name: feedName, ...content });
    },
    leave,
    leaveAll() {
      for (const id of [...inView.keys()]) leave(id);
    },
  };
}

export function useFeedTracking(feedName: string): { itemRef(content: FeedContent): (element: Element | null) => (() => void) | undefined } & FeedTracker {
  const feed = useMemo(() => createFeedTracker(feedName, getTracker()), [feedName]);
  const contents = useRef(new WeakMap<Element, FeedContent>());
  const observer = useMemo(() => {
    if (typeof IntersectionObserver === 'undefined') return null;
    return new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const content = contents.current.get(entry.target);
          if (!content) continue;
          if (entry.isIntersecting && entry.intersectionRatio >= FEED_VIEW_THRESHOLD) feed.view(content);
          else feed.leave(content.content_id);
        }
      },
      { threshold: [0, FEED_VIEW_THRESHOLD] },
    );
  }, [feed]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') feed.leaveAll();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', feed.leaveAll);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', feed.leaveAll);
      observer?.disconnect();
      feed.leaveAll();
    };
  }, [feed, observer]);

  return {
    ...feed,
    itemRef: (content) => (element) => {
      if (!element || !observer) return undefined;
      contents.current.set(element, content);
      observer.observe(element);
      // React 19 ref cleanup: the item left the feed.
      return () => {
        observer.unobserve(element);
        feed.leave(content.content_id);
      };
    },
  };
}
