/**
 * The model pages' catalogue (issue 18): every enabled model that makes images (or videos),
 * grouped by creation kind, with its vendor, provider, price, limits and whether this server can
 * run it (its provider's key is configured, or it is the built-in engine). Read from
 * `model.catalog`, so it is what this server really offers.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { type CatalogModel, groupByKind, limitEntries } from './modelChoice.ts';

export function ModelCatalogList({ output }: { output: 'image' | 'video' }) {
  const { t } = useTranslation('common');
  const trpc = useTRPC();
  const catalog = useQuery({ ...trpc.model.catalog.queryOptions(), staleTime: 5 * 60_000 });
  if (catalog.isPending) return <div className="mt-8 h-40 animate-pulse rounded-xl bg-surface" aria-hidden />;
  const groups = groupByKind(catalog.data ?? [], output);
  return (
    <div className="mt-8 flex flex-col gap-8" data-testid="model-catalog">
      {groups.map(({ kind, models }) => (
        <section key={kind} data-testid={`model-catalog-${kind}`}>
          <h3 className="mb-3 text-lg font-semibold">{t(`kinds.${kind}`, { defaultValue: kind })}</h3>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {models.map((model) => (
              <ModelCard key={model.id} model={model} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function ModelCard({ model }: { model: CatalogModel }) {
  const { t } = useTranslation('common');
  const limits = limitEntries(model.limits);
  return (
    <li className="flex flex-col gap-2 rounded-[var(--radius-card)] border border-border bg-surface p-4" data-testid={`model-card-${model.id}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{model.name}</p>
          <p className="text-xs text-muted">{t('models.byVendor', { vendor: model.vendor, provider: t(`models.providers.${model.provider}`) })}</p>
        </div>
        <span
          className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs', model.available ? 'bg-emerald-500/15 text-emerald-300' : 'bg-surface-2 text-muted')}
          data-testid="model-available"
          data-available={model.available}
        >
          {t(model.available ? 'models.available' : 'models.unavailable')}
        </span>
      </div>
      <p className="text-sm">{priceText(t, model.price)}</p>
      <p className="text-xs text-muted">{t(`models.speed.${model.speed}`)}</p>
      {limits.length > 0 && (
        <ul className="text-xs text-muted">
          {limits.map(([key, value]) => (
            <li key={key}>{t(`models.limits.${key}`, { value })}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

/** "4 credits per run", "3 credits per second", or the kind's usual price for an unpriced model. */
export function priceText(t: T, price: CatalogModel['price']): string {
  if (!price) return t('common:models.price.usual');
  const credits = t('common:models.credits', { count: price.credits });
  return t(price.per === 'second' ? 'common:models.price.perSecond' : 'common:models.price.perRun', { credits });
}
