/**
 * Trimming a local video before upload (issue 9): a preview, the range over a filmstrip, start /
 * end / length readouts, "play range", and §5's length rule shown live (Trim & upload stays
 * disabled while the range breaks it). The ffmpeg.wasm core starts loading from our origin as
 * soon as the dialog opens (its code is a separate chunk, imported here on demand); Trim & upload
 * then cuts the range in the browser (stream copy when it can, re-encode otherwise) and uploads
 * only the trimmed MP4, with one progress bar for loading, trimming and uploading. Cancel aborts
 * whichever runs (the ffmpeg worker is terminated, the upload request aborted).
 */
import { Pause, Play, Scissors } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { reactToError } from '../errors/errorReactions.ts';
import { ProgressBar } from '../generate/ProgressBar.tsx';
import { MAX_VIDEO_UPLOAD_BYTES, uploadMedia } from '../media/uploadImage.ts';
import { type Range, RangeSelector } from './RangeSelector.tsx';
import type { VideoValue } from './VideoInput.tsx';
import { formatClock, readVideoMeta } from './videoMeta.ts';

type Phase = 'idle' | 'core' | 'trim' | 'upload';

export interface TrimDialogProps {
  /** The local video; the dialog is open while it is set. */
  file: File | null;
  minS: number;
  maxS: number;
  onClose(): void;
  /** The trimmed upload, as the video input's value. */
  onUploaded(value: VideoValue, sizeBytes: number): void;
}

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

export function TrimDialog({ file, minS, maxS, onClose, onUploaded }: TrimDialogProps) {
  const { t } = useTranslation('video');
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onClose()} title={t('trim.title')} description={t('trim.description')} className="sm:max-w-3xl">
      {file && <TrimBody key={`${file.name}:${file.size}:${file.lastModified}`} file={file} minS={minS} maxS={maxS} onClose={onClose} onUploaded={onUploaded} />}
    </Dialog>
  );
}

/** Containers the server stores as they are (anything else is re-muxed or re-encoded to MP4). */
const STORED_AS_IS = new Set(['video/mp4', 'video/webm', 'video/quicktime']);
/** A range this close to both ends of the clip is the whole clip. */
const WHOLE_CLIP_TOLERANCE_S = 0.05;

function TrimBody({ file, minS, maxS, onClose, onUploaded }: TrimDialogProps & { file: File }) {
  const { t } = useTranslation('video');
  const src = useMemo(() => URL.createObjectURL(file), [file]);
  const videoRef = useRef<HTMLVideoElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [durationS, setDurationS] = useState<number | null>(null);
  const [range, setRange] = useState<Range>({ startS: 0, endS: 0 });
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [playhead, setPlayhead] = useState<number | undefined>(undefined);

  useEffect(() => () => URL.revokeObjectURL(src), [src]);

  // The duration, then the first allowed range: from 0, as long as the rule allows.
  useEffect(() => {
    let cancelled = false;
    readVideoMeta(src).then(
      (meta) => {
        if (cancelled) return;
        setDurationS(meta.durationS);
        setRange({ startS: 0, endS: Math.round(Math.min(meta.durationS, maxS) * 10) / 10 });
      },
      () => !cancelled && setProblem(t('input.unreadable')),
    );
    return () => {
      cancelled = true;
    };
  }, [src, maxS, t]);

  // The core loads while the range is chosen (only the dialog pulls ffmpeg.wasm in).
  useEffect(() => {
    void import('./ffmpeg.ts').then(({ loadFfmpeg }) => loadFfmpeg()).catch(() => undefined);
  }, []);

  // Cancel on unmount (dialog closed mid-job).
  useEffect(() => () => abortRef.current?.abort(), []);

  const length = Math.round((range.endS - range.startS) * 10) / 10;
  const ruleBroken = length < minS ? 'short' : length > maxS ? 'long' : null;
  const busy = phase !== 'idle';
  const lengthText = formatClock(length);

  function togglePlay() {
    const video = videoRef.current;
    if (!video) return;
    if (playing) {
      video.pause();
      return;
    }
    video.currentTime = range.startS;
    void video.play();
  }

  async function submit() {
    if (ruleBroken || busy) return;
    videoRef.current?.pause();
    const controller = new AbortController();
    abortRef.current = controller;
    const { signal } = controller;
    setProblem(null);
    // The stage reached, for the error message (state would be stale in this closure).
    let stage: Phase = 'core';
    try {
      // The whole clip in a container the server stores as it is: nothing to cut.
      if (durationS !== null && range.startS <= WHOLE_CLIP_TOLERANCE_S && range.endS >= durationS - WHOLE_CLIP_TOLERANCE_S && STORED_AS_IS.has(file.type)) {
        if (file.size > MAX_VIDEO_UPLOAD_BYTES) throw new RangeError('too large');
        stage = 'upload';
        setPhase('upload');
        setProgress(0);
        const media = await uploadMedia(file, { onProgress: (f) => setProgress(f * 100), signal });
        onUploaded({ ref: media.url, url: media.url, durationS: media.durationS ?? durationS, width: media.width, height: media.height }, media.sizeBytes);
        return;
      }
      setPhase('core');
      setProgress(0);
      const { loadFfmpeg } = await import('./ffmpeg.ts');
      await loadFfmpeg({ onProgress: (f) => setProgress(f * 100), signal });
      stage = 'trim';
      setPhase('trim');
      setProgress(0);
      const { trimVideoDetailed } = await import('./trim.ts');
      const trimmed = await trimVideoDetailed(file, range, { onProgress: (f) => setProgress(f * 100), signal });
      if (trimmed.blob.size > MAX_VIDEO_UPLOAD_BYTES) throw new RangeError('too large');
      stage = 'upload';
      setPhase('upload');
      setProgress(0);
      const base = file.name.replace(/\.[^.]+$/, '') || 'video';
      const media = await uploadMedia(trimmed.blob, { filename: `${base}-trim.mp4`, onProgress: (f) => setProgress(f * 100), signal });
      onUploaded({ ref: media.url, url: media.url, durationS: media.durationS ?? trimmed.durationS, width: media.width, height: media.height }, media.sizeBytes);
    } catch (error) {
      if (isAbort(error)) return;
      if (error instanceof RangeError) setProblem(t('trim.tooLarge', { mb: MAX_VIDEO_UPLOAD_BYTES / 1024 / 1024 }));
      else if (stage === 'upload') {
        reactToError(error);
        setProblem(error instanceof Error && error.message ? error.message : t('input.failed'));
      } else setProblem(t('trim.failed'));
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setPhase('idle');
    }
  }

  function cancel() {
    abortRef.current?.abort();
    onClose();
  }

  const phaseLabel = phase === 'core' ? t('trim.loadingCore') : phase === 'trim' ? t('trim.trimming') : t('trim.uploading');

  return (
    <div className="flex flex-col gap-4" data-testid="trim-dialog" data-phase={phase}>
      <video
        ref={videoRef}
        src={src}
        className="max-h-[40vh] w-full rounded-lg bg-black object-contain"
        aria-label={t('trim.preview')}
        playsInline
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(e) => {
          const now = e.currentTarget.currentTime;
          setPlayhead(now);
          if (playing && now >= range.endS) e.currentTarget.pause();
        }}
      />
      {durationS === null ? (
        !problem && <Spinner label={t('trim.metadata')} />
      ) : (
        <>
          <RangeSelector src={src} durationS={durationS} value={range} onChange={setRange} disabled={busy} {...(playhead !== undefined ? { playheadS: playhead } : {})} />
          <dl className="grid grid-cols-3 gap-2 text-sm">
            {(
              [
                ['start', range.startS],
                ['end', range.endS],
                ['length', length],
              ] as const
            ).map(([key, s]) => (
              <div key={key} className="rounded-lg bg-surface-2 px-3 py-2">
                <dt className="text-xs text-muted">{t(`trim.${key}`)}</dt>
                <dd className="tabular-nums" data-testid={`trim-${key}-readout`}>
                  {formatClock(s)}
                </dd>
              </div>
            ))}
          </dl>
          <p role="status" className={ruleBroken ? 'text-sm text-danger' : 'text-sm text-muted'} data-testid="trim-rule" data-ok={ruleBroken ? 'false' : 'true'}>
            {ruleBroken === 'short'
              ? t('trim.tooShort', { length: lengthText, min: minS })
              : ruleBroken === 'long'
                ? t('trim.tooLong', { length: lengthText, max: maxS })
                : t('trim.ruleOk', { length: lengthText, min: minS, max: maxS })}
          </p>
        </>
      )}
      {busy && <ProgressBar value={progress} label={phaseLabel} />}
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="outline" onClick={togglePlay} disabled={durationS === null || busy}>
          {playing ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
          {playing ? t('trim.pause') : t('trim.play')}
        </Button>
        <div className="flex gap-2">
          <Button type="button" variant="ghost" onClick={cancel} data-testid="trim-cancel">
            {t('trim.cancel')}
          </Button>
          <Button type="button" onClick={() => void submit()} disabled={durationS === null || ruleBroken !== null} loading={busy} data-testid="trim-submit">
            <Scissors size={16} aria-hidden /> {t('trim.submit')}
          </Button>
        </div>
      </div>
    </div>
  );
}
