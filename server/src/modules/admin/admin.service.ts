/**
 * The admin console (shared/admin, role admin §6): report handling, cross-user task and creation
 * queries with a task inspector, user lookup, credit grants, bans, catalogue CRUD and the audit
 * log. Every mutation writes its audit row in the same transaction as the change.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@tessera/db/connect';
import type {
  AdminCreationRowDto,
  AdminReportGroupDto,
  AdminTaskDetailDto,
  AdminTaskRowDto,
  AdminUserDto,
  AuditEntryDto,
  ReportStatus,
  zAdminAuditListInput,
  zAdminBanInput,
  zAdminCreationListInput,
  zAdminGrantInput,
  zAdminReportListInput,
  zAdminReportResolveInput,
  zAdminTaskListInput,
} from '@tessera/shared/admin';
import type { zCategoryInput, zPositionInput, zSpecialTopicInput, zTemplateInput } from '@tessera/shared/catalog';
import { AppError } from '@tessera/shared/errors';
import { REPORT_HIDE_THRESHOLD, type ReportReason } from '@tessera/shared/feed';
import { z } from 'zod';
import { isKnownRecipe } from '../../generation/engine/effects/templates.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { entitlementsOf } from '../billing/entitlements.ts';
import {
  adminListTemplates,
  createCategory,
  createPosition,
  createSpecialTopic,
  createTemplate,
  deleteCategory,
  deletePosition,
  deleteSpecialTopic,
  deleteTemplate,
  listCategories,
  listPositions,
  listSpecialTopics,
  updateCategory,
  updatePosition,
  updateSpecialTopic,
  updateTemplate,
} from '../catalog/catalog.service.ts';
import { publishCreditsChanged } from '../credits/credits.events.ts';
import { getCreditSummary, grantCredits } from '../credits/credits.service.ts';
import { hideAllOfUser, setPublishStatus } from '../feed/feed.service.ts';
import {
  type AdminUserRow,
  closeOpenReports,
  creationsOfTask,
  currentSubscription,
  deleteSessionsOf,
  findTask,
  findUser,
  type Keyset,
  ledgerOfTask,
  listAuditRows,
  listCreations,
  listReportedContentIds,
  listTasks,
  lockContent,
  lockUser,
  lookupUsers,
  reportedContents,
  reportsOf,
  resetReportCount,
  setBannedAt,
  type TaskRow,
  userCounts,
} from './admin.repo.ts';
import { type AdminActor, recordAudit } from './audit.ts';

export type { AdminActor } from './audit.ts';

type ReportListInput = z.output<typeof zAdminReportListInput>;
type ReportResolveInput = z.output<typeof zAdminReportResolveInput>;
type TaskListInput = z.output<typeof zAdminTaskListInput>;
type CreationListInput = z.output<typeof zAdminCreationListInput>;
type GrantInput = z.output<typeof zAdminGrantInput>;
type BanInput = z.output<typeof zAdminBanInput>;
type AuditListInput = z.output<typeof zAdminAuditListInput>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const LOOKUP_LIMIT = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

const mediaUrl = (key: string) => `/api/media/${key}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Anonymous users carry a placeholder address that is never shown. */
const visibleEmail = (email: string, isAnonymous: boolean) => (isAnonymous ? null : email);

/** Runs `fn` in one transaction (drizzle's transaction handle is a Database for our repos). */
const inTransaction = <T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> => db.transaction((txn) => fn(txn as unknown as Database));

// ---- Cursors: `<microsecond ISO timestamp>|<uuid>`, base64url

const MICRO_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const zUuid = z.uuid();

function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (!cursor) return undefined;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !MICRO_ISO.test(at) || !id || rest.length > 0 || !zUuid.safeParse(id).success) throw new AppError('INCORRECT_PARAMETER');
  return { at, id };
}

const withAfter = (cursor: string | undefined): { after?: Keyset } => {
  const after = decodeCursor(cursor);
  return after ? { after } : {};
};

/** The repos are asked for limit + 1 rows: the extra one says whether a next page exists. */
function toPage<R extends { cursorKey: string }, T>(rows: R[], limit: number, idOf: (row: R) => string, map: (row: R) => T): Page<T> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(map), nextCursor: rows.length > limit && last ? encodeCursor(last.cursorKey, idOf(last)) : null };
}

const dateFilter = (value: string | undefined) => (value ? new Date(value) : undefined);

// ---- Reports

/** Reported contents grouped per content, most recent activity first. */
export async function listReportGroups(db: Database, input: ReportListInput): Promise<Page<AdminReportGroupDto>> {
  const groups = await listReportedContentIds(db, { status: input.status, ...withAfter(input.cursor), limit: input.limit + 1 });
  const ids = groups.slice(0, input.limit).map((g) => g.creationId);
  const [contents, reports] = await Promise.all([reportedContents(db, ids), reportsOf(db, ids, input.status)]);
  const contentById = new Map(contents.map((c) => [c.id, c]));
  return toPage(
    groups,
    input.limit,
    (g) => g.creationId,
    (g): AdminReportGroupDto => {
      const content = contentById.get(g.creationId);
      // The content exists: reports cascade away with it, and the group was read just before.
      if (!content) throw new Error(`admin: reported content ${g.creationId} vanished`);
      const own = reports.filter((r) => r.creationId === g.creationId);
      const reasons = new Map<string, number>();
      for (const r of own) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
      return {
        contentId: content.id,
        title: content.title ?? content.prompt ?? '',
        thumbnailUrl: mediaUrl(content.thumbnailKey ?? content.mediaKey),
        mediaType: content.mediaType,
        publishStatus: content.publishStatus,
        author: {
          id: content.authorId,
          name: content.authorName,
          email: visibleEmail(content.authorEmail, content.authorIsAnonymous),
          banned: Boolean(content.authorBannedAt),
        },
        reportCount: own.length,
        reasons: [...reasons]
          .map(([reason, count]) => ({ reason: reason as ReportReason, count }))
          .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
        reports: own.map((r) => ({
          id: r.id,
          reporterId: r.reporterId,
          reason: r.reason,
          details: r.details,
          status: r.status as ReportStatus,
          createdAt: r.createdAt.toISOString(),
        })),
        lastReportedAt: (own[0]?.createdAt ?? new Date(0)).toISOString(),
      };
    },
  );
}

/** Bans inside `tx`: no sign-in, published content hidden, every session ended. */
async function banInside(tx: Database, user: { id: string; bannedAt: Date | null }, now: Date) {
  const bannedAt = user.bannedAt ?? now;
  await setBannedAt(tx, user.id, bannedAt);
  const hiddenContent = await hideAllOfUser(tx, user.id);
  const sessionsEnded = await deleteSessionsOf(tx, user.id);
  return { bannedAt, hiddenContent, sessionsEnded };
}

/**
 * Decides on reported content; every open report of it is closed with the decision:
 * dismiss restores content that reports had hidden (not content of a banned author), hide and
 * remove change its status, ban also bans the author. No open report is left, so reportCount is 0.
 */
export async function resolveReports(
  db: Database,
  admin: AdminActor,
  input: ReportResolveInput,
): Promise<{ contentId: string; publishStatus: string; authorId: string }> {
  const now = new Date();
  return inTransaction(db, async (tx) => {
    const content = await lockContent(tx, input.contentId);
    if (!content) throw new AppError('NOT_FOUND');
    if (input.action === 'ban' && content.userId === admin.id) throw new AppError('FORBIDDEN');
    let status = content.publishStatus;
    let author: Awaited<ReturnType<typeof banInside>> | null = null;
    if (input.action === 'dismiss') {
      const hiddenByReports = status === 'hidden' && content.reportCount >= REPORT_HIDE_THRESHOLD && !content.authorBannedAt;
      if (hiddenByReports) status = 'published';
    } else if (input.action === 'hide') {
      status = 'hidden';
    } else {
      status = 'removed';
      if (input.action === 'ban') author = await banInside(tx, { id: content.userId, bannedAt: content.authorBannedAt }, now);
    }
    const reportsClosed = await closeOpenReports(tx, content.id, input.action === 'dismiss' ? 'dismissed' : 'actioned', admin.id, now);
    if (status !== content.publishStatus) await setPublishStatus(tx, content.id, status);
    await resetReportCount(tx, content.id);
    await recordAudit(tx, {
      admin,
      action: `report.${input.action}`,
      targetType: 'content',
      targetId: content.id,
      before: { publishStatus: content.publishStatus, reportCount: content.reportCount },
      after: { publishStatus: status, reportCount: 0, reportsClosed, ...(author ? { author: { id: content.userId, ...author } } : {}) },
      note: input.note,
    });
    return { contentId: content.id, publishStatus: status, authorId: content.userId };
  });
}

// ---- Tasks and creations

function toTaskRowDto(row: TaskRow): AdminTaskRowDto {
  const first = row.status === 'succeeded' ? row.outputs[0] : undefined;
  return {
    id: row.id,
    userId: row.userId,
    userEmail: visibleEmail(row.userEmail, row.userIsAnonymous),
    kind: row.kind,
    rpcName: row.rpcName,
    status: row.status,
    cost: row.cost,
    attempts: row.attempts,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    thumbnailUrl: first ? mediaUrl(first.thumbnailKey ?? first.key) : null,
  };
}

/** Every user's tasks, newest first; `user` is an id or an e-mail. */
export async function listAllTasks(db: Database, input: TaskListInput): Promise<Page<AdminTaskRowDto>> {
  const rows = await listTasks(db, {
    user: input.user || undefined,
    kind: input.kind || undefined,
    status: input.status,
    from: dateFilter(input.from),
    to: dateFilter(input.to),
    ...withAfter(input.cursor),
    limit: input.limit + 1,
  });
  return toPage(rows, input.limit, (r) => r.id, toTaskRowDto);
}

/** The task inspector: the task, its outputs and creations, and its ledger entries. */
export async function getTaskDetail(db: Database, id: string): Promise<AdminTaskDetailDto> {
  const task = await findTask(db, id);
  if (!task) throw new AppError('NOT_FOUND');
  const [ledger, taskCreations] = await Promise.all([ledgerOfTask(db, id), creationsOfTask(db, id)]);
  return {
    ...toTaskRowDto(task),
    input: task.input,
    maxAttempts: task.maxAttempts,
    progress: task.progress,
    stage: task.stage,
    workerId: task.workerId,
    errorMessage: task.errorMessage,
    outputs: task.outputs.map((o) => ({ url: mediaUrl(o.key), mediaType: o.mediaType })),
    creations: taskCreations,
    ledger: ledger.map((e) => ({ id: String(e.id), kind: e.kind, amount: e.amount, note: e.note, createdAt: e.createdAt.toISOString() })),
  };
}

export async function listAllCreations(db: Database, input: CreationListInput): Promise<Page<AdminCreationRowDto>> {
  const rows = await listCreations(db, {
    user: input.user || undefined,
    kind: input.kind || undefined,
    publishStatus: input.publishStatus,
    from: dateFilter(input.from),
    to: dateFilter(input.to),
    ...withAfter(input.cursor),
    limit: input.limit + 1,
  });
  return toPage(
    rows,
    input.limit,
    (r) => r.id,
    (r): AdminCreationRowDto => ({
      id: r.id,
      taskId: r.taskId,
      userId: r.userId,
      userEmail: visibleEmail(r.userEmail, r.userIsAnonymous),
      kind: r.kind,
      mediaType: r.mediaType,
      thumbnailUrl: mediaUrl(r.thumbnailKey ?? r.mediaKey),
      url: mediaUrl(r.mediaKey),
      publishStatus: r.publishStatus,
      title: r.title,
      createdAt: r.createdAt.toISOString(),
    }),
  );
}

// ---- Users

async function toAdminUserDto(db: Database, row: AdminUserRow): Promise<AdminUserDto> {
  const [entitlements, credits, subscription, counts] = await Promise.all([
    entitlementsOf(db, row.id),
    getCreditSummary(db, row.id),
    currentSubscription(db, row.id),
    userCounts(db, row.id),
  ]);
  return {
    id: row.id,
    email: visibleEmail(row.email, row.isAnonymous),
    name: row.name,
    role: row.role,
    isAnonymous: row.isAnonymous,
    emailVerified: row.emailVerified,
    banned: Boolean(row.bannedAt),
    createdAt: row.createdAt.toISOString(),
    plan: entitlements.plan,
    credits,
    subscription: subscription ? { ...subscription, currentPeriodEnd: iso(subscription.currentPeriodEnd) } : null,
    counts,
  };
}

/** At most 20 users by id, exact e-mail, or e-mail/name prefix. */
export async function lookupAdminUsers(db: Database, query: string): Promise<AdminUserDto[]> {
  const rows = await lookupUsers(db, query, LOOKUP_LIMIT);
  const out: AdminUserDto[] = [];
  // One user at a time: each needs several queries, and a lookup must not drain the pool.
  for (const row of rows) out.push(await toAdminUserDto(db, row));
  return out;
}

export async function getAdminUser(db: Database, id: string): Promise<AdminUserDto> {
  const row = await findUser(db, id);
  if (!row) throw new AppError('USER_NOT_FOUND');
  return toAdminUserDto(db, row);
}

/**
 * Grants credits through the ledger (source `admin`, source id = the audit row's id), with the
 * audit row in the same transaction, then pushes the user's new summary to their sockets.
 */
export async function grantAdminCredits(
  deps: { db: Database; realtime: Realtime },
  admin: AdminActor,
  input: GrantInput,
  now = new Date(),
): Promise<{ granted: true; remaining: number }> {
  const expiresAt = input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null;
  const remaining = await inTransaction(deps.db, async (tx) => {
    if (!(await lockUser(tx, input.userId))) throw new AppError('USER_NOT_FOUND');
    const before = await getCreditSummary(tx, input.userId);
    const auditId = randomUUID();
    // grantCredits opens a nested transaction (a savepoint) on tx: it commits with the audit row.
    const grant = await grantCredits(tx, { userId: input.userId, sourceKind: 'admin', sourceId: auditId, amount: input.amount, expiresAt, note: input.reason });
    // A fresh uuid cannot collide with an existing grant source; if it ever did, nothing was granted.
    if (!grant.granted) throw new AppError('TRY_AGAIN_LATER');
    const after = await getCreditSummary(tx, input.userId);
    await recordAudit(tx, {
      id: auditId,
      admin,
      action: 'credits.grant',
      targetType: 'user',
      targetId: input.userId,
      before: { credits: before },
      after: { credits: after, grantId: grant.grantId, amount: input.amount, expiresAt },
      note: input.reason,
    });
    return after.remaining;
  });
  await publishCreditsChanged(deps, input.userId);
  return { granted: true, remaining };
}

/**
 * Bans or unbans. A ban blocks sign-in (auth.ts), hides the user's published content and ends
 * their sessions; unbanning leaves hidden content hidden for an admin to review. An admin
 * cannot ban themselves.
 */
export async function setUserBan(db: Database, admin: AdminActor, input: BanInput, now = new Date()): Promise<AdminUserDto> {
  if (input.banned && input.userId === admin.id) throw new AppError('FORBIDDEN');
  await inTransaction(db, async (tx) => {
    const user = await lockUser(tx, input.userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    let after: object;
    if (input.banned) {
      after = await banInside(tx, user, now);
    } else {
      await setBannedAt(tx, user.id, null);
      after = { bannedAt: null };
    }
    await recordAudit(tx, {
      admin,
      action: input.banned ? 'user.ban' : 'user.unban',
      targetType: 'user',
      targetId: user.id,
      before: { bannedAt: user.bannedAt },
      after,
      note: input.reason,
    });
  });
  return getAdminUser(db, input.userId);
}

// ---- Audit log

export async function listAudit(db: Database, input: AuditListInput): Promise<Page<AuditEntryDto>> {
  const rows = await listAuditRows(db, {
    ...(input.action ? { action: input.action } : {}),
    ...(input.adminId ? { adminId: input.adminId } : {}),
    ...withAfter(input.cursor),
    limit: input.limit + 1,
  });
  return toPage(
    rows,
    input.limit,
    (r) => r.id,
    ({ cursorKey: _cursorKey, createdAt, ...r }): AuditEntryDto => ({ ...r, createdAt: createdAt.toISOString() }),
  );
}

// ---- Catalogue: the catalogue service does the work and throws the §8 errors; this adds the audit row.

interface CatalogOps<I extends { id: string }, D extends { id: string }> {
  list(db: Database): Promise<D[]>;
  create(db: Database, input: I): Promise<D>;
  update(db: Database, input: I): Promise<{ before: D; after: D }>;
  remove(db: Database, id: string): Promise<D>;
}

/** One catalogue entity's admin calls; mutations return the row as it is now (as it was, for delete). */
export interface AuditedCatalog<I, D> {
  list(db: Database): Promise<D[]>;
  create(db: Database, admin: AdminActor, input: I): Promise<D>;
  update(db: Database, admin: AdminActor, input: I): Promise<D>;
  delete(db: Database, admin: AdminActor, id: string): Promise<D>;
}

function auditedCatalog<I extends { id: string }, D extends { id: string }>(entity: string, ops: CatalogOps<I, D>): AuditedCatalog<I, D> {
  const audit = (tx: Database, admin: AdminActor, verb: string, id: string, before: D | null, after: D | null) =>
    recordAudit(tx, { admin, action: `catalog.${entity}.${verb}`, targetType: entity, targetId: id, before, after });
  return {
    list: (db) => ops.list(db),
    create: (db, admin, input) =>
      inTransaction(db, async (tx) => {
        const after = await ops.create(tx, input);
        await audit(tx, admin, 'create', after.id, null, after);
        return after;
      }),
    update: (db, admin, input) =>
      inTransaction(db, async (tx) => {
        const { before, after } = await ops.update(tx, input);
        await audit(tx, admin, 'update', after.id, before, after);
        return after;
      }),
    delete: (db, admin, id) =>
      inTransaction(db, async (tx) => {
        const before = await ops.remove(tx, id);
        await audit(tx, admin, 'delete', before.id, before, null);
        return before;
      }),
  };
}

export const adminCatalog = {
  categories: auditedCatalog<z.output<typeof zCategoryInput>, Awaited<ReturnType<typeof createCategory>>>('category', {
    list: (db) => listCategories(db),
    create: createCategory,
    update: updateCategory,
    remove: deleteCategory,
  }),
  positions: auditedCatalog<z.output<typeof zPositionInput>, Awaited<ReturnType<typeof createPosition>>>('position', {
    list: listPositions,
    create: createPosition,
    update: updatePosition,
    remove: deletePosition,
  }),
  specialTopics: auditedCatalog<z.output<typeof zSpecialTopicInput>, Awaited<ReturnType<typeof createSpecialTopic>>>('specialTopic', {
    // Admins see every topic, scheduled and expired ones too.
    list: (db) => listSpecialTopics(db),
    create: createSpecialTopic,
    update: updateSpecialTopic,
    remove: deleteSpecialTopic,
  }),
  templates: auditedCatalog<z.output<typeof zTemplateInput>, Awaited<ReturnType<typeof createTemplate>>>('template', {
    list: adminListTemplates,
    // The engine's registry refuses recipes it could not make.
    create: (db, input) => createTemplate(db, input, isKnownRecipe),
    update: (db, input) => updateTemplate(db, input, isKnownRecipe),
    remove: deleteTemplate,
  }),
};
