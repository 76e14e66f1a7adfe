/**
 * The tracks under a zoomable time ruler: clips as blocks (thumbnail, name, length) with trim
 * handles at both ends, text overlays, the audio track and the playhead. Gestures keep their
 * state here and draw a draft timeline while they last; on release the edit is committed once
 * (one undo step): press on the ruler or empty track scrubs; a handle trims (never past the
 * source); a video clip's body reorders it; an audio clip or text body moves it. Dragged edges
 * snap to the playhead and other edges (shared `snap`, SNAP_PX on screen). Ctrl/Cmd + wheel zooms
 * around the pointer.
 */
import {
  type Clip,
  clipDuration,
  clipEnd,
  MIN_CLIP_S,
  moveClip,
  moveFree,
  type Overlay,
  snap,
  snapTargets,
  type Timeline,
  totalDuration,
  trackClips,
  trackOfKind,
  trimClip,
  videoClips,
} from '@tessera/shared/timeline';
import { Film, Image as ImageIcon, Music, Type } from 'lucide-react';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { useTaskProgress } from '../realtime/useRealtime.ts';
import { useEditor } from './editorContext.ts';
import { useEditorStore } from './editorStore.ts';
import { clipTitle, dropIndex, formatTime, hitTest, pxToTime, rulerTicks, type Span, snapTolerance, timeToPx, ZOOM_STEP } from './timelineMath.ts';
import { useTimeline } from './useTimeline.ts';

const RULER_H = 24;
const ROW_H = { video: 64, overlay: 32, audio: 40 } as const;
type Row = keyof typeof ROW_H;
/** Room after the last clip, so there is somewhere to drop and to trim out to. */
const TAIL_S = 10;

type Gesture =
  | { kind: 'scrub' }
  | { kind: 'edit'; row: Row; id: string; zone: 'trim-in' | 'trim-out' | 'body'; startX: number; base: Timeline; op: ((t: Timeline) => Timeline) | null };

export function TrackView() {
  const { t } = useTranslation('editor');
  const { session, readOnly } = useEditor();
  const live = useTimeline(session);
  const pxPerS = useEditorStore((s) => s.pxPerS);
  const playhead = useEditorStore((s) => s.playhead);
  const playing = useEditorStore((s) => s.playing);
  const selectedId = useEditorStore((s) => s.selectedId);
  const [draft, setDraft] = useState<Timeline | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const timeline = draft ?? live;
  const duration = totalDuration(timeline);
  const width = timeToPx(duration + TAIL_S, pxPerS);

  // Ctrl/Cmd + wheel zooms around the pointer (a non-passive listener, so the page does not zoom).
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const { pxPerS: before, setZoom } = useEditorStore.getState();
      const x = e.clientX - el.getBoundingClientRect().left + el.scrollLeft;
      const at = x / before;
      setZoom(before * ZOOM_STEP ** (e.deltaY < 0 ? 1 : -1));
      const after = useEditorStore.getState().pxPerS;
      el.scrollLeft = Math.max(0, at * after - (x - el.scrollLeft));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  // While playing, keep the playhead in view.
  useEffect(() => {
    const el = scroller.current;
    if (!el || !playing) return;
    const x = timeToPx(playhead, pxPerS);
    if (x < el.scrollLeft || x > el.scrollLeft + el.clientWidth - 40) el.scrollLeft = Math.max(0, x - 40);
  }, [playhead, playing, pxPerS]);

  const pointX = (e: { clientX: number }) => e.clientX - (content.current?.getBoundingClientRect().left ?? 0);

  const rowAt = (y: number): Row | 'ruler' | null => {
    if (y < RULER_H) return 'ruler';
    let top = RULER_H;
    for (const row of ['video', 'overlay', 'audio'] as const) {
      if (y < top + ROW_H[row]) return row;
      top += ROW_H[row];
    }
    return null;
  };

  const spansOf = (row: Row, tl: Timeline): Span[] => {
    if (row === 'overlay') return tl.overlays.map((o) => ({ id: o.id, start: o.start, end: o.end }));
    const track = trackOfKind(tl, row);
    return track ? trackClips(tl, track.id).map((c) => ({ id: c.id, start: c.start, end: clipEnd(c) })) : [];
  };

  const scrubTo = (x: number) => {
    const store = useEditorStore.getState();
    store.setPlaying(false);
    store.seek(Math.min(pxToTime(x, pxPerS), duration));
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const box = content.current?.getBoundingClientRect();
    if (!box) return;
    const x = e.clientX - box.left;
    const row = rowAt(e.clientY - box.top);
    e.currentTarget.setPointerCapture(e.pointerId);
    const hit = row && row !== 'ruler' ? hitTest(spansOf(row, live), x, pxPerS) : null;
    if (!hit || row === 'ruler' || row === null) {
      gesture.current = { kind: 'scrub' };
      if (row !== 'ruler') useEditorStore.getState().select(null);
      scrubTo(x);
      return;
    }
    useEditorStore.getState().select(hit.id);
    if (readOnly) return;
    gesture.current = { kind: 'edit', row, id: hit.id, zone: hit.zone, startX: x, base: live, op: null };
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g) return;
    const x = pointX(e);
    if (g.kind === 'scrub') return scrubTo(x);
    const dt = (x - g.startX) / pxPerS;
    g.op = editFor(g, dt, pxPerS, useEditorStore.getState().playhead);
    setDraft(g.op ? g.op(g.base) : null);
  };

  const onPointerUp = () => {
    const g = gesture.current;
    gesture.current = null;
    setDraft(null);
    if (g?.kind === 'edit' && g.op) session.edit(g.op);
  };

  const videoTrack = trackOfKind(timeline, 'video');
  const audioTrack = trackOfKind(timeline, 'audio');
  const rows: [Row, number][] = [
    ['video', RULER_H],
    ['overlay', RULER_H + ROW_H.video],
    ['audio', RULER_H + ROW_H.video + ROW_H.overlay],
  ];
  const totalH = RULER_H + ROW_H.video + ROW_H.overlay + ROW_H.audio;

  return (
    <div ref={scroller} className="relative min-h-0 flex-1 overflow-x-auto overflow-y-hidden" data-testid="editor-tracks" data-px-per-s={pxPerS}>
      <div
        ref={content}
        className="relative touch-none select-none"
        style={{ width: `max(100%, ${width}px)`, height: totalH }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <Ruler pxPerS={pxPerS} untilS={duration + TAIL_S} />
        {rows.map(([row, top]) => (
          <div key={row} className="absolute inset-x-0 border-b border-border/60 bg-surface-2/40" style={{ top, height: ROW_H[row] }} data-testid={`editor-row-${row}`}>
            <span className="pointer-events-none sticky left-1 top-1 ms-1 text-[10px] uppercase tracking-wide text-muted/70">{t(`tracks.${row}`)}</span>
          </div>
        ))}
        {videoTrack &&
          videoClips(timeline).map((clip) => <ClipBlock key={clip.id} clip={clip} top={RULER_H + 4} height={ROW_H.video - 8} pxPerS={pxPerS} selected={clip.id === selectedId} />)}
        {timeline.overlays.map((o) => (
          <OverlayBlock key={o.id} overlay={o} top={RULER_H + ROW_H.video + 3} height={ROW_H.overlay - 6} pxPerS={pxPerS} selected={o.id === selectedId} />
        ))}
        {audioTrack &&
          trackClips(timeline, audioTrack.id).map((clip) => (
            <ClipBlock key={clip.id} clip={clip} top={RULER_H + ROW_H.video + ROW_H.overlay + 4} height={ROW_H.audio - 8} pxPerS={pxPerS} selected={clip.id === selectedId} />
          ))}
        <div className="pointer-events-none absolute top-0 z-20 w-0.5 bg-danger" style={{ left: timeToPx(playhead, pxPerS), height: totalH }} data-testid="editor-playhead" aria-hidden />
      </div>
    </div>
  );
}

/** The edit a drag of `dt` seconds makes (null: none), snapped to the playhead and other edges. */
function editFor(g: Extract<Gesture, { kind: 'edit' }>, dt: number, pxPerS: number, playhead: number): ((t: Timeline) => Timeline) | null {
  const base = g.base;
  const targets = snapTargets(base, playhead, g.id);
  const tol = snapTolerance(pxPerS);
  if (g.row === 'overlay') {
    const o = base.overlays.find((x) => x.id === g.id);
    if (!o) return null;
    if (g.zone === 'body') return (t) => moveFree(t, o.id, snap(o.start + dt, targets, tol));
    const edge = snap((g.zone === 'trim-in' ? o.start : o.end) + dt, targets, tol);
    const patch = g.zone === 'trim-in' ? { start: Math.max(0, Math.min(edge, o.end - MIN_CLIP_S)) } : { end: Math.max(edge, o.start + MIN_CLIP_S) };
    return (t) => ({ ...t, overlays: t.overlays.map((x) => (x.id === o.id ? { ...x, ...patch } : x)) });
  }
  const clip = base.clips.find((c) => c.id === g.id);
  if (!clip) return null;
  if (g.zone === 'trim-out') {
    const edge = snap(clipEnd(clip) + dt, targets, tol);
    return (t) => trimClip(t, clip.id, { out: clip.out + (edge - clipEnd(clip)) });
  }
  if (g.zone === 'trim-in') {
    const edge = snap(clip.start + dt, targets, tol);
    return (t) => trimClip(t, clip.id, { in: clip.in + (edge - clip.start) });
  }
  if (g.row === 'video') {
    const index = dropIndex(base, clip.id, clip.start + clipDuration(clip) / 2 + dt);
    return (t) => moveClip(t, clip.id, index);
  }
  return (t) => moveFree(t, clip.id, snap(clip.start + dt, targets, tol));
}

function Ruler({ pxPerS, untilS }: { pxPerS: number; untilS: number }) {
  return (
    <div className="absolute inset-x-0 top-0 cursor-ew-resize border-b border-border bg-surface" style={{ height: RULER_H }} data-testid="editor-ruler">
      {rulerTicks(pxPerS, untilS).map((s) => (
        <span key={s} className="absolute top-0 h-full border-s border-border ps-1 text-[10px] leading-6 tabular-nums text-muted" style={{ left: timeToPx(s, pxPerS) }}>
          {formatTime(s, s % 1 !== 0)}
        </span>
      ))}
    </div>
  );
}

function ClipBlock({ clip, top, height, pxPerS, selected }: { clip: Clip; top: number; height: number; pxPerS: number; selected: boolean }) {
  const { t } = useTranslation('editor');
  const title = clipTitle(clip, t);
  const pending = useEditorStore((s) => s.pending[clip.id]);
  const progress = useTaskProgress((s) => (pending ? s.tasks[pending.taskId]?.progress : undefined));
  const left = timeToPx(clip.start, pxPerS);
  const width = Math.max(2, timeToPx(clipDuration(clip), pxPerS));
  const audio = clip.mediaType === 'audio';
  const Icon = clip.mediaType === 'image' ? ImageIcon : audio ? Music : Film;
  return (
    <div
      className={cn(
        'absolute z-10 overflow-hidden rounded-md border text-[11px] text-white',
        audio ? 'border-emerald-700 bg-emerald-600/80' : 'border-slate-700 bg-slate-800',
        selected && 'ring-2 ring-accent ring-offset-1 ring-offset-surface',
      )}
      style={{ left, width, top, height }}
      title={title}
      data-testid="editor-clip"
      data-clip-id={clip.id}
      data-src={clip.src}
      data-track={audio ? 'audio' : 'video'}
      data-start={clip.start.toFixed(3)}
      data-duration={clipDuration(clip).toFixed(3)}
      data-selected={selected || undefined}
    >
      {!audio && <Thumbnail clip={clip} />}
      <div className="relative flex items-center gap-1 truncate px-2 py-0.5 [text-shadow:0_1px_2px_black]">
        <Icon size={11} aria-hidden />
        <span className="truncate" data-testid="editor-clip-name">
          {title}
        </span>
        <span className="ms-auto tabular-nums opacity-80">{clipDuration(clip).toFixed(1)}s</span>
      </div>
      {pending && (
        <div className="absolute inset-x-1 bottom-1 h-1.5 overflow-hidden rounded bg-black/50" role="progressbar" aria-valuenow={Math.round(progress ?? 0)} data-testid="editor-clip-progress">
          <div className="h-full bg-accent transition-[width]" style={{ width: `${progress ?? 0}%` }} />
        </div>
      )}
      <span className="absolute inset-y-0 start-0 w-2 cursor-ew-resize bg-white/25 hover:bg-white/60" data-testid="editor-trim-in" aria-hidden />
      <span className="absolute inset-y-0 end-0 w-2 cursor-ew-resize bg-white/25 hover:bg-white/60" data-testid="editor-trim-out" aria-hidden />
      {clip.transition && <span className="absolute start-2 top-0 h-full w-px bg-accent" aria-hidden />}
    </div>
  );
}

/** The clip's first frame (a still for images); `#t=` makes the browser show the in-point. */
function Thumbnail({ clip }: { clip: Clip }) {
  const className = 'pointer-events-none absolute inset-y-0 start-0 h-full w-auto opacity-60';
  if (clip.mediaType === 'image') return <img src={clip.src} alt="" className={className} draggable={false} />;
  return <video src={`${clip.src}#t=${clip.in.toFixed(2)}`} preload="metadata" muted className={className} aria-hidden />;
}

function OverlayBlock({ overlay, top, height, pxPerS, selected }: { overlay: Overlay; top: number; height: number; pxPerS: number; selected: boolean }) {
  return (
    <div
      className={cn('absolute z-10 flex items-center gap-1 overflow-hidden rounded-md border border-amber-700 bg-amber-500/85 px-2 text-[11px] text-black', selected && 'ring-2 ring-accent')}
      style={{ left: timeToPx(overlay.start, pxPerS), width: Math.max(2, timeToPx(overlay.end - overlay.start, pxPerS)), top, height }}
      data-testid="editor-overlay"
      data-overlay-id={overlay.id}
      data-selected={selected || undefined}
    >
      <Type size={11} aria-hidden />
      <span className="truncate">{overlay.text}</span>
    </div>
  );
}
