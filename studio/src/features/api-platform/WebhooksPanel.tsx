/**
 * Webhooks on the dashboard (issue 19): the account's signing secret (hidden until asked, copy,
 * rotate with a confirm) and the delivery log — each delivery's event, task, URL, status, attempt
 * count, last answer and time, its attempts on demand, and a Replay button. The deliveries follow
 * Standard Webhooks (https://www.standardwebhooks.com/); the server signs and retries them.
 */
import type { AppRouter } from '@tessera/server/router';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { ChevronDown, RefreshCw, RotateCcw, Webhook } from 'lucide-react';
import { Fragment, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { toast } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { CopyButton } from './CopyButton.tsx';
import { EmptyList, LoadFailed, Panel, Pill, type PillTone, RowsLoading, ScrollTable, TD, TH } from './Panel.tsx';
import { useDateFormat } from './useDateFormat.ts';

const PAGE_SIZE = 20;
/** While a delivery is still pending, the log refreshes this often to show its next attempt. */
const PENDING_REFRESH_MS = 5000;

const STATUS_TONES: Record<'pending' | 'delivered' | 'failed', PillTone> = { pending: 'warn', delivered: 'good', failed: 'bad' };

export function WebhooksPanel({ className }: { className?: string }) {
  const { t } = useTranslation('apiPlatform');
  return (
    <Panel id="webhooks" title={t('webhooks.title')} text={t('webhooks.text')} className={className}>
      <SigningSecret />
      <h3 className="mt-8 text-sm font-semibold uppercase tracking-wide text-muted">{t('webhooks.logTitle')}</h3>
      <div className="mt-3">
        <DeliveryLog />
      </div>
    </Panel>
  );
}

function SigningSecret() {
  const { t } = useTranslation('apiPlatform');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const secret = useQuery(trpc.apiWebhooks.secret.queryOptions());
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const value = useRef<HTMLElement>(null);
  const rotate = useMutation(
    trpc.apiWebhooks.rotateSecret.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.apiWebhooks.secret.queryKey(), data);
        setConfirming(false);
        setShown(true);
        toast.success(t('webhooks.rotated'));
      },
    }),
  );

  if (secret.isError) return <LoadFailed text={t('webhooks.secretFailed')} retryLabel={t('retry')} retrying={secret.isFetching} onRetry={() => void secret.refetch()} />;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium" id="webhook-secret-label">
        {t('webhooks.secretLabel')}
      </p>
      <div className="flex flex-wrap items-start gap-2">
        <code
          ref={value}
          className="min-h-10 min-w-0 flex-1 break-all rounded-lg border border-border bg-surface-2 px-3 py-2.5 font-mono text-xs"
          dir="ltr"
          aria-labelledby="webhook-secret-label"
          data-testid="api-webhook-secret"
          data-shown={shown || undefined}
        >
          {!secret.data ? (
            <span className="inline-block h-3 w-48 animate-pulse rounded bg-surface" aria-hidden />
          ) : shown ? (
            secret.data.secret
          ) : (
            <>
              <span aria-hidden>{`${secret.data.secret.slice(0, 6)}${'•'.repeat(24)}`}</span>
              <span className="sr-only">{t('webhooks.hidden')}</span>
            </>
          )}
        </code>
        <Button size="md" variant="outline" disabled={!secret.data} onClick={() => setShown((s) => !s)} aria-pressed={shown} data-testid="api-webhook-secret-toggle">
          {shown ? t('webhooks.hide') : t('webhooks.show')}
        </Button>
        {secret.data && <CopyButton text={secret.data.secret} fallback={value} label={t('webhooks.copySecret')} size="md" variant="outline" testId="api-webhook-secret-copy" />}
        <Button size="md" variant="ghost" disabled={!secret.data} onClick={() => setConfirming(true)} data-testid="api-webhook-secret-rotate">
          <RefreshCw size={14} aria-hidden /> {t('webhooks.rotate')}
        </Button>
      </div>
      <Dialog open={confirming} onOpenChange={(open) => !open && !rotate.isPending && setConfirming(false)} title={t('webhooks.rotateTitle')} description={t('webhooks.rotateText')}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" disabled={rotate.isPending} onClick={() => setConfirming(false)}>
            {t('webhooks.rotateCancel')}
          </Button>
          <Button type="button" variant="danger" loading={rotate.isPending} onClick={() => rotate.mutate()} data-testid="api-webhook-secret-rotate-confirm">
            {t('webhooks.rotateConfirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function DeliveryLog() {
  const { t } = useTranslation('apiPlatform');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const format = useDateFormat();
  const [open, setOpen] = useState<string | null>(null);
  const deliveries = useInfiniteQuery(
    trpc.apiWebhooks.deliveries.infiniteQueryOptions(
      { limit: PAGE_SIZE },
      {
        getNextPageParam: (last) => last.nextCursor ?? undefined,
        refetchInterval: (query) => (query.state.data?.pages.some((p) => p.items.some((d) => d.status === 'pending')) ? PENDING_REFRESH_MS : false),
      },
    ),
  );
  const replay = useMutation(
    trpc.apiWebhooks.replay.mutationOptions({
      onSuccess: () => {
        toast.success(t('webhooks.replayed'));
        void queryClient.invalidateQueries({ queryKey: trpc.apiWebhooks.deliveries.pathKey() });
      },
    }),
  );
  const items = (deliveries.data?.pages ?? []).flatMap((p) => p.items);

  if (deliveries.isPending) return <RowsLoading label={t('webhooks.loading')} />;
  if (deliveries.isError) return <LoadFailed text={t('webhooks.loadFailed')} retryLabel={t('retry')} retrying={deliveries.isFetching} onRetry={() => void deliveries.refetch()} />;
  if (items.length === 0)
    return (
      <EmptyList icon={Webhook} title={t('webhooks.emptyTitle')} text={t('webhooks.emptyText')} testId="api-webhooks-empty" />
    );

  const columns = ['event', 'task', 'url', 'status', 'attempts', 'code', 'time'] as const;
  return (
    <>
      <ScrollTable label={t('webhooks.logTitle')} minWidth="min-w-[860px]" testId="api-webhook-deliveries">
        <thead>
          <tr>
            <th scope="col" className={TH}>
              <span className="sr-only">{t('webhooks.attemptsTitle')}</span>
            </th>
            {columns.map((c) => (
              <th key={c} scope="col" className={TH}>
                {t(`webhooks.columns.${c}`)}
              </th>
            ))}
            <th scope="col" className={TH}>
              <span className="sr-only">{t('webhooks.replay')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((d) => {
            const expanded = open === d.id;
            const task = d.taskId.slice(0, 8);
            return (
              <Fragment key={d.id}>
                <tr data-testid="api-webhook-delivery" data-status={d.status}>
                  <td className={cn(TD, 'w-10')}>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-expanded={expanded}
                      aria-controls={`attempts-${d.id}`}
                      aria-label={t('webhooks.showAttempts', { event: d.event, task })}
                      onClick={() => setOpen(expanded ? null : d.id)}
                    >
                      <ChevronDown size={16} aria-hidden className={cn('transition', expanded && 'rotate-180')} />
                    </Button>
                  </td>
                  <td className={cn(TD, 'whitespace-nowrap font-mono text-xs')}>{d.event}</td>
                  <td className={TD}>
                    <code className="font-mono text-xs" title={d.taskId} dir="ltr">
                      {task}
                    </code>
                  </td>
                  <td className={cn(TD, 'max-w-56 truncate font-mono text-xs')} title={d.url} dir="ltr">
                    {d.url}
                  </td>
                  <td className={TD}>
                    <Pill tone={STATUS_TONES[d.status]}>{t(`webhooks.status.${d.status}`)}</Pill>
                  </td>
                  <td className={cn(TD, 'tabular-nums')}>{d.attempts}</td>
                  <td className={cn(TD, 'tabular-nums')}>{d.lastStatusCode ?? (d.attempts > 0 ? t('webhooks.noAnswer') : '—')}</td>
                  <td className={cn(TD, 'whitespace-nowrap')}>
                    <time dateTime={d.createdAt} title={format.dateTime(d.createdAt)}>
                      {format.relative(d.createdAt)}
                    </time>
                    {d.nextAttemptAt && <span className="block text-xs text-muted">{t('webhooks.nextAttempt', { time: format.relative(d.nextAttemptAt) })}</span>}
                  </td>
                  <td className={cn(TD, 'text-end')}>
                    <Button
                      size="sm"
                      variant="outline"
                      loading={replay.isPending && replay.variables?.id === d.id}
                      disabled={replay.isPending}
                      onClick={() => replay.mutate({ id: d.id })}
                      aria-label={t('webhooks.replayLabel', { event: d.event, task })}
                      data-testid="api-webhook-replay"
                    >
                      <RotateCcw size={14} aria-hidden /> {t('webhooks.replay')}
                    </Button>
                  </td>
                </tr>
                {expanded && (
                  <tr id={`attempts-${d.id}`}>
                    <td colSpan={columns.length + 2} className="border-b border-border/60 bg-surface-2/40 px-6 py-3">
                      <AttemptList attempts={d.attemptLog} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </ScrollTable>
      {deliveries.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" size="sm" loading={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()}>
            {t('webhooks.more')}
          </Button>
        </div>
      )}
    </>
  );
}

type Attempt = inferRouterOutputs<AppRouter>['apiWebhooks']['deliveries']['items'][number]['attemptLog'][number];

function AttemptList({ attempts }: { attempts: Attempt[] }) {
  const { t } = useTranslation('apiPlatform');
  const format = useDateFormat();
  if (attempts.length === 0) return <p className="text-sm text-muted">{t('webhooks.noAttempts')}</p>;
  return (
    <ol className="flex flex-col gap-1.5 text-xs" aria-label={t('webhooks.attemptsTitle')} data-testid="api-webhook-attempts">
      {attempts.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <time dateTime={a.at} className="text-muted">
            {format.dateTime(a.at)}
          </time>
          <Pill tone={a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300 ? 'good' : 'bad'}>{a.statusCode ?? t('webhooks.noAnswer')}</Pill>
          <span className="tabular-nums text-muted">{t('webhooks.duration', { ms: a.durationMs })}</span>
          <span className="text-muted">{t(`webhooks.trigger.${a.trigger}`)}</span>
          {a.error && (
            <span className="min-w-0 break-all font-mono text-danger" dir="ltr">
              {a.error}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
