/**
 * What the preview shows and plays at a time t — the same rules the export's ffmpeg graph
 * follows (server/src/generation/engine/video/renderTimeline.ts), so the preview is a faithful
 * draft of the MP4:
 *  - the video track: the clip whose span holds t, seeked to `in + (t - start)`; during a
 *    crossfade the incoming clip lies over the outgoing one with opacity rising 0 → 1 over the
 *    overlap; a fade brings the clip in from black over the transition's duration;
 *  - each clip's sound at `clip.volume × track volume` (0 when the track is muted), faded like
 *    its picture;
 *  - text overlays whose [start, end] holds t.
 */
import { type Clip, clipDuration, clipEnd, crossfadeOverlap, type Overlay, type Timeline, type Track, trackClips, trackOfKind, videoClips } from '@tessera/shared/timeline';

const EPS = 1e-6;

export interface Layer {
  clip: Clip;
  /** Where in the source the clip is at t, in seconds. */
  sourceTime: number;
  /** 0…1: picture opacity (crossfade / fade-in from black). */
  opacity: number;
  /** 0…2: sound level (clip × track volume × fade). */
  gain: number;
}

const trackGain = (track: Track | undefined): number => (track ? (track.muted ? 0 : track.volume) : 1);

/** Whether t falls in [start, end): a clip ending exactly at t has handed over to the next. */
const covers = (start: number, end: number, time: number) => time >= start - EPS && time < end - EPS;

/** The video track's layers at t, bottom first (the incoming clip of a crossfade is on top). */
export function videoLayersAt(t: Timeline, time: number): Layer[] {
  const gain = trackGain(trackOfKind(t, 'video'));
  const clips = videoClips(t);
  const layers: Layer[] = [];
  clips.forEach((clip, i) => {
    if (!covers(clip.start, clipEnd(clip), time)) return;
    const into = time - clip.start;
    const overlap = crossfadeOverlap(clips[i - 1], clip);
    let opacity = 1;
    if (overlap > 0) opacity = Math.min(1, into / overlap);
    else if (clip.transition?.kind === 'fade') opacity = Math.min(1, into / Math.min(clip.transition.duration, clipDuration(clip)));
    layers.push({ clip, sourceTime: clip.in + into, opacity: Math.max(0, opacity), gain: clip.volume * gain * Math.max(0, opacity) });
  });
  // Outgoing clip of a crossfade: its sound fades out as the next one's fades in (acrossfade).
  if (layers.length === 2) {
    const [outgoing, incoming] = layers as [Layer, Layer];
    outgoing.gain = outgoing.clip.volume * gain * (1 - incoming.opacity);
  }
  return layers;
}

/** The audio track's clips sounding at t. */
export function audioLayersAt(t: Timeline, time: number): Layer[] {
  const track = trackOfKind(t, 'audio');
  if (!track) return [];
  const gain = trackGain(track);
  return trackClips(t, track.id)
    .filter((clip) => covers(clip.start, clipEnd(clip), time))
    .map((clip) => ({ clip, sourceTime: clip.in + (time - clip.start), opacity: 1, gain: clip.volume * gain }));
}

/** Text overlays showing at t (as drawtext's `between(t, start, end)`: both ends included). */
export function overlaysAt(t: Timeline, time: number): Overlay[] {
  return t.overlays.filter((o) => time >= o.start - EPS && time <= o.end + EPS);
}

/** Clip ids whose media should be warm at t: those playing now and those starting within `aheadS`. */
export function clipsToPreload(t: Timeline, time: number, aheadS = 2): Set<string> {
  const ids = new Set<string>();
  for (const clip of t.clips) if (clip.start - aheadS <= time && clipEnd(clip) > time) ids.add(clip.id);
  return ids;
}
