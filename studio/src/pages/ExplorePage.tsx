/**
 * The explore section (§2): /explore (trending first), /all (newest first), /video and /image
 * (one category), /tag-detail/:tag (one tag), /loras and /lora-detail/:id (the styles
 * text-to-image can apply). The feed views share the tabs, a tag search, popular tags, the
 * New/Trending switch (`?sort=`) and the public feed.
 */
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Input } from '../components/ui/Input.tsx';
import { type ExploreTab, ExploreTabs } from '../features/explore/ExploreTabs.tsx';
import { feedInput, type FeedView, parseSort, tagSearchPath } from '../features/explore/feedParams.ts';
import { LoraDetail, LoraGrid } from '../features/explore/LoraViews.tsx';
import { PopularTags } from '../features/explore/PopularTags.tsx';
import { PublicFeed } from '../features/explore/PublicFeed.tsx';
import { SortSwitch } from '../features/explore/SortSwitch.tsx';

export type ExploreView = FeedView | 'loras' | 'loraDetail';

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
  const { tag = '', id = '' } = useParams();

  if (view === 'loraDetail') {
    // The detail names its LoRA in its own heading and title.
    return (
      <main className="mx-auto max-w-6xl px-4 py-10" data-testid="page-explore" data-view={view}>
        <title>{t(META_TITLE[view])}</title>
        <meta name="description" content={t('meta.description')} />
        <LoraDetail key={id} id={id} />
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-7xl px-4 py-10" data-testid="page-explore" data-view={view}>
      <title>{t(META_TITLE[view], { tag })}</title>
      <meta name="description" content={t('meta.description')} />

      <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold break-words sm:text-4xl">{t(`headings.${view}`, { tag })}</h1>
          <p className="mt-2 max-w-2xl text-muted">{t(`subtitles.${view}`, { tag })}</p>
        </div>
        {view !== 'loras' && <TagSearch />}
      </div>

      <ExploreTabs active={ACTIVE_TAB[view]} className="mt-6" />

      <div className="mt-8">{view === 'loras' ? <LoraGrid /> : <FeedSection view={view} tag={tag} />}</div>
    </main>
  );
}

function FeedSection({ view, tag }: { view: FeedView; tag: string }) {
  const { t } = useTranslation('explore');
  const [search] = useSearchParams();
  const sort = parseSort(search.get('sort'), view);
  const input = feedInput(view, sort, tag);
  const feedName = view === 'tagDetail' ? 'tag' : view;
  return (
    <>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <PopularTags active={view === 'tagDetail' ? tag : undefined} className="min-w-0" />
        <SortSwitch sort={sort} view={view} className="shrink-0 self-start sm:self-auto" />
      </div>
      <PublicFeed
        key={`${feedName}|${JSON.stringify(input)}`}
        input={input}
        feedName={feedName}
        samples={view === 'video' || view === 'image' ? view : 'all'}
        {...(view === 'tagDetail' ? { emptyText: t('empty.tag', { tag }) } : {})}
      />
    </>
  );
}

/** Finds published work by tag: Enter opens the tag's page. */
function TagSearch() {
  const { t } = useTranslation('explore');
  const searchId = useId();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const path = tagSearchPath(typed);
    if (path) void navigate(to(path));
  }

  return (
    <form role="search" onSubmit={onSubmit} className="w-full lg:w-80">
      <label htmlFor={searchId} className="sr-only">
        {t('search.label')}
      </label>
      <div className="relative">
        <Search size={16} aria-hidden className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
        <Input
          id={searchId}
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('search.placeholder')}
          aria-describedby={`${searchId}-hint`}
          className="ps-9"
          data-testid="explore-search"
        />
      </div>
      <p id={`${searchId}-hint`} className="mt-1.5 text-xs text-muted">
        {t('search.hint')}
      </p>
    </form>
  );
}
