/**
 * /content/:id: one creation on its own page. The only read the server offers is
 * `creation.get`, which answers for the caller's own creations; anything else (deleted, someone
 * else's, signed out) is "not available". Publishing to the public feed is another issue's.
 */
import { type CreationDto, zCreationId } from '@tessera/shared/creations';
import { getLanguage } from '@tessera/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { AlertTriangle, ArrowLeft, Download, EyeOff, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useLanguage, useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { useViewer } from '../features/auth/useViewer.ts';
import { EngineNote } from '../features/generate/EngineNote.tsx';
import { withPrompt } from '../features/landing/landingCatalog.ts';
import { EmptyState } from '../features/landing/landingUi.tsx';
import { usePopupStore } from '../features/popups/popupStore.ts';
import { useTRPC } from '../lib/trpc.ts';

/** 4xx answers (not found, not yours, signed out) will not change on retry: the content is unavailable. */
function isUnavailable(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return Boolean(status && status >= 400 && status < 500);
}

export function ContentPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('pages');
  const trpc = useTRPC();
  const viewer = useViewer();
  const validId = zCreationId.safeParse({ id }).success;
  const hasSession = viewer.status === 'anonymous' || viewer.status === 'signedIn';
  const query = useQuery({ ...trpc.creation.get.queryOptions({ id }), enabled: validId && hasSession, meta: { skipError: true } });

  const shell = (children: ReactNode) => (
    <main className="mx-auto max-w-6xl px-4 py-10" data-testid="page-content">
      {/* The creation view replaces this with its prompt. */}
      {!query.data && <meta name="description" content={t('content.meta.description')} />}
      <BackLink />
      {children}
    </main>
  );

  if (!validId || viewer.status === 'unauthenticated') return shell(<Unavailable signedOut={validId && viewer.status === 'unauthenticated'} />);
  if (viewer.status === 'loading' || query.isPending) {
    return shell(
      <>
        <title>{t('content.meta.fallbackTitle')}</title>
        <h1 className="sr-only">{t('content.loading')}</h1>
        <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" role="status" aria-label={t('content.loading')} aria-busy data-testid="content-loading">
          <div className="aspect-square animate-pulse rounded-[var(--radius-card)] bg-surface" />
          <div className="flex flex-col gap-3">
            <div className="h-8 w-2/3 animate-pulse rounded-lg bg-surface" />
            <div className="h-24 animate-pulse rounded-lg bg-surface" />
            <div className="h-10 w-1/2 animate-pulse rounded-lg bg-surface" />
          </div>
        </div>
      </>,
    );
  }
  if (query.isError) {
    if (isUnavailable(query.error)) return shell(<Unavailable signedOut={false} />);
    return shell(
      <>
        <title>{t('content.meta.fallbackTitle')}</title>
        <h1 className="mt-6 mb-6 text-3xl font-bold">{t('content.error.title')}</h1>
        <EmptyState icon={AlertTriangle} title={t('content.error.title')} text={t('content.error.text')} testId="content-error">
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('content.error.retry')}
          </Button>
        </EmptyState>
      </>,
    );
  }
  return shell(<CreationView creation={query.data} />);
}

function BackLink() {
  const { t } = useTranslation('pages');
  const to = useLocalizedPath();
  return (
    <Link to={to('/explore')} className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-fg">
      <ArrowLeft size={14} aria-hidden className="rtl:rotate-180" /> {t('content.back')}
    </Link>
  );
}

function Unavailable({ signedOut }: { signedOut: boolean }) {
  const { t } = useTranslation('pages');
  const to = useLocalizedPath();
  const { pathname } = useLocation();
  const open = usePopupStore((s) => s.open);
  return (
    <>
      <title>{t('content.unavailable.metaTitle')}</title>
      <h1 className="mt-6 mb-6 text-3xl font-bold">{t('content.unavailable.title')}</h1>
      <EmptyState
        icon={EyeOff}
        title={t('content.unavailable.title')}
        text={signedOut ? `${t('content.unavailable.text')} ${t('content.unavailable.signedOut')}` : t('content.unavailable.text')}
        testId="content-unavailable"
      >
        <Button asChild size="lg">
          <Link to={to('/explore')}>
            <ArrowLeft size={16} aria-hidden className="rtl:rotate-180" /> {t('content.back')}
          </Link>
        </Button>
        {signedOut && (
          <Button size="lg" variant="outline" onClick={() => open('logIn', { callbackUrl: pathname })}>
            {t('content.unavailable.logIn')}
          </Button>
        )}
      </EmptyState>
    </>
  );
}

function CreationView({ creation }: { creation: CreationDto }) {
  const { t } = useTranslation('pages');
  const to = useLocalizedPath();
  const lang = useLanguage();
  const kind = t(`common:kinds.${creation.kind}`, { defaultValue: creation.kind });
  const created = new Intl.DateTimeFormat(getLanguage(lang).bcp47, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(creation.createdAt));
  const alt = creation.prompt ?? t('content.alt', { kind });

  return (
    <>
      <title>{t('content.meta.title', { kind })}</title>
      <meta name="description" content={creation.prompt ?? t('content.meta.description')} />
      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" data-testid="content-view">
        <div className="flex items-center justify-center overflow-hidden rounded-[var(--radius-card)] border border-border bg-[conic-gradient(#2a2a3c_25%,#1c1c2a_0_50%,#2a2a3c_0_75%,#1c1c2a_0)] bg-[length:24px_24px]">
          {creation.mediaType === 'video' ? (
            <video src={creation.url} controls className="max-h-[75vh] w-full" aria-label={alt} />
          ) : creation.mediaType === 'audio' ? (
            <audio src={creation.url} controls className="m-8 w-full" aria-label={alt} />
          ) : (
            <img
              src={creation.url}
              alt={alt}
              width={creation.width ?? undefined}
              height={creation.height ?? undefined}
              className="h-auto max-h-[75vh] w-auto max-w-full"
            />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <h1 className="text-2xl font-bold sm:text-3xl">{kind}</h1>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            {creation.prompt && (
              <>
                <dt className="text-muted">{t('content.prompt')}</dt>
                <dd className="break-words whitespace-pre-wrap">{creation.prompt}</dd>
              </>
            )}
            <dt className="text-muted">{t('content.kind')}</dt>
            <dd>{kind}</dd>
            <dt className="text-muted">{t('content.created')}</dt>
            <dd>
              <time dateTime={creation.createdAt}>{created}</time>
            </dd>
            {creation.width && creation.height && (
              <>
                <dt className="text-muted">{t('content.size')}</dt>
                <dd className="tabular-nums">{t('content.sizeValue', { width: creation.width, height: creation.height })}</dd>
              </>
            )}
          </dl>
          <EngineNote engine={creation.engine} />
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <a href={creation.downloadUrl} download data-testid="content-download">
                <Download size={16} aria-hidden /> {t('content.download')}
              </a>
            </Button>
            {creation.prompt && (
              <Button asChild variant="outline">
                <Link to={to(withPrompt('/app/ai-image', creation.prompt))} data-testid="content-similar">
                  <Sparkles size={16} aria-hidden /> {t('content.similar')}
                </Link>
              </Button>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
