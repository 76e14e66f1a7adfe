/**
 * The explore section (§2): /explore, /all, /video, /image, /loras, /lora-detail/:id and
 * /tag-detail/:tag. One page with the section's tabs, a search box and the public feed; the
 * feed RPC is another issue's, so every view shows the feed's honest empty state for now.
 */
import { Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Input } from '../components/ui/Input.tsx';
import { ExploreFeed } from '../features/explore/ExploreFeed.tsx';
import { type ExploreTab, ExploreTabs } from '../features/explore/ExploreTabs.tsx';

export type ExploreView = 'explore' | 'all' | 'video' | 'image' | 'loras' | 'loraDetail' | 'tagDetail';

const ACTIVE_TAB: Record<ExploreView, ExploreTab | null> = {
  explore: 'all',
  all: 'all',
  video: 'video',
  image: 'image',
  loras: null,
  loraDetail: null,
  tagDetail: null,
};

const META_TITLE: Record<ExploreView, string> = {
  explore: 'meta.title',
  all: 'meta.title',
  video: 'meta.videoTitle',
  image: 'meta.imageTitle',
  loras: 'meta.lorasTitle',
  loraDetail: 'meta.loraTitle',
  tagDetail: 'meta.tagTitle',
};

export function ExplorePage({ view }: { view: ExploreView }) {
  const { t } = useTranslation('explore');
  const { tag = '' } = useParams();
  const searchId = useId();
  const emptyText = view === 'loras' ? t('empty.loras') : view === 'loraDetail' ? t('empty.lora') : view === 'tagDetail' ? t('empty.tag', { tag }) : undefined;

  return (
    <main className="mx-auto max-w-7xl px-4 py-10" data-testid="page-explore" data-view={view}>
      <title>{t(META_TITLE[view], { tag })}</title>
      <meta name="description" content={t('meta.description')} />

      <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold break-words sm:text-4xl">{t(`headings.${view}`, { tag })}</h1>
          <p className="mt-2 max-w-2xl text-muted">{t(`subtitles.${view}`, { tag })}</p>
        </div>
        {/* Search stays visible but disabled: there is nothing to search until the feed exists. */}
        <div className="w-full lg:w-80">
          <label htmlFor={searchId} className="sr-only">
            {t('search.label')}
          </label>
          <div className="relative">
            <Search size={16} aria-hidden className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
            <Input id={searchId} type="search" disabled placeholder={t('search.placeholder')} aria-describedby={`${searchId}-hint`} className="ps-9 disabled:cursor-not-allowed disabled:opacity-60" />
          </div>
          <p id={`${searchId}-hint`} className="mt-1.5 text-xs text-muted">
            {t('search.disabled')}
          </p>
        </div>
      </div>

      <ExploreTabs active={ACTIVE_TAB[view]} className="mt-6" />

      <div className="mt-8">
        <ExploreFeed state={{ status: 'empty', ...(emptyText ? { text: emptyText } : {}) }} />
      </div>
    </main>
  );
}
