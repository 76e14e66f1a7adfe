/**
 * The catalogue grid of an effects list: category chips (`?category=` keeps the choice in the
 * URL), preview tiles, and the next page loading as the end of the grid comes into view (with a
 * "Load more" button for keyboards and when the observer is not there).
 */
import type { TemplateType } from '@tessera/shared/catalog';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ImageIcon, RotateCw, Sparkles, Wand2 } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { track } from '../../lib/analytics/tracker.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { EmptyState } from '../landing/landingUi.tsx';
import { categoriesFor, listInput, mergePages } from './effectRules.ts';
import { TemplateTile, TileSkeletons } from './TemplateTile.tsx';

const PAGE_SIZE = 24;
const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4';

export function TemplateGrid({ types, label }: { types: readonly TemplateType[]; label: string }) {
  const { t } = useTranslation('effects');
  const trpc = useTRPC();
  const to = useLocalizedPath();
  const [search, setSearch] = useSearchParams();
  const categories = useQuery(trpc.catalog.categories.queryOptions(types.length === 1 ? { type: types[0] } : {}));
  const chips = categoriesFor(categories.data, types);
  const requested = search.get('category');
  // A stale or foreign ?category= shows everything rather than an empty grid.
  const categoryId = requested && (!categories.data || chips.some((c) => c.id === requested)) ? requested : null;
  const list = useInfiniteQuery(
    trpc.catalog.templates.infiniteQueryOptions(listInput(types, { categoryId, limit: PAGE_SIZE }), { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const pages = list.data?.pages;
  const items = useMemo(() => mergePages(pages), [pages]);

  // §3 resource events: a tile is exposed once when its page arrives.
  const exposed = useRef(new Set<string>());
  useEffect(() => {
    items.forEach((item, i) => {
      if (exposed.current.has(item.id)) return;
      exposed.current.add(item.id);
      track('resource', { action: 'expose', resource_type: 'template', resource_id: item.id, position: String(i + 1) });
    });
  }, [items]);

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const chip = (active: boolean) =>
    cn(
      'shrink-0 rounded-full border px-3 py-1.5 text-sm transition focus-visible:outline-2 focus-visible:outline-accent',
      active ? 'border-accent bg-accent/15 text-fg' : 'border-border text-muted hover:text-fg',
    );
  const choose = (id: string | null) => setSearch(id ? { category: id } : {}, { replace: true, preventScrollReset: true });

  return (
    <section aria-label={label} data-testid="effects-grid-section">
      {chips.length > 1 && (
        <nav aria-label={t('grid.categories')} className="mb-6 flex gap-2 overflow-x-auto pb-2" data-testid="effect-categories">
          <button type="button" aria-pressed={!categoryId} className={chip(!categoryId)} onClick={() => choose(null)}>
            {t('grid.all')}
          </button>
          {chips.map((c) => (
            <button key={c.id} type="button" aria-pressed={categoryId === c.id} className={chip(categoryId === c.id)} onClick={() => choose(c.id)} data-testid={`category-${c.id}`}>
              {c.name}
            </button>
          ))}
        </nav>
      )}

      {list.isPending ? (
        <ul className={GRID} aria-busy data-testid="effects-loading">
          <TileSkeletons count={8} />
        </ul>
      ) : list.isError && items.length === 0 ? (
        <EmptyState icon={ImageIcon} title={t('grid.errorTitle')} text={t('grid.errorText')} testId="effects-error">
          <Button onClick={() => void list.refetch()} loading={list.isRefetching}>
            <RotateCw size={16} aria-hidden /> {t('grid.retry')}
          </Button>
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={Sparkles} title={t('grid.emptyTitle')} text={categoryId ? t('grid.emptyCategory') : t('grid.emptyText')} testId="effects-empty">
          {categoryId ? (
            <Button variant="outline" onClick={() => choose(null)}>
              {t('grid.all')}
            </Button>
          ) : (
            <Button asChild>
              <Link to={to('/app/ai-tools')}>
                <Wand2 size={16} aria-hidden /> {t('grid.tools')}
              </Link>
            </Button>
          )}
        </EmptyState>
      ) : (
        <>
          <ul className={GRID} data-testid="effects-grid">
            {items.map((item, i) => (
              <li key={item.id}>
                <TemplateTile
                  template={item}
                  className="h-full"
                  onOpen={() => track('resource', { action: 'click', resource_type: 'template', resource_id: item.id, position: String(i + 1) })}
                />
              </li>
            ))}
            {isFetchingNextPage && <TileSkeletons count={4} />}
          </ul>
          <div ref={sentinel} className="mt-6 flex justify-center">
            {hasNextPage && (
              <Button variant="outline" loading={isFetchingNextPage} onClick={() => void fetchNextPage()} data-testid="effects-load-more">
                {t('grid.more')}
              </Button>
            )}
            {list.isFetchNextPageError && (
              <p role="alert" className="ms-3 self-center text-sm text-danger">
                {t('grid.moreFailed')}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
