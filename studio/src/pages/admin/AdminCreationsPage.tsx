/** /app/admin/creations: every user's creations as a grid, with the tasks page's filters (status = publish status). */
import type { AdminCreationRowDto } from '@tessera/shared/admin';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Images, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { AdminFilterBar } from '../../features/admin/AdminFilterBar.tsx';
import { creationListInput, hasFilters, PUBLISH_STATUSES, readFilters, writeFilters } from '../../features/admin/adminFilters.ts';
import { AdminPageHeader, CARD, EmptyState, LoadMore, QueryError, StatusBadge, Thumb } from '../../features/admin/AdminUi.tsx';
import { useAdminFormat } from '../../features/admin/useAdminFormat.ts';
import { useTRPC } from '../../lib/trpc.ts';

const PAGE_SIZE = 48;

export function AdminCreationsPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, PUBLISH_STATUSES);
  const list = useInfiniteQuery({
    ...trpc.admin.creations.list.infiniteQueryOptions({ ...creationListInput(filters), limit: PAGE_SIZE }, { getNextPageParam: (p) => p.nextCursor ?? undefined }),
    meta: { skipError: true },
  });
  const items = (list.data?.pages ?? []).flatMap((p) => p.items);

  return (
    <div data-testid="page-admin-creations">
      <AdminPageHeader title={t('creations.title')} subtitle={t('creations.subtitle')} />
      <AdminFilterBar
        key={params.toString()}
        value={filters}
        statuses={PUBLISH_STATUSES}
        statusLabel={t('filters.publishStatus')}
        onApply={(f) => setParams((prev) => writeFilters(f, prev), { replace: true })}
      />
      {list.isPending ? (
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-busy aria-label={t('states.loading')}>
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i} className="aspect-square animate-pulse rounded-xl bg-surface" />
          ))}
        </ul>
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Images className="text-muted" aria-hidden />}
          title={hasFilters(filters) ? t('creations.emptyFiltered') : t('creations.empty')}
          testId="creations-empty"
        />
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="admin-creations-grid">
          {items.map((c) => (
            <CreationCard key={c.id} creation={c} />
          ))}
        </ul>
      )}
      <LoadMore show={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
    </div>
  );
}

function CreationCard({ creation: c }: { creation: AdminCreationRowDto }) {
  const { t } = useTranslation('admin');
  const to = useLocalizedPath();
  const format = useAdminFormat();
  const kind = t(`common:kinds.${c.kind}`, { defaultValue: c.kind.replaceAll('_', ' ') });
  return (
    <li className={`${CARD} overflow-hidden`} data-testid="admin-creation-card" data-creation-id={c.id}>
      <a href={c.url} target="_blank" rel="noreferrer" className="relative block bg-surface-2" aria-label={t('creations.open', { title: c.title ?? kind })}>
        <Thumb src={c.thumbnailUrl} alt="" className="aspect-square w-full object-cover" />
        {c.mediaType === 'video' && <Play className="absolute end-2 top-2 rounded-full bg-black/60 p-1 text-white" size={22} aria-hidden />}
      </a>
      <div className="flex flex-col gap-1.5 p-3 text-sm">
        <div className="flex items-center justify-between gap-2">
          <span className="truncate font-medium">{c.title ?? kind}</span>
          <StatusBadge status={c.publishStatus} />
        </div>
        <Link to={to(`/app/admin/users/${c.userId}`)} className="truncate text-xs text-muted hover:text-fg hover:underline">
          {c.userEmail ?? c.userId}
        </Link>
        <div className="flex items-center justify-between gap-2 text-xs text-muted">
          <span>{format.dateTime(c.createdAt)}</span>
          <Link to={to(`/app/admin/tasks/${c.taskId}`)} className="text-accent-fg hover:underline">
            {t('creations.task')}
          </Link>
        </div>
      </div>
    </li>
  );
}
