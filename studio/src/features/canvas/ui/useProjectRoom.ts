/**
 * Live generation progress of the whole project: joins the project's Socket.IO room on the
 * session's socket (again after every reconnect, refetching the queue for what was missed) and
 * routes `task:*` events through `projectRoomHandlers`. Membership changes (`project:changed`)
 * are handled app-wide by features/projects/useProjectEvents.
 */
import type { ProjectTaskDto } from '@tessera/shared/projects';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TOAST_DURATION_MS } from '../../../lib/site.ts';
import { toast } from '../../../lib/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { useRealtimeSocket } from '../../realtime/useRealtime.ts';
import type { CanvasManager } from '../engine/CanvasManager.ts';
import { projectRoomHandlers } from './projectRoomEvents.ts';

export function useProjectRoom(projectId: string, manager: CanvasManager | null, myUserId: string): void {
  const socket = useRealtimeSocket((s) => s.socket);
  const queryClient = useQueryClient();
  const trpc = useTRPC();

  useEffect(() => {
    if (!socket) return;
    const tasksKey = trpc.canvas.tasks.queryKey({ projectId });
    const refreshTasks = () => void queryClient.invalidateQueries({ queryKey: tasksKey });
    const handlers = projectRoomHandlers(projectId, myUserId, {
      progress: manager?.progress ?? null,
      refreshTasks,
      refreshSpend: () => void queryClient.invalidateQueries({ queryKey: trpc.canvas.spend.queryKey({ projectId }) }),
      updateTask: (id, progress, stage) =>
        queryClient.setQueryData<ProjectTaskDto[]>(tasksKey, (tasks) => tasks?.map((t) => (t.id === id ? { ...t, status: 'running', progress, stage } : t))),
      announceFailure: (_id, message) => toast.error(message, { duration: TOAST_DURATION_MS }),
    });
    const join = () => {
      socket.emit('project:join', projectId, () => undefined);
      refreshTasks();
    };
    if (socket.connected) join();
    socket.on('connect', join);
    socket.on('task:progress', handlers.progress);
    socket.on('task:succeeded', handlers.succeeded);
    socket.on('task:failed', handlers.failed);
    return () => {
      socket.off('connect', join);
      socket.off('task:progress', handlers.progress);
      socket.off('task:succeeded', handlers.succeeded);
      socket.off('task:failed', handlers.failed);
      socket.emit('project:leave', projectId);
    };
  }, [socket, projectId, manager, myUserId, queryClient, trpc]);
}
