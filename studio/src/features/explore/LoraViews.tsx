/** /loras (every style text-to-image can apply, with its preview) and /lora-detail/:id (one style and "Use this style"). */
import type { LoraDto } from '@tessera/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { AlertTriangle, ArrowLeft, Palette, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { EmptyState } from '../landing/landingUi.tsx';

/** 4xx answers (unknown id) will not change on retry. */
function isMissing(error: unknown): boolean {
  const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  return Boolean(status && status >= 400 && status < 500);
}

function TagList({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-surface-2 px-2 py-0.5 text-xs text-muted">
          #{tag}
        </li>
      ))}
    </ul>
  );
}

export function LoraGrid() {
  const { t } = useTranslation('explore');
  const to = useLocalizedPath();
  const trpc = useTRPC();
  const loras = useQuery({ ...trpc.catalog.loras.queryOptions(), meta: { skipError: true } });

  if (loras.isPending) {
    return (
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" role="status" aria-label={t('loras.loading')} aria-busy data-testid="loras-loading">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="aspect-[4/5] animate-pulse rounded-[var(--radius-card)] bg-surface" />
        ))}
      </ul>
    );
  }
  if (loras.isError) {
    return (
      <EmptyState icon={AlertTriangle} title={t('loras.errorTitle')} text={t('error.text')} testId="loras-error">
        <Button onClick={() => void loras.refetch()} loading={loras.isFetching}>
          {t('error.retry')}
        </Button>
      </EmptyState>
    );
  }
  if (!loras.data.length) return <EmptyState icon={Palette} title={t('loras.emptyTitle')} text={t('empty.loras')} testId="loras-empty" />;
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="loras-grid">
      {loras.data.map((lora) => (
        <li key={lora.id}>
          <Link
            to={to(`/lora-detail/${lora.id}`)}
            className="flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface transition hover:border-accent focus-visible:outline-2 focus-visible:outline-accent"
            data-testid="lora-card"
          >
            <img src={lora.previewUrl} alt="" loading="lazy" className="aspect-square w-full bg-surface-2 object-cover" />
            <span className="flex flex-1 flex-col gap-1.5 p-3">
              <span className="font-medium text-fg">{lora.name}</span>
              {lora.description && <span className="line-clamp-2 text-xs text-muted">{lora.description}</span>}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function LoraDetail({ id }: { id: string }) {
  const { t } = useTranslation('explore');
  const to = useLocalizedPath();
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.catalog.lora.queryOptions({ id }), meta: { skipError: true } });

  const back = (
    <Link to={to('/loras')} className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-fg">
      <ArrowLeft size={14} aria-hidden className="rtl:rotate-180" /> {t('loras.back')}
    </Link>
  );

  if (query.isPending) {
    return (
      <>
        {back}
        <h1 className="sr-only">{t('headings.loraDetail')}</h1>
        <div className="mt-6 grid gap-6 md:grid-cols-2" role="status" aria-label={t('loras.loading')} aria-busy data-testid="lora-loading">
          <div className="aspect-square animate-pulse rounded-[var(--radius-card)] bg-surface" />
          <div className="flex flex-col gap-3">
            <div className="h-9 w-2/3 animate-pulse rounded-lg bg-surface" />
            <div className="h-20 animate-pulse rounded-lg bg-surface" />
          </div>
        </div>
      </>
    );
  }
  if (query.isError) {
    const missing = isMissing(query.error);
    return (
      <>
        {back}
        <h1 className="mt-6 mb-6 text-3xl font-bold">{t('headings.loraDetail')}</h1>
        {missing ? (
          <EmptyState icon={Palette} title={t('loras.missingTitle')} text={t('empty.lora')} testId="lora-missing">
            <Button asChild>
              <Link to={to('/loras')}>{t('loras.back')}</Link>
            </Button>
          </EmptyState>
        ) : (
          <EmptyState icon={AlertTriangle} title={t('loras.errorTitle')} text={t('error.text')} testId="lora-error">
            <Button onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('error.retry')}
            </Button>
          </EmptyState>
        )}
      </>
    );
  }
  return (
    <>
      {back}
      <LoraView lora={query.data} />
    </>
  );
}

function LoraView({ lora }: { lora: LoraDto }) {
  const { t } = useTranslation('explore');
  const to = useLocalizedPath();
  return (
    <article className="mt-6 grid gap-6 md:grid-cols-2" data-testid="lora-detail">
      <title>{t('meta.loraNamedTitle', { name: lora.name })}</title>
      <img src={lora.previewUrl} alt={t('loras.previewAlt', { name: lora.name })} className="aspect-square w-full rounded-[var(--radius-card)] border border-border bg-surface-2 object-cover" />
      <div className="flex min-w-0 flex-col gap-4">
        <h1 className="text-3xl font-bold break-words sm:text-4xl">{lora.name}</h1>
        {lora.description && <p className="text-muted">{lora.description}</p>}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          {lora.trigger && (
            <>
              <dt className="text-muted">{t('loras.trigger')}</dt>
              <dd className="break-words">
                <code className="rounded bg-surface-2 px-1.5 py-0.5">{lora.trigger}</code>
              </dd>
            </>
          )}
          <dt className="text-muted">{t('loras.style')}</dt>
          <dd>{lora.style}</dd>
        </dl>
        <TagList tags={lora.tags} />
        <div>
          <Button asChild size="lg">
            <Link to={to(`/app/ai-image?lora=${encodeURIComponent(lora.id)}`)} data-testid="lora-use">
              <Sparkles size={16} aria-hidden /> {t('loras.use')}
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
