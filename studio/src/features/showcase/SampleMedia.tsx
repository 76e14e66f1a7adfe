/**
 * A showcase sample as the studio shows it: the picture or clip, marked "Sample" (visibly, and in
 * its accessible name) with the prompt it was made from, so nobody takes it for their own work or
 * for published work of the community.
 */
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { sample, type SampleId } from './samples.ts';

export function SampleBadge({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <span className={cn('rounded-full bg-black/70 px-2 py-0.5 text-xs font-medium text-white backdrop-blur', className)} data-testid="sample-badge">
      {t('showcase.badge')}
    </span>
  );
}

/**
 * The sample's still (a clip's poster), lazily loaded: for cards and thumbnails. `decorative` when
 * a SampleBadge next to it already says "Sample" to everyone.
 */
export function SampleThumb({ id, className, decorative }: { id: SampleId; className?: string; decorative?: boolean }) {
  const { t } = useTranslation('common');
  const s = sample(id);
  return <img src={s.poster} alt={decorative ? '' : t('showcase.alt', { name: t(`nav.${id}`) })} loading="lazy" decoding="async" width={s.width} height={s.height} className={cn('object-cover', className)} />;
}

/** The sample itself (named by its entry's `nav.<id>`) (a clip plays with its controls), its badge and its prompt. */
export function SampleFigure({ id, className, mediaClassName }: { id: SampleId; className?: string; mediaClassName?: string }) {
  const { t } = useTranslation('common');
  const s = sample(id);
  const alt = t('showcase.alt', { name: t(`nav.${id}`) });
  return (
    <figure className={cn('flex min-w-0 flex-col gap-2', className)} data-testid="sample" data-sample={id}>
      <div className="relative overflow-hidden rounded-xl bg-black/40">
        {s.media === 'video' ? (
          <video
            src={s.url}
            poster={s.poster}
            controls
            muted
            loop
            playsInline
            preload="none"
            aria-label={alt}
            width={s.width}
            height={s.height}
            className={cn('mx-auto block h-auto max-h-[50vh] w-auto max-w-full', mediaClassName)}
          />
        ) : (
          <img src={s.url} alt={alt} loading="lazy" decoding="async" width={s.width} height={s.height} className={cn('mx-auto block h-auto max-h-[50vh] w-auto max-w-full', mediaClassName)} />
        )}
        <SampleBadge className="pointer-events-none absolute start-2 top-2" />
      </div>
      <figcaption className="text-xs text-muted">{s.prompt ? t('showcase.prompt', { prompt: s.prompt }) : t('showcase.madeBy')}</figcaption>
    </figure>
  );
}
