/**
 * The explore feed's engagement: one like and one view per (content, user), one report per
 * (content, reporter). Counters on creations are kept in the same transaction as these rows.
 */
import { index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
  (t) => [primaryKey({ columns: [t.creationId, t.userId] })],
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
  (t) => [unique('content_reports_one_per_user_uq').on(t.creationId, t.reporterId), index('content_reports_status_idx').on(t.status, t.createdAt)],
);
