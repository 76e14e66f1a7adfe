/**
 * Making timeline clips from media: a canvas node (video or image), an uploaded or generated
 * video, or a video's sound for the audio track. The source length comes from the node, the
 * upload's probe or, failing those, the browser reading the file's metadata (readVideoMeta in
 * video-input/videoMeta.ts).
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import { type Clip, type Timeline, trackOfKind } from '@tessera/shared/timeline';
import { newNodeId } from '../canvas/engine/ids.ts';

/** How long a still shows when it is put on the timeline. */
export const IMAGE_CLIP_S = 3;

/** A clip for the video track from a video of `durationS` seconds or a still. */
export function videoTrackClip(t: Timeline, media: { src: string; mediaType: 'video' | 'image'; durationS?: number }): Clip | null {
  const track = trackOfKind(t, 'video');
  if (!track) return null;
  const isVideo = media.mediaType === 'video';
  if (isVideo && !(media.durationS && media.durationS > 0)) return null;
  const length = isVideo ? (media.durationS as number) : IMAGE_CLIP_S;
  return {
    id: newNodeId(),
    type: 'clip',
    trackId: track.id,
    src: media.src,
    mediaType: media.mediaType,
    ...(isVideo ? { sourceDurationS: length } : {}),
    start: 0,
    in: 0,
    out: length,
    volume: 1,
  };
}

/** A clip for the audio track playing `source`'s sound (an audio file or a video) from `start`. */
export function audioTrackClip(t: Timeline, source: { src: string; durationS: number; in?: number; out?: number }, start: number): Clip | null {
  const track = trackOfKind(t, 'audio');
  if (!track) return null;
  return {
    id: newNodeId(),
    type: 'clip',
    trackId: track.id,
    src: source.src,
    mediaType: 'audio',
    sourceDurationS: source.durationS,
    start,
    in: source.in ?? 0,
    out: source.out ?? source.durationS,
    volume: 1,
  };
}

/** The canvas nodes that can go on the timeline: videos with a known length (or one to read) and images. */
export function timelineMediaOf(nodes: readonly CanvasNode[]): { src: string; mediaType: 'video' | 'image'; durationS?: number }[] {
  const out: { src: string; mediaType: 'video' | 'image'; durationS?: number }[] = [];
  for (const node of nodes) {
    if (node.type === 'video' && node.src) out.push({ src: node.src, mediaType: 'video', ...(node.durationS ? { durationS: node.durationS } : {}) });
    else if (node.type === 'image' && node.src) out.push({ src: node.src, mediaType: 'image' });
  }
  return out;
}
