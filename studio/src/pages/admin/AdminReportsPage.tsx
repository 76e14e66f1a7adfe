/**
 * /app/admin/reports: reported content, one card per content with every report of it. From the
 * open queue an admin dismisses the reports, hides or removes the content, or bans its author;
 * the card leaves the queue at once (optimistically) and comes back if the server refuses.
 */
import { REPORT_STATUSES, type AdminReportGroupDto, type ReportAction, type ReportStatus } from '@tessera/shared/admin';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Flag, Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { describeError } from '../../features/admin/adminErrors.ts';
import { AdminPageHeader, Badge, CARD, ConfirmDialog, EmptyState, Field, ListSkeleton, LoadMore, QueryError, StatusBadge, TEXTAREA, Thumb } from '../../features/admin/AdminUi.tsx';
import { useAdminFormat } from '../../features/admin/useAdminFormat.ts';
import { toast } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';

const PAGE_SIZE = 20;

const ACTIONS: { action: ReportAction; destructive: boolean; variant: 'outline' | 'secondary' | 'danger' }[] = [
  { action: 'dismiss', destructive: false, variant: 'outline' },
  { action: 'hide', destructive: false, variant: 'secondary' },
  { action: 'remove', destructive: true, variant: 'danger' },
  { action: 'ban', destructive: true, variant: 'danger' },
];

const parseStatus = (value: string | null): ReportStatus => REPORT_STATUSES.find((s) => s === value) ?? 'open';

export function AdminReportsPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('status'));
  const input = { status, limit: PAGE_SIZE };
  const list = useInfiniteQuery({
    ...trpc.admin.reports.list.infiniteQueryOptions(input, { getNextPageParam: (p) => p.nextCursor ?? undefined }),
    meta: { skipError: true },
  });
  const [pending, setPending] = useState<{ group: AdminReportGroupDto; action: ReportAction } | null>(null);
  const [note, setNote] = useState('');

  const resolve = useMutation({
    ...trpc.admin.reports.resolve.mutationOptions({
      onMutate: async (vars) => {
        // Leave the queue now; the snapshot puts the card back if the server says no.
        const key = trpc.admin.reports.list.infiniteQueryKey(input);
        await queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData(key);
        queryClient.setQueryData(key, (data) =>
          data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((g) => g.contentId !== vars.contentId) })) } : data,
        );
        return { key, previous };
      },
      onError: (error, _vars, context) => {
        if (context?.previous) queryClient.setQueryData(context.key, context.previous);
        toast.error(t('reports.failed', { message: describeError(error).message }));
      },
      onSuccess: (_data, vars) => toast.success(t(`reports.done.${vars.action}`)),
      onSettled: () => queryClient.invalidateQueries(trpc.admin.reports.list.pathFilter()),
    }),
    meta: { skipError: true },
  });

  const items = (list.data?.pages ?? []).flatMap((p) => p.items);
  const confirm = () => {
    if (!pending) return;
    const trimmed = note.trim();
    resolve.mutate({ contentId: pending.group.contentId, action: pending.action, ...(trimmed ? { note: trimmed } : {}) });
    setPending(null);
    setNote('');
  };

  return (
    <div data-testid="page-admin-reports">
      <AdminPageHeader title={t('reports.title')} subtitle={t('reports.subtitle')} />
      <div role="tablist" aria-label={t('reports.statusLabel')} className="mt-6 inline-flex gap-1 rounded-xl border border-border bg-surface p-1">
        {REPORT_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === status}
            className={cn('rounded-lg px-3 py-1.5 text-sm transition', s === status ? 'bg-surface-2 font-medium text-fg' : 'text-muted hover:text-fg')}
            onClick={() => setParams(s === 'open' ? {} : { status: s }, { replace: true })}
            data-testid={`reports-tab-${s}`}
          >
            {t(`reports.status.${s}`)}
          </button>
        ))}
      </div>

      <div role="tabpanel" aria-label={t(`reports.status.${status}`)}>
        {list.isPending ? (
          <ListSkeleton rows={4} className="[&>div]:h-40" />
        ) : list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : items.length === 0 ? (
          <EmptyState icon={<Flag className="text-muted" aria-hidden />} title={t(`reports.empty.${status}`)} testId="reports-empty" />
        ) : (
          <ul className="mt-6 flex flex-col gap-4" data-testid="reports-list">
            {items.map((group) => (
              <ReportCard
                key={group.contentId}
                group={group}
                actionable={status === 'open'}
                onAction={(action) => {
                  setNote('');
                  setPending({ group, action });
                }}
              />
            ))}
          </ul>
        )}
        <LoadMore show={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
      </div>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? t(`reports.confirm.${pending.action}.title`) : ''}
        description={pending ? t(`reports.confirm.${pending.action}.text`, { title: pending.group.title || t('reports.untitled'), author: pending.group.author.name }) : ''}
        confirmLabel={pending ? t(`reports.actions.${pending.action}`) : ''}
        destructive={pending ? ACTIONS.find((a) => a.action === pending.action)?.destructive : false}
        onConfirm={confirm}
      >
        <Field label={t('reports.note')} hint={t('reports.noteHint')}>
          {(props) => <textarea {...props} className={TEXTAREA} rows={3} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} data-testid="report-note" />}
        </Field>
      </ConfirmDialog>
    </div>
  );
}

function ReportCard({ group, actionable, onAction }: { group: AdminReportGroupDto; actionable: boolean; onAction: (action: ReportAction) => void }) {
  const { t } = useTranslation('admin');
  const to = useLocalizedPath();
  const format = useAdminFormat();
  const title = group.title || t('reports.untitled');
  return (
    <li className={cn(CARD, 'flex flex-col gap-4 p-4 sm:flex-row')} data-testid="report-card" data-content-id={group.contentId}>
      <a
        href={to(`/content/${group.contentId}`)}
        target="_blank"
        rel="noreferrer"
        className="relative block aspect-square w-full shrink-0 overflow-hidden rounded-lg bg-surface-2 sm:w-40"
        aria-label={t('reports.open', { title })}
      >
        {/* The thumbnail of a video is its poster frame; the content page plays it. */}
        <Thumb src={group.thumbnailUrl} alt="" className="h-full w-full object-cover" />
        {group.mediaType === 'video' && <Play className="absolute end-2 top-2 rounded-full bg-black/60 p-1 text-white" size={22} aria-hidden />}
      </a>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="truncate font-semibold">{title}</h2>
            <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-muted">
              <Link to={to(`/app/admin/users/${group.author.id}`)} className="text-accent-fg hover:underline">
                {group.author.name}
              </Link>
              {group.author.email && <span className="truncate">{group.author.email}</span>}
              {group.author.banned && (
                <Badge tone="bad" testId="author-banned">
                  {t('users.banned')}
                </Badge>
              )}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Badge tone="bad">{t('reports.count', { count: group.reportCount })}</Badge>
            <StatusBadge status={group.publishStatus} />
            <span className="text-xs text-muted">{format.dateTime(group.lastReportedAt)}</span>
          </div>
        </div>
        <ul className="flex flex-wrap gap-2" aria-label={t('reports.reasons')}>
          {group.reasons.map((r) => (
            <li key={r.reason}>
              <Badge tone="warn">{t('reports.reasonCount', { reason: t(`reports.reason.${r.reason}`, { defaultValue: r.reason }), count: r.count })}</Badge>
            </li>
          ))}
        </ul>
        {group.reports.some((r) => r.details) && (
          <ul className="flex flex-col gap-1.5 text-sm" aria-label={t('reports.texts')}>
            {group.reports
              .filter((r) => r.details)
              .map((r) => (
                <li key={r.id} className="rounded-lg bg-surface-2 px-3 py-2">
                  <span className="text-xs text-muted">
                    {t(`reports.reason.${r.reason}`, { defaultValue: r.reason })} · {format.dateTime(r.createdAt)}
                  </span>
                  <p className="mt-0.5 break-words">{r.details}</p>
                </li>
              ))}
          </ul>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-2">
          {actionable &&
            ACTIONS.map(({ action, variant }) => (
              <Button key={action} size="sm" variant={variant} onClick={() => onAction(action)} data-testid={`report-${action}`}>
                {t(`reports.actions.${action}`)}
              </Button>
            ))}
          <a
            href={to(`/content/${group.contentId}`)}
            target="_blank"
            rel="noreferrer"
            className="ms-auto inline-flex items-center gap-1 text-sm text-muted hover:text-fg"
          >
            {t('reports.view')} <ExternalLink size={14} aria-hidden />
          </a>
        </div>
      </div>
    </li>
  );
}
