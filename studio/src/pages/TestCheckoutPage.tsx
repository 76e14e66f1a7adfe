/**
 * The built-in test checkout (only when the server runs without Stripe keys): pay a checkout
 * session with one of two test cards, or pick the card a subscription's renewals will use and
 * let the test clock end its period. Marked TEST everywhere; no money moves.
 */
import { planKeyOfProductName } from '@tessera/shared/plans';
import { getLanguage } from '@tessera/shared/i18n';
import type { TRPCClientErrorLike } from '@trpc/client';
import type { AppRouter } from '@tessera/server/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard, FlaskConical } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { toast } from '../lib/toast.tsx';
import { useLanguage, useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { cn } from '../components/ui/cn.ts';
import { Spinner } from '../components/ui/Spinner.tsx';
import { FormAlert } from '../features/account/AccountCard.tsx';
import { useViewer } from '../features/auth/useViewer.ts';
import { sameOriginPath, statusKey } from '../features/billing/billingLinks.ts';
import { APP_NAME } from '../features/billing/useBillingState.ts';
import { useTRPC } from '../lib/trpc.ts';

type TestCard = 'success' | 'decline';

function SignedInOnly({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const location = useLocation();
  const to = useLocalizedPath();
  if (viewer.status === 'loading') return <Spinner className="mt-10" />;
  if (viewer.status !== 'signedIn')
    return <Navigate to={`${to('/sign-in')}?error=SessionRequired&callbackUrl=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return children;
}

function TestShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('pricing');
  return (
    <main className="mx-auto max-w-lg px-4 py-10">
      <title>{`${t('testCheckout.badge')} · ${title}`}</title>
      <p
        className="mb-4 flex items-center gap-2 rounded-lg border border-amber-500/50 bg-amber-500/10 px-4 py-2 text-sm text-amber-300"
        role="note"
        data-testid="test-mode-banner"
      >
        <FlaskConical size={16} aria-hidden className="shrink-0" />
        {t('testCheckout.notice')}
      </p>
      <h1 className="flex items-center gap-3 text-2xl font-bold">
        {title}
        <span className="rounded-md bg-amber-500 px-2 py-0.5 text-xs font-bold tracking-wider text-black">{t('testCheckout.badge')}</span>
      </h1>
      <SignedInOnly>{children}</SignedInOnly>
    </main>
  );
}

function CardChoice({ value, onChange, disabled }: { value: TestCard; onChange(card: TestCard): void; disabled?: boolean }) {
  const { t } = useTranslation('pricing');
  const name = useId();
  const cards: { card: TestCard; label: string }[] = [
    { card: 'success', label: t('testCheckout.cardSuccess') },
    { card: 'decline', label: t('testCheckout.cardDecline') },
  ];
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">{t('testCheckout.card')}</legend>
      {cards.map(({ card, label }) => (
        <label
          key={card}
          className={cn(
            'flex cursor-pointer items-center gap-3 rounded-xl border p-3 text-sm',
            value === card ? 'border-accent bg-accent/10' : 'border-border bg-surface-2/50 hover:border-accent/60',
          )}
        >
          <input type="radio" name={name} value={card} checked={value === card} onChange={() => onChange(card)} className="accent-[var(--color-accent)]" data-testid={`test-card-${card}`} />
          <CreditCard size={16} aria-hidden className="text-muted" />
          <span className="font-mono">{label}</span>
        </label>
      ))}
    </fieldset>
  );
}

const errorText = (error: TRPCClientErrorLike<AppRouter> | null) => error?.message ?? null;

/** /test-checkout/:id — pay a test checkout session. */
export function TestCheckoutPage() {
  const { t } = useTranslation('pricing');
  return (
    <TestShell title={t('testCheckout.title')}>
      <CheckoutSession />
    </TestShell>
  );
}

function CheckoutSession() {
  const { t } = useTranslation('pricing');
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const lang = useLanguage();
  const [card, setCard] = useState<TestCard>('success');
  const session = useQuery({ ...trpc.billing.testCheckout.get.queryOptions({ id }), meta: { skipError: true } });
  const pay = useMutation(
    trpc.billing.testCheckout.pay.mutationOptions({
      meta: { skipError: true },
      onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
    }),
  );

  if (session.isPending) return <Spinner className="mt-8" />;
  if (session.isError)
    return (
      <div className="mt-6 flex flex-col gap-3">
        <FormAlert>{t('testCheckout.notFound')}</FormAlert>
        <Link to="/pricing" className="text-sm text-accent-fg underline">
          {t('testCheckout.back')}
        </Link>
      </div>
    );
  const s = session.data;
  const cancelPath = sameOriginPath(s.cancelUrl) ?? '/pricing';
  const successPath = sameOriginPath(s.successUrl) ?? '/pricing';
  const busy = pay.isPending || pay.isSuccess;

  return (
    <div className="mt-6 flex flex-col gap-6" data-testid="test-checkout">
      <section aria-labelledby="summary-title" className="rounded-[var(--radius-card)] border border-border bg-surface p-5">
        <h2 id="summary-title" className="text-lg font-semibold">
          {t('testCheckout.summary')}
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted">{t('testCheckout.plan')}</dt>
          <dd className="text-end font-medium" data-testid="test-checkout-product">
            {t(`plans.${planKeyOfProductName(s.productName)}.name`)}
          </dd>
          <dt className="text-muted">{t('testCheckout.period')}</dt>
          <dd className="text-end">{t(`period.${s.period}`)}</dd>
          <dt className="text-muted">{t('testCheckout.credits')}</dt>
          <dd className="text-end tabular-nums">{t(s.period === 'yearly' ? 'features.creditsYearly' : 'features.creditsMonthly', { credits: s.credits.toLocaleString(getLanguage(lang).bcp47) })}</dd>
          <dt className="border-t border-border pt-2 font-medium">{t('testCheckout.total')}</dt>
          <dd className="border-t border-border pt-2 text-end text-lg font-bold tabular-nums">{s.price.priceText}</dd>
        </dl>
      </section>
      {s.status === 'open' ? (
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) pay.mutate({ id, card });
          }}
        >
          <CardChoice value={card} onChange={setCard} disabled={busy} />
          <FormAlert testId="test-checkout-error">{pay.isError ? errorText(pay.error) : null}</FormAlert>
          <div className="flex flex-col-reverse items-center gap-3 sm:flex-row sm:justify-between">
            <a href={cancelPath} className="text-sm text-muted underline hover:text-fg" data-testid="test-checkout-cancel">
              {t('testCheckout.cancel')}
            </a>
            <Button type="submit" size="lg" loading={busy} data-testid="test-checkout-pay">
              {t('testCheckout.pay', { price: s.price.priceText })}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">{s.status === 'complete' ? t('testCheckout.complete') : t('testCheckout.failed')}</p>
          <Button asChild variant="outline">
            <a href={s.status === 'complete' ? successPath : cancelPath}>{t('testCheckout.continue')}</a>
          </Button>
        </div>
      )}
    </div>
  );
}

/** /test-checkout/payment-method/:subscriptionId — the card renewals use, and the test clock. */
export function TestPaymentMethodPage() {
  const { t } = useTranslation('pricing');
  return (
    <TestShell title={t('testCheckout.pmTitle')}>
      <PaymentMethod />
    </TestShell>
  );
}

function PaymentMethod() {
  const { t } = useTranslation('pricing');
  const { subscriptionId = '' } = useParams();
  const [search] = useSearchParams();
  const to = useLocalizedPath();
  const returnPath = sameOriginPath(search.get('returnUrl')) ?? to('/app/account');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = useQuery(trpc.billing.testCheckout.card.queryOptions({ subscriptionId }));
  // The saved card until the tester picks another.
  const [choice, setCard] = useState<TestCard | null>(null);
  const card = choice ?? saved.data?.card ?? 'success';
  const subLog = useQuery(trpc.subLog.getSubLog.queryOptions({ appName: APP_NAME }));
  const plan = [subLog.data?.currentPlan, ...(subLog.data?.otherPlan ?? [])].find((p) => p?.subscriptionId === subscriptionId);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.subLog.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.credits.pathKey() });
  };
  const save = useMutation(
    trpc.billing.testCheckout.setCard.mutationOptions({
      onSuccess: () => {
        toast.success(t('testCheckout.saved'));
        void queryClient.invalidateQueries({ queryKey: trpc.billing.testCheckout.card.pathKey() });
        refresh();
      },
    }),
  );
  const clock = useMutation(
    trpc.billing.testCheckout.advanceClock.mutationOptions({
      onSuccess: ({ status }) => {
        toast.success(t('testCheckout.clockDone', { status: t(`subscription.status.${statusKey(status)}`) }));
        refresh();
      },
    }),
  );

  return (
    <div className="mt-6 flex flex-col gap-6" data-testid="test-payment-method">
      <p className="text-sm text-muted">{t('testCheckout.pmText')}</p>
      {plan && (
        <p className="text-sm">
          <span className="font-medium">{t(`plans.${planKeyOfProductName(plan.subProductRelation[0]?.productName)}.name`)}</span>
          {' · '}
          <span className="text-muted">{t(`subscription.status.${statusKey(plan.status)}`)}</span>
        </p>
      )}
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ subscriptionId, card });
        }}
      >
        <CardChoice value={card} onChange={setCard} disabled={save.isPending} />
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} data-testid="test-card-save">
            {t('testCheckout.save')}
          </Button>
        </div>
      </form>
      <section className="flex flex-col gap-2 rounded-xl border border-dashed border-amber-500/50 p-4">
        <p className="text-sm text-muted">{t('testCheckout.clockHint')}</p>
        <div>
          <Button variant="outline" loading={clock.isPending} onClick={() => clock.mutate({ subscriptionId })} data-testid="test-clock">
            {t('testCheckout.clock')}
          </Button>
        </div>
      </section>
      <a href={returnPath} className="text-sm text-accent-fg underline" data-testid="test-payment-back">
        {t('testCheckout.back')}
      </a>
    </div>
  );
}
