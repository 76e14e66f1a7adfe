/** The admin audit log: who did what to which row, when, with the row before and after. Append-only. */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Not a foreign key: the record outlives a deleted admin account. */
    adminId: text('admin_id').notNull(),
    adminEmail: text('admin_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt, t.id), index('admin_audit_log_target_idx').on(t.targetType, t.targetId)],
);

/**
 * Operators' changes to the hosted model catalogue made in the admin console (disable, reprice,
 * limits, or a whole new entry): `override` is a shared/generation/models ModelOverride. Every
 * node reloads them (server/src/generation/providers/hosted/modelCatalog.ts).
 */
export const modelOverrides = pgTable('model_overrides', {
  id: text('id').primaryKey(),
  override: jsonb('override').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
