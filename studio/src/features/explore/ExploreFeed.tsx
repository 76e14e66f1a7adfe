/** The public feed's loading, error and empty states (PublicFeed renders the cards). */
import { AlertTriangle, ImageIcon, Sparkles, Wand2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../landing/landingUi.tsx';

export type FeedState = { status: 'loading' } | { status: 'error'; retry(): void } | { status: 'empty'; text?: string };

export function ExploreFeed({ state }: { state: FeedState }) {
  const { t } = useTranslation('explore');
  const to = useLocalizedPath();
  if (state.status === 'loading') return <FeedSkeleton label={t('loading')} />;
  if (state.status === 'error') {
    return (
      <EmptyState icon={AlertTriangle} title={t('error.title')} text={t('error.text')} testId="explore-error">
        <Button onClick={state.retry}>{t('error.retry')}</Button>
      </EmptyState>
    );
  }
  const text: ReactNode = state.text ? (
    <>
      <p>{state.text}</p>
      <p className="mt-2">{t('empty.text')}</p>
    </>
  ) : (
    t('empty.text')
  );
  return (
    <EmptyState icon={ImageIcon} title={t('empty.title')} text={text} testId="explore-empty">
      <Button asChild size="lg">
        <Link to={to('/app/ai-image')}>
          <Sparkles size={16} aria-hidden /> {t('empty.create')}
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={to('/app/ai-tools')}>
          <Wand2 size={16} aria-hidden /> {t('empty.tools')}
        </Link>
      </Button>
    </EmptyState>
  );
}

/** Masonry-like placeholder tiles while the feed loads. */
export function FeedSkeleton({ label }: { label: string }) {
  const heights = ['h-56', 'h-72', 'h-48', 'h-64', 'h-80', 'h-52', 'h-60', 'h-72'];
  return (
    <div role="status" aria-label={label} aria-busy data-testid="explore-loading">
      <ul className="columns-2 gap-4 sm:columns-3 lg:columns-4" aria-hidden>
        {heights.map((h, i) => (
          <li key={i} className={`mb-4 break-inside-avoid animate-pulse rounded-[var(--radius-card)] bg-surface ${h}`} />
        ))}
      </ul>
    </div>
  );
}
