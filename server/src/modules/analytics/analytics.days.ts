/** Time rules of the analytics module: UTC day windows, zero-filled series, event-time clamping. */
import type { AnalyticsDayCount, UtcDay } from '@tessera/shared/analytics';

export const DAY_MS = 86_400_000;
/** A client clock may run ahead; an event is never stored more than this far in the future. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

export function utcDay(date: Date): UtcDay {
  return date.toISOString().slice(0, 10);
}

/** The last `days` UTC days, the day of `now` included: `[start, end)` and each day, oldest first. */
export function dayWindow(now: Date, days: number): { start: Date; end: Date; days: UtcDay[] } {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = todayStart - (days - 1) * DAY_MS;
  return {
    start: new Date(start),
    end: new Date(todayStart + DAY_MS),
    days: Array.from({ length: days }, (_, i) => utcDay(new Date(start + i * DAY_MS))),
  };
}

/** One entry per day of the window, 0 where the query had no row; rows outside the window are dropped. */
export function zeroFill(days: readonly UtcDay[], rows: readonly AnalyticsDayCount[]): AnalyticsDayCount[] {
  const byDay = new Map(rows.map((r) => [r.day, r.count]));
  return days.map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}

/** Per-day counts by kind, every kind present (0 when absent) on every day, kinds sorted by name. */
export function zeroFillByKind(
  days: readonly UtcDay[],
  rows: readonly { day: UtcDay; kind: string; count: number }[],
): { kinds: string[]; series: { day: UtcDay; counts: Record<string, number>; total: number }[] } {
  const inWindow = new Set(days);
  const kinds = [...new Set(rows.filter((r) => inWindow.has(r.day)).map((r) => r.kind))].sort();
  const series = days.map((day) => {
    const counts: Record<string, number> = Object.fromEntries(kinds.map((k) => [k, 0]));
    let total = 0;
    for (const r of rows) {
      if (r.day !== day) continue;
      counts[r.kind] = (counts[r.kind] ?? 0) + r.count;
      total += r.count;
    }
    return { day, counts, total };
  });
  return { kinds, series };
}

/** When an event happened: the client's time, but never more than MAX_CLOCK_SKEW_MS after `now`. */
export function clampEventTime(ts: number, now: Date): Date {
  return new Date(Math.min(ts, now.getTime() + MAX_CLOCK_SKEW_MS));
}
