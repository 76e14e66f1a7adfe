/**
 * Follows one generation task after its create mutation answered `{ id }`: live progress from
 * the socket store (no polling), the task's final state and outputs from `task.get` once the
 * socket says it finished, and the creation its first output became.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '../../lib/trpc.ts';
import { useTaskProgress } from '../realtime/useRealtime.ts';

const NO_ID = '00000000-0000-4000-8000-000000000000';

export function useGenerationTask() {
  const trpc = useTRPC();
  const [taskId, setTaskId] = useState<string | null>(null);
  const live = useTaskProgress((s) => (taskId ? s.tasks[taskId] : undefined));
  const task = useQuery({ ...trpc.task.get.queryOptions({ id: taskId ?? NO_ID }), enabled: Boolean(taskId) });

  const status = task.data?.status;
  const finished = status === 'succeeded' || status === 'failed' || status === 'canceled';

  // The socket says when the task finished; the query then brings its outputs. A load that was
  // already on its way when the task finished answers "running": load again once it is back.
  const liveStatus = live?.status;
  const { refetch, isFetching, isError } = task;
  useEffect(() => {
    if (liveStatus && liveStatus !== 'running' && !finished && !isFetching && !isError) void refetch();
  }, [liveStatus, finished, isFetching, isError, refetch]);
  const running = Boolean(taskId) && !finished;
  const output = status === 'succeeded' ? task.data?.outputs[0] : undefined;
  const creationId = live?.creationIds?.[0];
  const creation = useQuery({
    ...trpc.creation.get.queryOptions({ id: creationId ?? NO_ID }),
    enabled: Boolean(creationId && output),
    meta: { skipError: true },
  });

  return {
    taskId,
    /** Start following a task the server accepted. */
    follow: setTaskId,
    reset: () => setTaskId(null),
    running,
    progress: live?.progress ?? task.data?.progress ?? 0,
    stage: live?.stage ?? task.data?.stage ?? 'queued',
    status,
    output,
    creation: creation.data,
    error: status === 'failed' || status === 'canceled' ? (task.data?.error?.message ?? live?.error ?? null) : null,
  };
}

export type GenerationTask = ReturnType<typeof useGenerationTask>;
