/** New / Trending for a feed, kept in the URL (`?sort=`) so a sorted list can be shared and survives reload. */
import { FEED_SORTS, type FeedSort } from '@tessera/shared/feed';
import { Clock, Flame } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { type FeedView, withSort } from './feedParams.ts';

const ICONS = { new: Clock, trending: Flame } as const;

export function SortSwitch({ sort, view, className }: { sort: FeedSort; view: FeedView | 'author'; className?: string }) {
  const { t } = useTranslation('explore');
  const [search, setSearch] = useSearchParams();
  return (
    <div role="group" aria-label={t('sort.label')} className={cn('inline-flex gap-1 rounded-xl border border-border bg-surface p-1', className)}>
      {FEED_SORTS.map((value) => {
        const Icon = ICONS[value];
        return (
          <button
            key={value}
            type="button"
            aria-pressed={sort === value}
            onClick={() => setSearch(withSort(search, value, view), { replace: true, preventScrollReset: true })}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm transition focus-visible:outline-2 focus-visible:outline-accent',
              sort === value ? 'bg-surface-2 text-fg' : 'text-muted hover:text-fg',
            )}
            data-testid={`feed-sort-${value}`}
          >
            <Icon size={14} aria-hidden /> {t(`sort.${value}`)}
          </button>
        );
      })}
    </div>
  );
}
