/** Active tasks with live progress and cancel, and recently finished ones. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleSlash, Loader2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { ProgressBar } from '../generate/ProgressBar.tsx';
import { useTaskProgress } from '../realtime/useRealtime.ts';
import { useTaskList } from './useTaskList.ts';

type TaskItem = ReturnType<typeof useTaskList>['active'][number];

/** "2 of 3 in use" from task.concurrency. */
export function ConcurrencyLine() {
  const { t } = useTranslation('tasks');
  const trpc = useTRPC();
  const { data } = useQuery({ ...trpc.task.concurrency.queryOptions(), meta: { skipError: true } });
  if (!data) return <p className="h-5 w-48 animate-pulse rounded bg-surface-2" aria-hidden />;
  return (
    <p className="text-sm" data-testid="concurrency">
      <span className="font-semibold tabular-nums">{t('concurrency.inUse', { inUse: data.inUse, limit: data.limit })}</span>{' '}
      <span className="text-muted">{t('concurrency.detail', { running: data.running, queued: data.queued })}</span>
    </p>
  );
}

function ActiveTask({ task }: { task: TaskItem }) {
  const { t } = useTranslation(['tasks', 'media']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const live = useTaskProgress((s) => s.tasks[task.id]);
  const cancel = useMutation(
    trpc.task.cancel.mutationOptions({
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
      },
    }),
  );
  const stage = task.status === 'queued' && !live ? 'queued' : (live?.stage ?? task.stage);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border bg-surface-2/50 p-3" data-testid="active-task">
      <div className="flex items-center justify-between gap-3">
        <span className="flex items-center gap-2 text-sm font-medium">
          <Loader2 size={14} className="animate-spin text-accent-fg" aria-hidden />
          {t(`common:kinds.${task.kind}`, { defaultValue: task.kind })}
        </span>
        <Button variant="ghost" size="sm" loading={cancel.isPending} onClick={() => cancel.mutate({ id: task.id })} data-testid="cancel-task">
          {t('tasks:cancel')}
        </Button>
      </div>
      <ProgressBar value={live?.progress ?? task.progress} label={t(`media:stage.${stage}`, { defaultValue: t('media:stage.working') })} />
    </li>
  );
}

export function ActiveTasks() {
  const { t } = useTranslation('tasks');
  const { active, isPending } = useTaskList();
  if (isPending) return <div className="h-20 animate-pulse rounded-xl bg-surface-2" aria-hidden />;
  if (!active.length) return <p className="text-sm text-muted">{t('active.empty')}</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('active.title')}>
      {active.map((task) => (
        <ActiveTask key={task.id} task={task} />
      ))}
    </ul>
  );
}

const STATUS_ICON = { succeeded: CheckCircle2, failed: XCircle, canceled: CircleSlash } as const;

export function FinishedTasks({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation('tasks');
  const to = useLocalizedPath();
  const { finished, isPending } = useTaskList();
  if (isPending) return null;
  if (!finished.length) return <p className="text-sm text-muted">{t('finished.empty')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {finished.slice(0, 10).map((task) => {
        const Icon = STATUS_ICON[task.status as keyof typeof STATUS_ICON] ?? XCircle;
        const output = task.outputs[0];
        return (
          <li key={task.id} className="flex items-center gap-3 rounded-lg p-2 hover:bg-surface-2" data-testid="finished-task">
            {output?.mediaType === 'image' ? (
              <img src={output.url} alt="" className="h-12 w-12 shrink-0 rounded-md object-cover" loading="lazy" />
            ) : (
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-md bg-surface-2">
                <Icon size={18} className={task.status === 'succeeded' ? 'text-success' : 'text-muted'} aria-hidden />
              </span>
            )}
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate text-sm">{t(`common:kinds.${task.kind}`, { defaultValue: task.kind })}</span>
              <span className="truncate text-xs text-muted">
                {t(`status.${task.status}`)} · {new Date(task.createdAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })}
                {task.status === 'failed' && task.error?.message ? ` · ${task.error.message}` : ''}
              </span>
            </span>
            <span className="text-xs tabular-nums text-muted">{task.status === 'succeeded' ? t('cost', { count: task.cost }) : t('refunded')}</span>
          </li>
        );
      })}
      <li className="pt-2">
        <Link to={to('/app/my-creations')} onClick={onNavigate} className="text-sm text-accent-fg hover:underline">
          {t('finished.allCreations')}
        </Link>
      </li>
    </ul>
  );
}
