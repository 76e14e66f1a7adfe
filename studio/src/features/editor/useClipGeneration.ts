/**
 * "Extend" and "Replace" a clip with a generation in place. Extend sends the clip's video to
 * `video.extendVideo` (the result is the whole video plus its continuation); Replace makes a new
 * clip from the clip's still (`video.createVideoByImage`) or from a prompt
 * (`video.createVideoByText`). The clip shows the task's live progress (pushed over Socket.IO
 * into the task-progress store) and, when the task succeeds, its source is swapped for the
 * result (PendingGenerationWatcher) — one edit, so it is undoable like any other.
 */
import { parseVideoRef } from '@tessera/shared/generation';
import type { Clip, Timeline } from '@tessera/shared/timeline';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc.ts';
import { useEditor } from './editorContext.ts';
import { type PendingGeneration, useEditorStore } from './editorStore.ts';

/** Length of a generated clip (both kinds offer 5 s and 10 s; 5 s is the cheaper). */
const GENERATED_S = 5;

export function useClipGeneration() {
  const trpc = useTRPC();
  const { projectId } = useEditor();
  const setPending = useEditorStore((s) => s.setPending);
  const extend = useMutation(trpc.video.extendVideo.mutationOptions());
  const byImage = useMutation(trpc.video.createVideoByImage.mutationOptions());
  const byText = useMutation(trpc.video.createVideoByText.mutationOptions());

  const canExtend = (clip: Clip) => clip.mediaType === 'video' && parseVideoRef(clip.src) !== null;

  const extendClip = useCallback(
    async (clip: Clip) => {
      const { id } = await extend.mutateAsync({ video: clip.src, duration: GENERATED_S, projectId });
      setPending(clip.id, { taskId: id, kind: 'extend' });
    },
    [extend, projectId, setPending],
  );

  const replaceClip = useCallback(
    async (clip: Clip, prompt: string) => {
      const { id } =
        clip.mediaType === 'image'
          ? await byImage.mutateAsync({ image: clip.src, prompt, duration: GENERATED_S })
          : await byText.mutateAsync({ prompt, duration: GENERATED_S });
      setPending(clip.id, { taskId: id, kind: 'replace' });
    },
    [byImage, byText, setPending],
  );

  return { canExtend, extendClip, replaceClip, busy: extend.isPending || byImage.isPending || byText.isPending };
}

/** The clip after its generation succeeded with a video of `durationS` at `url`. */
export function swapSource(t: Timeline, clipId: string, kind: PendingGeneration['kind'], url: string, durationS: number): Timeline {
  return {
    ...t,
    clips: t.clips.map((c) => {
      if (c.id !== clipId) return c;
      if (kind === 'extend') {
        // The result is the source plus its continuation: play on through the added seconds.
        const added = Math.max(0, durationS - (c.sourceDurationS ?? c.out));
        return { ...c, src: url, mediaType: 'video', sourceDurationS: durationS, out: Math.min(durationS, c.out + added) };
      }
      return { ...c, src: url, mediaType: 'video', sourceDurationS: durationS, in: 0, out: durationS };
    }),
  };
}
