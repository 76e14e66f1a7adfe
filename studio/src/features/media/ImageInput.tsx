/**
 * One image input for every tool: drop or choose a file (uploaded with progress), pick one of
 * my creations, or paste an http(s) URL (the server imports it). The value is what the RPCs
 * accept as an image: our media URL or the pasted URL.
 */
import { parseImageRef } from '@tessera/shared/generation';
import { FolderOpen, ImagePlus, Link2, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { reactToError } from '../errors/errorReactions.ts';
import { ProgressBar } from '../generate/ProgressBar.tsx';
import { CreationPicker } from './CreationPicker.tsx';
import { DropZone } from './DropZone.tsx';
import { MAX_UPLOAD_BYTES, uploadMedia } from './uploadImage.ts';

export interface ImageValue {
  /** `/api/media/<key>` or an http(s) URL. */
  url: string;
  /** Known once the preview loaded (the mask painter and uncrop preview need them). */
  width?: number;
  height?: number;
}

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

export function ImageInput({
  label,
  value,
  onChange,
  testId,
  hint,
}: {
  label: string;
  value: ImageValue | null;
  onChange(value: ImageValue | null): void;
  testId?: string;
  hint?: string;
}) {
  const { t } = useTranslation('media');
  const fileRef = useRef<HTMLInputElement>(null);
  const urlId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [pasted, setPasted] = useState('');

  async function upload(file: File) {
    setProblem(null);
    if (!file.type.startsWith('image/')) return setProblem(t('input.notImage'));
    if (file.size > MAX_UPLOAD_BYTES) return setProblem(t('input.tooLarge', { mb: MAX_UPLOAD_BYTES / 1024 / 1024 }));
    setProgress(0);
    try {
      const media = await uploadMedia(file, { onProgress: setProgress });
      onChange({ url: media.url, width: media.width, height: media.height });
    } catch (error) {
      reactToError(error);
      setProblem(error instanceof Error && error.message ? error.message : t('input.failed'));
    } finally {
      setProgress(null);
    }
  }

  function applyPasted(e: { preventDefault(): void; stopPropagation(): void }) {
    e.preventDefault();
    e.stopPropagation();
    const url = pasted.trim();
    if (parseImageRef(url)?.kind !== 'url' && !url.startsWith('/api/media/')) return setProblem(t('input.badUrl'));
    setProblem(null);
    setPasted('');
    onChange({ url });
  }

  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId}>
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      {value ? (
        <div className="relative overflow-hidden rounded-xl border border-border bg-surface-2">
          <img
            src={value.url}
            alt={t('input.preview')}
            className="mx-auto max-h-72 object-contain"
            data-testid={testId ? `${testId}-preview` : undefined}
            onLoad={(e) => {
              const img = e.currentTarget;
              if (value.width !== img.naturalWidth || value.height !== img.naturalHeight)
                onChange({ ...value, width: img.naturalWidth, height: img.naturalHeight });
            }}
            onError={() => setProblem(t('input.loadFailed'))}
          />
          <div className="flex items-center justify-between gap-2 border-t border-border px-3 py-2 text-xs text-muted">
            <span className="tabular-nums">{value.width && value.height ? `${value.width} × ${value.height}` : ' '}</span>
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
              <X size={14} aria-hidden /> {t('input.remove')}
            </Button>
          </div>
        </div>
      ) : (
        <DropZone onFile={(file) => void upload(file)}>
          <ImagePlus className="text-muted" aria-hidden />
          {progress !== null ? (
            <ProgressBar value={progress * 100} label={t('input.uploading')} />
          ) : (
            <>
              <p className="text-sm text-muted">{t('input.drop')}</p>
              <div className="flex flex-wrap justify-center gap-2">
                <Button type="button" size="sm" onClick={() => fileRef.current?.click()} data-testid={testId ? `${testId}-upload` : undefined}>
                  {t('input.upload')}
                </Button>
                <Button type="button" size="sm" variant="outline" onClick={() => setPickerOpen(true)}>
                  <FolderOpen size={14} aria-hidden /> {t('input.fromCreations')}
                </Button>
              </div>
            </>
          )}
          <input
            ref={fileRef}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={t('input.upload')}
            data-testid={testId ? `${testId}-file` : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
          <div className="flex w-full max-w-md items-center gap-2">
            <label htmlFor={urlId} className="sr-only">
              {t('input.urlLabel')}
            </label>
            <Link2 size={16} className="shrink-0 text-muted" aria-hidden />
            <Input
              id={urlId}
              type="url"
              inputMode="url"
              placeholder={t('input.urlPlaceholder')}
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') applyPasted(e);
              }}
              className="h-9"
            />
            <Button type="button" size="sm" variant="secondary" onClick={applyPasted} disabled={!pasted.trim()}>
              {t('input.useUrl')}
            </Button>
          </div>
        </DropZone>
      )}
      {hint && <p className="text-xs text-muted">{hint}</p>}
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      <CreationPicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        onPick={(c) => {
          setPickerOpen(false);
          setProblem(null);
          onChange({ url: c.url, ...(c.width ? { width: c.width } : {}), ...(c.height ? { height: c.height } : {}) });
        }}
      />
    </fieldset>
  );
}
