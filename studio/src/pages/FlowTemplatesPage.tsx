/**
 * The explore section's Flows tab (/flows, issue 24): published flow templates as cards, most
 * used or newest first (`?sort=new`), a card opening its detail with "Use this flow".
 */
import type { FlowTemplateSummary } from '@tessera/shared/flows/templates';
import { Clock, Flame, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { cn } from '../components/ui/cn.ts';
import { ExploreTabs } from '../features/explore/ExploreTabs.tsx';
import { TemplateDetailDialog } from '../features/flow-templates/TemplateDetailDialog.tsx';
import { TemplateGrid } from '../features/flow-templates/TemplateGrid.tsx';
import { usePublishedTemplates } from '../features/flow-templates/usePublishedTemplates.ts';

const SORTS = [
  { value: 'popular', Icon: Flame },
  { value: 'new', Icon: Clock },
] as const;

export function FlowTemplatesPage() {
  const { t } = useTranslation('flowTemplates');
  const to = useLocalizedPath();
  const [search, setSearch] = useSearchParams();
  const sort = search.get('sort') === 'new' ? 'new' : 'popular';
  const list = usePublishedTemplates({ sort });
  const [open, setOpen] = useState<FlowTemplateSummary | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items);

  return (
    <main className="mx-auto max-w-7xl px-4 py-10" data-testid="page-explore" data-view="flows">
      <title>{t('explore.metaTitle')}</title>
      <meta name="description" content={t('explore.metaDescription')} />
      <h1 className="text-3xl font-bold break-words sm:text-4xl">{t('explore.title')}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t('explore.subtitle')}</p>
      <ExploreTabs active="flows" className="mt-6" />

      <div role="group" aria-label={t('explore.sortLabel')} className="mt-8 mb-6 inline-flex gap-1 rounded-xl border border-border bg-surface p-1">
        {SORTS.map(({ value, Icon }) => (
          <button
            key={value}
            type="button"
            aria-pressed={sort === value}
            onClick={() => setSearch(value === 'new' ? { sort: 'new' } : {}, { replace: true, preventScrollReset: true })}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm transition focus-visible:outline-2 focus-visible:outline-accent',
              sort === value ? 'bg-surface-2 text-fg' : 'text-muted hover:text-fg',
            )}
            data-testid={`flow-templates-sort-${value}`}
          >
            <Icon size={14} aria-hidden /> {t(`explore.sort.${value}`)}
          </button>
        ))}
      </div>

      <TemplateGrid
        items={items}
        loading={list.isPending}
        error={list.isError}
        retry={() => void list.refetch()}
        onOpen={setOpen}
        empty={{
          title: t('explore.emptyTitle'),
          text: t('explore.emptyText'),
          children: (
            <Button asChild>
              <Link to={to('/app/projects')}>
                <Sparkles size={16} aria-hidden /> {t('explore.emptyAction')}
              </Link>
            </Button>
          ),
        }}
        more={{ has: Boolean(list.hasNextPage), loading: list.isFetchingNextPage, failed: list.isFetchNextPageError, load: () => void list.fetchNextPage() }}
      />
      {open && <TemplateDetailDialog template={open} onClose={() => setOpen(null)} />}
    </main>
  );
}
