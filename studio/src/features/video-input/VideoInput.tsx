/**
 * One video input for every video form and the timeline editor. PLACEHOLDER being replaced by the
 * trim helper: choose a local video, trim it in the browser with ffmpeg.wasm, upload only the
 * trimmed file; or pick one of my video creations.
 */
import { useTranslation } from 'react-i18next';

export interface VideoValue {
  /** What the RPCs accept as a video: `/api/media/<key>` of an upload, or a video task's id. */
  ref: string;
  /** Where the browser can play it (`/api/media/<key>`). */
  url: string;
  durationS: number;
  width: number;
  height: number;
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

export function VideoInput({ label, testId }: VideoInputProps) {
  const { t } = useTranslation('media');
  return (
    <fieldset data-testid={testId}>
      <legend>{label}</legend>
      <p>{t('input.drop')}</p>
    </fieldset>
  );
}
