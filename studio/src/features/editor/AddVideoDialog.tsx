/**
 * "Add a video": the shared VideoInput — a local file, trimmed in the browser with ffmpeg.wasm
 * so that only the chosen part is uploaded, or one of my video creations — then "Add to
 * timeline" appends it to the video track. The choice is confirmed with a button rather than
 * taken at once, because a file that already keeps the rule is uploaded whole and the user may
 * still trim it. §5's 3–30 s general upload rule (VideoInput's default) applies to the trimmed result.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { VideoInput, type VideoValue } from '../video-input/VideoInput.tsx';
import { useTimelineActions } from './useTimelineActions.ts';

export function AddVideoDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('editor');
  const { addMedia } = useTimelineActions();
  const [value, setValue] = useState<VideoValue | null>(null);
  const close = (next: boolean) => {
    if (!next) setValue(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close} title={t('addVideo.title')} className="sm:max-w-2xl">
      {open && (
        <div className="flex flex-col gap-4">
          <VideoInput label={t('addVideo.label')} hint={t('addVideo.hint')} value={value} onChange={setValue} testId="editor-video-input" />
          <Button
            disabled={!value}
            onClick={() => {
              if (!value) return;
              void addMedia([{ src: value.url, mediaType: 'video', durationS: value.durationS, ...(value.name ? { name: value.name } : {}) }]);
              close(false);
            }}
            data-testid="editor-add-video-confirm"
          >
            {t('addVideo.confirm')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
