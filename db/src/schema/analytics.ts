/**
 * First-party analytics (spec §3 "Analytics", §7): every event the studio sends to the
 * collector, validated per event (shared/analytics) and stored as it arrived. Append-only;
 * the admin overview aggregates it by UTC day.
 */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** §3 event name (`page_view`, `sign_up` …). */
    event: text('event').notNull(),
    /** The client's timestamp, clamped so a fast clock cannot put an event more than 5 minutes ahead. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * From the session, never from the client. Set null when the user is deleted (an anonymous
     * user is deleted when it signs up): the event still counts through anonymous_id.
     */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    anonymousId: text('anonymous_id'),
    /** super.session_id: the studio's browsing session, not the auth session. */
    sessionId: text('session_id').notNull(),
    userStatus: text('user_status').notNull(),
    /** §3 user group 101–160: the session user's own group when signed in (§5), else the client's. */
    userGroup: integer('user_group'),
    pageName: text('page_name').notNull(),
    props: jsonb('props').$type<Record<string, unknown>>().notNull(),
    super: jsonb('super').$type<Record<string, unknown>>().notNull(),
    /** §9 last-click bridge: the click that led to this page, when the studio had one. */
    lastClick: jsonb('last_click').$type<Record<string, unknown>>(),
    /** ISO 3166-1 alpha-2, from the request (server/src/lib/requestInfo.ts). */
    country: text('country'),
  },
  (t) => [
    index('analytics_events_event_time_idx').on(t.event, t.occurredAt),
    index('analytics_events_time_idx').on(t.occurredAt),
    // ON DELETE SET NULL looks rows up by user_id: without this, deleting a user scans the table.
    index('analytics_events_user_idx').on(t.userId),
  ],
);
