/**
 * The plan cards (§2): a monthly/yearly switch and one card per plan, each in its display state
 * (start, current, upgrade, disabled — see planCardState). Used by /pricing and the
 * subscription popup. Subscribing starts a checkout; upgrading asks first.
 */
import type { EventProperties } from '@tessera/shared/analytics';
import { CARD_PROVIDER, type PlanFeatures, type PlanKey, PLAN_KEYS } from '@tessera/shared/plans';
import { VERIFIED_EMAIL_BONUS_CREDITS } from '@tessera/shared/credits';
import { formatPrice } from '@tessera/shared/pricing';
import { getLanguage } from '@tessera/shared/i18n';
import type { AppRouter } from '@tessera/server/router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.tsx';
import { useLanguage, useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { track } from '../../lib/analytics/tracker.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { usePopupStore } from '../popups/popupStore.ts';
import { type BillingPeriod, type PlanCardContext, type PlanCardState, planCardState } from './planCardState.ts';
import { useBillingState } from './useBillingState.ts';

type Catalogue = inferRouterOutputs<AppRouter>['billing']['catalogue'];
type CatalogueProduct = Catalogue['products'][number];

/** The largest yearly saving over twelve monthly payments, in whole percent. */
export function yearlySavingPercent(products: readonly CatalogueProduct[]): number {
  let best = 0;
  for (const yearly of products.filter((p) => p.period === 'yearly')) {
    const monthly = products.find((p) => p.plan === yearly.plan && p.period === 'monthly');
    if (!monthly || monthly.priceInfo.price <= 0) continue;
    best = Math.max(best, 1 - yearly.priceInfo.price / (monthly.priceInfo.price * 12));
  }
  return Math.floor(best * 100);
}

/** The price figure's size: long figures (whole-unit currencies, yearly totals) get a smaller one. */
export function priceSize(text: string): string {
  if (text.length <= 8) return 'text-3xl';
  if (text.length <= 11) return 'text-2xl';
  return 'text-xl';
}

/** Where a checkout or payment page sends the browser: studio paths in-app, provider pages by full load. */
export function useGoToUrl() {
  const navigate = useNavigate();
  const to = useLocalizedPath();
  return (url: string) => {
    if (/^\/(?!\/)/.test(url)) void navigate(to(url));
    else window.location.assign(url);
  };
}

export function PlanCards({ initialPeriod = 'monthly', compact = false, onLeave }: { initialPeriod?: BillingPeriod; compact?: boolean; onLeave?(): void }) {
  const { t } = useTranslation('pricing');
  const { catalogue, subLog, context } = useBillingState();
  const [period, setPeriod] = useState<BillingPeriod>(initialPeriod);

  if (catalogue.isError)
    return (
      <div className="mt-8 flex flex-wrap items-center gap-3" role="alert">
        <p className="text-sm text-danger">{t('loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void catalogue.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  if (!catalogue.data || !context)
    return (
      <div className={cn('mt-8 grid gap-4', compact ? 'sm:grid-cols-2' : 'sm:grid-cols-2 xl:grid-cols-5')} aria-busy data-testid="plans-loading">
        {PLAN_KEYS.map((k) => (
          <div key={k} className="h-96 animate-pulse rounded-[var(--radius-card)] bg-surface" />
        ))}
      </div>
    );

  const saving = yearlySavingPercent(catalogue.data.products);
  return (
    <div className="flex flex-col gap-6">
      <PeriodSwitch period={period} onChange={setPeriod} saving={saving} />
      <ul className={cn('grid gap-4', compact ? 'sm:grid-cols-2 lg:grid-cols-3' : 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5')} data-testid="plan-cards">
        {PLAN_KEYS.map((key) => {
          const features = catalogue.data.plans.find((p) => p.key === key);
          const product = key === 'FREE' ? undefined : catalogue.data.products.find((p) => p.plan === key && p.period === period);
          if (!features || (key !== 'FREE' && !product)) return null;
          return (
            <PlanCard
              key={key}
              features={features}
              product={product}
              period={period}
              currency={catalogue.data.currency}
              context={context}
              subscriptionId={subLog.data?.currentPlan?.subscriptionId}
              onLeave={onLeave}
            />
          );
        })}
      </ul>
    </div>
  );
}

function PeriodSwitch({ period, onChange, saving }: { period: BillingPeriod; onChange(p: BillingPeriod): void; saving: number }) {
  const { t } = useTranslation('pricing');
  const options: BillingPeriod[] = ['monthly', 'yearly'];
  return (
    <div role="radiogroup" aria-label={t('period.label')} className="mx-auto inline-flex rounded-full border border-border bg-surface p-1" data-testid="period-switch">
      {options.map((p) => (
        <button
          key={p}
          type="button"
          role="radio"
          aria-checked={period === p}
          tabIndex={period === p ? 0 : -1}
          onClick={() => onChange(p)}
          onKeyDown={(e) => {
            if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) {
              e.preventDefault();
              const next = p === 'monthly' ? 'yearly' : 'monthly';
              onChange(next);
              (e.currentTarget.parentElement?.querySelector(`[data-period="${next}"]`) as HTMLElement | null)?.focus();
            }
          }}
          data-period={p}
          className={cn(
            'inline-flex items-center gap-2 rounded-full px-4 py-1.5 text-sm transition',
            period === p ? 'bg-accent text-white' : 'text-muted hover:text-fg',
          )}
        >
          {t(`period.${p}`)}
          {p === 'yearly' && saving > 0 && (
            <span className={cn('rounded-full px-2 py-0.5 text-xs', period === p ? 'bg-white/20' : 'bg-accent/15 text-accent-fg')}>
              {t('period.save', { percent: saving })}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

/** A paid plan's API allowance and rate (issue 19): only on products that grant `api_credits`. */
function apiRows(product: CatalogueProduct | undefined, period: BillingPeriod, requestsPerMinute: number, locale: string, t: TFunction<'pricing'>) {
  const credits = product?.usageList.find((u) => u.usageType === 'api_credits')?.usageCount ?? 0;
  if (credits <= 0) return [];
  return [
    { text: t(period === 'yearly' ? 'features.apiCreditsYearly' : 'features.apiCreditsMonthly', { credits: credits.toLocaleString(locale) }), included: true },
    { text: t('features.apiRate', { requests: requestsPerMinute }), included: true },
  ];
}

function PlanCard({
  features,
  product,
  period,
  currency,
  context,
  subscriptionId,
  onLeave,
}: {
  features: PlanFeatures;
  product: CatalogueProduct | undefined;
  period: BillingPeriod;
  currency: string;
  context: PlanCardContext;
  subscriptionId: string | undefined;
  onLeave?(): void;
}) {
  const { t } = useTranslation('pricing');
  const lang = useLanguage();
  const locale = getLanguage(lang).bcp47;
  const key: PlanKey = features.key;
  const state: PlanCardState = planCardState({ plan: key, period }, context);
  const name = t(`plans.${key}.name`);
  const featureRows: { text: string; included: boolean }[] = [
    product
      ? { text: t(period === 'yearly' ? 'features.creditsYearly' : 'features.creditsMonthly', { credits: product.usageCount.toLocaleString(locale) }), included: true }
      : { text: t('features.bonus', { credits: VERIFIED_EMAIL_BONUS_CREDITS }), included: true },
    { text: t('features.parallel', { tasks: features.parallelTasks }), included: true },
    ...apiRows(product, period, features.apiRequestsPerMinute, locale, t),
    { text: t('features.noWatermark'), included: !features.watermark },
    { text: t('features.proFeatures'), included: features.proFeatures },
    { text: t(features.unmeteredImages && features.queueDelaySeconds > 0 ? 'features.unmeteredSlow' : 'features.unmeteredImages'), included: features.unmeteredImages },
  ];
  const popular = key === 'PRO';
  const priceText = product ? product.priceInfo.priceText : formatPrice(0, currency, locale);

  return (
    <li
      className={cn(
        'relative flex min-w-0 flex-col rounded-[var(--radius-card)] border bg-surface p-5',
        state === 'current' ? 'border-accent ring-1 ring-accent' : popular ? 'border-accent/60' : 'border-border',
      )}
      data-testid={`plan-card-${key}`}
      data-state={state}
      data-period={product?.period ?? 'monthly'}
      aria-labelledby={`plan-${key}-name`}
    >
      {popular && state !== 'current' && (
        <span className="absolute -top-3 start-5 rounded-full bg-accent px-2.5 py-0.5 text-xs font-medium text-white">{t('card.popular')}</span>
      )}
      <h3 id={`plan-${key}-name`} className="text-lg font-semibold">
        {name}
      </h3>
      <p className="mt-1 min-h-10 text-sm text-muted">{t(`plans.${key}.tagline`)}</p>
      <div className="mt-4 min-h-16 min-w-0">
        {/* Prices in whole-unit currencies (₫1.467.000, ₩131,000) run long: the figure shrinks and "/year" wraps, so the card never overflows. */}
        <p className="flex flex-wrap items-baseline gap-x-1">
          <span className={cn('font-bold whitespace-nowrap tabular-nums', priceSize(priceText))} data-testid="plan-price" data-currency={product?.priceInfo.realCurrency ?? currency}>
            {priceText}
          </span>
          <span className="text-sm text-muted">{period === 'yearly' && product ? t('card.perYear') : t('card.perMonth')}</span>
        </p>
        {product && period === 'yearly' && (
          <p className="mt-1 text-xs break-words text-muted">
            {t('card.monthlyEquivalent', { price: formatPrice(product.priceInfo.priceMonth, product.priceInfo.realCurrency, locale) })}
          </p>
        )}
      </div>
      <ul className="mt-4 flex flex-1 flex-col gap-2 text-sm">
        {featureRows.map((f) => (
          <li key={f.text} className={cn('flex items-start gap-2', !f.included && 'text-muted line-through decoration-muted/50')}>
            {f.included ? <Check size={16} className="mt-0.5 shrink-0 text-accent-fg" aria-hidden /> : <X size={16} className="mt-0.5 shrink-0" aria-hidden />}
            <span>
              {f.text}
              {!f.included && <span className="sr-only"> ({t('card.notIncluded')})</span>}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-5">
        <PlanAction plan={key} name={name} product={product} state={state} context={context} subscriptionId={subscriptionId} onLeave={onLeave} />
      </div>
    </li>
  );
}

/** §3 sub_button_click / sub_submit properties of a paid plan's product. */
function subEventProps(plan: PlanKey, product: CatalogueProduct, subType: 'subscription' | 'upgrade'): EventProperties<'sub_submit'> {
  return {
    period: product.period,
    plan_type: plan.toLowerCase(),
    credits: product.usageCount,
    price: product.priceInfo.price,
    currency: product.priceInfo.realCurrency,
    payment_method: 'normal_payment',
    payment_channel: CARD_PROVIDER,
    sub_type: subType,
  };
}

function PlanAction({
  plan,
  name,
  product,
  state,
  context,
  subscriptionId,
  onLeave,
}: {
  plan: PlanKey;
  name: string;
  product: CatalogueProduct | undefined;
  state: PlanCardState;
  context: PlanCardContext;
  subscriptionId: string | undefined;
  onLeave?(): void;
}) {
  const { t } = useTranslation('pricing');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const openPopup = usePopupStore((s) => s.open);
  const to = useLocalizedPath();
  const goTo = useGoToUrl();
  const [confirming, setConfirming] = useState(false);

  const checkout = useMutation(
    trpc.billing.checkout.mutationOptions({
      onSuccess: ({ url }) => {
        onLeave?.();
        goTo(url);
      },
    }),
  );
  const upgrade = useMutation(
    trpc.billing.upgrade.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('upgrade.done', { plan: name }));
        void queryClient.invalidateQueries({ queryKey: trpc.subLog.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.credits.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
      },
    }),
  );
  const testId = `plan-action-${plan}`;

  if (state === 'current')
    return (
      <Button variant="secondary" className="w-full" disabled aria-disabled data-testid={testId}>
        {t('action.current')}
      </Button>
    );
  if (state === 'disabled')
    return (
      <Button variant="outline" className="w-full" disabled data-testid={testId}>
        {t('action.unavailable')}
      </Button>
    );
  if (state === 'start')
    return (
      <Button
        className="w-full"
        variant={plan === 'FREE' ? 'outline' : 'primary'}
        loading={checkout.isPending || checkout.isSuccess}
        data-testid={testId}
        data-track={testId}
        onClick={() => {
          if (product) track('sub_button_click', subEventProps(plan, product, 'subscription'));
          if (!context.signedIn || !product) return openPopup('signUp');
          track('sub_submit', subEventProps(plan, product, 'subscription'));
          checkout.mutate({
            productId: product.id,
            successPath: `${to('/pricing')}?checkout=success`,
            cancelPath: `${to('/pricing')}?checkout=canceled`,
          });
        }}
      >
        {plan === 'FREE' ? t('action.getStarted') : t('action.start')}
      </Button>
    );
  // upgrade
  return (
    <>
      <Button
        className="w-full"
        data-testid={testId}
        data-track={testId}
        onClick={() => {
          if (product) track('sub_button_click', subEventProps(plan, product, 'upgrade'));
          setConfirming(true);
        }}
      >
        {t('action.upgrade')}
      </Button>
      {product && subscriptionId && (
        <Dialog
          open={confirming}
          onOpenChange={(o) => !upgrade.isPending && setConfirming(o)}
          title={t('upgrade.title', { plan: name })}
          description={t('upgrade.text', { plan: name, period: t(`period.${product.period}`), price: product.priceInfo.priceText })}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end" data-testid="upgrade-confirm-dialog">
            <Button variant="ghost" disabled={upgrade.isPending} onClick={() => setConfirming(false)}>
              {t('upgrade.cancel')}
            </Button>
            <Button
              loading={upgrade.isPending}
              onClick={() => {
                track('sub_submit', subEventProps(plan, product, 'upgrade'));
                upgrade.mutate({ subscriptionId, productId: product.id });
              }}
              data-testid="upgrade-confirm"
            >
              {t('upgrade.confirm')}
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
