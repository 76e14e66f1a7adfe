/**
 * React's view of the live timeline: re-renders when the Yjs document's timeline changes (a
 * local edit, a collaborator's, an undo) and not otherwise.
 */
import type { Timeline } from '@tessera/shared/timeline';
import { useCallback, useSyncExternalStore } from 'react';
import type { TimelineSession } from './TimelineSession.ts';

export function useTimeline(session: TimelineSession): Timeline {
  const subscribe = useCallback((listener: () => void) => session.subscribe(listener), [session]);
  const snapshot = useCallback(() => session.timeline, [session]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
