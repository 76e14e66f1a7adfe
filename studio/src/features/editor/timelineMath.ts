/**
 * Pure geometry of the track view: seconds ↔ pixels at a zoom (pixels per second), the ruler's
 * tick spacing, what a pointer press hits (a clip's body or one of its trim handles), where a
 * dragged clip drops in the video track's play order, and time readouts. No DOM here, so the
 * editor's gestures are unit-tested without a browser.
 */
import { type Clip, clipEnd, type Timeline, videoClips } from '@tessera/shared/timeline';

/** One frame step of the preview (the export renders 24–30 fps; ±1/24 s is the spec's step). */
export const FRAME_S = 1 / 24;
export const MIN_PX_PER_S = 4;
export const MAX_PX_PER_S = 480;
export const DEFAULT_PX_PER_S = 60;
/** Factor of one zoom step (+/- buttons, keys, one wheel notch). */
export const ZOOM_STEP = 1.25;
/** How close (pixels) a dragged edge must come to a target to snap; converted to seconds per zoom. */
export const SNAP_PX = 8;
/** Width of a trim handle at each end of a clip block, in pixels. */
export const HANDLE_PX = 8;

export const timeToPx = (time: number, pxPerS: number): number => time * pxPerS;
export const pxToTime = (px: number, pxPerS: number): number => Math.max(0, px / pxPerS);

export const clampZoom = (pxPerS: number): number => Math.min(MAX_PX_PER_S, Math.max(MIN_PX_PER_S, pxPerS));

/** One zoom step in (`direction` 1) or out (-1). */
export const zoomStep = (pxPerS: number, direction: 1 | -1): number => clampZoom(pxPerS * ZOOM_STEP ** direction);

/** Snap tolerance in seconds at this zoom: SNAP_PX on screen whatever the zoom. */
export const snapTolerance = (pxPerS: number): number => SNAP_PX / pxPerS;

/** Clamps a time into [0, duration]. */
export const clampTime = (time: number, duration: number): number => Math.min(Math.max(0, duration), Math.max(0, time));

/** The widest label spacing (5 minutes): the zoom never goes out far enough to need more. */
const WIDEST_STEP = 300;
const RULER_STEPS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, WIDEST_STEP] as const;
/** Labelled ticks are at least this far apart, in pixels. */
const MIN_LABEL_GAP_PX = 64;

/** The ruler's labelled tick spacing (seconds) at this zoom. */
export function rulerStep(pxPerS: number): number {
  return RULER_STEPS.find((step) => step * pxPerS >= MIN_LABEL_GAP_PX) ?? WIDEST_STEP;
}

/** Times of the labelled ticks from 0 up to `untilS` (inclusive). */
export function rulerTicks(pxPerS: number, untilS: number): number[] {
  const step = rulerStep(pxPerS);
  const ticks: number[] = [];
  for (let i = 0; i * step <= untilS + 1e-9; i++) ticks.push(Math.round(i * step * 1000) / 1000);
  return ticks;
}

/** `m:ss.cc` (minutes, seconds, hundredths) — what the time readout and the ruler show. */
export function formatTime(seconds: number, withHundredths = true): string {
  const safe = Math.max(0, seconds);
  const totalCs = Math.round(safe * 100);
  const minutes = Math.floor(totalCs / 6000);
  const secs = Math.floor((totalCs % 6000) / 100);
  const cs = totalCs % 100;
  const base = `${minutes}:${String(secs).padStart(2, '0')}`;
  return withHundredths ? `${base}.${String(cs).padStart(2, '0')}` : base;
}

/** Something laid out on a track row: a clip or an overlay, from `start` to `end` seconds. */
export interface Span {
  id: string;
  start: number;
  end: number;
}

export type HitZone = 'trim-in' | 'trim-out' | 'body';

/**
 * What a press at `x` pixels (from the row's left edge) hits among `spans`: a trim handle when
 * within HANDLE_PX of an end (never more than a third of a short block, so its body stays
 * grabbable), else the body. Later spans win (they are drawn on top).
 */
export function hitTest(spans: readonly Span[], x: number, pxPerS: number): { id: string; zone: HitZone } | null {
  for (let i = spans.length - 1; i >= 0; i--) {
    const span = spans[i] as Span;
    const left = timeToPx(span.start, pxPerS);
    const right = timeToPx(span.end, pxPerS);
    if (x < left || x > right) continue;
    const handle = Math.min(HANDLE_PX, (right - left) / 3);
    if (x - left <= handle) return { id: span.id, zone: 'trim-in' };
    if (right - x <= handle) return { id: span.id, zone: 'trim-out' };
    return { id: span.id, zone: 'body' };
  }
  return null;
}

/**
 * Where a video clip dragged so that its middle is at `time` lands in the play order (the
 * index `moveClip` takes): before the first other clip whose middle is later.
 */
export function dropIndex(t: Timeline, draggedId: string, time: number): number {
  const others = videoClips(t).filter((c) => c.id !== draggedId);
  const index = others.findIndex((c) => time < (c.start + clipEnd(c)) / 2);
  return index === -1 ? others.length : index;
}

/** Translates an `editor` key (react-i18next's `t`). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What people call a clip (issue 22): its name — the prompt of the creation or the name of the
 * file it came from — else its kind and where it starts ("Video at 0:03"). Never the media key,
 * whose last part is a UUID.
 */
export function clipTitle(clip: Pick<Clip, 'name' | 'mediaType' | 'start'>, t: Translate): string {
  const name = clip.name?.trim();
  if (name) return name;
  return t('clip.unnamed', { kind: t(`clip.kinds.${clip.mediaType}`), time: formatTime(clip.start, false) });
}
