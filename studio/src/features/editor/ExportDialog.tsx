/**
 * Export: the current timeline snapshot goes to `videoEdit.createVideoEdit` with the chosen
 * resolution and aspect ratio; the button shows the price (costOf('video_edit', …), the same
 * function the server charges with). Progress is pushed live over the socket; when the task
 * succeeds the MP4 creation can be played here and downloaded.
 */
import { costOf } from '@tessera/shared/credits/costs';
import { zVideoEditInput } from '@tessera/shared/generation';
import { VIDEO_ASPECT_RATIOS, VIDEO_RESOLUTIONS } from '@tessera/shared/generation/video';
import { videoClips } from '@tessera/shared/timeline';
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { ProgressBar } from '../generate/ProgressBar.tsx';
import { useGenerationTask } from '../generate/useGenerationTask.ts';
import { useEditor } from './editorContext.ts';
import { clipTitle } from './timelineMath.ts';
import { useTimeline } from './useTimeline.ts';

const FIELD = 'h-9 rounded-md border border-border bg-surface-2 px-2 text-sm';

export function ExportDialog({ open, onOpenChange, aspect, onAspect }: { open: boolean; onOpenChange(open: boolean): void; aspect: string; onAspect(a: string): void }) {
  const { t } = useTranslation('editor');
  const trpc = useTRPC();
  const { session, projectId, readOnly } = useEditor();
  const timeline = useTimeline(session);
  const [resolution, setResolution] = useState<(typeof VIDEO_RESOLUTIONS)[number]>('720p');
  const task = useGenerationTask();
  const create = useMutation(trpc.videoEdit.createVideoEdit.mutationOptions({ onSuccess: ({ id }) => task.follow(id) }));
  const parsed = zVideoEditInput.safeParse({ timeline, resolution, aspectRatio: aspect, projectId });
  const cost = parsed.success ? costOf('video_edit', parsed.data) : null;
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const busy = create.isPending || task.running;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('export.title')} className="sm:max-w-lg">
      <div className="flex flex-col gap-4" data-testid="editor-export">
        <div className="flex flex-wrap gap-3">
          <label className="flex flex-col gap-1 text-xs text-muted">
            {t('export.resolution')}
            <select className={FIELD} value={resolution} disabled={busy} onChange={(e) => setResolution(e.target.value as typeof resolution)} data-testid="editor-export-resolution">
              {VIDEO_RESOLUTIONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-xs text-muted">
            {t('export.aspect')}
            <select className={FIELD} value={aspect} disabled={busy} onChange={(e) => onAspect(e.target.value)} data-testid="editor-export-aspect">
              {VIDEO_ASPECT_RATIOS.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </label>
        </div>
        {videoClips(timeline).length > 0 && (
          <p className="line-clamp-3 text-sm text-muted" data-testid="editor-export-clips">
            {t('export.clips', { names: videoClips(timeline).map((clip) => clipTitle(clip, t)).join(' · ') })}
          </p>
        )}
        {problem && (
          <p className="text-sm text-danger" data-testid="editor-export-problem">
            {problem}
          </p>
        )}
        <Button
          disabled={readOnly || !parsed.success || busy}
          loading={busy}
          onClick={() => parsed.success && create.mutate(parsed.data)}
          data-testid="editor-export-start"
        >
          {cost === null ? t('export.start') : t('export.startWithCost', { count: cost })}
        </Button>
        {task.taskId && task.running && <ProgressBar value={task.progress} label={t('export.progress')} />}
        {task.error && (
          <p className="text-sm text-danger" data-testid="editor-export-error">
            {task.error}
          </p>
        )}
        {task.output && (
          <div className="flex flex-col gap-2" data-testid="editor-export-done">
            <video src={task.output.url} controls className="w-full rounded-md bg-black" data-testid="editor-export-video" />
            <Button variant="outline" asChild>
              <a href={task.output.url} download="timeline.mp4" data-testid="editor-export-download">
                <Download size={16} aria-hidden /> {t('export.download')}
              </a>
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
