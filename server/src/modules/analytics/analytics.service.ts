/**
 * First-party analytics (§3, §7): the collector that stores the studio's event batches, and the
 * admin overview built from those events and from the product's own tables.
 */
import type { Database } from '@tessera/db/connect';
import {
  type AnalyticsCollectResult,
  type AnalyticsOverview,
  type ParsedEvent,
  parseAnalyticsEvent,
  zAnalyticsBatch,
} from '@tessera/shared/analytics';
import { AppError } from '@tessera/shared/errors';
import { clampEventTime, dayWindow, zeroFill, zeroFillByKind } from './analytics.days.ts';
import {
  dailyActiveVisitors,
  dailyConversions,
  dailyEventCounts,
  dailyGenerationsByKind,
  dailyNewAccounts,
  eventTotals,
  insertAnalyticsEvents,
  type NewAnalyticsEvent,
} from './analytics.repo.ts';

export interface AnalyticsDeps {
  db: Database;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
}

/** What the server itself knows about the sender; none of it is taken from the batch. */
export interface CollectContext {
  /** The session's user, anonymous users included; null without a session. */
  userId: string | null;
  /** The session user's group (§5: the server's group overrides the client's). */
  userGroup: number | null;
  country: string | null;
}

/** A rejection names the failing fields; it never needs to be longer than this. */
const MAX_ERROR_LENGTH = 500;

function toRow(e: ParsedEvent, who: CollectContext, now: Date): NewAnalyticsEvent {
  return {
    event: e.event,
    occurredAt: clampEventTime(e.ts, now),
    userId: who.userId,
    anonymousId: e.anonymous_id,
    sessionId: e.super.session_id,
    userStatus: e.user_status,
    userGroup: who.userId ? who.userGroup : e.user_group,
    pageName: e.super.page_name,
    props: e.props,
    super: e.super,
    lastClick: e.last_click,
    country: who.country,
  };
}

/**
 * Stores a batch from the studio. The batch must be `{ events: [1..MAX_BATCH_EVENTS] }`
 * (INCORRECT_PARAMETER otherwise); then each event is validated on its own, so one bad event
 * costs only itself. The user id comes from the session, never from the client.
 */
export async function collect(deps: AnalyticsDeps, who: CollectContext, rawBody: unknown): Promise<AnalyticsCollectResult> {
  const batch = zAnalyticsBatch.safeParse(rawBody);
  if (!batch.success) throw new AppError('INCORRECT_PARAMETER');
  const now = deps.now?.() ?? new Date();
  const rows: NewAnalyticsEvent[] = [];
  const rejected: AnalyticsCollectResult['rejected'] = [];
  batch.data.events.forEach((raw, index) => {
    const parsed = parseAnalyticsEvent(raw);
    if (parsed.ok) rows.push(toRow(parsed.event, who, now));
    else rejected.push({ index, error: parsed.error.slice(0, MAX_ERROR_LENGTH) });
  });
  const accepted = await insertAnalyticsEvents(deps.db, rows);
  return { accepted, rejected };
}

/**
 * The admin overview of the last `days` UTC days (today included), every series zero-filled.
 * The conversion rate compares conversions with accounts created in the same window; the
 * converted users may have signed up earlier, so it is a rate of the period, not of a cohort.
 */
export async function analyticsOverview(deps: AnalyticsDeps, input: { days: number }): Promise<AnalyticsOverview> {
  const window = dayWindow(deps.now?.() ?? new Date(), input.days);
  const range = { start: window.start, end: window.end };
  const [active, totals, signUpEvents, newAccounts, generations, conversions] = await Promise.all([
    dailyActiveVisitors(deps.db, range),
    eventTotals(deps.db, range),
    dailyEventCounts(deps.db, 'sign_up', range),
    dailyNewAccounts(deps.db, range),
    dailyGenerationsByKind(deps.db, range),
    dailyConversions(deps.db, range),
  ]);
  const signUpSeries = zeroFill(window.days, signUpEvents);
  const accountSeries = zeroFill(window.days, newAccounts);
  const conversionSeries = zeroFill(window.days, conversions);
  const generationsByKind = zeroFillByKind(window.days, generations);
  const sum = (series: { count: number }[]) => series.reduce((n, d) => n + d.count, 0);
  const totalAccounts = sum(accountSeries);
  const totalConversions = sum(conversionSeries);
  return {
    days: input.days,
    from: window.days[0] ?? '',
    to: window.days.at(-1) ?? '',
    dailyActiveUsers: zeroFill(window.days, active),
    signUps: window.days.map((day, i) => ({ day, signUpEvents: signUpSeries[i]?.count ?? 0, newAccounts: accountSeries[i]?.count ?? 0 })),
    generationsByKind,
    conversions: conversionSeries,
    totals: {
      events: totals.events,
      activeUsers: totals.visitors,
      signUpEvents: sum(signUpSeries),
      newAccounts: totalAccounts,
      generations: generationsByKind.series.reduce((n, d) => n + d.total, 0),
      conversions: totalConversions,
    },
    conversionRate: totalAccounts > 0 ? totalConversions / totalAccounts : null,
  };
}
