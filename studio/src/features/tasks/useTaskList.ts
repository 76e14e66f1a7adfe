/** The caller's tasks (queued and running first), shared by the header badge, the drawer and the concurrency popup. */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';
import { useViewer } from '../auth/useViewer.ts';

export const TASK_LIST_LIMIT = 30;

export function useTaskList() {
  const trpc = useTRPC();
  const viewer = useViewer();
  const enabled = viewer.status === 'signedIn' || viewer.status === 'anonymous';
  const query = useQuery({ ...trpc.task.list.queryOptions({ limit: TASK_LIST_LIMIT }), enabled, meta: { skipError: true } });
  const tasks = query.data ?? [];
  return {
    enabled,
    isPending: enabled && query.isPending,
    active: tasks.filter((t) => t.status === 'queued' || t.status === 'running'),
    finished: tasks.filter((t) => t.status !== 'queued' && t.status !== 'running'),
  };
}
