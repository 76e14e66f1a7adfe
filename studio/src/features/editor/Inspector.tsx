/**
 * The selected item's controls. A clip: volume, the transition into it (video track), "Send to
 * canvas", its sound onto the audio track, and Extend / Replace with a generation. A text
 * overlay: its text, position and time range. Nothing selected: the tracks' volumes. Text fields
 * commit when they lose focus (one undo step per change, not per key).
 */
import { type Clip, clipEnd, MIN_CLIP_S, type Overlay, OVERLAY_POSITIONS, type Timeline, type TimelineItem, trackOfKind, videoClips } from '@tessera/shared/timeline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { reactToError } from '../errors/errorReactions.ts';
import { useEditor } from './editorContext.ts';
import { useEditorStore } from './editorStore.ts';
import { useClipGeneration } from './useClipGeneration.ts';
import { useTimeline } from './useTimeline.ts';
import { clipTitle } from './timelineMath.ts';
import { useTimelineActions } from './useTimelineActions.ts';

const FIELD = 'h-8 rounded-md border border-border bg-surface-2 px-2 text-xs text-fg disabled:opacity-50';

export function Inspector() {
  const { session } = useEditor();
  const timeline = useTimeline(session);
  const selectedId = useEditorStore((s) => s.selectedId);
  const clip = timeline.clips.find((c) => c.id === selectedId);
  const overlay = timeline.overlays.find((o) => o.id === selectedId);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2 text-xs" data-testid="editor-inspector">
      {clip ? <ClipControls key={clip.id} clip={clip} timeline={timeline} /> : overlay ? <OverlayControls key={overlay.id} overlay={overlay} /> : <TrackControls timeline={timeline} />}
    </div>
  );
}

function patchItem(t: Timeline, id: string, patch: Partial<TimelineItem>): Timeline {
  return {
    ...t,
    clips: t.clips.map((c) => (c.id === id ? ({ ...c, ...patch } as Clip) : c)),
    overlays: t.overlays.map((o) => (o.id === id ? ({ ...o, ...patch } as Overlay) : o)),
  };
}

function Volume({ value, onCommit, label, testId, disabled }: { value: number; onCommit(v: number): void; label: string; testId: string; disabled: boolean }) {
  const [local, setLocal] = useState<number | null>(null);
  return (
    <label className="flex items-center gap-1.5">
      <span className="text-muted">{label}</span>
      <input
        type="range"
        min={0}
        max={2}
        step={0.05}
        value={local ?? value}
        disabled={disabled}
        onChange={(e) => setLocal(Number(e.target.value))}
        onPointerUp={() => {
          if (local !== null) onCommit(local);
          setLocal(null);
        }}
        onKeyUp={() => {
          if (local !== null) onCommit(local);
          setLocal(null);
        }}
        className="w-24 accent-[var(--color-accent)]"
        data-testid={testId}
        aria-label={label}
      />
      <span className="w-9 tabular-nums text-muted">{Math.round((local ?? value) * 100)}%</span>
    </label>
  );
}

function ClipControls({ clip, timeline }: { clip: Clip; timeline: Timeline }) {
  const { t } = useTranslation('editor');
  const { session, readOnly } = useEditor();
  const actions = useTimelineActions();
  const generation = useClipGeneration();
  const pending = useEditorStore((s) => s.pending[clip.id]);
  const [prompt, setPrompt] = useState('');
  const onVideoTrack = trackOfKind(timeline, 'video')?.id === clip.trackId;
  const first = videoClips(timeline)[0]?.id === clip.id;
  const busy = Boolean(pending) || generation.busy || readOnly;
  const guard = (p: Promise<unknown>) => void p.catch(reactToError);

  return (
    <>
      <span className="max-w-56 truncate font-semibold" title={clipTitle(clip, t)} data-testid="editor-selected-clip-name">
        {clipTitle(clip, t)}
      </span>
      <span className="font-medium tabular-nums" data-testid="editor-selected-clip">
        {t('inspector.clipRange', { in: clip.in.toFixed(2), out: clip.out.toFixed(2), start: clip.start.toFixed(2), end: clipEnd(clip).toFixed(2) })}
      </span>
      {clip.mediaType !== 'image' && (
        <Volume value={clip.volume} label={t('inspector.volume')} testId="editor-clip-volume" disabled={readOnly} onCommit={(v) => session.edit((tl) => patchItem(tl, clip.id, { volume: v }))} />
      )}
      {onVideoTrack && !first && (
        <select
          className={FIELD}
          value={clip.transition?.kind ?? 'none'}
          disabled={readOnly}
          aria-label={t('inspector.transition')}
          data-testid="editor-transition"
          onChange={(e) => {
            const kind = e.target.value;
            session.edit((tl) => ({
              ...tl,
              clips: tl.clips.map((c) => {
                if (c.id !== clip.id) return c;
                const { transition: _old, ...rest } = c;
                return kind === 'crossfade' || kind === 'fade' ? { ...rest, transition: { kind, duration: 0.5 } } : rest;
              }),
            }));
          }}
        >
          <option value="none">{t('inspector.transitions.none')}</option>
          <option value="crossfade">{t('inspector.transitions.crossfade')}</option>
          <option value="fade">{t('inspector.transitions.fade')}</option>
        </select>
      )}
      {clip.mediaType !== 'audio' && (
        <Button size="sm" variant="outline" disabled={readOnly} onClick={() => guard(actions.sendToCanvas(clip))} data-testid="editor-send-to-canvas">
          {t('inspector.sendToCanvas')}
        </Button>
      )}
      {clip.mediaType === 'video' && onVideoTrack && (
        <Button size="sm" variant="outline" disabled={readOnly} onClick={() => actions.soundToAudioTrack(clip)} data-testid="editor-sound-to-audio">
          {t('inspector.soundToAudio')}
        </Button>
      )}
      {onVideoTrack && (
        <>
          {generation.canExtend(clip) && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => guard(generation.extendClip(clip))} data-testid="editor-extend">
              {t('inspector.extend')}
            </Button>
          )}
          <input
            className={`${FIELD} w-44`}
            value={prompt}
            placeholder={t('inspector.replacePrompt')}
            aria-label={t('inspector.replacePrompt')}
            disabled={busy}
            onChange={(e) => setPrompt(e.target.value)}
            data-testid="editor-replace-prompt"
          />
          <Button size="sm" variant="outline" disabled={busy || !prompt.trim()} onClick={() => guard(generation.replaceClip(clip, prompt.trim()))} data-testid="editor-replace">
            {t('inspector.replace')}
          </Button>
        </>
      )}
      {pending && <span className="text-muted">{t(pending.kind === 'extend' ? 'inspector.extending' : 'inspector.replacing')}</span>}
    </>
  );
}

function OverlayControls({ overlay }: { overlay: Overlay }) {
  const { t } = useTranslation('editor');
  const { session, readOnly } = useEditor();
  const [text, setText] = useState(overlay.text);
  const commit = (patch: Partial<Overlay>) => session.edit((tl) => patchItem(tl, overlay.id, patch));
  const time = (value: string, field: 'start' | 'end') => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) return;
    if (field === 'start') commit({ start: Math.min(n, overlay.end - MIN_CLIP_S) });
    else commit({ end: Math.max(n, overlay.start + MIN_CLIP_S) });
  };
  return (
    <>
      <input
        className={`${FIELD} w-56`}
        value={text}
        maxLength={200}
        disabled={readOnly}
        aria-label={t('inspector.text')}
        data-testid="editor-overlay-text"
        onChange={(e) => setText(e.target.value)}
        onBlur={() => text.trim() && text !== overlay.text && commit({ text: text.trim() })}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
      />
      <select className={FIELD} value={overlay.position} disabled={readOnly} aria-label={t('inspector.position')} data-testid="editor-overlay-position" onChange={(e) => commit({ position: e.target.value as Overlay['position'] })}>
        {OVERLAY_POSITIONS.map((p) => (
          <option key={p} value={p}>
            {t(`inspector.positions.${p}`)}
          </option>
        ))}
      </select>
      {(['start', 'end'] as const).map((field) => (
        <label key={field} className="flex items-center gap-1">
          <span className="text-muted">{t(`inspector.${field}`)}</span>
          <input
            key={overlay[field]}
            type="number"
            step={0.1}
            min={0}
            defaultValue={overlay[field].toFixed(2)}
            disabled={readOnly}
            className={`${FIELD} w-20`}
            data-testid={`editor-overlay-${field}`}
            onKeyDown={(e) => e.stopPropagation()}
            onBlur={(e) => time(e.target.value, field)}
          />
        </label>
      ))}
    </>
  );
}

function TrackControls({ timeline }: { timeline: Timeline }) {
  const { t } = useTranslation('editor');
  const { session, readOnly } = useEditor();
  return (
    <>
      {(['video', 'audio'] as const).map((kind) => {
        const track = trackOfKind(timeline, kind);
        if (!track) return null;
        return (
          <span key={kind} className="flex items-center gap-2">
            <Volume
              value={track.volume}
              label={t(`inspector.trackVolume.${kind}`)}
              testId={`editor-track-volume-${kind}`}
              disabled={readOnly}
              onCommit={(v) => session.edit((tl) => ({ ...tl, tracks: tl.tracks.map((x) => (x.id === track.id ? { ...x, volume: v } : x)) }))}
            />
            <label className="flex items-center gap-1 text-muted">
              <input
                type="checkbox"
                checked={track.muted}
                disabled={readOnly}
                onChange={(e) => session.edit((tl) => ({ ...tl, tracks: tl.tracks.map((x) => (x.id === track.id ? { ...x, muted: e.target.checked } : x)) }))}
              />
              {t('inspector.mute')}
            </label>
          </span>
        );
      })}
    </>
  );
}
