/**
 * The timeline of a project (issue 9): tracks, clips with source media and in/out points,
 * transitions, text overlays and an audio track. It lives in the project's Yjs document next to
 * the canvas (see `timelineDoc.ts` for the Yjs side); this module is the plain model — zod
 * schemas and PURE edit operations that take a timeline and return a new one — so the editor,
 * the export and the tests all agree on what an edit does.
 *
 * Layout rule: the video track is magnetic. Its clips play back to back in `start` order with no
 * gaps; a clip whose transition is a crossfade overlaps the previous clip by the transition's
 * duration, a fade goes through black without overlapping. Every operation re-lays the video
 * track, so trimming or deleting a clip ripples the clips after it. Audio clips and overlays sit
 * where they are put.
 *
 * No Yjs and no I/O here: shared/generation imports it for the export's input schema.
 */
import { z } from 'zod';

export const TRACK_KINDS = ['video', 'overlay', 'audio'] as const;
export type TrackKind = (typeof TRACK_KINDS)[number];
export const TRANSITION_KINDS = ['crossfade', 'fade'] as const;
export const CLIP_MEDIA_TYPES = ['video', 'image', 'audio'] as const;
export const OVERLAY_POSITIONS = ['top', 'center', 'bottom'] as const;

/** Shortest clip a trim or split may leave, in seconds. */
export const MIN_CLIP_S = 0.1;
/** Longest timeline the export renders (10 minutes). */
export const MAX_TIMELINE_S = 600;
/** Most clips an export renders: each is one ffmpeg input. */
export const MAX_TIMELINE_CLIPS = 50;
/** Default snapping distance, in seconds (the editor scales it with the zoom). */
export const SNAP_TOLERANCE_S = 0.15;
/** Floating-point slack when comparing seconds. */
const EPS = 1e-6;

const zSeconds = z.number().finite().nonnegative();
const zId = z.string().min(1).max(100);
const zVolume = z.number().finite().min(0).max(2);

export const zTransition = z.object({
  kind: z.enum(TRANSITION_KINDS),
  duration: z.number().finite().min(0.1).max(5),
});
export type Transition = z.infer<typeof zTransition>;

export const zTrack = z.object({
  id: zId,
  type: z.literal('track'),
  kind: z.enum(TRACK_KINDS),
  name: z.string().max(100).optional(),
  /** Volume of everything on the track (audio track; multiplies each clip's volume). */
  volume: zVolume.default(1),
  muted: z.boolean().default(false),
});
export type Track = z.infer<typeof zTrack>;

export const zClip = z.object({
  id: zId,
  type: z.literal('clip'),
  trackId: zId,
  /** Our media URL (`/api/media/<key>`) or key; the export checks the caller may use it. */
  src: z.string().min(1).max(2048),
  mediaType: z.enum(CLIP_MEDIA_TYPES),
  /** What people call it: the creation's prompt or the file's name (the editor falls back to kind and time). */
  name: z.string().max(200).optional(),
  /** Length of the source (video/audio), which trims never pass; images have none. */
  sourceDurationS: z.number().finite().positive().optional(),
  /** Where the clip starts on the timeline, in seconds. */
  start: zSeconds,
  /** The part of the source played, in source seconds (an image: 0 → how long it shows). */
  in: zSeconds,
  out: zSeconds,
  volume: zVolume.default(1),
  /** How this clip enters from the previous one on the video track. */
  transition: zTransition.optional(),
});
export type Clip = z.infer<typeof zClip>;

const zHexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #12abef');

export const zOverlay = z.object({
  id: zId,
  type: z.literal('overlay'),
  trackId: zId,
  text: z.string().trim().min(1).max(200),
  start: zSeconds,
  end: zSeconds,
  position: z.enum(OVERLAY_POSITIONS).default('bottom'),
  /** Text height in pixels of a 720-line output (scaled with the output). */
  size: z.number().finite().min(8).max(200).default(48),
  colour: zHexColour.default('#ffffff'),
});
export type Overlay = z.infer<typeof zOverlay>;

/** One entry of the document's timeline map. */
export const zTimelineItem = z.discriminatedUnion('type', [zTrack, zClip, zOverlay]);
export type TimelineItem = z.infer<typeof zTimelineItem>;

export const zTimeline = z.object({
  tracks: z.array(zTrack),
  clips: z.array(zClip),
  overlays: z.array(zOverlay),
});
export type Timeline = z.infer<typeof zTimeline>;

/**
 * A timeline the server can render: what the export (`videoEdit.createVideoEdit`) accepts.
 * One track per kind, at least one clip on the video track, at most MAX_TIMELINE_CLIPS clips and
 * MAX_TIMELINE_S seconds, every clip at least MIN_CLIP_S long and inside its source.
 */
export const zTimelineSnapshot = zTimeline.superRefine((t, ctx) => {
  const kinds = new Map<string, TrackKind>();
  for (const track of t.tracks) {
    if ([...kinds.values()].includes(track.kind)) ctx.addIssue({ code: 'custom', message: `Only one ${track.kind} track is supported.`, path: ['tracks'] });
    kinds.set(track.id, track.kind);
  }
  if (t.clips.length > MAX_TIMELINE_CLIPS) ctx.addIssue({ code: 'custom', message: `A timeline holds at most ${MAX_TIMELINE_CLIPS} clips.`, path: ['clips'] });
  for (const [i, clip] of t.clips.entries()) {
    const kind = kinds.get(clip.trackId);
    const fits = kind === 'video' ? clip.mediaType !== 'audio' : kind === 'audio' ? clip.mediaType !== 'image' : false;
    if (!fits) ctx.addIssue({ code: 'custom', message: 'This clip cannot go on that track.', path: ['clips', i, 'trackId'] });
    if (clip.out - clip.in < MIN_CLIP_S - EPS) ctx.addIssue({ code: 'custom', message: `Clips last at least ${MIN_CLIP_S} s.`, path: ['clips', i, 'out'] });
    if (clip.sourceDurationS !== undefined && clip.out > clip.sourceDurationS + EPS) {
      ctx.addIssue({ code: 'custom', message: 'A clip cannot end after its source.', path: ['clips', i, 'out'] });
    }
  }
  for (const [i, overlay] of t.overlays.entries()) {
    if (kinds.get(overlay.trackId) !== 'overlay') ctx.addIssue({ code: 'custom', message: 'Text goes on the overlay track.', path: ['overlays', i, 'trackId'] });
    if (overlay.end - overlay.start < MIN_CLIP_S - EPS) ctx.addIssue({ code: 'custom', message: `Text shows for at least ${MIN_CLIP_S} s.`, path: ['overlays', i, 'end'] });
  }
  if (!videoClips(t).length) ctx.addIssue({ code: 'custom', message: 'Add a clip to the video track first.', path: ['clips'] });
  if (totalDuration(t) > MAX_TIMELINE_S + EPS) ctx.addIssue({ code: 'custom', message: 'A timeline lasts at most 10 minutes.', path: ['clips'] });
});

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** A new project's timeline: one empty track of each kind. */
export function emptyTimeline(): Timeline {
  return {
    tracks: TRACK_KINDS.map((kind) => ({ id: `track-${kind}`, type: 'track' as const, kind, volume: 1, muted: false })),
    clips: [],
    overlays: [],
  };
}

export const clipDuration = (clip: Pick<Clip, 'in' | 'out'>): number => clip.out - clip.in;
export const clipEnd = (clip: Clip): number => clip.start + clipDuration(clip);

export function trackOfKind(t: Timeline, kind: TrackKind): Track | undefined {
  return t.tracks.find((track) => track.kind === kind);
}

/** The clips of one track in play order. */
export function trackClips(t: Timeline, trackId: string): Clip[] {
  return t.clips.filter((c) => c.trackId === trackId).sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
}

/** The video track's clips in play order (empty without a video track). */
export function videoClips(t: Timeline): Clip[] {
  const track = trackOfKind(t, 'video');
  return track ? trackClips(t, track.id) : [];
}

/**
 * How long a crossfade into `clip` really overlaps: never more than either clip lasts (minus the
 * minimum, so each keeps a visible part). Zero for the first clip and for fades.
 */
export function crossfadeOverlap(previous: Clip | undefined, clip: Clip): number {
  if (!previous || clip.transition?.kind !== 'crossfade') return 0;
  const room = Math.min(clipDuration(previous), clipDuration(clip)) - MIN_CLIP_S;
  return Math.max(0, Math.min(clip.transition.duration, room));
}

/** Where the timeline ends: the last end of any clip or overlay. */
export function totalDuration(t: Timeline): number {
  let end = 0;
  for (const clip of t.clips) end = Math.max(end, clipEnd(clip));
  for (const overlay of t.overlays) end = Math.max(end, overlay.end);
  return round(end);
}

/** Seconds rounded to the microsecond, so sums of clip lengths compare cleanly. */
const round = (s: number) => Math.round(s * 1e6) / 1e6;

// ---------------------------------------------------------------------------------------------
// Edit operations (pure: a new timeline out, the one given is not changed)
// ---------------------------------------------------------------------------------------------

/** Re-lays the video track back to back in its current order (crossfades overlap). */
export function layoutVideoTrack(t: Timeline): Timeline {
  return placeVideoClips(t, videoClips(t));
}

function placeVideoClips(t: Timeline, ordered: Clip[]): Timeline {
  const placed = new Map<string, Clip>();
  let cursor = 0;
  let previous: Clip | undefined;
  for (const clip of ordered) {
    const start = round(Math.max(0, cursor - crossfadeOverlap(previous, clip)));
    const next = { ...clip, start };
    placed.set(clip.id, next);
    cursor = clipEnd(next);
    previous = next;
  }
  return { ...t, clips: t.clips.filter((c) => !placed.has(c.id)).concat(ordered.map((c) => placed.get(c.id) as Clip)) };
}

const isVideoTrack = (t: Timeline, trackId: string) => t.tracks.find((track) => track.id === trackId)?.kind === 'video';

/**
 * Adds a clip. On the video track it is inserted at `index` of the play order (the end by
 * default) and the track ripples; elsewhere it stays at its `start`.
 */
export function addClip(t: Timeline, clip: Clip, index?: number): Timeline {
  if (!isVideoTrack(t, clip.trackId)) return { ...t, clips: [...t.clips, clip] };
  const ordered = videoClips(t);
  ordered.splice(index ?? ordered.length, 0, clip);
  return placeVideoClips({ ...t, clips: [...t.clips, clip] }, ordered);
}

/**
 * Moves a clip's in/out handles: never before 0, never beyond its source, never shorter than
 * MIN_CLIP_S. Trimming the head of a free (audio) clip keeps its tail where it was; on the video
 * track the clips after it ripple.
 */
export function trimClip(t: Timeline, id: string, handles: { in?: number; out?: number }): Timeline {
  const clip = t.clips.find((c) => c.id === id);
  if (!clip) return t;
  const limit = clip.sourceDurationS ?? Number.POSITIVE_INFINITY;
  let nextIn = clip.in;
  let nextOut = clip.out;
  if (handles.out !== undefined) nextOut = round(Math.min(limit, Math.max(handles.out, nextIn + MIN_CLIP_S)));
  if (handles.in !== undefined) nextIn = round(Math.max(0, Math.min(handles.in, nextOut - MIN_CLIP_S)));
  const start = isVideoTrack(t, clip.trackId) ? clip.start : round(Math.max(0, clip.start + (nextIn - clip.in)));
  return replaceClip(t, { ...clip, in: nextIn, out: nextOut, start });
}

function replaceClip(t: Timeline, clip: Clip): Timeline {
  const next = { ...t, clips: t.clips.map((c) => (c.id === clip.id ? clip : c)) };
  return isVideoTrack(t, clip.trackId) ? layoutVideoTrack(next) : next;
}

/**
 * Splits the clip under the playhead into two (the right half gets `newId` and no transition).
 * Nothing changes when the playhead is not at least MIN_CLIP_S inside a clip of `trackId`.
 */
export function splitAt(t: Timeline, trackId: string, playhead: number, newId: string): Timeline {
  const clip = trackClips(t, trackId).find((c) => playhead > c.start + MIN_CLIP_S - EPS && playhead < clipEnd(c) - MIN_CLIP_S + EPS);
  if (!clip) return t;
  const cut = round(clip.in + (playhead - clip.start));
  const left: Clip = { ...clip, out: cut };
  const { transition: _dropped, ...rest } = clip;
  const right: Clip = { ...rest, id: newId, in: cut, start: round(playhead) };
  return { ...t, clips: t.clips.flatMap((c) => (c.id === clip.id ? [left, right] : [c])) };
}

/**
 * Ripple delete: removes a clip or overlay and closes the gap — the video track re-lays, on
 * other tracks everything after it on the same track moves left by its length.
 */
export function rippleDelete(t: Timeline, id: string): Timeline {
  const clip = t.clips.find((c) => c.id === id);
  if (clip) {
    const rest = { ...t, clips: t.clips.filter((c) => c.id !== id) };
    if (isVideoTrack(t, clip.trackId)) return layoutVideoTrack(rest);
    const gap = clipDuration(clip);
    return { ...rest, clips: rest.clips.map((c) => (c.trackId === clip.trackId && c.start >= clipEnd(clip) - EPS ? { ...c, start: round(c.start - gap) } : c)) };
  }
  const overlay = t.overlays.find((o) => o.id === id);
  if (!overlay) return t;
  const gap = overlay.end - overlay.start;
  return {
    ...t,
    overlays: t.overlays
      .filter((o) => o.id !== id)
      .map((o) => (o.trackId === overlay.trackId && o.start >= overlay.end - EPS ? { ...o, start: round(o.start - gap), end: round(o.end - gap) } : o)),
  };
}

/** Reorders the video track: the clip moves to `toIndex` of the play order and the others shift. */
export function moveClip(t: Timeline, id: string, toIndex: number): Timeline {
  const clip = t.clips.find((c) => c.id === id);
  if (!clip) return t;
  if (!isVideoTrack(t, clip.trackId)) return t;
  const ordered = videoClips(t).filter((c) => c.id !== id);
  ordered.splice(Math.max(0, Math.min(ordered.length, toIndex)), 0, clip);
  return placeVideoClips(t, ordered);
}

/** Moves a free item (audio clip or overlay) to a new start, never before 0. */
export function moveFree(t: Timeline, id: string, start: number): Timeline {
  const at = round(Math.max(0, start));
  const clip = t.clips.find((c) => c.id === id);
  if (clip && !isVideoTrack(t, clip.trackId)) return { ...t, clips: t.clips.map((c) => (c.id === id ? { ...c, start: at } : c)) };
  return { ...t, overlays: t.overlays.map((o) => (o.id === id ? { ...o, start: at, end: round(at + (o.end - o.start)) } : o)) };
}

/** Times a dragged edge snaps to: 0, the playhead and every clip/overlay edge except the dragged item's own. */
export function snapTargets(t: Timeline, playhead: number, excludeId?: string): number[] {
  const targets = new Set<number>([0, round(playhead)]);
  for (const clip of t.clips) if (clip.id !== excludeId) targets.add(round(clip.start)).add(round(clipEnd(clip)));
  for (const o of t.overlays) if (o.id !== excludeId) targets.add(round(o.start)).add(round(o.end));
  return [...targets];
}

/** The nearest target within `tolerance` of `time`, or `time` itself when none is that close. */
export function snap(time: number, targets: readonly number[], tolerance = SNAP_TOLERANCE_S): number {
  let best = time;
  let distance = tolerance + EPS;
  for (const target of targets) {
    const d = Math.abs(target - time);
    if (d < distance) {
      best = target;
      distance = d;
    }
  }
  return best;
}
