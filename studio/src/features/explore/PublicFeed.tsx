/**
 * The public feed as a masonry of cards, a page at a time: the next page loads when the end of
 * the list scrolls near (IntersectionObserver) or from the "Load more" button, which stays for
 * keyboards, old browsers and anyone who prefers it. Items report feed_view/feed_leave (§3).
 */
import type { FeedItem, FeedListInput } from '@tessera/shared/feed';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type RefCallback, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { useFeedTracking } from '../../lib/analytics/useFeedTracking.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { SampleShowcase } from '../showcase/SampleShowcase.tsx';
import { ExploreFeed } from './ExploreFeed.tsx';
import { contentFields, FeedCard } from './FeedCard.tsx';

export const FEED_PAGE_SIZE = 24;

/** Calls `onVisible` when the element it is attached to comes within a screen of the viewport. */
function useNearViewport(onVisible: () => void) {
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  return useCallback((element: HTMLElement | null) => {
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), { rootMargin: '0px 0px 100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
}

/**
 * Mount it with a `key` of its feed name and input: tracking and the item refs belong to one feed.
 * `samples`: an empty feed shows the showcase's samples of that media (never an empty Explore).
 */
export function PublicFeed({ input, feedName, emptyText, samples }: { input: FeedListInput; feedName: string; emptyText?: string; samples?: 'all' | 'image' | 'video' }) {
  const { t } = useTranslation('explore');
  const trpc = useTRPC();
  const list = useInfiniteQuery({
    ...trpc.feed.list.infiniteQueryOptions({ limit: FEED_PAGE_SIZE, ...input }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
    meta: { skipError: true },
  });
  const tracking = useFeedTracking(feedName);
  // One ref callback per item for the feed's life: a new callback each render would make React
  // detach and re-attach it, sending a feed_leave and a feed_view on every render.
  const itemRefs = useRef(new Map<string, RefCallback<HTMLLIElement>>());
  const itemRef = (item: FeedItem) => {
    let ref = itemRefs.current.get(item.id);
    if (!ref) {
      ref = tracking.itemRef(contentFields(item));
      itemRefs.current.set(item.id, ref);
    }
    return ref;
  };
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const sentinel = useNearViewport(loadMore);

  if (list.isPending) return <ExploreFeed state={{ status: 'loading' }} />;
  if (list.isError && !list.data) return <ExploreFeed state={{ status: 'error', retry: () => void list.refetch() }} />;
  const pages = list.data.pages;
  const items = pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <>
        <ExploreFeed state={{ status: 'empty', ...(emptyText ? { text: emptyText } : {}) }} />
        {samples && <SampleShowcase media={samples} />}
      </>
    );
  }

  return (
    <section aria-label={t('feed.label')} aria-busy={list.isFetching || undefined} data-testid="explore-feed">
      <ul className="columns-2 gap-4 sm:columns-3 lg:columns-4">
        {items.map((item) => (
          <FeedCard key={item.id} item={item} itemRef={itemRef(item)} />
        ))}
      </ul>
      {/* Keyed by page count: a fresh element is observed anew, so a short page that leaves it in view still loads the next. */}
      {hasNextPage && !isFetchNextPageError && <div key={pages.length} ref={sentinel} aria-hidden className="h-px" />}
      <div className="mt-6 flex flex-col items-center gap-3" aria-live="polite">
        {isFetchNextPageError && (
          <p className="text-sm text-danger" role="alert">
            {t('feed.moreFailed')}
          </p>
        )}
        {hasNextPage ? (
          <Button variant="outline" loading={isFetchingNextPage} onClick={() => void fetchNextPage()} data-testid="feed-load-more">
            {isFetchNextPageError ? t('error.retry') : t('feed.loadMore')}
          </Button>
        ) : (
          pages.length > 1 && <p className="text-sm text-muted">{t('feed.end')}</p>
        )}
      </div>
    </section>
  );
}
