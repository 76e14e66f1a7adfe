/**
 * The result area of a generation page: empty, live progress, the result (an image, or a video
 * in a player with controls), or the failure.
 */
import { Download, FolderOpen, ImageIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { SampleFigure } from '../showcase/SampleMedia.tsx';
import type { SampleId } from '../showcase/samples.ts';
import { UseInToolMenu, VideoUseInMenu } from '../tools/UseInToolMenu.tsx';
import { EngineNote } from './EngineNote.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import type { GenerationTask } from './useGenerationTask.ts';

export function TaskResult({
  gen,
  empty,
  alt,
  currentTool,
  emptyIcon: EmptyIcon = ImageIcon,
  sample,
}: {
  gen: GenerationTask;
  empty: string;
  alt: string;
  currentTool?: string;
  /** What the empty state shows (a video page shows a film icon). */
  emptyIcon?: LucideIcon;
  /** What this form makes, shown (marked as a sample) until the first result (issue 22). */
  sample?: SampleId | undefined;
}) {
  const { t } = useTranslation('media');
  const { output, creation } = gen;
  return (
    <section
      aria-live="polite"
      aria-label={t('result.label')}
      className="flex min-h-80 flex-col items-center justify-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-6"
    >
      {output?.mediaType === 'video' ? (
        <>
          <video
            src={output.url}
            controls
            playsInline
            loop
            preload="auto"
            aria-label={alt}
            className="max-h-[60vh] max-w-full rounded-xl bg-black"
            data-testid="result-video"
          />
          <ResultActions gen={gen}>{gen.taskId && <VideoUseInMenu taskId={gen.taskId} exclude={currentTool} />}</ResultActions>
        </>
      ) : output ? (
        <>
          {/* Checkerboard behind the image: transparent results (background remover) stay readable. */}
          <div className="max-w-full rounded-xl bg-[conic-gradient(#2a2a3c_25%,#1c1c2a_0_50%,#2a2a3c_0_75%,#1c1c2a_0)] bg-[length:24px_24px]">
            <img src={output.url} alt={alt} className="max-h-[60vh] rounded-xl" data-testid="result-image" />
          </div>
          <ResultActions gen={gen}>
            <UseInToolMenu imageUrl={creation?.url ?? output.url} exclude={currentTool} />
          </ResultActions>
        </>
      ) : gen.running ? (
        <ProgressBar value={gen.progress} label={t(`stage.${gen.stage}`, { defaultValue: t('stage.working') })} />
      ) : gen.error ? (
        <p role="alert" className="text-danger" data-testid="result-error">
          {gen.status === 'canceled' ? t('result.canceled') : gen.error || t('result.failed')}
        </p>
      ) : (
        <div className="flex min-w-0 max-w-full flex-col items-center gap-2 text-center text-muted">
          {sample ? <SampleFigure id={sample} /> : <EmptyIcon aria-hidden />}
          <p>{empty}</p>
        </div>
      )}
    </section>
  );
}

/** Size, download, My creations (and `children`, e.g. "use in a tool") and the engine note under a result. */
function ResultActions({ gen, children }: { gen: GenerationTask; children?: ReactNode }) {
  const { t } = useTranslation('media');
  const to = useLocalizedPath();
  const { output, creation } = gen;
  if (!output) return null;
  return (
    <>
      {output.width && output.height && (
        <p className="text-xs tabular-nums text-muted" data-testid="result-size">
          {output.width} × {output.height}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={creation?.downloadUrl ?? output.url} download data-testid="download">
            <Download size={14} aria-hidden /> {t('result.download')}
          </a>
        </Button>
        {children}
        <Button asChild variant="ghost" size="sm">
          <Link to={to('/app/my-creations')}>
            <FolderOpen size={14} aria-hidden /> {t('result.myCreations')}
          </Link>
        </Button>
      </div>
      {creation && <EngineNote engine={creation.engine} />}
    </>
  );
}
