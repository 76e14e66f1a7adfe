/**
 * The admin audit log: every admin mutation writes one row in the same transaction as the
 * change, so a change without its record (or a record without its change) cannot commit. The
 * table is append-only (a trigger rejects UPDATE and DELETE).
 */
import type { Database } from '@tessera/db/connect';
import { insertAuditRow } from './admin.repo.ts';

/** Who acts: the signed-in admin. */
export interface AdminActor {
  id: string;
  email: string;
}

/** The actor of changes the system makes by itself (§3 special user id `system-user`). */
export const SYSTEM_ACTOR: AdminActor = { id: 'system-user', email: 'system' };

export interface AuditEntry {
  admin: AdminActor;
  /** Preset when something else must carry the row's id (a credit grant's source id). */
  id?: string;
  /** `<area>.<verb>`: `report.hide`, `catalog.template.update`, `credits.grant`, `user.ban` … */
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  note?: string | null | undefined;
}

/** Dates become ISO strings and undefined fields disappear, exactly as jsonb will store them. */
const snapshot = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/** Appends one audit row inside `tx`; returns its id. */
export async function recordAudit(tx: Database, entry: AuditEntry): Promise<string> {
  return insertAuditRow(tx, {
    ...(entry.id ? { id: entry.id } : {}),
    adminId: entry.admin.id,
    adminEmail: entry.admin.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    note: entry.note ?? null,
  });
}
