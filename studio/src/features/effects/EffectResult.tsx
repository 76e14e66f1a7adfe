/**
 * The result area of an effect page. Image results are the tools' result area (download, use in a
 * tool, My creations); a video result gets a player with controls and the same download and My
 * creations links.
 */
import { Download, FolderOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { EngineNote } from '../generate/EngineNote.tsx';
import { TaskResult } from '../generate/TaskResult.tsx';
import type { GenerationTask } from '../generate/useGenerationTask.ts';

export function EffectResult({ gen, empty, alt }: { gen: GenerationTask; empty: string; alt: string }) {
  const { t } = useTranslation('media');
  const to = useLocalizedPath();
  const { output, creation } = gen;
  if (output?.mediaType !== 'video') return <TaskResult gen={gen} empty={empty} alt={alt} />;
  return (
    <section
      aria-live="polite"
      aria-label={t('result.label')}
      className="flex min-h-80 flex-col items-center justify-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-6"
    >
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
        <Button asChild variant="ghost" size="sm">
          <Link to={to('/app/my-creations')}>
            <FolderOpen size={14} aria-hidden /> {t('result.myCreations')}
          </Link>
        </Button>
      </div>
      {creation && <EngineNote engine={creation.engine} />}
    </section>
  );
}
