/**
 * The `api_credits` usage record of subUsage.getSubUsage (§3: remaining = total − used), which
 * API calls spend, and how to get more: the monthly allowance of paid plans (/pricing).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { APP_NAME } from '../billing/useBillingState.ts';
import { summaryOfUsage } from '../credits/usageSummary.ts';
import { LoadFailed, Panel } from './Panel.tsx';

export function ApiCreditsPanel() {
  const { t } = useTranslation('apiPlatform');
  const trpc = useTRPC();
  const to = useLocalizedPath();
  // Never cached, as the credits panel reads it: the balance moves with every API call.
  const usage = useQuery({ ...trpc.subUsage.getSubUsage.queryOptions({ appName: APP_NAME }), staleTime: 0 });
  // An account that never had API credits has no record yet: that is a balance of 0.
  const summary = usage.data ? (summaryOfUsage(usage.data.usageList, 'api_credits') ?? { used: 0, total: 0, remaining: 0 }) : undefined;

  return (
    <Panel id="credits" title={t('credits.title')} text={t('credits.text')}>
      {usage.isError ? (
        <LoadFailed text={t('credits.loadFailed')} retryLabel={t('retry')} retrying={usage.isFetching} onRetry={() => void usage.refetch()} />
      ) : (
        <dl className="grid grid-cols-3 gap-3 text-center" aria-busy={!summary}>
          {(['remaining', 'used', 'total'] as const).map((key) => (
            <div key={key} className="rounded-xl border border-border bg-surface-2/50 p-3">
              <dt className="text-xs text-muted">{t(`credits.${key}`)}</dt>
              <dd className={`mt-1 text-2xl font-bold tabular-nums ${key === 'remaining' ? 'text-gradient' : ''}`} data-testid={`api-credits-${key}`}>
                {summary ? summary[key] : <span className="inline-block h-7 w-10 animate-pulse rounded bg-surface-2 align-middle" />}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-4 text-sm text-muted">{t('credits.more')}</p>
      <Button asChild variant="outline" size="sm" className="mt-3">
        <Link to={to('/pricing')} data-testid="api-credits-pricing">
          {t('credits.pricing')}
        </Link>
      </Button>
    </Panel>
  );
}
