/**
 * /app/admin/tasks/:id: one task inspected — what was asked (input JSON), how it ran (attempts,
 * stage, worker, error), what it made (outputs, creations) and what it cost (its ledger entries:
 * the hold, then capture or release). A task still queued or running refreshes itself.
 */
import type { AdminTaskDetailDto } from '@tessera/shared/admin';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { AdminPageHeader, CARD, JsonBlock, ListSkeleton, QueryError, StatusBadge, TABLE, TD, TH, Thumb } from '../../features/admin/AdminUi.tsx';
import { useAdminFormat } from '../../features/admin/useAdminFormat.ts';
import { ProgressBar } from '../../features/generate/ProgressBar.tsx';
import { useTRPC } from '../../lib/trpc.ts';

const LIVE_REFRESH_MS = 2000;
/** As it arrives over the wire: an `undefined` input is left out. */
type TaskDetail = Omit<AdminTaskDetailDto, 'input'> & { input?: unknown };

export function AdminTaskPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const to = useLocalizedPath();
  const task = useQuery({
    ...trpc.admin.tasks.get.queryOptions({ id }),
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'queued' || query.state.data.status === 'running') ? LIVE_REFRESH_MS : false),
    meta: { skipError: true },
  });

  return (
    <div data-testid="page-admin-task">
      <Button variant="ghost" size="sm" asChild className="mb-4 -ms-3">
        <Link to={to('/app/admin/tasks')}>
          <ArrowLeft size={16} aria-hidden className="rtl:rotate-180" /> {t('task.back')}
        </Link>
      </Button>
      {task.isPending ? (
        <ListSkeleton rows={6} className="[&>div]:h-24" />
      ) : task.isError ? (
        <QueryError error={task.error} onRetry={() => void task.refetch()} retrying={task.isFetching} />
      ) : (
        <TaskDetailView task={task.data} />
      )}
    </div>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const headingId = `task-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={cn(CARD, 'p-4 md:p-5')} aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className="mb-3 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function TaskDetailView({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('admin');
  const to = useLocalizedPath();
  const format = useAdminFormat();
  const kind = t(`common:kinds.${task.kind}`, { defaultValue: task.kind.replaceAll('_', ' ') });
  const facts: { key: string; label: string; value: ReactNode }[] = [
    { key: 'status', label: t('task.status'), value: <StatusBadge status={task.status} /> },
    { key: 'kind', label: t('task.kind'), value: kind },
    { key: 'rpc', label: t('task.rpc'), value: <code className="font-mono text-xs">{task.rpcName}</code> },
    {
      key: 'user',
      label: t('task.user'),
      value: (
        <Link to={to(`/app/admin/users/${task.userId}`)} className="text-accent-fg hover:underline">
          {task.userEmail ?? task.userId}
        </Link>
      ),
    },
    { key: 'cost', label: t('task.cost'), value: t('task.credits', { count: task.cost }) },
    { key: 'attempts', label: t('task.attempts'), value: t('task.attemptsValue', { attempts: task.attempts, max: task.maxAttempts }) },
    { key: 'stage', label: t('task.stage'), value: task.stage || '—' },
    { key: 'worker', label: t('task.worker'), value: task.workerId ?? '—' },
    { key: 'created', label: t('task.created'), value: format.dateTime(task.createdAt) },
    { key: 'finished', label: t('task.finished'), value: task.finishedAt ? format.dateTime(task.finishedAt) : '—' },
  ];
  const live = task.status === 'queued' || task.status === 'running';

  return (
    <div className="flex flex-col gap-4">
      <AdminPageHeader title={t('task.title', { kind })} subtitle={task.id} />
      <Section title={t('task.summary')} testId="task-summary">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
          {facts.map((f) => (
            <div key={f.key} data-testid={`task-${f.key}`}>
              <dt className="text-xs text-muted">{f.label}</dt>
              <dd className="mt-0.5 text-sm break-all">{f.value}</dd>
            </div>
          ))}
        </dl>
        {live && (
          <div className="mt-4">
            <ProgressBar value={Math.max(0, Math.min(100, task.progress))} label={t('task.progress', { stage: task.stage || kind })} />
          </div>
        )}
      </Section>

      {(task.errorCode || task.errorMessage) && (
        <section className="rounded-[var(--radius-card)] border border-danger/50 bg-danger/10 p-4" role="alert" data-testid="task-error">
          <h2 className="font-semibold text-danger">{t('task.error')}</h2>
          <p className="mt-1 font-mono text-sm">{task.errorCode}</p>
          {task.errorMessage && <p className="mt-1 text-sm">{task.errorMessage}</p>}
        </section>
      )}

      <Section title={t('task.input')}>
        <JsonBlock value={task.input} label={t('task.input')} testId="task-input" />
      </Section>

      <Section title={t('task.outputs')} testId="task-outputs">
        {task.outputs.length === 0 ? (
          <p className="text-sm text-muted">{t('task.noOutputs')}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {task.outputs.map((o) => (
              <li key={o.url} className="overflow-hidden rounded-lg border border-border bg-surface-2" data-testid="task-output">
                {o.mediaType.startsWith('video') ? (
                  <video src={o.url} controls muted playsInline preload="metadata" className="aspect-square w-full object-contain" />
                ) : o.mediaType.startsWith('audio') ? (
                  <audio src={o.url} controls className="w-full p-2" />
                ) : (
                  <a href={o.url} target="_blank" rel="noreferrer" aria-label={t('task.openOutput')}>
                    <Thumb src={o.url} alt="" className="aspect-square w-full object-contain" />
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('task.creations')} testId="task-creations">
        {task.creations.length === 0 ? (
          <p className="text-sm text-muted">{t('task.noCreations')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {task.creations.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <a href={to(`/content/${c.id}`)} target="_blank" rel="noreferrer" className="font-mono text-xs text-accent-fg hover:underline">
                  {c.id}
                </a>
                <StatusBadge status={c.publishStatus} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('task.ledger')} testId="task-ledger">
        {task.ledger.length === 0 ? (
          <p className="text-sm text-muted">{t('task.noLedger')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className={TABLE} data-testid="ledger-table">
              <caption className="sr-only">{t('task.ledger')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={TH}>
                    {t('task.ledgerCol.kind')}
                  </th>
                  <th scope="col" className={`${TH} text-end`}>
                    {t('task.ledgerCol.amount')}
                  </th>
                  <th scope="col" className={TH}>
                    {t('task.ledgerCol.note')}
                  </th>
                  <th scope="col" className={TH}>
                    {t('task.ledgerCol.time')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {task.ledger.map((entry) => (
                  <tr key={entry.id} data-testid="ledger-row" data-kind={entry.kind}>
                    <td className={TD}>{t(`task.ledgerKind.${entry.kind}`, { defaultValue: entry.kind })}</td>
                    {/* Ledger amounts are positive; the kind (hold, capture, release …) says which way they move. */}
                    <td className={`${TD} text-end tabular-nums`}>{format.number(entry.amount)}</td>
                    <td className={TD}>{entry.note ?? ''}</td>
                    <td className={`${TD} whitespace-nowrap`}>{format.dateTime(entry.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </div>
  );
}
