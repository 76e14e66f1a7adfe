/**
 * The preview: the composition at the playhead on a black stage of the export's aspect ratio
 * (media elements managed by PreviewEngine, text overlays drawn over in React), with play/pause,
 * frame step and the time readout. While playing, a requestAnimationFrame clock advances the
 * playhead from the wall clock (so the picture follows real time even when a video stalls) and
 * stops at the end.
 */
import { totalDuration } from '@tessera/shared/timeline';
import { Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { overlaysAt } from './composition.ts';
import { useEditor } from './editorContext.ts';
import { useEditorStore } from './editorStore.ts';
import { PreviewEngine } from './PreviewEngine.ts';
import { formatTime } from './timelineMath.ts';
import { useTimeline } from './useTimeline.ts';

const OVERLAY_POSITION = { top: 'top-[6%]', center: 'top-1/2 -translate-y-1/2', bottom: 'bottom-[8%]' } as const;

declare global {
  interface Window {
    /** The preview's engine, for browser tests (which clip element plays, at what time). */
    __tesseraPreview?: PreviewEngine;
  }
}

export function PreviewPlayer({ aspect }: { aspect: string }) {
  const { t } = useTranslation('editor');
  const { session, run } = useEditor();
  const timeline = useTimeline(session);
  const playhead = useEditorStore((s) => s.playhead);
  const playing = useEditorStore((s) => s.playing);
  const stage = useRef<HTMLDivElement>(null);
  const engine = useRef<PreviewEngine | null>(null);
  const duration = totalDuration(timeline);

  useEffect(() => {
    if (!stage.current) return;
    const e = new PreviewEngine(stage.current);
    engine.current = e;
    window.__tesseraPreview = e;
    return () => {
      e.dispose();
      if (window.__tesseraPreview === e) delete window.__tesseraPreview;
      engine.current = null;
    };
  }, []);

  useEffect(() => {
    engine.current?.render(timeline, playhead, playing);
  }, [timeline, playhead, playing]);

  // The clock: from where the play started, in wall time.
  useEffect(() => {
    if (!playing) {
      engine.current?.pauseAll();
      return;
    }
    const store = useEditorStore.getState();
    const end = totalDuration(session.timeline);
    const from = store.playhead >= end - 1e-3 ? 0 : store.playhead;
    const startedAt = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const time = from + (now - startedAt) / 1000;
      const limit = totalDuration(session.timeline);
      if (time >= limit) {
        store.seek(limit);
        store.setPlaying(false);
        return;
      }
      store.seek(time);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, session]);

  const overlays = overlaysAt(timeline, playhead);
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  return (
    <div className="flex h-full min-h-0 flex-col gap-2" data-testid="editor-preview">
      {/* The largest box of the output's shape that fits (container units of this wrapper). */}
      <div className="relative flex min-h-0 w-full flex-1 items-center justify-center" style={{ containerType: 'size' }}>
        <div
          ref={stage}
          className="relative overflow-hidden rounded-md bg-black"
          style={{ width: `min(100cqw, 100cqh * ${w} / ${h})`, height: `min(100cqh, 100cqw * ${h} / ${w})`, containerType: 'size' }}
          data-testid="editor-preview-stage"
          data-time={playhead.toFixed(3)}
          data-playing={playing || undefined}
        >
          {overlays.map((o) => (
            <div key={o.id} className={`pointer-events-none absolute inset-x-0 z-30 flex justify-center px-2 ${OVERLAY_POSITION[o.position]}`} data-testid="editor-preview-overlay">
              <span className="rounded bg-black/35 px-1.5 text-center leading-tight" style={{ color: o.colour, fontSize: `clamp(8px, ${(o.size / 720) * 100}cqh, 64px)` }}>
                {o.text}
              </span>
            </div>
          ))}
          {duration === 0 && <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-xs text-white/60">{t('preview.empty')}</p>}
        </div>
      </div>
      <div className="flex items-center justify-center gap-1">
        <IconButton label={t('commands.frameBack')} onClick={() => run('frameBack')} testId="editor-frame-back">
          <SkipBack size={16} aria-hidden />
        </IconButton>
        <IconButton label={playing ? t('preview.pause') : t('preview.play')} onClick={() => run('playPause')} testId="editor-play" disabled={duration === 0}>
          {playing ? <Pause size={18} aria-hidden /> : <Play size={18} aria-hidden />}
        </IconButton>
        <IconButton label={t('commands.frameForward')} onClick={() => run('frameForward')} testId="editor-frame-forward">
          <SkipForward size={16} aria-hidden />
        </IconButton>
        <span className="ms-2 font-mono text-xs tabular-nums text-muted" data-testid="editor-time">
          {formatTime(playhead)} / {formatTime(duration)}
        </span>
      </div>
    </div>
  );
}

export function IconButton({ label, onClick, testId, disabled, children, pressed }: { label: string; onClick(): void; testId?: string; disabled?: boolean; pressed?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className="flex h-8 w-8 items-center justify-center rounded-lg text-muted transition hover:bg-surface-2 hover:text-fg disabled:cursor-not-allowed disabled:opacity-35"
      data-testid={testId}
    >
      {children}
    </button>
  );
}
