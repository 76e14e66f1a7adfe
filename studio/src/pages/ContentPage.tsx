/**
 * /content/:id: one published piece (feed.get). Anyone can open public and unlisted work; the
 * author also sees their own work after unpublishing it. Copy-protected work (§6) shows no
 * prompt, download or remix to others. Opening it counts a view once; likes are optimistic.
 */
import type { ContentDetail } from '@tessera/shared/feed';
import { getLanguage } from '@tessera/shared/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { AlertTriangle, ArrowLeft, Download, Eye, EyeOff, Flag, Heart, Lock, Repeat2, Send, Share2, Undo2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useLanguage, useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { useViewer } from '../features/auth/useViewer.ts';
import { AuthorAvatar } from '../features/explore/AuthorAvatar.tsx';
import { contentFields } from '../features/explore/FeedCard.tsx';
import { remixPath } from '../features/explore/remixPath.ts';
import { useContentLike } from '../features/explore/useContentLike.ts';
import { EmptyState } from '../features/landing/landingUi.tsx';
import { usePopupStore } from '../features/popups/popupStore.ts';
import { track } from '../lib/analytics/tracker.ts';
import { toast } from '../lib/toast.tsx';
import { useTRPC } from '../lib/trpc.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 4xx answers (not found, not published) will not change on retry: the content is unavailable. */
function isUnavailable(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return Boolean(status && status >= 400 && status < 500);
}

export function ContentPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['explore', 'pages']);
  const trpc = useTRPC();
  const viewer = useViewer();
  const validId = UUID.test(id);
  // Wait for the session: whether the viewer liked, reported or wrote it depends on who they are.
  const query = useQuery({ ...trpc.feed.get.queryOptions({ id }), enabled: validId && viewer.status !== 'loading', meta: { skipError: true } });

  const shell = (children: ReactNode) => (
    <main className="mx-auto max-w-6xl px-4 py-10" data-testid="page-content">
      {/* The content view replaces this with its own. */}
      {!query.data && <meta name="description" content={t('pages:content.meta.description')} />}
      <BackLink />
      {children}
    </main>
  );

  if (!validId) return shell(<Unavailable signedOut={false} />);
  if (query.isPending) {
    return shell(
      <>
        <title>{t('pages:content.meta.fallbackTitle')}</title>
        <h1 className="sr-only">{t('pages:content.loading')}</h1>
        <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" role="status" aria-label={t('pages:content.loading')} aria-busy data-testid="content-loading">
          <div className="aspect-square animate-pulse rounded-[var(--radius-card)] bg-surface" />
          <div className="flex flex-col gap-3">
            <div className="h-8 w-2/3 animate-pulse rounded-lg bg-surface" />
            <div className="h-6 w-1/3 animate-pulse rounded-lg bg-surface" />
            <div className="h-24 animate-pulse rounded-lg bg-surface" />
            <div className="h-10 w-1/2 animate-pulse rounded-lg bg-surface" />
          </div>
        </div>
      </>,
    );
  }
  if (query.isError) {
    if (isUnavailable(query.error)) return shell(<Unavailable signedOut={viewer.status !== 'signedIn'} />);
    return shell(
      <>
        <title>{t('pages:content.meta.fallbackTitle')}</title>
        <h1 className="mt-6 mb-6 text-3xl font-bold">{t('pages:content.error.title')}</h1>
        <EmptyState icon={AlertTriangle} title={t('pages:content.error.title')} text={t('pages:content.error.text')} testId="content-error">
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('pages:content.error.retry')}
          </Button>
        </EmptyState>
      </>,
    );
  }
  return shell(<ContentView key={query.data.id} content={query.data} />);
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

/**
 * Counts one view per opened item (feed.view, which needs a session: a first visit waits for its
 * anonymous one) and sends the §3 content exposure.
 */
function useCountView(content: ContentDetail, hasSession: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const view = useMutation(trpc.feed.view.mutationOptions({ meta: { skipError: true } }));
  const counted = useRef<string | null>(null);
  const { id } = content;
  const fields = contentFields(content);
  const latestFields = useRef(fields);
  useEffect(() => {
    latestFields.current = fields;
  });
  const { mutate } = view;
  useEffect(() => {
    // Once per id, also under StrictMode's double effects: the ref outlives them.
    if (!hasSession || counted.current === id) return;
    counted.current = id;
    track('content', { action: 'expose', ...latestFields.current });
    mutate(
      { id },
      { onSuccess: ({ viewCount }) => queryClient.setQueryData(trpc.feed.get.queryKey({ id }), (old) => old && { ...old, viewCount }) },
    );
  }, [id, hasSession, mutate, queryClient, trpc]);
}

function ContentView({ content }: { content: ContentDetail }) {
  const { t } = useTranslation(['explore', 'pages']);
  const to = useLocalizedPath();
  const lang = useLanguage();
  const viewer = useViewer();
  useCountView(content, viewer.status === 'anonymous' || viewer.status === 'signedIn');
  const number = new Intl.NumberFormat(getLanguage(lang).bcp47);
  const published = new Intl.DateTimeFormat(getLanguage(lang).bcp47, { dateStyle: 'medium' }).format(new Date(content.publishedAt));
  const remix = remixPath(content.remix);
  const fields = contentFields(content);
  const alt = content.title;

  return (
    <>
      <title>{t('content.metaTitle', { title: content.title })}</title>
      <meta name="description" content={content.prompt ?? content.title} />
      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" data-testid="content-view" data-content-id={content.id}>
        <div className="flex items-center justify-center overflow-hidden rounded-[var(--radius-card)] border border-border bg-[conic-gradient(#2a2a3c_25%,#1c1c2a_0_50%,#2a2a3c_0_75%,#1c1c2a_0)] bg-[length:24px_24px]">
          {content.mediaType === 'video' ? (
            <video src={content.url} poster={content.thumbnailUrl} controls playsInline className="max-h-[75vh] w-full" aria-label={alt} data-testid="content-video" />
          ) : content.mediaType === 'audio' ? (
            <audio src={content.url} controls className="m-8 w-full" aria-label={alt} />
          ) : (
            <img
              src={content.url}
              alt={alt}
              width={content.width ?? undefined}
              height={content.height ?? undefined}
              className="h-auto max-h-[75vh] w-auto max-w-full"
              data-testid="content-image"
            />
          )}
        </div>

        <div className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-col gap-3">
            <h1 className="text-2xl font-bold break-words sm:text-3xl" data-testid="content-title">
              {content.title}
            </h1>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
              <Link to={to(`/author/${content.author.id}`)} className="inline-flex items-center gap-2 font-medium text-fg hover:underline" data-testid="content-author">
                <AuthorAvatar author={content.author} size="md" />
                {content.author.name}
              </Link>
              <span>
                <time dateTime={content.publishedAt}>{published}</time>
              </span>
            </div>
            <p className="flex items-center gap-4 text-sm text-muted">
              <span className="inline-flex items-center gap-1.5" data-testid="content-views" data-count={content.viewCount}>
                <Eye size={14} aria-hidden /> {t('content.views', { count: content.viewCount, formatted: number.format(content.viewCount) })}
              </span>
            </p>
          </div>

          {content.tags.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={t('content.tags')}>
              {content.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={to(`/tag-detail/${encodeURIComponent(tag)}`)}
                    className="inline-block rounded-full border border-border px-3 py-1 text-sm text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
                    data-testid="content-tag"
                  >
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          )}

          <StatusNote content={content} />

          <div className="flex flex-wrap gap-2">
            <LikeButton content={content} />
            <ShareButton content={content} />
            {content.downloadUrl && (
              <Button asChild variant="outline">
                <a href={content.downloadUrl} download onClick={() => track('content', { action: 'download', ...fields })} data-testid="content-download">
                  <Download size={16} aria-hidden /> {t('pages:content.download')}
                </a>
              </Button>
            )}
            {remix && (
              <Button asChild variant="outline">
                <Link to={to(remix)} data-testid="content-remix">
                  <Repeat2 size={16} aria-hidden /> {t('content.remix')}
                </Link>
              </Button>
            )}
            {!content.mine && <ReportButton content={content} />}
          </div>

          <section aria-labelledby="content-prompt-heading" className="flex flex-col gap-2">
            <h2 id="content-prompt-heading" className="text-sm font-medium text-muted">
              {t('pages:content.prompt')}
            </h2>
            {content.prompt !== null ? (
              <p className="rounded-lg bg-surface p-3 text-sm break-words whitespace-pre-wrap" data-testid="content-prompt">
                {content.prompt}
              </p>
            ) : (
              <p className="flex items-start gap-2 rounded-lg border border-border bg-surface p-3 text-sm text-muted" data-testid="content-protected">
                <Lock size={16} className="mt-0.5 shrink-0" aria-hidden />
                {content.copyProtected ? t('content.protected') : t('content.noPrompt')}
              </p>
            )}
          </section>

          {content.mine && <AuthorActions content={content} />}
        </div>
      </div>
    </>
  );
}

/** Why the author sees something others may not: unlisted, unpublished, hidden after reports, removed. */
function StatusNote({ content }: { content: ContentDetail }) {
  const { t } = useTranslation('explore');
  const note =
    content.publishStatus !== 'published'
      ? t(`content.status.${content.publishStatus}`)
      : content.visibility === 'unlisted'
        ? t('content.status.unlisted')
        : content.copyProtected && content.mine
          ? t('content.status.protectedMine')
          : null;
  if (!note) return null;
  return (
    <p className="rounded-lg border border-border bg-surface-2 p-3 text-sm" role="note" data-testid="content-status" data-status={content.publishStatus}>
      {note}
    </p>
  );
}

function LikeButton({ content }: { content: ContentDetail }) {
  const { t } = useTranslation('explore');
  const lang = useLanguage();
  const like = useContentLike(content.id);
  const count = new Intl.NumberFormat(getLanguage(lang).bcp47).format(content.likeCount);
  return (
    <Button
      variant={content.liked ? 'secondary' : 'outline'}
      aria-pressed={content.liked}
      onClick={() => {
        const liked = !content.liked;
        if (liked) track('content', { action: 'like', ...contentFields(content) });
        like.mutate({ id: content.id, liked });
      }}
      data-testid="content-like"
      data-liked={content.liked}
    >
      <Heart size={16} aria-hidden className={content.liked ? 'fill-current text-accent-fg' : undefined} />
      {t('content.like')}
      <span className="tabular-nums" aria-hidden data-testid="content-like-count">
        {count}
      </span>
      <span className="sr-only">{t('content.likes', { count: content.likeCount })}</span>
    </Button>
  );
}

function ShareButton({ content }: { content: ContentDetail }) {
  const { t } = useTranslation('explore');
  const { pathname } = useLocation();

  async function share() {
    track('content', { action: 'share', ...contentFields(content) });
    const url = `${window.location.origin}${pathname}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: content.title, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing more to do. Other failures fall back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('content.linkCopied'));
    } catch {
      toast.error(t('content.copyFailed', { url }));
    }
  }

  return (
    <Button variant="outline" onClick={() => void share()} data-testid="content-share">
      <Share2 size={16} aria-hidden /> {t('content.share')}
    </Button>
  );
}

function ReportButton({ content }: { content: ContentDetail }) {
  const { t } = useTranslation('explore');
  const open = usePopupStore((s) => s.open);
  return (
    <Button
      variant="ghost"
      disabled={content.reported}
      onClick={() => {
        track('content', { action: 'report', ...contentFields(content) });
        open('report', { contentId: content.id });
      }}
      data-testid="content-report"
    >
      <Flag size={16} aria-hidden /> {content.reported ? t('content.reported') : t('content.report')}
    </Button>
  );
}

/** Unpublish (with a confirmation), or publish again once unpublished. */
function AuthorActions({ content }: { content: ContentDetail }) {
  const { t } = useTranslation('explore');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const open = usePopupStore((s) => s.open);
  const [confirming, setConfirming] = useState(false);
  const unpublish = useMutation(
    trpc.feed.unpublish.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        toast.success(t('content.unpublished'));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.feed.get.queryKey({ id: content.id }) }),
          queryClient.invalidateQueries({ queryKey: trpc.feed.list.pathKey() }),
        ]);
      },
    }),
  );

  if (content.publishStatus === 'unpublished') {
    return (
      <div>
        <Button
          variant="outline"
          onClick={() => open('publish', { creationId: content.id, mediaType: content.mediaType === 'video' ? 'video' : 'image', status: content.publishStatus })}
          data-testid="content-publish"
        >
          <Send size={16} aria-hidden /> {t('content.publishAgain')}
        </Button>
      </div>
    );
  }
  if (content.publishStatus === 'removed') return null;
  return confirming ? (
    <div role="alertdialog" aria-label={t('content.unpublishTitle')} className="flex flex-col gap-3 rounded-xl border border-danger/50 bg-danger/10 p-4 text-sm">
      <p>{t('content.unpublishText')}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" size="sm" loading={unpublish.isPending} onClick={() => unpublish.mutate({ id: content.id })} data-testid="content-unpublish-confirm" autoFocus>
          {t('content.unpublishConfirm')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
          {t('content.cancel')}
        </Button>
      </div>
    </div>
  ) : (
    <div>
      <Button variant="ghost" onClick={() => setConfirming(true)} data-testid="content-unpublish">
        <Undo2 size={16} aria-hidden /> {t('content.unpublish')}
      </Button>
    </div>
  );
}
