/**
 * Follows one generation running into a clip (extend / replace): when the socket says its task
 * finished, reads the task, and on success swaps the clip's source for the result (its length
 * read from the file). Renders nothing; the dock renders one per pending clip.
 *
 * The task is read with a plain request, not through the query cache: the same socket event
 * invalidates task queries, and an invalidation cancels a query's first load (LiveQueryClient),
 * which would drop the result.
 */
import { useEffect, useRef } from 'react';
import { useTRPCClient } from '../../lib/trpc.ts';
import { useTaskProgress } from '../realtime/useRealtime.ts';
import { useEditor } from './editorContext.ts';
import { type PendingGeneration, useEditorStore } from './editorStore.ts';
import { readVideoMeta } from '../video-input/videoMeta.ts';
import { swapSource } from './useClipGeneration.ts';

export function PendingGenerationWatcher({ clipId, pending }: { clipId: string; pending: PendingGeneration }) {
  const client = useTRPCClient();
  const { session } = useEditor();
  const status = useTaskProgress((s) => s.tasks[pending.taskId]?.status);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || !status || status === 'running') return;
    handled.current = true;
    void (async () => {
      const task = await client.task.get.query({ id: pending.taskId });
      const output = task.status === 'succeeded' ? task.outputs[0] : undefined;
      if (output) {
        const { durationS } = await readVideoMeta(output.url);
        session.edit((t) => swapSource(t, clipId, pending.kind, output.url, durationS));
      }
      useEditorStore.getState().setPending(clipId, null);
    })().catch(() => useEditorStore.getState().setPending(clipId, null));
  }, [status, client, pending, clipId, session]);

  return null;
}
