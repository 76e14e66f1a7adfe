/**
 * The account page's subscription card: the plan, its status, when it renews or ends, the
 * credits it grants, and only the actions §4 allows (cancel, reactivate, upgrade, change the
 * payment method). Free users are pointed to the plans.
 */
import { getLanguage } from '@tessera/shared/i18n';
import { type CancelReason, PLAN_KEY_OF_TYPE, planAbilities, productTypeFromName, type SubscriptionPlan } from '@tessera/shared/plans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../lib/toast.tsx';
import { useLanguage, useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { track } from '../../lib/analytics/tracker.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { AccountCard, FormAlert } from '../account/AccountCard.tsx';
import { statusKey } from './billingLinks.ts';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog.tsx';
import { useGoToUrl } from './PlanCards.tsx';
import { APP_NAME } from './useBillingState.ts';

/** Loads the pricing texts on its own, so the rest of the account page does not wait for them. */
export function SubscriptionCard() {
  return (
    <Suspense fallback={<div className="h-48 animate-pulse rounded-[var(--radius-card)] bg-surface" aria-busy />}>
      <SubscriptionSection />
    </Suspense>
  );
}

function SubscriptionSection() {
  const { t } = useTranslation('pricing');
  const trpc = useTRPC();
  const subLog = useQuery(trpc.subLog.getSubLog.queryOptions({ appName: APP_NAME }));
  const catalogue = useQuery(trpc.billing.catalogue.queryOptions({ appName: APP_NAME }));
  const plan = subLog.data?.currentPlan;
  const shown = plan && (subLog.data?.isActiveSub || plan.status === 'past_due') ? plan : null;

  return (
    <AccountCard id="subscription" title={t('subscription.title')} text={t('subscription.text')} testId="account-subscription">
      {subLog.isPending ? (
        <div className="h-24 animate-pulse rounded-xl bg-surface-2" aria-busy />
      ) : subLog.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <FormAlert>{t('loadFailed')}</FormAlert>
          <Button size="sm" variant="outline" onClick={() => void subLog.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : shown ? (
        <PaidPlan plan={shown} platform={subLog.data.paymentPlatform} testMode={catalogue.data?.testMode ?? false} />
      ) : (
        <FreePlan />
      )}
    </AccountCard>
  );
}

function FreePlan() {
  const { t } = useTranslation('pricing');
  const to = useLocalizedPath();
  return (
    <div className="flex flex-wrap items-center justify-between gap-4" data-testid="subscription-free">
      <div>
        <p className="font-medium">{t('subscription.freeName')}</p>
        <p className="mt-1 text-sm text-muted">{t('subscription.freeText')}</p>
      </div>
      <Button asChild>
        <Link to={to('/pricing')}>
          <Sparkles size={14} aria-hidden /> {t('subscription.seePlans')}
        </Link>
      </Button>
    </div>
  );
}

function PaidPlan({ plan, platform, testMode }: { plan: SubscriptionPlan; platform: { platformName: string; enable: boolean; visible: boolean }; testMode: boolean }) {
  const { t } = useTranslation('pricing');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lang = useLanguage();
  const to = useLocalizedPath();
  const goTo = useGoToUrl();
  const [cancelOpen, setCancelOpen] = useState(false);
  const abilities = planAbilities(plan, platform);
  const product = plan.subProductRelation[0];
  const planKey = PLAN_KEY_OF_TYPE[productTypeFromName(product?.productName, 'pro')];
  const yearly = (product?.duration ?? 1) >= 12;
  const date = plan.currentPeriodEnd
    ? new Intl.DateTimeFormat(getLanguage(lang).bcp47, { dateStyle: 'long' }).format(new Date(plan.currentPeriodEnd))
    : '';
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.subLog.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.credits.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.task.pathKey() });
  };

  const cancel = useMutation(
    trpc.billing.cancel.mutationOptions({
      onSuccess: (_plan, input) => {
        // §3 analytics: cancel_sub carries the reasons and the optional text.
        track('cancel_sub', { reasons: input.reasons, extra_text: input.comment?.trim().slice(0, 500) || null });
        setCancelOpen(false);
        toast.success(t('cancelDialog.done', { date }));
        refresh();
      },
    }),
  );
  const reactivate = useMutation(
    trpc.billing.reactivate.mutationOptions({
      onSuccess: () => {
        toast.success(t('subscription.reactivated'));
        refresh();
      },
    }),
  );
  const paymentMethod = useMutation(trpc.billing.paymentMethod.mutationOptions({ onSuccess: ({ url }) => goTo(url) }));
  const clock = useMutation(
    trpc.billing.testCheckout.advanceClock.mutationOptions({
      onSuccess: ({ status }) => {
        toast.success(t('testCheckout.clockDone', { status: t(`subscription.status.${statusKey(status)}`) }));
        refresh();
      },
    }),
  );

  const badge = abilities.activeAfterCancel ? 'canceling' : statusKey(plan.status);
  const when =
    plan.status === 'past_due'
      ? { key: 'subscription.paymentFailed', tone: 'text-danger' }
      : abilities.cancelled
        ? { key: 'subscription.ends', tone: 'text-muted' }
        : { key: 'subscription.renews', tone: 'text-muted' };
  const busy = cancel.isPending || reactivate.isPending || paymentMethod.isPending || clock.isPending;

  return (
    <div className="flex flex-col gap-4" data-testid="subscription-paid" data-status={plan.status}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-lg font-semibold" data-testid="subscription-plan">
              {t(`plans.${planKey}.name`)} · {t(yearly ? 'period.yearly' : 'period.monthly')}
            </span>
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs',
                badge === 'active' || badge === 'trialing' ? 'bg-success/15 text-success' : badge === 'past_due' ? 'bg-danger/15 text-danger' : 'bg-surface-2 text-muted',
              )}
              data-testid="subscription-status"
            >
              {t(`subscription.status.${badge}`)}
            </span>
          </p>
          <p className={cn('mt-1 text-sm', when.tone)} data-testid="subscription-when">
            {t(when.key, { date })}
          </p>
          {product && (
            <p className="mt-1 text-sm text-muted">
              {t(yearly ? 'features.creditsYearly' : 'features.creditsMonthly', { credits: product.usageCount.toLocaleString(getLanguage(lang).bcp47) })}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {abilities.canReactivate && (
          <Button loading={reactivate.isPending} disabled={busy} onClick={() => reactivate.mutate({ subscriptionId: plan.subscriptionId })} data-testid="subscription-reactivate">
            {t('subscription.reactivate')}
          </Button>
        )}
        {abilities.canUpgrade && planKey !== 'ULTIMATE' && (
          <Button asChild variant="outline">
            <Link to={to('/pricing')} data-testid="subscription-upgrade">
              {t('subscription.upgrade')}
            </Link>
          </Button>
        )}
        {abilities.canChangePayment && (
          <Button
            variant="outline"
            loading={paymentMethod.isPending}
            disabled={busy}
            onClick={() => paymentMethod.mutate({ subscriptionId: plan.subscriptionId, returnPath: to('/app/account') })}
            data-testid="subscription-payment-method"
          >
            {t('subscription.changePayment')}
          </Button>
        )}
        {abilities.canCancel && (
          <Button variant="ghost" disabled={busy} onClick={() => setCancelOpen(true)} data-testid="subscription-cancel">
            {t('subscription.cancel')}
          </Button>
        )}
        {testMode && (
          <Button
            variant="ghost"
            size="sm"
            className="ms-auto self-center border border-dashed border-amber-500/50 text-amber-300"
            loading={clock.isPending}
            disabled={busy}
            onClick={() => clock.mutate({ subscriptionId: plan.subscriptionId })}
            data-testid="subscription-test-clock"
          >
            {t('subscription.testClock')}
          </Button>
        )}
      </div>
      <CancelSubscriptionDialog
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        endDate={date}
        busy={cancel.isPending}
        onConfirm={(reasons: CancelReason[], comment) =>
          cancel.mutate({ subscriptionId: plan.subscriptionId, reasons, ...(comment ? { comment } : {}) })
        }
      />
    </div>
  );
}
