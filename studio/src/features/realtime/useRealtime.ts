/**
 * One Socket.IO connection per signed-in (or anonymous) session. Server events update small
 * stores and invalidate queries; components subscribe to what they need (CONVENTIONS).
 */
import { SOCKET_PATH } from '@tessera/shared/realtime/socket';
import type { ClientToServerEvents, ServerToClientEvents } from '@tessera/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { create } from 'zustand';
import { authClient } from '../../lib/authClient.ts';
import { useTRPC, useTRPCClient } from '../../lib/trpc.ts';
import { reactToSessionEnded } from '../account/userDeleted.ts';
import { showRewardNotice } from '../rewards/rewardNotice.ts';

export interface LiveTask {
  progress: number;
  stage: string;
  status: 'running' | 'succeeded' | 'failed';
  /** Creations the task's outputs became (task:succeeded), for download and "use as input". */
  creationIds?: string[];
  /** The §8 message of a failure (task:failed). */
  error?: string;
}

interface TaskProgressState {
  /** Latest progress per task id, pushed by the server (no polling). */
  tasks: Record<string, LiveTask>;
  connected: boolean;
  set(id: string, value: TaskProgressState['tasks'][string]): void;
  setConnected(connected: boolean): void;
}

export const useTaskProgress = create<TaskProgressState>((set) => ({
  tasks: {},
  connected: false,
  set: (id, value) => set((s) => ({ tasks: { ...s.tasks, [id]: value } })),
  setConnected: (connected) => set({ connected }),
}));

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The session's live socket (null while there is none), for features that listen to their own
 * events (projects, the canvas) or join a project's room. Listeners they add must be removed
 * by them; the socket is replaced when the session changes.
 */
export const useRealtimeSocket = create<{ socket: RealtimeSocket | null }>(() => ({ socket: null }));

export function useRealtime(): void {
  const { data: session } = authClient.useSession();
  const userId = session?.user.id;
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const client = useTRPCClient();

  useEffect(() => {
    if (!userId) return;
    const store = useTaskProgress.getState();
    let socket: RealtimeSocket | undefined;
    let closed = false;
    const listen = (socket: RealtimeSocket) => {
      // Events sent while we were not connected are lost: on every (re)connect, reconcile by
      // refetching what they would have changed.
      socket.on('connect', () => {
        store.setConnected(true);
        void queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.credits.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.creation.list.pathKey() });
      });
      socket.on('disconnect', () => store.setConnected(false));
      // The server ended this session (a ban, the account deleted elsewhere): the socket is about
      // to close and every call would be refused, so sign out here rather than look signed in.
      socket.on('session:ended', ({ reason }) => void reactToSessionEnded(reason));
      socket.on('credits:changed', (summary) => {
        // The event carries the numbers; what the badge knows besides (the welcome trial) stays.
        queryClient.setQueryData(trpc.credits.summary.queryKey(), (old) => (old ? { ...old, ...summary } : old));
        void queryClient.invalidateQueries({ queryKey: trpc.subUsage.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.credits.history.pathKey() });
      });
      socket.on('reward:notice', (notice) => {
        void showRewardNotice(notice);
        void queryClient.invalidateQueries({ queryKey: trpc.invite.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.mission.pathKey() });
      });
      socket.on('subscription:changed', () => {
        void queryClient.invalidateQueries({ queryKey: trpc.subLog.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.billing.catalogue.pathKey() });
        // The plan sets how many tasks may run at once.
        void queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
        // New payments become GA4 purchase events; the server hands each out once. The test
        // checkout page is about to leave for its success URL, which takes them there instead.
        if (!window.location.pathname.includes('/test-checkout/')) client.billing.takePurchases.mutate().then(
          // Validating and pushing them loads with the first purchase, not with every page.
          async (records) => (await import('../billing/purchases.ts')).pushPurchases(records, 'realtime'),
          () => undefined,
        );
      });
      socket.on('task:progress', ({ id, progress, stage }) => {
        // The first progress of a task moves it from queued to running in the task list.
        if (!useTaskProgress.getState().tasks[id]) void queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
        store.set(id, { progress, stage, status: 'running' });
      });
      socket.on('task:succeeded', ({ id, outputs }) => {
        const creationIds = outputs.flatMap((o) => (o.creationId ? [o.creationId] : []));
        store.set(id, { progress: 100, stage: 'done', status: 'succeeded', creationIds });
        void queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.creation.list.pathKey() });
      });
      socket.on('task:failed', ({ id, code, message }) => {
        store.set(id, { progress: 0, stage: code === 'CANCELED' ? 'canceled' : 'failed', status: 'failed', error: message });
        void queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
      });
    };
    // The client library loads with the first session, not with the page (bench/bundle).
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      socket = io({ path: SOCKET_PATH, transports: ['websocket'], withCredentials: true });
      listen(socket);
      useRealtimeSocket.setState({ socket });
    });
    return () => {
      closed = true;
      socket?.disconnect();
      useRealtimeSocket.setState({ socket: null });
      store.setConnected(false);
    };
  }, [userId, queryClient, trpc, client]);
}
