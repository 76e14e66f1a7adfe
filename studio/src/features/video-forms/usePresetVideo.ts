/**
 * The video a link preselects (`?video=<task id>`, from a video result's "Use in"): the task's
 * first video output, with the length and size the browser reads from it, handed to the form
 * once. An id that is no video task of this user (or a task still running) preselects nothing.
 */
import { parseVideoRef } from '@tessera/shared/generation';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTRPC } from '../../lib/trpc.ts';
import type { VideoValue } from '../video-input/VideoInput.tsx';
import { readVideoMeta } from '../video-input/videoMeta.ts';

const NO_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Calls `onPreset` (a state setter: stable) once with the preselected video; returns whether it
 * is still being read.
 */
export function usePresetVideo(onPreset: (video: VideoValue) => void): boolean {
  const trpc = useTRPC();
  const [search] = useSearchParams();
  const ref = parseVideoRef(search.get('video') ?? '');
  const taskId = ref?.kind === 'task' ? ref.taskId : null;
  const task = useQuery({ ...trpc.task.get.queryOptions({ id: taskId ?? NO_ID }), enabled: Boolean(taskId), meta: { skipError: true } });
  const output = task.data?.status === 'succeeded' ? task.data.outputs.find((o) => o.mediaType === 'video') : undefined;
  const applied = useRef<string | null>(null);
  const [reading, setReading] = useState(false);

  const url = output?.url;
  const width = output?.width;
  const height = output?.height;
  useEffect(() => {
    if (!taskId || !url || applied.current === taskId) return;
    let live = true;
    setReading(true);
    readVideoMeta(url)
      .then((meta) => {
        if (!live) return;
        applied.current = taskId;
        onPreset({ ref: taskId, url, durationS: meta.durationS, width: width ?? meta.width, height: height ?? meta.height });
      })
      .catch(() => {
        // Unreadable here: the form stays empty and the user picks a video as usual.
        if (live) applied.current = taskId;
      })
      .finally(() => {
        if (live) setReading(false);
      });
    return () => {
      live = false;
    };
  }, [taskId, url, width, height, onPreset]);

  return Boolean(taskId) && (task.isLoading || reading);
}
