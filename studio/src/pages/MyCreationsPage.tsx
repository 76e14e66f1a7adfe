/** /app/my-creations: everything I made, newest first, filtered by kind, loaded a page at a time. */
import { GENERATION_KINDS, type GenerationKind } from '@tessera/shared/generation';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ImageIcon, Sparkles, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { cn } from '../components/ui/cn.ts';
import { CreationDialog } from '../features/creations/CreationDialog.tsx';
import { GuestGate } from '../features/generate/GuestGate.tsx';
import { track } from '../lib/analytics/tracker.ts';
import { useTRPC } from '../lib/trpc.ts';

const KINDS = Object.keys(GENERATION_KINDS) as GenerationKind[];

export function MyCreationsPage() {
  const { t } = useTranslation('creations');
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <title>{t('meta.title')}</title>
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-muted">{t('subtitle')}</p>
      <GuestGate>
        <CreationsGrid />
      </GuestGate>
    </main>
  );
}

function CreationsGrid() {
  const { t } = useTranslation('creations');
  const trpc = useTRPC();
  const to = useLocalizedPath();
  const [search, setSearch] = useSearchParams();
  const kindParam = search.get('kind');
  const kind = kindParam && (KINDS as string[]).includes(kindParam) ? (kindParam as GenerationKind) : undefined;
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useInfiniteQuery(
    trpc.creation.list.infiniteQueryOptions({ limit: 24, ...(kind ? { kind } : {}) }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const items = (list.data?.pages ?? []).flatMap((p) => p.items);

  const chip = (active: boolean) =>
    cn('shrink-0 rounded-full border px-3 py-1.5 text-sm transition', active ? 'border-accent bg-accent/15 text-fg' : 'border-border text-muted hover:text-fg');

  return (
    <>
      <nav aria-label={t('filter.label')} className="mt-6 flex gap-2 overflow-x-auto pb-2">
        <button type="button" aria-pressed={!kind} className={chip(!kind)} onClick={() => setSearch({}, { replace: true })}>
          {t('filter.all')}
        </button>
        {KINDS.map((k) => (
          <button key={k} type="button" aria-pressed={kind === k} className={chip(kind === k)} onClick={() => setSearch({ kind: k }, { replace: true })} data-testid={`filter-${k}`}>
            {t(`common:kinds.${k}`)}
          </button>
        ))}
      </nav>

      {list.isPending ? (
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-busy>
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i} className="aspect-square animate-pulse rounded-xl bg-surface" />
          ))}
        </ul>
      ) : items.length === 0 ? (
        <section className="mt-10 flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-10 text-center" data-testid="creations-empty">
          <ImageIcon className="text-muted" aria-hidden />
          <p className="max-w-md text-muted">{kind ? t('empty.filtered') : t('empty.text')}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to={to('/app/ai-image')}>
                <Sparkles size={16} aria-hidden /> {t('empty.aiImage')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={to('/app/ai-tools')}>
                <Wand2 size={16} aria-hidden /> {t('empty.aiTools')}
              </Link>
            </Button>
          </div>
        </section>
      ) : (
        <>
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="creations-grid">
            {items.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => {
                    track('content', { action: 'click', content_id: c.id, content_media_type: c.mediaType, content_tags: [c.kind] });
                    setOpenId(c.id);
                  }}
                  className="group relative block w-full overflow-hidden rounded-xl border border-border bg-surface text-start hover:border-accent"
                  data-testid="creation-card"
                  data-creation-id={c.id}
                >
                  <img src={c.thumbnailUrl} alt={c.prompt ?? t(`common:kinds.${c.kind}`)} loading="lazy" className="aspect-square w-full object-cover" />
                  <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-2 pt-6 text-xs text-white">
                    {t(`common:kinds.${c.kind}`)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} data-testid="load-more">
                {t('loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
      <CreationDialog id={openId} onOpenChange={(open) => !open && setOpenId(null)} onOpen={setOpenId} />
    </>
  );
}
