/**
 * What the canvas does with the project room's task events (pure wiring, tested without a
 * socket): progress goes to the engine's placeholders for every collaborator, the queue learns
 * about new tasks and finished ones, and only MY failures (not my cancels) are announced — a
 * collaborator's failure shows on its placeholder. An event can arrive twice (my own room and the
 * project's); nothing here minds.
 */
import type { ServerEventPayload } from '@tessera/shared/realtime';
import type { NodeProgress } from '../engine/types.ts';

export interface ProjectRoomSinks {
  progress: { set(nodeId: string, p: NodeProgress): void; clear(nodeId: string): void } | null;
  /** Refetch the project's queue. */
  refreshTasks(): void;
  /** Refetch the credits spent per collaborator. */
  refreshSpend(): void;
  /** Update one known task's progress in the queue without a refetch. */
  updateTask(taskId: string, progress: number, stage: string): void;
  /** Tell me one of my tasks failed (the catalogue message). */
  announceFailure(taskId: string, message: string): void;
}

export function projectRoomHandlers(projectId: string, myUserId: string, sinks: ProjectRoomSinks) {
  const known = new Set<string>();
  const announced = new Set<string>();
  return {
    progress(e: ServerEventPayload<'task:progress'>): void {
      if (e.projectId !== projectId) return;
      if (e.nodeId) sinks.progress?.set(e.nodeId, { progress: e.progress, stage: e.stage, ...(e.by ? { by: e.by } : {}) });
      // A task the queue has not listed yet (a collaborator just asked): refetch once.
      if (known.has(e.id)) sinks.updateTask(e.id, e.progress, e.stage);
      else {
        known.add(e.id);
        sinks.refreshTasks();
      }
    },
    succeeded(e: ServerEventPayload<'task:succeeded'>): void {
      if (e.projectId !== projectId) return;
      if (e.nodeId) sinks.progress?.clear(e.nodeId);
      sinks.refreshTasks();
      sinks.refreshSpend();
    },
    failed(e: ServerEventPayload<'task:failed'>): void {
      if (e.projectId !== projectId) return;
      if (e.nodeId) sinks.progress?.clear(e.nodeId);
      sinks.refreshTasks();
      // Events in my own room carry no `by`: they are mine.
      const mine = e.by ? e.by.id === myUserId : true;
      if (mine && e.code !== 'CANCELED' && !announced.has(e.id)) {
        announced.add(e.id);
        sinks.announceFailure(e.id, e.message);
      }
    },
  };
}
