/**
 * The admin console's queries: cross-user task, creation and report lists, the task inspector,
 * user lookup, bans and the audit log. Lists are keyset-paged on (timestamp, uuid) with the
 * timestamp carried to the microsecond (`cursorKey`): a millisecond cursor would skip rows that
 * share its millisecond.
 */
import type { Database } from '@tessera/db/connect';
import {
  adminAuditLog,
  billingProducts,
  contentReportGroups,
  contentReports,
  creations,
  creditEntries,
  generationTasks,
  sessions,
  subscriptions,
  users,
  type TaskOutput,
} from '@tessera/db/schema';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Keyset position: a microsecond UTC timestamp text and the row's uuid. */
export interface Keyset {
  at: string;
  id: string;
}

/** The column as `2024-05-01T10:00:00.123456Z`, exact to the microsecond Postgres stores. */
const cursorKey = (column: PgColumn | SQL) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows strictly after `after` in (at desc, id desc) order. */
const before = (at: PgColumn | SQL, id: PgColumn, after: Keyset) => sql`(${at}, ${id}) < (${after.at}::timestamptz, ${after.id}::uuid)`;

/** Users are matched by id or by e-mail, exactly and case-insensitively. */
const usersMatching = (db: Database, user: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.id} = ${user} OR lower(${users.email}) = ${user.toLowerCase()}`);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---- Audit log

export interface AuditRow {
  id: string;
  adminId: string;
  adminEmail: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  note: string | null;
  createdAt: Date;
  cursorKey: string;
}

export type NewAuditRow = Omit<AuditRow, 'id' | 'createdAt' | 'cursorKey'> & { id?: string };

export async function insertAuditRow(tx: Database, row: NewAuditRow): Promise<string> {
  const [inserted] = await tx.insert(adminAuditLog).values(row).returning({ id: adminAuditLog.id });
  if (!inserted) throw new Error('admin audit: insert returned no row');
  return inserted.id;
}

/** Newest first; `action` matches exactly or as a dotted prefix (`catalog` finds `catalog.template.update`). */
export async function listAuditRows(db: Database, p: { action?: string; adminId?: string; after?: Keyset; limit: number }): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (p.action) conditions.push(sql`(${adminAuditLog.action} = ${p.action} OR ${adminAuditLog.action} LIKE ${`${escapeLike(p.action)}.%`})`);
  if (p.adminId) conditions.push(eq(adminAuditLog.adminId, p.adminId));
  if (p.after) conditions.push(before(adminAuditLog.createdAt, adminAuditLog.id, p.after));
  return db
    .select({
      id: adminAuditLog.id,
      adminId: adminAuditLog.adminId,
      adminEmail: adminAuditLog.adminEmail,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
      note: adminAuditLog.note,
      createdAt: adminAuditLog.createdAt,
      cursorKey: cursorKey(adminAuditLog.createdAt),
    })
    .from(adminAuditLog)
    .where(and(...conditions))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(p.limit);
}

// ---- Tasks

export interface TaskRow {
  id: string;
  userId: string;
  userEmail: string;
  userIsAnonymous: boolean;
  kind: string;
  rpcName: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
  cost: number;
  attempts: number;
  errorCode: string | null;
  outputs: TaskOutput[];
  createdAt: Date;
  finishedAt: Date | null;
  cursorKey: string;
}

const taskColumns = {
  id: generationTasks.id,
  userId: generationTasks.userId,
  userEmail: users.email,
  userIsAnonymous: users.isAnonymous,
  kind: generationTasks.kind,
  rpcName: generationTasks.rpcName,
  status: generationTasks.status,
  cost: generationTasks.cost,
  attempts: generationTasks.attempts,
  errorCode: generationTasks.errorCode,
  outputs: generationTasks.outputs,
  createdAt: generationTasks.createdAt,
  finishedAt: generationTasks.finishedAt,
  cursorKey: cursorKey(generationTasks.createdAt),
};

export interface TaskFilter {
  user?: string | undefined;
  kind?: string | undefined;
  status?: TaskRow['status'] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  after?: Keyset | undefined;
  limit: number;
}

/** Every user's tasks, newest first. */
export async function listTasks(db: Database, f: TaskFilter): Promise<TaskRow[]> {
  const conditions: SQL[] = [];
  if (f.user) conditions.push(inArray(generationTasks.userId, usersMatching(db, f.user)));
  if (f.kind) conditions.push(eq(generationTasks.kind, f.kind));
  if (f.status) conditions.push(eq(generationTasks.status, f.status));
  if (f.from) conditions.push(gte(generationTasks.createdAt, f.from));
  if (f.to) conditions.push(lt(generationTasks.createdAt, f.to));
  if (f.after) conditions.push(before(generationTasks.createdAt, generationTasks.id, f.after));
  return db
    .select(taskColumns)
    .from(generationTasks)
    .innerJoin(users, eq(users.id, generationTasks.userId))
    .where(and(...conditions))
    .orderBy(desc(generationTasks.createdAt), desc(generationTasks.id))
    .limit(f.limit);
}

export interface TaskDetailRow extends TaskRow {
  input: unknown;
  maxAttempts: number;
  progress: number;
  stage: string;
  workerId: string | null;
  errorMessage: string | null;
}

export async function findTask(db: Database, id: string): Promise<TaskDetailRow | null> {
  const [row] = await db
    .select({
      ...taskColumns,
      input: generationTasks.input,
      maxAttempts: generationTasks.maxAttempts,
      progress: generationTasks.progress,
      stage: generationTasks.stage,
      workerId: generationTasks.workerId,
      errorMessage: generationTasks.errorMessage,
    })
    .from(generationTasks)
    .innerJoin(users, eq(users.id, generationTasks.userId))
    .where(eq(generationTasks.id, id))
    .limit(1);
  return row ?? null;
}

/** The task's ledger entries (its hold, then the capture or release, and any expiry), oldest first. */
export async function ledgerOfTask(db: Database, taskId: string) {
  return db
    .select({ id: creditEntries.id, kind: creditEntries.kind, amount: creditEntries.amount, note: creditEntries.note, createdAt: creditEntries.createdAt })
    .from(creditEntries)
    .where(eq(creditEntries.taskId, taskId))
    .orderBy(asc(creditEntries.id));
}

export async function creationsOfTask(db: Database, taskId: string) {
  return db
    .select({ id: creations.id, publishStatus: creations.publishStatus })
    .from(creations)
    .where(eq(creations.taskId, taskId))
    .orderBy(asc(creations.outputIndex));
}

// ---- Creations

export interface CreationRow {
  id: string;
  taskId: string;
  userId: string;
  userEmail: string;
  userIsAnonymous: boolean;
  kind: string;
  mediaType: string;
  mediaKey: string;
  thumbnailKey: string | null;
  publishStatus: string;
  title: string | null;
  createdAt: Date;
  cursorKey: string;
}

export async function listCreations(
  db: Database,
  f: Omit<TaskFilter, 'status'> & { publishStatus?: 'unpublished' | 'published' | 'hidden' | 'removed' | undefined },
): Promise<CreationRow[]> {
  const conditions: SQL[] = [];
  if (f.user) conditions.push(inArray(creations.userId, usersMatching(db, f.user)));
  if (f.kind) conditions.push(eq(creations.kind, f.kind));
  if (f.publishStatus) conditions.push(eq(creations.publishStatus, f.publishStatus));
  if (f.from) conditions.push(gte(creations.createdAt, f.from));
  if (f.to) conditions.push(lt(creations.createdAt, f.to));
  if (f.after) conditions.push(before(creations.createdAt, creations.id, f.after));
  return db
    .select({
      id: creations.id,
      taskId: creations.taskId,
      userId: creations.userId,
      userEmail: users.email,
      userIsAnonymous: users.isAnonymous,
      kind: creations.kind,
      mediaType: creations.mediaType,
      mediaKey: creations.mediaKey,
      thumbnailKey: creations.thumbnailKey,
      publishStatus: creations.publishStatus,
      title: creations.title,
      createdAt: creations.createdAt,
      cursorKey: cursorKey(creations.createdAt),
    })
    .from(creations)
    .innerJoin(users, eq(users.id, creations.userId))
    .where(and(...conditions))
    .orderBy(desc(creations.createdAt), desc(creations.id))
    .limit(f.limit);
}

// ---- Reports

/**
 * Contents with reports in `status`, most recent activity (newest report or resolution) first,
 * from content_report_groups (kept by a trigger on content_reports, migration 0017).
 */
export async function listReportedContentIds(
  db: Database,
  p: { status: string; after?: Keyset | undefined; limit: number },
): Promise<{ creationId: string; cursorKey: string }[]> {
  const groups = contentReportGroups;
  return db
    .select({ creationId: groups.creationId, cursorKey: cursorKey(groups.lastActivityAt) })
    .from(groups)
    .where(and(eq(groups.status, p.status), p.after ? before(groups.lastActivityAt, groups.creationId, p.after) : undefined))
    .orderBy(desc(groups.lastActivityAt), desc(groups.creationId))
    .limit(p.limit);
}

export async function reportedContents(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: creations.id,
      title: creations.title,
      prompt: creations.prompt,
      mediaKey: creations.mediaKey,
      thumbnailKey: creations.thumbnailKey,
      mediaType: creations.mediaType,
      publishStatus: creations.publishStatus,
      authorId: users.id,
      authorName: users.name,
      authorEmail: users.email,
      authorIsAnonymous: users.isAnonymous,
      authorBannedAt: users.bannedAt,
    })
    .from(creations)
    .innerJoin(users, eq(users.id, creations.userId))
    .where(inArray(creations.id, ids));
}

/** The reports in `status` of these contents, newest first. */
export async function reportsOf(db: Database, ids: string[], status: string) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: contentReports.id,
      creationId: contentReports.creationId,
      reporterId: contentReports.reporterId,
      reason: contentReports.reason,
      details: contentReports.details,
      status: contentReports.status,
      createdAt: contentReports.createdAt,
    })
    .from(contentReports)
    .where(and(inArray(contentReports.creationId, ids), eq(contentReports.status, status)))
    .orderBy(desc(contentReports.createdAt), desc(contentReports.id));
}

/** The content and its author, locked so two admins acting on it serialise. */
export async function lockContent(tx: Database, id: string) {
  const [row] = await tx
    .select({
      id: creations.id,
      userId: creations.userId,
      publishStatus: creations.publishStatus,
      reportCount: creations.reportCount,
      authorBannedAt: users.bannedAt,
    })
    .from(creations)
    .innerJoin(users, eq(users.id, creations.userId))
    .where(eq(creations.id, id))
    .for('update', { of: creations })
    .limit(1);
  return row ?? null;
}

/** Closes every open report of the content with the admin's decision; returns how many. */
export async function closeOpenReports(tx: Database, creationId: string, status: 'dismissed' | 'actioned', adminId: string, now: Date): Promise<number> {
  const closed = await tx
    .update(contentReports)
    .set({ status, resolvedBy: adminId, resolvedAt: now })
    .where(and(eq(contentReports.creationId, creationId), eq(contentReports.status, 'open')))
    .returning({ id: contentReports.id });
  return closed.length;
}

/** reportCount counts open reports: none are left once an admin decided. */
export async function resetReportCount(tx: Database, creationId: string): Promise<void> {
  await tx.update(creations).set({ reportCount: 0 }).where(eq(creations.id, creationId));
}

// ---- Users

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  role: string;
  isAnonymous: boolean;
  emailVerified: boolean;
  bannedAt: Date | null;
  createdAt: Date;
}

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  isAnonymous: users.isAnonymous,
  emailVerified: users.emailVerified,
  bannedAt: users.bannedAt,
  createdAt: users.createdAt,
};

export async function findUser(db: Database, id: string): Promise<AdminUserRow | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function lockUser(tx: Database, id: string): Promise<AdminUserRow | null> {
  const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id)).for('update').limit(1);
  return row ?? null;
}

/** Better-auth reads this before it creates a session (auth.ts): a banned user gets none. */
export async function isUserBanned(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, id)).limit(1);
  return Boolean(row?.bannedAt);
}

/**
 * By id, exact e-mail, or e-mail/name prefix (case-insensitive): exact matches first, then
 * e-mail prefix matches in e-mail order, then name prefix matches in name order. Anonymous users
 * share a placeholder domain and the name "Guest", so only an id finds them.
 *
 * Three small statements, not one with OR: each prefix branch walks its `text_pattern_ops` index
 * in order and stops at the limit (`ORDER BY … USING ~<~` is that index's order), where the OR
 * fetched and sorted every match — 11k users for a two-letter prefix at 1M users (issue 25,
 * bench/queries.ts).
 */
export async function lookupUsers(db: Database, query: string, limit: number): Promise<AdminUserRow[]> {
  const lower = query.toLowerCase();
  const prefix = `${escapeLike(lower)}%`;
  const byPrefix = (column: typeof users.email | typeof users.name) =>
    db
      .select(userColumns)
      .from(users)
      .where(sql`${users.isAnonymous} = false AND lower(${column}) LIKE ${prefix}`)
      .orderBy(sql`lower(${column}) USING ~<~`, asc(users.id))
      .limit(limit);
  const [exact, email, name] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(sql`${users.id} = ${query} OR (${users.isAnonymous} = false AND lower(${users.email}) = ${lower})`)
      .orderBy(asc(users.email))
      .limit(limit),
    byPrefix(users.email),
    byPrefix(users.name),
  ]);
  const seen = new Set<string>();
  return [...exact, ...email, ...name].filter((u) => !seen.has(u.id) && seen.add(u.id)).slice(0, limit);
}

export async function setBannedAt(tx: Database, id: string, bannedAt: Date | null): Promise<void> {
  await tx.update(users).set({ bannedAt }).where(eq(users.id, id));
}

/** Signs the user out everywhere: their next request has no session (401). */
export async function deleteSessionsOf(tx: Database, userId: string): Promise<number> {
  const deleted = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return deleted.length;
}

export async function userCounts(db: Database, userId: string): Promise<{ tasks: number; creations: number; published: number }> {
  const [tasks, all, published] = await Promise.all([
    db.$count(generationTasks, eq(generationTasks.userId, userId)),
    db.$count(creations, eq(creations.userId, userId)),
    db.$count(creations, and(eq(creations.userId, userId), eq(creations.publishStatus, 'published'))),
  ]);
  return { tasks, creations: all, published };
}

/** The subscription worth showing: a live one when any, else the newest. */
export async function currentSubscription(db: Database, userId: string) {
  const [row] = await db
    .select({
      productName: billingProducts.productName,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(subscriptions)
    .innerJoin(billingProducts, eq(billingProducts.id, subscriptions.productId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(sql`CASE WHEN ${subscriptions.status} IN ('active', 'trialing', 'past_due', 'paused') THEN 0 ELSE 1 END`, desc(subscriptions.dateCreated))
    .limit(1);
  return row ?? null;
}
