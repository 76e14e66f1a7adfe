/**
 * Edits that need more than a pure operation: putting media on the timeline (reading a video's
 * length first when nobody told us), sending canvas nodes to the timeline and clips back to the
 * canvas, and putting a video's sound on the audio track. Each ends in one `session.edit` (one
 * undo step).
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import { addClip, type Clip } from '@tessera/shared/timeline';
import { useCallback } from 'react';
import { reactToError } from '../errors/errorReactions.ts';
import { rectCenter } from '../canvas/engine/geometry.ts';
import { readVideoMeta } from '../video-input/videoMeta.ts';
import { useEditor } from './editorContext.ts';
import { useEditorStore } from './editorStore.ts';
import { audioTrackClip, type TimelineMedia, timelineMediaOf, videoTrackClip } from './mediaClip.ts';

export function useTimelineActions() {
  const { session, manager, readOnly } = useEditor();

  /** Appends media to the video track, in order (videos without a known length are probed). */
  const addMedia = useCallback(
    async (media: TimelineMedia[]) => {
      if (readOnly || !media.length) return;
      try {
        const known = await Promise.all(
          media.map(async (m) => (m.mediaType === 'video' && !m.durationS ? { ...m, durationS: (await readVideoMeta(m.src)).durationS } : m)),
        );
        session.edit((t) => {
          let next = t;
          for (const m of known) {
            const clip = videoTrackClip(next, m);
            if (clip) next = addClip(next, clip);
          }
          return next;
        });
      } catch (error) {
        reactToError(error);
      }
    },
    [readOnly, session],
  );

  /** The canvas's selected video and image nodes, onto the video track. */
  const sendNodes = useCallback((nodes: readonly CanvasNode[]) => addMedia(timelineMediaOf(nodes)), [addMedia]);

  const sendSelection = useCallback(() => {
    const nodes = manager.selection.ids.map((id) => manager.store.get(id)).filter((n): n is CanvasNode => Boolean(n));
    return sendNodes(nodes);
  }, [manager, sendNodes]);

  /** A clip's media as a new canvas node at the centre of the canvas's view. */
  const sendToCanvas = useCallback(
    async (clip: Clip) => {
      if (readOnly) return;
      const at = rectCenter(manager.viewport.visibleRect());
      try {
        const size = clip.mediaType === 'image' ? await imageSize(clip.src) : await readVideoMeta(clip.src);
        manager.placeMedia(
          [{ src: clip.src, width: size.width || 640, height: size.height || 360, mediaType: clip.mediaType === 'image' ? 'image' : 'video', ...(clip.name ? { name: clip.name } : {}) }],
          at,
        );
      } catch (error) {
        reactToError(error);
      }
    },
    [manager, readOnly],
  );

  /** A video clip's sound onto the audio track, lined up under the clip. */
  const soundToAudioTrack = useCallback(
    (clip: Clip) => {
      if (clip.mediaType !== 'video' || !clip.sourceDurationS) return;
      session.edit((t) => {
        const audio = audioTrackClip(t, { src: clip.src, durationS: clip.sourceDurationS as number, in: clip.in, out: clip.out, name: clip.name }, clip.start);
        return audio ? addClip(t, audio) : t;
      });
    },
    [session],
  );

  /** An audio file (or a video's sound) at the playhead. */
  const addAudio = useCallback(
    async (src: string, durationS?: number, name?: string) => {
      if (readOnly) return;
      try {
        const length = durationS ?? (await readVideoMeta(src)).durationS;
        const at = useEditorStore.getState().playhead;
        session.edit((t) => {
          const clip = audioTrackClip(t, { src, durationS: length, name }, at);
          return clip ? addClip(t, clip) : t;
        });
      } catch (error) {
        reactToError(error);
      }
    },
    [readOnly, session],
  );

  return { addMedia, sendNodes, sendSelection, sendToCanvas, soundToAudioTrack, addAudio };
}

function imageSize(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new Error('cannot load image'));
    img.src = src;
  });
}
