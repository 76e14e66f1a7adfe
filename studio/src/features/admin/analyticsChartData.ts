/** Shapes admin.analytics.overview for the charts: one row per day, localized labels, and state checks. */
import { ANALYTICS_OVERVIEW_DAY_OPTIONS, type AnalyticsOverview } from '@tessera/shared/analytics';
import { TRPCClientError } from '@trpc/client';

export type OverviewDays = (typeof ANALYTICS_OVERVIEW_DAY_OPTIONS)[number];
export const DEFAULT_OVERVIEW_DAYS: OverviewDays = 30;

/** The `?days=` value if it is one the page offers, else the default. */
export function parseOverviewDays(value: string | null): OverviewDays {
  const n = Number(value);
  return ANALYTICS_OVERVIEW_DAY_OPTIONS.find((d) => d === n) ?? DEFAULT_OVERVIEW_DAYS;
}

/** Stacked bars need one row per day with a key per kind. */
export function generationRows(g: AnalyticsOverview['generationsByKind']): Record<string, string | number>[] {
  return g.series.map((d) => ({ day: d.day, ...d.counts }));
}

/** `2030-01-02` → `Jan 2` (in the page's language), read as a UTC day so no zone shifts it. */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A rate as a percentage with one decimal, or null when there is none. */
export function formatRate(rate: number | null, locale: string): string | null {
  if (rate === null || !Number.isFinite(rate)) return null;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** Nothing happened in the window: no events, accounts, generations or payments. */
export function isEmptyOverview(o: AnalyticsOverview): boolean {
  const { events, newAccounts, generations, conversions } = o.totals;
  return events + newAccounts + generations + conversions === 0;
}

/** The server refused the caller (not an admin, or not signed in): retrying will not help. */
export function isAccessDenied(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const code = (error.data as { code?: string } | undefined)?.code;
  return code === 'FORBIDDEN' || code === 'UNAUTHORIZED';
}

/** Series colours: the two brand tokens first, then distinct hues that read on the dark surface. */
const KIND_COLORS = ['var(--color-accent)', 'var(--color-accent-2)', '#22d3ee', '#f59e0b', '#22c55e', '#60a5fa', '#f97316', '#a3e635', '#e879f9', '#94a3b8'];

export function kindColor(index: number): string {
  return KIND_COLORS[index % KIND_COLORS.length] ?? 'var(--color-accent)';
}
