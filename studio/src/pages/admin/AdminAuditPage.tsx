/** /app/admin/audit: every admin action, newest first; a row expands to what changed (before → after). */
import type { AuditEntryDto } from '@tessera/shared/admin';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronRight, ScrollText, Search } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { AdminPageHeader, CARD, CONTROL, EmptyState, ListSkeleton, LoadMore, QueryError, TABLE, TD, TH } from '../../features/admin/AdminUi.tsx';
import { formatLeaf, jsonDiff } from '../../features/admin/jsonDiff.ts';
import { useAdminFormat } from '../../features/admin/useAdminFormat.ts';
import { useTRPC } from '../../lib/trpc.ts';

const PAGE_SIZE = 50;
/** As it arrives over the wire: JSON leaves `before`/`after` out when they are undefined. */
type AuditRow = Omit<AuditEntryDto, 'before' | 'after'> & { before?: unknown; after?: unknown };

export function AdminAuditPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const action = (params.get('action') ?? '').trim().slice(0, 64);
  const [draft, setDraft] = useState(action);
  const list = useInfiniteQuery({
    ...trpc.admin.audit.list.infiniteQueryOptions({ ...(action ? { action } : {}), limit: PAGE_SIZE }, { getNextPageParam: (p) => p.nextCursor ?? undefined }),
    meta: { skipError: true },
  });
  const items = (list.data?.pages ?? []).flatMap((p) => p.items);

  return (
    <div data-testid="page-admin-audit">
      <AdminPageHeader title={t('audit.title')} subtitle={t('audit.subtitle')} />
      <form
        role="search"
        className={`${CARD} mt-6 flex flex-col gap-2 p-4 sm:flex-row sm:items-center`}
        onSubmit={(event) => {
          event.preventDefault();
          const value = draft.trim();
          setParams(value ? { action: value } : {}, { replace: true });
        }}
      >
        <label htmlFor="admin-audit-action" className="sr-only">
          {t('audit.action')}
        </label>
        <input
          id="admin-audit-action"
          className={CONTROL}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('audit.actionPlaceholder')}
          maxLength={64}
          data-testid="audit-action-filter"
        />
        <Button type="submit">
          <Search size={16} aria-hidden /> {t('audit.filter')}
        </Button>
      </form>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState icon={<ScrollText className="text-muted" aria-hidden />} title={action ? t('audit.emptyFiltered', { action }) : t('audit.empty')} testId="audit-empty" />
      ) : (
        <AuditTable items={items} />
      )}
      <LoadMore show={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
    </div>
  );
}

function AuditTable({ items }: { items: AuditRow[] }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className={`${CARD} mt-6 overflow-x-auto`}>
      <table className={TABLE} data-testid="audit-table">
        <caption className="sr-only">{t('audit.title')}</caption>
        <thead>
          <tr>
            <th scope="col" className={cn(TH, 'w-8')}>
              <span className="sr-only">{t('audit.details')}</span>
            </th>
            <th scope="col" className={TH}>
              {t('audit.col.time')}
            </th>
            <th scope="col" className={TH}>
              {t('audit.col.admin')}
            </th>
            <th scope="col" className={TH}>
              {t('audit.col.action')}
            </th>
            <th scope="col" className={TH}>
              {t('audit.col.target')}
            </th>
            <th scope="col" className={TH}>
              {t('audit.col.note')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => {
            const expanded = open.has(entry.id);
            return (
              <Fragment key={entry.id}>
                <tr data-testid="audit-row" data-action={entry.action}>
                  <td className={TD}>
                    <button
                      type="button"
                      className="rounded p-1 text-muted hover:bg-surface-2 hover:text-fg"
                      aria-expanded={expanded}
                      aria-controls={`audit-diff-${entry.id}`}
                      aria-label={t('audit.toggle', { action: entry.action })}
                      onClick={() => toggle(entry.id)}
                      data-testid="audit-toggle"
                    >
                      <ChevronRight size={16} aria-hidden className={cn('transition rtl:rotate-180', expanded && 'rotate-90 rtl:rotate-90')} />
                    </button>
                  </td>
                  <td className={`${TD} whitespace-nowrap`}>{format.dateTime(entry.createdAt)}</td>
                  <td className={`${TD} max-w-48 truncate`}>{entry.adminEmail ?? entry.adminId}</td>
                  <td className={`${TD} font-mono text-xs`}>{entry.action}</td>
                  <td className={`${TD} max-w-56 break-all font-mono text-xs`}>
                    {entry.targetType}:{entry.targetId}
                  </td>
                  <td className={TD}>{entry.note ?? ''}</td>
                </tr>
                {expanded && (
                  <tr id={`audit-diff-${entry.id}`}>
                    <td colSpan={6} className="border-b border-border bg-surface-2/50 px-3 py-3">
                      <AuditDiff before={entry.before} after={entry.after} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('admin');
  const diff = jsonDiff(before, after);
  if (diff.length === 0) return <p className="text-sm text-muted">{t('audit.noChanges')}</p>;
  return (
    <table className="w-full text-left text-xs" data-testid="audit-diff">
      <caption className="sr-only">{t('audit.diff')}</caption>
      <thead>
        <tr>
          <th scope="col" className="px-2 py-1 font-medium text-muted">
            {t('audit.field')}
          </th>
          <th scope="col" className="px-2 py-1 font-medium text-muted">
            {t('audit.before')}
          </th>
          <th scope="col" className="px-2 py-1 font-medium text-muted">
            {t('audit.after')}
          </th>
        </tr>
      </thead>
      <tbody className="font-mono">
        {diff.map((d) => (
          <tr key={d.path} data-kind={d.kind}>
            <td className="px-2 py-1 align-top">{d.path || t('audit.wholeValue')}</td>
            <td className={cn('px-2 py-1 align-top break-all', d.kind !== 'added' && 'text-danger line-through decoration-danger/50')}>{formatLeaf(d.before)}</td>
            <td className={cn('px-2 py-1 align-top break-all', d.kind !== 'removed' && 'text-success')}>{formatLeaf(d.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
