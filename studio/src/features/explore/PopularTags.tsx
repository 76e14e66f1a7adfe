/** The most used tags of published work (feed.tags), each a link to its tag page. Hidden when there are none. */
import { useQuery } from '@tanstack/react-query';
import { Hash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { cn } from '../../components/ui/cn.ts';
import { useTRPC } from '../../lib/trpc.ts';

const POPULAR_TAGS = 12;

export function PopularTags({ active, className }: { active?: string; className?: string }) {
  const { t } = useTranslation('explore');
  const trpc = useTRPC();
  const to = useLocalizedPath();
  // Tags are a shortcut, not the page: a failure leaves the row out rather than raising an error.
  const tags = useQuery({ ...trpc.feed.tags.queryOptions({ limit: POPULAR_TAGS }), meta: { skipError: true }, staleTime: 60_000 });

  if (tags.isPending) {
    return (
      <div className={cn('flex gap-2 overflow-hidden', className)} aria-hidden>
        {[16, 20, 14, 24, 18].map((w, i) => (
          <span key={i} className="h-8 shrink-0 animate-pulse rounded-full bg-surface" style={{ width: `${w * 4}px` }} />
        ))}
      </div>
    );
  }
  if (!tags.data?.length) return null;
  return (
    <nav aria-label={t('tags.label')} className={cn('overflow-x-auto pb-1', className)} data-testid="popular-tags">
      <ul className="flex gap-2">
        {tags.data.map(({ tag, count }) => (
          <li key={tag} className="shrink-0">
            <Link
              to={to(`/tag-detail/${encodeURIComponent(tag)}`)}
              aria-current={active === tag ? 'page' : undefined}
              className={cn(
                'inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm transition focus-visible:outline-2 focus-visible:outline-accent',
                active === tag ? 'border-accent bg-accent/15 text-fg' : 'border-border text-muted hover:text-fg',
              )}
            >
              <Hash size={12} aria-hidden />
              {tag}
              <span className="text-xs tabular-nums text-muted" aria-hidden>
                {count}
              </span>
              <span className="sr-only">{t('tags.count', { count })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
