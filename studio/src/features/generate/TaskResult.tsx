/** The result area of a generation page: empty, live progress, the result, or the failure. */
import { Download, FolderOpen, ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { UseInToolMenu } from '../tools/UseInToolMenu.tsx';
import { EngineNote } from './EngineNote.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import type { GenerationTask } from './useGenerationTask.ts';

export function TaskResult({ gen, empty, alt, currentTool }: { gen: GenerationTask; empty: string; alt: string; currentTool?: string }) {
  const { t } = useTranslation('media');
  const to = useLocalizedPath();
  const { output, creation } = gen;
  return (
    <section
      aria-live="polite"
      aria-label={t('result.label')}
      className="flex min-h-80 flex-col items-center justify-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-6"
    >
      {output ? (
        <>
          {/* Checkerboard behind the image: transparent results (background remover) stay readable. */}
          <div className="max-w-full rounded-xl bg-[conic-gradient(#2a2a3c_25%,#1c1c2a_0_50%,#2a2a3c_0_75%,#1c1c2a_0)] bg-[length:24px_24px]">
            <img src={output.url} alt={alt} className="max-h-[60vh] rounded-xl" data-testid="result-image" />
          </div>
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
            <UseInToolMenu imageUrl={creation?.url ?? output.url} exclude={currentTool} />
            <Button asChild variant="ghost" size="sm">
              <Link to={to('/app/my-creations')}>
                <FolderOpen size={14} aria-hidden /> {t('result.myCreations')}
              </Link>
            </Button>
          </div>
          {creation && <EngineNote engine={creation.engine} />}
        </>
      ) : gen.running ? (
        <ProgressBar value={gen.progress} label={t(`stage.${gen.stage}`, { defaultValue: t('stage.working') })} />
      ) : gen.error ? (
        <p role="alert" className="text-danger" data-testid="result-error">
          {gen.status === 'canceled' ? t('result.canceled') : gen.error || t('result.failed')}
        </p>
      ) : (
        <div className="flex flex-col items-center gap-2 text-center text-muted">
          <ImageIcon aria-hidden />
          <p>{empty}</p>
        </div>
      )}
    </section>
  );
}
