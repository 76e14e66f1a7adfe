/**
 * The project's task queue (`canvas.tasks`), kept fresh by socket events (useProjectRoom). It
 * also seeds the engine's progress store from the queue, so someone who opens the canvas while
 * a collaborator's generation runs sees its progress before the next socket event.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../../../lib/trpc.ts';
import type { CanvasManager } from '../engine/CanvasManager.ts';

export function useProjectTasks(projectId: string, manager: CanvasManager | null) {
  const trpc = useTRPC();
  const tasks = useQuery({ ...trpc.canvas.tasks.queryOptions({ projectId }), meta: { skipError: true } });
  const data = tasks.data;

  useEffect(() => {
    if (!manager || !data) return;
    for (const task of data) {
      if (!task.nodeId) continue;
      const active = task.status === 'queued' || task.status === 'running';
      if (!active) manager.progress.clear(task.nodeId);
      // Live socket progress is newer than the list: only fill gaps.
      else if (!manager.progress.get(task.nodeId)) manager.progress.set(task.nodeId, { progress: task.progress, stage: task.status === 'queued' ? 'queued' : task.stage, by: task.by });
    }
  }, [manager, data]);

  return tasks;
}
