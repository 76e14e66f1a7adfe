/**
 * The trim range over a filmstrip: two handles (ARIA sliders) on a time bar. Drag a handle, or
 * click the bar to move the nearer one; with the keyboard, arrows move the focused handle by
 * 0.1 s, Shift+arrow by 1 s, Home/End to its limit. Handles keep MIN_GAP_S apart. The filmstrip
 * is a few frames grabbed from the video with a detached <video> and a canvas.
 */
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from './videoMeta.ts';

export interface Range {
  startS: number;
  endS: number;
}

const MIN_GAP_S = 0.1;
const FRAMES = 8;
const round1 = (s: number) => Math.round(s * 10) / 10;

/** Frames at even spacing as JPEG data URLs (empty entries where a seek failed). */
function useFilmstrip(src: string, durationS: number): string[] {
  const [frames, setFrames] = useState<string[]>([]);
  useEffect(() => {
    if (!(durationS > 0)) return;
    let cancelled = false;
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'auto';
    video.src = src;
    const canvas = document.createElement('canvas');
    const seek = (t: number) =>
      new Promise<void>((resolve) => {
        const finish = () => {
          video.removeEventListener('seeked', finish);
          video.removeEventListener('error', finish);
          resolve();
        };
        video.addEventListener('seeked', finish);
        video.addEventListener('error', finish);
        video.currentTime = t;
      });
    void (async () => {
      await new Promise((resolve) => {
        video.onloadeddata = resolve;
        video.onerror = resolve;
      });
      const out: string[] = [];
      for (let i = 0; i < FRAMES && !cancelled; i++) {
        await seek(((i + 0.5) / FRAMES) * durationS);
        if (cancelled || !video.videoWidth) break;
        canvas.height = 54;
        canvas.width = Math.round((54 * video.videoWidth) / video.videoHeight);
        canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
        out.push(canvas.toDataURL('image/jpeg', 0.6));
        setFrames([...out]);
      }
    })();
    return () => {
      cancelled = true;
      video.removeAttribute('src');
      video.load();
    };
  }, [src, durationS]);
  return frames;
}

export function RangeSelector({
  src,
  durationS,
  value,
  onChange,
  disabled,
  playheadS,
}: {
  src: string;
  durationS: number;
  value: Range;
  onChange(range: Range): void;
  disabled?: boolean;
  playheadS?: number;
}) {
  const { t } = useTranslation('video');
  const barRef = useRef<HTMLDivElement>(null);
  const dragging = useRef<'start' | 'end' | null>(null);
  const frames = useFilmstrip(src, durationS);

  const clamp = (which: 'start' | 'end', s: number): Range => {
    if (which === 'start') return { startS: round1(Math.min(Math.max(0, s), value.endS - MIN_GAP_S)), endS: value.endS };
    return { startS: value.startS, endS: round1(Math.max(Math.min(durationS, s), value.startS + MIN_GAP_S)) };
  };
  const timeAt = (clientX: number) => {
    const rect = barRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return 0;
    return ((clientX - rect.left) / rect.width) * durationS;
  };

  function onKey(which: 'start' | 'end', e: KeyboardEvent) {
    const step = e.shiftKey ? 1 : 0.1;
    const current = which === 'start' ? value.startS : value.endS;
    let next: number | null = null;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') next = current - step;
    else if (e.key === 'ArrowRight' || e.key === 'ArrowUp') next = current + step;
    else if (e.key === 'Home') next = which === 'start' ? 0 : value.startS + MIN_GAP_S;
    else if (e.key === 'End') next = which === 'start' ? value.endS - MIN_GAP_S : durationS;
    if (next === null) return;
    e.preventDefault();
    onChange(clamp(which, next));
  }

  function onPointerDown(e: PointerEvent) {
    if (disabled) return;
    const s = timeAt(e.clientX);
    // The handle under the pointer, or the nearer one when the bar itself was pressed.
    const which = (e.target as HTMLElement).dataset.handle as 'start' | 'end' | undefined;
    const chosen = which ?? (Math.abs(s - value.startS) <= Math.abs(s - value.endS) ? 'start' : 'end');
    dragging.current = chosen;
    barRef.current?.setPointerCapture(e.pointerId);
    onChange(clamp(chosen, s));
    barRef.current?.querySelector<HTMLElement>(`[data-handle="${chosen}"]`)?.focus();
  }

  const pct = (s: number) => `${(durationS > 0 ? s / durationS : 0) * 100}%`;
  const handle = (which: 'start' | 'end') => {
    const s = which === 'start' ? value.startS : value.endS;
    return (
      <div
        role="slider"
        tabIndex={disabled ? -1 : 0}
        data-handle={which}
        data-testid={`trim-${which}`}
        aria-label={t(which === 'start' ? 'trim.startHandle' : 'trim.endHandle')}
        aria-valuemin={which === 'start' ? 0 : round1(value.startS + MIN_GAP_S)}
        aria-valuemax={which === 'start' ? round1(value.endS - MIN_GAP_S) : round1(durationS)}
        aria-valuenow={s}
        aria-valuetext={formatClock(s)}
        aria-disabled={disabled || undefined}
        onKeyDown={(e) => !disabled && onKey(which, e)}
        className="absolute top-0 z-10 h-full w-3 -translate-x-1/2 cursor-ew-resize rounded bg-accent outline-none ring-offset-2 ring-offset-surface focus-visible:ring-2 focus-visible:ring-accent"
        style={{ left: pct(s) }}
      />
    );
  };

  return (
    <div className="flex flex-col gap-1">
      <div
        ref={barRef}
        role="group"
        aria-label={t('trim.timeline')}
        className="relative h-14 touch-none select-none overflow-hidden rounded-lg border border-border bg-surface-2"
        onPointerDown={onPointerDown}
        onPointerMove={(e) => dragging.current && onChange(clamp(dragging.current, timeAt(e.clientX)))}
        onPointerUp={() => (dragging.current = null)}
        onPointerCancel={() => (dragging.current = null)}
      >
        <div className="pointer-events-none absolute inset-0 flex" aria-hidden>
          {frames.map((f, i) => (
            <img key={i} src={f} alt="" className="h-full min-w-0 flex-1 object-cover" />
          ))}
        </div>
        {/* Outside the range is dimmed. */}
        <div className="pointer-events-none absolute inset-y-0 left-0 bg-black/60" style={{ width: pct(value.startS) }} aria-hidden />
        <div className="pointer-events-none absolute inset-y-0 right-0 bg-black/60" style={{ left: pct(value.endS) }} aria-hidden />
        <div className="pointer-events-none absolute inset-y-0 border-y-2 border-accent" style={{ left: pct(value.startS), right: `calc(100% - ${pct(value.endS)})` }} aria-hidden />
        {playheadS !== undefined && <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-white" style={{ left: pct(playheadS) }} aria-hidden />}
        {handle('start')}
        {handle('end')}
      </div>
      <p className="text-xs text-muted">{t('trim.keys')}</p>
    </div>
  );
}
