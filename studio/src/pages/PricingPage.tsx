/**
 * /pricing: the plans in the visitor's currency (§2 pricing), monthly or yearly, with each
 * card in its §2 display state. Coming back from a paid checkout (`?checkout=success`) says so
 * and refetches the subscription; the credits pill rises through the socket event.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FlaskConical, Info } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../components/ui/Button.tsx';
import { PaymentMethods } from '../features/billing/PaymentMethods.tsx';
import { PlanCards } from '../features/billing/PlanCards.tsx';
import { pushPurchases } from '../features/billing/purchases.ts';
import { useBillingState } from '../features/billing/useBillingState.ts';
import { useTRPC } from '../lib/trpc.ts';

export function PricingPage() {
  const { t } = useTranslation('pricing');
  const [search, setSearch] = useSearchParams();
  const checkout = search.get('checkout');
  const initialPeriod = search.get('period') === 'yearly' ? 'yearly' : 'monthly';
  const { catalogue, subLog, viewer } = useBillingState();

  const dismiss = () =>
    setSearch(
      (s) => {
        s.delete('checkout');
        return s;
      },
      { replace: true },
    );

  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <title>{t('meta.title')}</title>
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">{t('title')}</h1>
        <p className="mt-3 text-muted">{t('subtitle')}</p>
      </div>
      <div className="mx-auto mt-6 flex max-w-3xl flex-col gap-3">
        {catalogue.data?.testMode && (
          <p className="flex items-center gap-2 rounded-lg border border-amber-500/50 bg-amber-500/10 px-4 py-2 text-sm text-amber-300" role="note" data-testid="test-mode-banner">
            <FlaskConical size={16} aria-hidden className="shrink-0" /> {t('testMode')}
          </p>
        )}
        {catalogue.data && !catalogue.data.paymentsEnabled && <Note>{t('paymentsOff')}</Note>}
        {subLog.data?.expirePayment && <Note>{t('expirePayment')}</Note>}
        {checkout === 'success' && viewer.status === 'signedIn' && <CheckoutSuccess onDismiss={dismiss} />}
        {checkout === 'canceled' && (
          <Note onDismiss={dismiss} testId="checkout-canceled">
            {t('checkout.canceled')}
          </Note>
        )}
      </div>
      <div className="mt-8">
        <PlanCards initialPeriod={initialPeriod} />
      </div>
      {catalogue.data?.paymentsEnabled && <PaymentMethods />}
    </main>
  );
}

function Note({ children, onDismiss, testId }: { children: string; onDismiss?(): void; testId?: string }) {
  const { t } = useTranslation('pricing');
  return (
    <div className="flex items-center gap-2 rounded-lg border border-border bg-surface px-4 py-2 text-sm text-muted" role="status" data-testid={testId}>
      <Info size={16} aria-hidden className="shrink-0" />
      <span className="flex-1">{children}</span>
      {onDismiss && (
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {t('checkout.dismiss')}
        </Button>
      )}
    </div>
  );
}

/** Back from a paid checkout: refetch what it changed and hand new purchases to the data layer. */
function CheckoutSuccess({ onDismiss }: { onDismiss(): void }) {
  const { t } = useTranslation('pricing');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const take = useMutation(trpc.billing.takePurchases.mutationOptions({ meta: { skipError: true }, onSuccess: (records) => pushPurchases(records, 'checkout') }));
  const { mutate } = take;
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.subLog.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.credits.pathKey() });
    mutate();
  }, [queryClient, trpc, mutate]);
  return (
    <div className="flex items-center gap-2 rounded-lg border border-success/50 bg-success/10 px-4 py-2 text-sm" role="status" data-testid="checkout-success">
      <CheckCircle2 size={16} aria-hidden className="shrink-0 text-success" />
      <span className="flex-1">{t('checkout.success')}</span>
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        {t('checkout.dismiss')}
      </Button>
    </div>
  );
}
