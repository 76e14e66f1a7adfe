/**
 * The showcase on an Explore with nothing published yet (issue 22): one sample per creation kind
 * and tool, each marked as a sample, with its prompt and a link to the form that makes it. Samples
 * are not community content: nothing to like, report or open as a post.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { CREATION_ENTRIES } from './creationCatalog.ts';
import { SampleFigure } from './SampleMedia.tsx';
import { sample } from './samples.ts';

export function SampleShowcase({ media }: { media: 'all' | 'image' | 'video' }) {
  const { t } = useTranslation(['explore', 'common']);
  const to = useLocalizedPath();
  const entries = CREATION_ENTRIES.filter((entry) => media === 'all' || sample(entry.id).media === media);
  return (
    <section aria-labelledby="sample-showcase-title" className="mt-10" data-testid="sample-showcase">
      <h2 id="sample-showcase-title" className="text-xl font-semibold">
        {t('samples.title')}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-muted">{t('samples.text')}</p>
      <ul className="mt-6 columns-1 gap-4 sm:columns-2 lg:columns-3 xl:columns-4">
        {entries.map((entry) => (
          <li key={entry.id} className="mb-4 break-inside-avoid rounded-[var(--radius-card)] border border-border bg-surface p-3">
            <SampleFigure id={entry.id} />
            <div className="mt-2 flex items-center justify-between gap-2">
              <h3 className="min-w-0 truncate text-sm font-medium">{t(`common:nav.${entry.id}`)}</h3>
              <Link to={to(entry.path)} className="shrink-0 text-sm text-accent-fg hover:underline">
                {t('common:showcase.try')}
                {/* Heard, not seen: which form the link opens. */}
                <span className="sr-only">: {t(`common:nav.${entry.id}`)}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
