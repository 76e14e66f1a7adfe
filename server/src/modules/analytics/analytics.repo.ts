/**
 * The only place that queries analytics_events, and the read-only aggregates the admin overview
 * takes from users, generation_tasks and billing_invoices. Days are UTC days (`YYYY-MM-DD`).
 */
import type { Database } from '@tessera/db/connect';
import { analyticsEvents, billingInvoices, generationTasks, users } from '@tessera/db/schema';
import type { AnalyticsDayCount } from '@tessera/shared/analytics';
import { and, count, countDistinct, eq, gte, lt, min, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export interface NewAnalyticsEvent {
  event: string;
  occurredAt: Date;
  userId: string | null;
  anonymousId: string | null;
  sessionId: string;
  userStatus: string;
  userGroup: number | null;
  pageName: string;
  props: Record<string, unknown>;
  super: Record<string, unknown>;
  lastClick: Record<string, unknown> | null;
  country: string | null;
}

/** `[start, end)` */
export interface TimeRange {
  start: Date;
  end: Date;
}

export async function insertAnalyticsEvents(db: Database, rows: NewAnalyticsEvent[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(analyticsEvents).values(rows).returning({ id: analyticsEvents.id });
  return inserted.length;
}

const utcDayOf = (column: PgColumn | SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Who a visitor is: the signed-in user, else the studio's anonymous id, else its browsing session. */
const visitor = sql`coalesce(${analyticsEvents.userId}, ${analyticsEvents.anonymousId}, ${analyticsEvents.sessionId})`;

const eventsIn = (range: TimeRange) => and(gte(analyticsEvents.occurredAt, range.start), lt(analyticsEvents.occurredAt, range.end));

export async function dailyActiveVisitors(db: Database, range: TimeRange): Promise<AnalyticsDayCount[]> {
  const day = utcDayOf(analyticsEvents.occurredAt);
  return db.select({ day, count: countDistinct(visitor) }).from(analyticsEvents).where(eventsIn(range)).groupBy(day);
}

/** Events and distinct visitors over the whole range. */
export async function eventTotals(db: Database, range: TimeRange): Promise<{ events: number; visitors: number }> {
  const [row] = await db.select({ events: count(), visitors: countDistinct(visitor) }).from(analyticsEvents).where(eventsIn(range));
  return { events: row?.events ?? 0, visitors: row?.visitors ?? 0 };
}

export async function dailyEventCounts(db: Database, event: string, range: TimeRange): Promise<AnalyticsDayCount[]> {
  const day = utcDayOf(analyticsEvents.occurredAt);
  return db
    .select({ day, count: count() })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.event, event), eventsIn(range)))
    .groupBy(day);
}

/** E-mail accounts created per day; anonymous users are visitors, not accounts. */
export async function dailyNewAccounts(db: Database, range: TimeRange): Promise<AnalyticsDayCount[]> {
  const day = utcDayOf(users.createdAt);
  return db
    .select({ day, count: count() })
    .from(users)
    .where(and(eq(users.isAnonymous, false), gte(users.createdAt, range.start), lt(users.createdAt, range.end)))
    .groupBy(day);
}

export async function dailyGenerationsByKind(db: Database, range: TimeRange): Promise<{ day: string; kind: string; count: number }[]> {
  const day = utcDayOf(generationTasks.createdAt);
  return db
    .select({ day, kind: generationTasks.kind, count: count() })
    .from(generationTasks)
    .where(and(gte(generationTasks.createdAt, range.start), lt(generationTasks.createdAt, range.end)))
    .groupBy(day, generationTasks.kind);
}

/**
 * Free → paid conversions per day: users counted on the day of their first paid invoice ever.
 * Invoices rather than subscriptions because a subscription row exists from checkout on, paid
 * or not (incomplete, trialing), while a paid invoice is money received; and rather than credit
 * grants because an upgrade's proration grant is not a conversion. A user converts once: later
 * renewals, upgrades and re-subscriptions after a lapse are not counted again.
 */
export async function dailyConversions(db: Database, range: TimeRange): Promise<AnalyticsDayCount[]> {
  const firstPaid = db
    .select({ userId: billingInvoices.userId, at: min(billingInvoices.createdAt).as('first_paid_at') })
    .from(billingInvoices)
    .where(eq(billingInvoices.status, 'paid'))
    .groupBy(billingInvoices.userId)
    .as('first_paid');
  const day = utcDayOf(sql`${firstPaid.at}`);
  return db
    .select({ day, count: count() })
    .from(firstPaid)
    .where(and(gte(firstPaid.at, range.start), lt(firstPaid.at, range.end)))
    .groupBy(day);
}

/**
 * Account-link step: the events a visitor sent while anonymous become the account's, so the
 * sign-up binds the anonymous id (§3) instead of the cascade clearing `user_id`.
 */
export async function moveAnalyticsEvents(tx: Database, fromUserId: string, toUserId: string): Promise<void> {
  await tx.update(analyticsEvents).set({ userId: toUserId }).where(eq(analyticsEvents.userId, fromUserId));
}
