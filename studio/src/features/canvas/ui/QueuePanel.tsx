/**
 * The project's queue: every task of this project — who asked, what, live progress, status,
 * cost — with cancel on my own queued or running tasks, and the credits each collaborator has
 * spent here (captured only: refunds do not count).
 */
import type { ProjectTaskDto } from '@tessera/shared/projects';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Crosshair } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { ProgressBar } from '../../generate/ProgressBar.tsx';
import { useCanvasSession } from './canvasSession.ts';
import { useCanvasState } from './useCanvasState.ts';
import { showNode } from './showNode.ts';

const STATUS_TONE: Record<ProjectTaskDto['status'], string> = {
  queued: 'text-muted',
  running: 'text-accent-fg',
  succeeded: 'text-success',
  failed: 'text-danger',
  canceled: 'text-muted',
};

export function QueuePanel() {
  const { t } = useTranslation('canvas');
  const { projectId } = useCanvasSession();
  const trpc = useTRPC();
  const tasks = useQuery({ ...trpc.canvas.tasks.queryOptions({ projectId }), meta: { skipError: true } });
  const spend = useQuery({ ...trpc.canvas.spend.queryOptions({ projectId }), meta: { skipError: true } });

  return (
    <div className="flex flex-col gap-5 p-3" data-testid="queue-panel">
      <section aria-labelledby="queue-tasks">
        <h3 id="queue-tasks" className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">
          {t('queue.title')}
        </h3>
        {tasks.isPending ? (
          <div className="h-20 animate-pulse rounded-xl bg-surface-2" aria-hidden />
        ) : tasks.isError ? (
          <p className="text-sm text-muted">{t('queue.error')}</p>
        ) : !tasks.data?.length ? (
          <p className="text-sm text-muted" data-testid="queue-empty">
            {t('queue.empty')}
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {tasks.data.map((task) => (
              <QueueItem key={task.id} task={task} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="queue-spend">
        <h3 id="queue-spend" className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">
          {t('queue.spend')}
        </h3>
        {spend.isPending ? (
          <div className="h-10 animate-pulse rounded-xl bg-surface-2" aria-hidden />
        ) : !spend.data?.length ? (
          <p className="text-sm text-muted">{t('queue.spendEmpty')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm" data-testid="queue-spend">
            {spend.data.map((row) => (
              <li key={row.userId} className="flex items-center justify-between gap-2">
                <span className="truncate">{row.name}</span>
                <span className="shrink-0 tabular-nums text-muted">
                  {t('queue.credits', { count: row.credits })} · {t('queue.tasks', { count: row.tasks })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function QueueItem({ task }: { task: ProjectTaskDto }) {
  const { t, i18n } = useTranslation(['canvas', 'common', 'media']);
  const { manager, projectId } = useCanvasSession();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const live = useCanvasState(manager.progress, () => (task.nodeId ? manager.progress.get(task.nodeId) : undefined));
  const onCanvas = useCanvasState(manager.store, () => (task.nodeId ? Boolean(manager.store.get(task.nodeId)) : false));
  const cancel = useMutation(
    trpc.task.cancel.mutationOptions({
      onSettled: () => void queryClient.invalidateQueries({ queryKey: trpc.canvas.tasks.queryKey({ projectId }) }),
    }),
  );
  const active = task.status === 'queued' || task.status === 'running';
  const progress = live?.progress ?? task.progress;
  const stage = live?.stage ?? (task.status === 'queued' ? 'queued' : task.stage);

  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border bg-surface-2/50 p-2.5" data-testid="queue-item" data-status={task.status}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{t(`common:kinds.${task.kind}`, { defaultValue: task.kind })}</p>
          <p className="truncate text-xs text-muted">
            {task.mine ? t('queue.byMe') : t('queue.by', { name: task.by.name })} ·{' '}
            {new Date(task.createdAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {task.nodeId && onCanvas && (
            <Button variant="ghost" size="icon" className="h-7 w-7" title={t('queue.show')} aria-label={t('queue.show')} onClick={() => showNode(manager, task.nodeId!)}>
              <Crosshair size={14} aria-hidden />
            </Button>
          )}
          {task.mine && active && (
            <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" loading={cancel.isPending} onClick={() => cancel.mutate({ id: task.id })} data-testid="queue-cancel">
              {t('queue.cancel')}
            </Button>
          )}
        </div>
      </div>
      {active ? (
        <ProgressBar value={progress} label={t(`media:stage.${stage}`, { defaultValue: t('media:stage.working') })} />
      ) : (
        <p className="flex justify-between gap-2 text-xs">
          <span className={cn('font-medium', STATUS_TONE[task.status])}>{t(`queue.status.${task.status}`)}</span>
          <span className="tabular-nums text-muted">{task.status === 'succeeded' ? t('queue.cost', { count: task.cost }) : task.status === 'queued' ? '' : t('queue.refunded')}</span>
        </p>
      )}
      {task.status === 'failed' && task.errorMessage && <p className="text-xs text-danger">{task.errorMessage}</p>}
    </li>
  );
}
