/**
 * One video input for every video form and the timeline editor. Drop or choose a local video: the
 * trim dialog opens, the user picks the range (the length rule — general uploads 3–30 s, or the
 * minS/maxS given — is checked live), and only that range is uploaded, cut in the browser with
 * ffmpeg.wasm (the whole clip, when chosen, goes up as it is). Or pick one of my video creations
 * (its task id is the reference the RPCs accept). The value shows as a playable preview with its
 * duration and size, can be trimmed again, and can be removed.
 */
import { GENERAL_VIDEO_MAX_S, GENERAL_VIDEO_MIN_S } from '@tessera/shared/generation/video';
import { FolderOpen, Scissors, Video, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { CreationPicker } from '../media/CreationPicker.tsx';
import { DropZone } from '../media/DropZone.tsx';
import { TrimDialog } from './TrimDialog.tsx';
import { formatClock, isVideoFile, readVideoMeta } from './videoMeta.ts';

export interface VideoValue {
  /** What the RPCs accept as a video: `/api/media/<key>` of an upload, or a video task's id. */
  ref: string;
  /** Where the browser can play it (`/api/media/<key>`). */
  url: string;
  durationS: number;
  width: number;
  height: number;
  /** What to call it (the file's name, the creation's prompt): the timeline names its clip so. */
  name?: string;
}

export interface VideoInputProps {
  label: string;
  value: VideoValue | null;
  onChange(value: VideoValue | null): void;
  /** The §5 length the trimmed result must have (general uploads 3–30 s; lip sync 2–10 s). */
  minS?: number;
  maxS?: number;
  testId?: string;
  hint?: string;
}

export function VideoInput({ label, value, onChange, minS = GENERAL_VIDEO_MIN_S, maxS = GENERAL_VIDEO_MAX_S, testId, hint }: VideoInputProps) {
  const { t } = useTranslation('video');
  const fileRef = useRef<HTMLInputElement>(null);
  const [local, setLocal] = useState<File | null>(null);
  const [trimming, setTrimming] = useState<File | null>(null);
  const [busy, setBusy] = useState<'reading' | null>(null);
  const [sizeBytes, setSizeBytes] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const tid = (suffix: string) => (testId ? `${testId}-${suffix}` : undefined);

  async function choose(file: File) {
    setProblem(null);
    if (!isVideoFile(file)) return setProblem(t('input.notVideo'));
    setBusy('reading');
    const src = URL.createObjectURL(file);
    let meta: Awaited<ReturnType<typeof readVideoMeta>> | null = null;
    try {
      meta = await readVideoMeta(src);
    } catch {
      meta = null;
    } finally {
      URL.revokeObjectURL(src);
    }
    setLocal(file);
    setBusy(null);
    if (!meta) return setProblem(t('input.unreadable'));
    // The user picks the range first; only what they keep is uploaded.
    setTrimming(file);
  }

  async function pick(creation: { taskId: string; url: string; width: number | null; height: number | null; prompt: string | null }) {
    setPickerOpen(false);
    setProblem(null);
    setBusy('reading');
    try {
      const meta = await readVideoMeta(creation.url);
      if (meta.durationS < minS || meta.durationS > maxS) {
        setProblem(t('input.outOfRange', { duration: formatClock(meta.durationS), min: minS, max: maxS }));
        return;
      }
      setLocal(null);
      setSizeBytes(null);
      onChange({
        ref: creation.taskId,
        url: creation.url,
        durationS: meta.durationS,
        width: creation.width ?? meta.width,
        height: creation.height ?? meta.height,
        ...(creation.prompt ? { name: creation.prompt } : {}),
      });
    } catch {
      setProblem(t('input.loadFailed'));
    } finally {
      setBusy(null);
    }
  }

  function remove() {
    setLocal(null);
    setSizeBytes(null);
    setProblem(null);
    onChange(null);
  }

  const details = value
    ? sizeBytes !== null
      ? t('input.detailsSize', { duration: formatClock(value.durationS), width: value.width, height: value.height, size: (sizeBytes / 1024 / 1024).toFixed(1) })
      : t('input.details', { duration: formatClock(value.durationS), width: value.width, height: value.height })
    : '';

  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId} data-state={busy ?? (value ? 'ready' : 'empty')}>
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      {value ? (
        <div className="overflow-hidden rounded-xl border border-border bg-surface-2">
          <video
            src={value.url}
            controls
            preload="metadata"
            playsInline
            aria-label={t('input.preview')}
            className="mx-auto max-h-72 w-full bg-black object-contain"
            data-testid={tid('preview')}
            onError={() => setProblem(t('input.loadFailed'))}
          />
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-3 py-2 text-xs text-muted">
            <span className="tabular-nums" data-testid={tid('details')}>
              {details}
            </span>
            <div className="flex gap-1">
              {local && (
                <Button type="button" variant="ghost" size="sm" onClick={() => setTrimming(local)} data-testid={tid('trim')}>
                  <Scissors size={14} aria-hidden /> {t('input.trim')}
                </Button>
              )}
              <Button type="button" variant="ghost" size="sm" onClick={remove}>
                <X size={14} aria-hidden /> {t('input.remove')}
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <DropZone onFile={(file) => void choose(file)}>
          <Video className="text-muted" aria-hidden />
          {busy === 'reading' ? (
            <Spinner label={t('input.reading')} />
          ) : (
            <>
              <p className="text-sm text-muted">{t('input.drop')}</p>
              <div className="flex flex-wrap justify-center gap-2">
                <Button type="button" size="sm" onClick={() => fileRef.current?.click()} data-testid={tid('choose')}>
                  {t('input.choose')}
                </Button>
                <Button type="button" size="sm" variant="outline" onClick={() => setPickerOpen(true)}>
                  <FolderOpen size={14} aria-hidden /> {t('input.fromCreations')}
                </Button>
              </div>
              <p className="text-xs text-muted">{t('input.rule', { min: minS, max: maxS })}</p>
            </>
          )}
        </DropZone>
      )}
      <input
        ref={fileRef}
        type="file"
        accept="video/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('input.choose')}
        data-testid={tid('file')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void choose(file);
        }}
      />
      {hint && <p className="text-xs text-muted">{hint}</p>}
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      <TrimDialog
        file={trimming}
        minS={minS}
        maxS={maxS}
        onClose={() => setTrimming(null)}
        onUploaded={(next, bytes) => {
          const name = trimming?.name;
          setTrimming(null);
          setSizeBytes(bytes);
          setProblem(null);
          onChange(name ? { ...next, name } : next);
        }}
      />
      <CreationPicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        mediaType="video"
        description={t('picker.description')}
        empty={t('picker.empty')}
        onPick={(c) => void pick(c)}
      />
    </fieldset>
  );
}
