/** /app/admin/tasks: every user's generation tasks, newest first, filtered from the URL query; each row opens the inspector. */
import { TASK_STATUSES, type AdminTaskRowDto } from '@tessera/shared/admin';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { AdminFilterBar } from '../../features/admin/AdminFilterBar.tsx';
import { hasFilters, readFilters, taskListInput, writeFilters } from '../../features/admin/adminFilters.ts';
import { AdminPageHeader, CARD, EmptyState, ListSkeleton, LoadMore, QueryError, StatusBadge, TABLE, TD, TH } from '../../features/admin/AdminUi.tsx';
import { useAdminFormat } from '../../features/admin/useAdminFormat.ts';
import { useTRPC } from '../../lib/trpc.ts';

const PAGE_SIZE = 50;

export function AdminTasksPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, TASK_STATUSES);
  const list = useInfiniteQuery({
    ...trpc.admin.tasks.list.infiniteQueryOptions({ ...taskListInput(filters), limit: PAGE_SIZE }, { getNextPageParam: (p) => p.nextCursor ?? undefined }),
    meta: { skipError: true },
  });
  const items = (list.data?.pages ?? []).flatMap((p) => p.items);

  return (
    <div data-testid="page-admin-tasks">
      <AdminPageHeader title={t('tasks.title')} subtitle={t('tasks.subtitle')} />
      <AdminFilterBar
        key={params.toString()}
        value={filters}
        statuses={TASK_STATUSES}
        statusLabel={t('filters.status')}
        onApply={(f) => setParams((prev) => writeFilters(f, prev), { replace: true })}
      />
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState icon={<ListChecks className="text-muted" aria-hidden />} title={hasFilters(filters) ? t('tasks.emptyFiltered') : t('tasks.empty')} testId="tasks-empty" />
      ) : (
        <TaskTable items={items} />
      )}
      <LoadMore show={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
    </div>
  );
}

function TaskTable({ items }: { items: AdminTaskRowDto[] }) {
  const { t } = useTranslation('admin');
  const to = useLocalizedPath();
  const format = useAdminFormat();
  return (
    <div className={`${CARD} mt-6 overflow-x-auto`}>
      <table className={TABLE} data-testid="tasks-table">
        <caption className="sr-only">{t('tasks.title')}</caption>
        <thead>
          <tr>
            <th scope="col" className={TH}>
              {t('tasks.col.created')}
            </th>
            <th scope="col" className={TH}>
              {t('tasks.col.user')}
            </th>
            <th scope="col" className={TH}>
              {t('tasks.col.kind')}
            </th>
            <th scope="col" className={TH}>
              {t('tasks.col.status')}
            </th>
            <th scope="col" className={`${TH} text-end`}>
              {t('tasks.col.cost')}
            </th>
            <th scope="col" className={`${TH} text-end`}>
              {t('tasks.col.attempts')}
            </th>
            <th scope="col" className={TH}>
              {t('tasks.col.error')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((task) => (
            <tr key={task.id} className="hover:bg-surface-2/60" data-testid="task-row" data-task-id={task.id}>
              <td className={TD}>
                <Link to={to(`/app/admin/tasks/${task.id}`)} className="font-medium text-accent-fg hover:underline" data-testid="task-open">
                  {format.dateTime(task.createdAt)}
                </Link>
              </td>
              <td className={`${TD} max-w-56 truncate`}>
                <Link to={to(`/app/admin/users/${task.userId}`)} className="hover:underline">
                  {task.userEmail ?? task.userId}
                </Link>
              </td>
              <td className={TD}>{t(`common:kinds.${task.kind}`, { defaultValue: task.kind.replaceAll('_', ' ') })}</td>
              <td className={TD}>
                <StatusBadge status={task.status} />
              </td>
              <td className={`${TD} text-end tabular-nums`}>{format.number(task.cost)}</td>
              <td className={`${TD} text-end tabular-nums`}>{task.attempts}</td>
              <td className={`${TD} font-mono text-xs text-danger`}>{task.errorCode ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
