/** Pure rules of the explore pages: which feed each view lists, and the `?sort=` switch. */
import { type FeedCategory, type FeedListInput, type FeedSort, FEED_SORTS, normalizeTag } from '@tessera/shared/feed';

export type FeedView = 'explore' | 'all' | 'video' | 'image' | 'tagDetail';

/** §2: /explore leads with what is trending; every other list starts with the newest. */
export function defaultSort(view: FeedView | 'author'): FeedSort {
  return view === 'explore' ? 'trending' : 'new';
}

/** The `?sort=` value when it names a sort, else the view's default. */
export function parseSort(value: string | null, view: FeedView | 'author'): FeedSort {
  return value && (FEED_SORTS as readonly string[]).includes(value) ? (value as FeedSort) : defaultSort(view);
}

/** Search params after choosing `sort`: the default drops out so each view keeps one canonical URL. */
export function withSort(search: URLSearchParams, sort: FeedSort, view: FeedView | 'author'): URLSearchParams {
  const next = new URLSearchParams(search);
  if (sort === defaultSort(view)) next.delete('sort');
  else next.set('sort', sort);
  return next;
}

const CATEGORY: Partial<Record<FeedView, FeedCategory>> = { video: 'video', image: 'image' };

/** The feed.list input of a view (without cursor: the infinite query adds it). */
export function feedInput(view: FeedView, sort: FeedSort, tag?: string): FeedListInput {
  const category = CATEGORY[view];
  return { sort, ...(category ? { category } : {}), ...(view === 'tagDetail' && tag ? { tag } : {}) };
}

/** Where a typed tag search leads, or null when nothing usable was typed. */
export function tagSearchPath(typed: string): string | null {
  const tag = normalizeTag(typed);
  return tag ? `/tag-detail/${encodeURIComponent(tag)}` : null;
}
