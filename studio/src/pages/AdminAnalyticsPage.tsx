/**
 * /app/admin/analytics: the operators' view of first-party analytics (admin.analytics.overview):
 * daily active users, sign-ups (events next to accounts), generations by kind and free → paid
 * conversions, for the last 7, 30 or 90 UTC days. Only admins get data; the server decides
 * (FORBIDDEN for everyone else), the page shows "admins only" then.
 */
import { getLanguage } from '@tessera/shared/i18n';
import { ANALYTICS_OVERVIEW_DAY_OPTIONS, type AnalyticsOverview } from '@tessera/shared/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BarChart3, ShieldAlert } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLanguage, useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { Spinner } from '../components/ui/Spinner.tsx';
import { useViewer } from '../features/auth/useViewer.ts';
import {
  formatDay,
  formatRate,
  generationRows,
  isAccessDenied,
  isEmptyOverview,
  kindColor,
  type OverviewDays,
  parseOverviewDays,
} from '../features/admin/analyticsChartData.ts';
import { useTRPC } from '../lib/trpc.ts';

const CARD = 'rounded-[var(--radius-card)] border border-border bg-surface';

export function AdminAnalyticsPage() {
  const { t } = useTranslation('admin');
  const viewer = useViewer();
  const location = useLocation();
  const to = useLocalizedPath();
  const [params, setParams] = useSearchParams();
  const days = parseOverviewDays(params.get('days'));

  // §2: a protected page without any session goes to sign-in, and comes back after it.
  if (viewer.status === 'unauthenticated') {
    return <Navigate to={`${to('/sign-in')}?error=SessionRequired&callbackUrl=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  const selectDays = (d: OverviewDays) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('days', String(d));
        return next;
      },
      { replace: true },
    );

  return (
    // Rendered inside the console layout (pages/admin/AdminLayout.tsx), which provides <main>.
    <div data-testid="page-admin-analytics">
      <title>{t('meta.title')}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t('analytics.title')}</h1>
          <p className="mt-2 text-muted">{t('analytics.subtitle')}</p>
        </div>
        {viewer.status === 'signedIn' && <DaysSelector value={days} onChange={selectDays} />}
      </div>
      {viewer.status === 'loading' ? <OverviewSkeleton /> : viewer.status === 'signedIn' ? <Overview days={days} /> : <AdminsOnly />}
    </div>
  );
}

function DaysSelector({ value, onChange }: { value: OverviewDays; onChange: (days: OverviewDays) => void }) {
  const { t } = useTranslation('admin');
  return (
    <div role="group" aria-label={t('analytics.range.label')} className="inline-flex gap-1 rounded-xl border border-border bg-surface p-1" data-testid="analytics-days">
      {ANALYTICS_OVERVIEW_DAY_OPTIONS.map((d) => (
        <Button key={d} size="sm" variant={d === value ? 'secondary' : 'ghost'} aria-pressed={d === value} onClick={() => onChange(d)} data-testid={`analytics-days-${d}`}>
          {t('analytics.range.days', { count: d })}
        </Button>
      ))}
    </div>
  );
}

function OverviewSkeleton() {
  const { t } = useTranslation('admin');
  return (
    <div className="mt-8 flex flex-col gap-6" role="status" aria-busy aria-label={t('analytics.loading')} data-testid="analytics-loading">
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-24 animate-pulse rounded-[var(--radius-card)] bg-surface" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-80 animate-pulse rounded-[var(--radius-card)] bg-surface" />
        ))}
      </div>
    </div>
  );
}

function AdminsOnly() {
  const { t } = useTranslation('admin');
  const to = useLocalizedPath();
  const location = useLocation();
  const viewer = useViewer();
  return (
    <section className={`${CARD} mt-10 flex flex-col items-center gap-4 p-10 text-center`} role="alert" data-testid="analytics-forbidden">
      <ShieldAlert className="text-muted" aria-hidden />
      <h2 className="text-xl font-semibold">{t('analytics.forbidden.title')}</h2>
      <p className="max-w-md text-muted">{t('analytics.forbidden.text')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {viewer.status !== 'signedIn' && (
          <Button asChild>
            <Link to={`${to('/sign-in')}?callbackUrl=${encodeURIComponent(location.pathname + location.search)}`}>{t('analytics.forbidden.signIn')}</Link>
          </Button>
        )}
        <Button variant="outline" asChild>
          <Link to={to('/home')}>{t('analytics.forbidden.home')}</Link>
        </Button>
      </div>
    </section>
  );
}

function Overview({ days }: { days: OverviewDays }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  // Errors are shown here (admins only, retry), not by the global toast.
  const query = useQuery({ ...trpc.admin.analytics.overview.queryOptions({ days }), placeholderData: keepPreviousData, meta: { skipError: true } });

  if (query.isPending) return <OverviewSkeleton />;
  if (query.isError) {
    if (isAccessDenied(query.error)) return <AdminsOnly />;
    return (
      <section className={`${CARD} mt-10 flex flex-col items-center gap-4 p-10 text-center`} role="alert" data-testid="analytics-error">
        <p className="text-muted">{t('analytics.error.text')}</p>
        <Button variant="outline" loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('analytics.error.retry')}
        </Button>
      </section>
    );
  }
  const data = query.data;
  return (
    <div className="relative mt-8" aria-busy={query.isPlaceholderData || undefined}>
      {query.isPlaceholderData && <Spinner className="absolute -top-7 right-0" label={t('analytics.updating')} />}
      {isEmptyOverview(data) ? (
        <section className={`${CARD} flex flex-col items-center gap-4 p-10 text-center`} data-testid="analytics-empty">
          <BarChart3 className="text-muted" aria-hidden />
          <h2 className="text-xl font-semibold">{t('analytics.empty.title')}</h2>
          <p className="max-w-md text-muted">{t('analytics.empty.text')}</p>
        </section>
      ) : (
        <>
          <Totals data={data} />
          <Charts data={data} />
        </>
      )}
    </div>
  );
}

function Totals({ data }: { data: AnalyticsOverview }) {
  const { t } = useTranslation('admin');
  const locale = getLanguage(useLanguage()).bcp47;
  const number = new Intl.NumberFormat(locale);
  const items: { key: string; label: string; value: string; hint?: string; highlight?: boolean }[] = [
    { key: 'activeUsers', label: t('analytics.totals.activeUsers'), value: number.format(data.totals.activeUsers) },
    { key: 'signUpEvents', label: t('analytics.totals.signUpEvents'), value: number.format(data.totals.signUpEvents) },
    { key: 'newAccounts', label: t('analytics.totals.newAccounts'), value: number.format(data.totals.newAccounts) },
    { key: 'generations', label: t('analytics.totals.generations'), value: number.format(data.totals.generations) },
    { key: 'conversions', label: t('analytics.totals.conversions'), value: number.format(data.totals.conversions) },
    {
      key: 'conversionRate',
      label: t('analytics.totals.conversionRate'),
      value: formatRate(data.conversionRate, locale) ?? t('analytics.totals.noRate'),
      hint: t('analytics.totals.conversionRateHint'),
      highlight: true,
    },
  ];
  return (
    <section aria-label={t('analytics.totals.label', { from: formatDay(data.from, locale), to: formatDay(data.to, locale) })}>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6" data-testid="analytics-totals">
        {items.map((item) => (
          <div key={item.key} className={`${CARD} flex flex-col gap-1 p-4 ${item.highlight ? 'border-accent/60' : ''}`} title={item.hint} data-testid={`analytics-total-${item.key}`}>
            <dt className="text-xs text-muted">{item.label}</dt>
            <dd className={`text-2xl font-bold tabular-nums ${item.highlight ? 'text-gradient' : ''}`}>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const AXIS = { stroke: 'var(--color-border)', tick: { fill: 'var(--color-muted)', fontSize: 12 }, tickLine: false } as const;
const TOOLTIP_STYLE: CSSProperties = {
  background: 'var(--color-surface-2)',
  border: '1px solid var(--color-border)',
  borderRadius: 8,
  color: 'var(--color-fg)',
};
const LEGEND_STYLE: CSSProperties = { fontSize: 12, color: 'var(--color-muted)' };

function Charts({ data }: { data: AnalyticsOverview }) {
  const { t } = useTranslation('admin');
  const locale = getLanguage(useLanguage()).bcp47;
  const dayLabel = (day: unknown) => formatDay(String(day), locale);
  const kindLabel = (kind: string) => t(`common:kinds.${kind}`, { defaultValue: kind.replaceAll('_', ' ') });
  const range = { from: formatDay(data.from, locale), to: formatDay(data.to, locale) };
  const axes = (
    <>
      <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="day" tickFormatter={dayLabel} minTickGap={16} {...AXIS} />
      <YAxis allowDecimals={false} width={40} {...AXIS} />
      <Tooltip labelFormatter={dayLabel} contentStyle={TOOLTIP_STYLE} cursor={{ fill: 'var(--color-surface-2)', stroke: 'var(--color-border)' }} />
    </>
  );

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <ChartCard
        id="dau"
        title={t('analytics.charts.dau.title')}
        description={t('analytics.charts.dau.description')}
        summary={t('analytics.charts.summary', { title: t('analytics.charts.dau.title'), total: data.totals.activeUsers, ...range })}
      >
        <LineChart data={data.dailyActiveUsers} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          {axes}
          <Line type="monotone" dataKey="count" name={t('analytics.charts.dau.series')} stroke="var(--color-accent)" strokeWidth={2} dot={data.days <= 30} isAnimationActive={false} />
        </LineChart>
      </ChartCard>

      <ChartCard
        id="signups"
        title={t('analytics.charts.signUps.title')}
        description={t('analytics.charts.signUps.description')}
        summary={t('analytics.charts.summary', { title: t('analytics.charts.signUps.accounts'), total: data.totals.newAccounts, ...range })}
      >
        <BarChart data={data.signUps} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          {axes}
          <Legend wrapperStyle={LEGEND_STYLE} itemSorter={null} />
          <Bar dataKey="signUpEvents" name={t('analytics.charts.signUps.events')} fill="var(--color-accent)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Bar dataKey="newAccounts" name={t('analytics.charts.signUps.accounts')} fill="var(--color-accent-2)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ChartCard>

      <ChartCard
        id="generations"
        title={t('analytics.charts.generations.title')}
        description={t('analytics.charts.generations.description')}
        summary={t('analytics.charts.summary', { title: t('analytics.charts.generations.title'), total: data.totals.generations, ...range })}
        empty={data.generationsByKind.kinds.length === 0}
      >
        <BarChart data={generationRows(data.generationsByKind)} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          {axes}
          <Legend wrapperStyle={LEGEND_STYLE} itemSorter={null} />
          {data.generationsByKind.kinds.map((kind, i) => (
            <Bar key={kind} dataKey={kind} name={kindLabel(kind)} stackId="kinds" fill={kindColor(i)} isAnimationActive={false} />
          ))}
        </BarChart>
      </ChartCard>

      <ChartCard
        id="conversions"
        title={t('analytics.charts.conversions.title')}
        description={t('analytics.charts.conversions.description')}
        summary={t('analytics.charts.summary', { title: t('analytics.charts.conversions.title'), total: data.totals.conversions, ...range })}
        aside={
          <span className="text-2xl font-bold tabular-nums text-gradient" data-testid="analytics-conversion-rate" title={t('analytics.totals.conversionRateHint')}>
            {formatRate(data.conversionRate, locale) ?? t('analytics.totals.noRate')}
          </span>
        }
      >
        <BarChart data={data.conversions} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          {axes}
          <Bar dataKey="count" name={t('analytics.charts.conversions.series')} fill="var(--color-success)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
    </div>
  );
}

function ChartCard({
  id,
  title,
  description,
  summary,
  aside,
  empty,
  children,
}: {
  id: string;
  title: string;
  description: string;
  summary: string;
  aside?: ReactNode;
  /** No series at all (a chart without series draws no axis values): say so instead. */
  empty?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <section className={`${CARD} flex flex-col p-5`} aria-labelledby={`analytics-${id}-title`} data-testid={`analytics-chart-${id}`}>
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id={`analytics-${id}-title`} className="font-semibold">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-muted">{description}</p>
        </div>
        {aside}
      </div>
      {/* The SVG is not readable by screen readers; the summary says what it shows. */}
      {empty ? (
        <p className="mt-4 flex h-64 items-center justify-center rounded-lg border border-dashed border-border text-sm text-muted" data-testid={`analytics-chart-${id}-empty`}>
          {t('analytics.charts.noData')}
        </p>
      ) : (
        <div className="mt-4 h-64" role="img" aria-label={summary}>
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
      )}
    </section>
  );
}
