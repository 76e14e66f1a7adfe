/**
 * Mail that never left the server: without SMTP_URL (embedded mode, development, tests) every
 * outgoing message is kept here and shown at /dev/mailbox instead of being sent.
 */
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const devMail = pgTable(
  'dev_mail',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mail_to_idx').on(t.to, t.createdAt)],
);

/**
 * better-auth's rate-limit counters (`rateLimit.storage: 'database'`): one row per client IP and
 * auth path, so every server node counts against the same limit. Kept beside the mail table
 * because both arrived with e-mail verification; better-auth owns the shape.
 */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  /** `<client ip>|<auth path>` */
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  /** Epoch milliseconds of the latest counted request. */
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
