/** /author/:id: a creator's profile (name, picture, counts) and the work they published, newest or trending first. */
import type { AuthorProfileDto } from '@tessera/shared/feed';
import { getLanguage } from '@tessera/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { AlertTriangle, ArrowLeft, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLanguage, useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { AuthorAvatar } from '../features/explore/AuthorAvatar.tsx';
import { parseSort } from '../features/explore/feedParams.ts';
import { PublicFeed } from '../features/explore/PublicFeed.tsx';
import { SortSwitch } from '../features/explore/SortSwitch.tsx';
import { EmptyState } from '../features/landing/landingUi.tsx';
import { useTRPC } from '../lib/trpc.ts';

function isMissing(error: unknown): boolean {
  const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  return Boolean(status && status >= 400 && status < 500);
}

export function AuthorPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('explore');
  const trpc = useTRPC();
  const to = useLocalizedPath();
  const profile = useQuery({ ...trpc.feed.author.queryOptions({ id }), enabled: Boolean(id), meta: { skipError: true } });

  let body;
  if (profile.isPending) {
    body = (
      <>
        <h1 className="sr-only">{t('author.loading')}</h1>
        <div className="mt-6 flex items-center gap-4" role="status" aria-label={t('author.loading')} aria-busy data-testid="author-loading">
          <div className="h-16 w-16 animate-pulse rounded-full bg-surface" />
          <div className="flex flex-col gap-2">
            <div className="h-8 w-48 animate-pulse rounded-lg bg-surface" />
            <div className="h-4 w-64 animate-pulse rounded-lg bg-surface" />
          </div>
        </div>
      </>
    );
  } else if (profile.isError) {
    const missing = isMissing(profile.error);
    body = (
      <>
        <h1 className="mt-6 mb-6 text-3xl font-bold">{missing ? t('author.missingTitle') : t('author.errorTitle')}</h1>
        {missing ? (
          <EmptyState icon={UserX} title={t('author.missingTitle')} text={t('author.missingText')} testId="author-missing">
            <Button asChild>
              <Link to={to('/explore')}>{t('author.back')}</Link>
            </Button>
          </EmptyState>
        ) : (
          <EmptyState icon={AlertTriangle} title={t('author.errorTitle')} text={t('error.text')} testId="author-error">
            <Button onClick={() => void profile.refetch()} loading={profile.isFetching}>
              {t('error.retry')}
            </Button>
          </EmptyState>
        )}
      </>
    );
  } else {
    body = <AuthorView author={profile.data} />;
  }

  return (
    <main className="mx-auto max-w-7xl px-4 py-10" data-testid="page-author">
      <title>{profile.data ? t('author.metaTitle', { name: profile.data.name }) : t('author.fallbackTitle')}</title>
      <meta name="description" content={t('author.description')} />
      <Link to={to('/explore')} className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-fg">
        <ArrowLeft size={14} aria-hidden className="rtl:rotate-180" /> {t('author.back')}
      </Link>
      {body}
    </main>
  );
}

function AuthorView({ author }: { author: AuthorProfileDto }) {
  const { t } = useTranslation('explore');
  const lang = useLanguage();
  const [search] = useSearchParams();
  const sort = parseSort(search.get('sort'), 'author');
  const bcp47 = getLanguage(lang).bcp47;
  const joined = new Intl.DateTimeFormat(bcp47, { year: 'numeric', month: 'long' }).format(new Date(author.joinedAt));
  const number = new Intl.NumberFormat(bcp47);
  const input = { sort, authorId: author.id };

  return (
    <>
      <header className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center" data-testid="author-header">
        <AuthorAvatar author={author} size="lg" />
        <div className="min-w-0">
          <h1 className="text-3xl font-bold break-words" data-testid="author-name">
            {author.name}
          </h1>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
            <li data-testid="author-published" data-count={author.publishedCount}>
              {t('author.published', { count: author.publishedCount, formatted: number.format(author.publishedCount) })}
            </li>
            <li data-testid="author-likes" data-count={author.likeCount}>
              {t('author.likes', { count: author.likeCount, formatted: number.format(author.likeCount) })}
            </li>
            <li>{t('author.joined', { date: joined })}</li>
          </ul>
        </div>
      </header>
      <div className="mt-8 mb-6 flex items-center justify-between gap-4">
        <h2 className="text-xl font-semibold">{t('author.work')}</h2>
        <SortSwitch sort={sort} view="author" />
      </div>
      <PublicFeed key={`author|${author.id}|${sort}`} input={input} feedName="author" emptyText={t('author.empty', { name: author.name })} />
    </>
  );
}
