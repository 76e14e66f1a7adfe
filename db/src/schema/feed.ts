/**
 * The explore feed's engagement: one like and one view per (content, user), one report per
 * (content, reporter). Counters on creations are kept in the same transaction as these rows.
 */
import { index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { creations } from './creations.ts';

export const contentLikes = pgTable(
  'content_likes',
  {
    creationId: uuid('creation_id')
      .notNull()
      .references(() => creations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.creationId, t.userId] }), index('content_likes_user_idx').on(t.userId)],
);

export const contentViews = pgTable(
  'content_views',
  {
    creationId: uuid('creation_id')
      .notNull()
      .references(() => creations.id, { onDelete: 'cascade' }),
    /** Every visitor has a session (anonymous ones too), so a view is counted once per user. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // By user: the account-link move and the cascade when a user is deleted.
  (t) => [primaryKey({ columns: [t.creationId, t.userId] }), index('content_views_user_idx').on(t.userId)],
);

export const contentReports = pgTable(
  'content_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creationId: uuid('creation_id')
      .notNull()
      .references(() => creations.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details'),
    /** open | dismissed | actioned */
    status: text('status').notNull().default('open'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('content_reports_one_per_user_uq').on(t.creationId, t.reporterId),
    index('content_reports_status_idx').on(t.status, t.createdAt),
    // The viewer's "reported" check over a page, the account-link move and the user-delete cascade.
    index('content_reports_reporter_idx').on(t.reporterId),
  ],
);

/**
 * How many creations in the public feed carry each tag (feed.tags), kept by triggers on creations
 * and users (migration 0016): a creation counts while it is published, public and its author
 * exists and is not banned — the feed's own rule. Rows at 0 stay; readers skip them.
 */
export const feedTagCounts = pgTable(
  'feed_tag_counts',
  {
    tag: text('tag').primaryKey(),
    count: integer('count').notNull().default(0),
  },
  // feed.tags orders by count DESC (NULLS FIRST, PostgreSQL's default), tag ASC.
  (t) => [index('feed_tag_counts_rank_idx').on(t.count.desc().nullsFirst(), t.tag)],
);

/**
 * The admin report queue (admin.reports.list): per content and report status, the latest
 * activity (newest report or resolution) of its reports in that status. Kept by a trigger on
 * content_reports (migration 0017) so the queue reads a page of index rows instead of grouping
 * every report.
 */
export const contentReportGroups = pgTable(
  'content_report_groups',
  {
    creationId: uuid('creation_id')
      .notNull()
      .references(() => creations.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.creationId, t.status] }), index('content_report_groups_queue_idx').on(t.status, t.lastActivityAt, t.creationId)],
);

/**
 * The public feed's items per tag (feed.list with a tag), kept by the same triggers as
 * feed_tag_counts (migration 0021): one row per tag of each creation in the feed, with its
 * published_at, so a tag's newest items are read in index order whatever the tag's share.
 */
export const feedTagItems = pgTable(
  'feed_tag_items',
  {
    tag: text('tag').notNull(),
    creationId: uuid('creation_id')
      .notNull()
      .references(() => creations.id, { onDelete: 'cascade' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tag, t.creationId] }), index('feed_tag_items_page_idx').on(t.tag, t.publishedAt, t.creationId)],
);
