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

/** Media that can go on the timeline, with what to call it (the creation's prompt, the file's name). */
export interface TimelineMedia {
  src: string;
  mediaType: 'video' | 'image';
  durationS?: number;
  name?: string;
}

/** A clip's name, trimmed to what the timeline stores; undefined without one. */
const clipName = (name: string | undefined) => name?.trim().slice(0, 200) || undefined;

/** A clip for the video track from a video of `durationS` seconds or a still. */
export function videoTrackClip(t: Timeline, media: TimelineMedia): Clip | null {
  const track = trackOfKind(t, 'video');
  if (!track) return null;
  const isVideo = media.mediaType === 'video';
  if (isVideo && !(media.durationS && media.durationS > 0)) return null;
  const length = isVideo ? (media.durationS as number) : IMAGE_CLIP_S;
  const name = clipName(media.name);
  return {
    id: newNodeId(),
    type: 'clip',
    trackId: track.id,
    src: media.src,
    mediaType: media.mediaType,
    ...(name ? { name } : {}),
    ...(isVideo ? { sourceDurationS: length } : {}),
    start: 0,
    in: 0,
    out: length,
    volume: 1,
  };
}

/** A clip for the audio track playing `source`'s sound (an audio file or a video) from `start`. */
export function audioTrackClip(t: Timeline, source: { src: string; durationS: number; in?: number; out?: number; name?: string | undefined }, start: number): Clip | null {
  const track = trackOfKind(t, 'audio');
  if (!track) return null;
  const name = clipName(source.name);
  return {
    id: newNodeId(),
    type: 'clip',
    trackId: track.id,
    src: source.src,
    mediaType: 'audio',
    ...(name ? { name } : {}),
    sourceDurationS: source.durationS,
    start,
    in: source.in ?? 0,
    out: source.out ?? source.durationS,
    volume: 1,
  };
}

/**
 * The canvas nodes that can go on the timeline: videos with a known length (or one to read) and
 * images, named as the node is (its name, else the prompt that made it).
 */
export function timelineMediaOf(nodes: readonly CanvasNode[]): TimelineMedia[] {
  const out: TimelineMedia[] = [];
  for (const node of nodes) {
    if ((node.type !== 'video' && node.type !== 'image') || !node.src) continue;
    const name = clipName(node.name ?? node.generation?.prompt);
    out.push({
      src: node.src,
      mediaType: node.type,
      ...(node.type === 'video' && node.durationS ? { durationS: node.durationS } : {}),
      ...(name ? { name } : {}),
    });
  }
  return out;
}
