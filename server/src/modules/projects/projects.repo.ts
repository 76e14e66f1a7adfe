/** Projects, members and invites: the only code that reads or writes their tables. */
import type { Database } from '@tessera/db/connect';
import { chats, projectDocuments, projectInvites, projectMembers, projects, users } from '@tessera/db/schema';
import type { InviteRole, ProjectDto, ProjectRole } from '@tessera/shared/projects';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

/** The caller's role in a project, or null when they are not a member (or it does not exist). */
export async function findRole(db: Database, projectId: string, userId: string): Promise<ProjectRole | null> {
  const [row] = await db
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

// ——— Projects ———

export interface ProjectRecord {
  id: string;
  ownerId: string;
  name: string;
  isDefault: boolean;
  coverUrl: string | null;
  autoCoverUrl: string | null;
}

export async function findProject(db: Database, id: string): Promise<ProjectRecord | null> {
  const [row] = await db
    .select({
      id: projects.id,
      ownerId: projects.ownerId,
      name: projects.name,
      isDefault: projects.isDefault,
      coverUrl: projects.coverUrl,
      autoCoverUrl: projects.autoCoverUrl,
    })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1);
  return row ?? null;
}

/** The owner's user row, next to the caller's member row. */
const owners = alias(users, 'owner_user');

/** Projects as one member sees them (their role and last-opened time come from their member row). */
function selectProjectDtos(db: Database, userId: string) {
  return db
    .select({
      id: projects.id,
      name: projects.name,
      role: projectMembers.role,
      isDefault: projects.isDefault,
      coverUrl: projects.coverUrl,
      autoCoverUrl: projects.autoCoverUrl,
      ownerId: projects.ownerId,
      ownerName: owners.name,
      // Raw names: the outer query already joins project_members for the caller's row.
      memberCount: sql<number>`(select count(*)::int from project_members pm where pm.project_id = ${projects.id})`,
      createdAt: projects.createdAt,
      updatedAt: projects.updatedAt,
      lastOpenedAt: projectMembers.lastOpenedAt,
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .innerJoin(owners, eq(owners.id, projects.ownerId))
    .where(eq(projectMembers.userId, userId))
    .$dynamic();
}

type ProjectDtoRow = Awaited<ReturnType<ReturnType<typeof selectProjectDtos>['execute']>>[number];

function toProjectDto(row: ProjectDtoRow): ProjectDto {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    isDefault: row.isDefault,
    coverUrl: row.coverUrl ?? row.autoCoverUrl,
    owner: { id: row.ownerId, name: row.ownerName },
    memberCount: Number(row.memberCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
  };
}

/** Every project the user is a member of: last opened first (never opened last), then newest change. */
export async function listProjectDtos(db: Database, userId: string): Promise<ProjectDto[]> {
  const rows = await selectProjectDtos(db, userId).orderBy(
    sql`${projectMembers.lastOpenedAt} desc nulls last`,
    desc(projects.updatedAt),
    desc(projects.id),
  );
  return rows.map(toProjectDto);
}

/** One project as `userId` sees it; null when they are not a member. */
export async function findProjectDto(db: Database, projectId: string, userId: string): Promise<ProjectDto | null> {
  const [row] = await selectProjectDtos(db, userId).where(and(eq(projectMembers.userId, userId), eq(projectMembers.projectId, projectId))).limit(1);
  return row ? toProjectDto(row) : null;
}

export async function findDefaultProjectId(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.ownerId, userId), eq(projects.isDefault, true)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Creates a project with its owner as the first member (and, for duplicates, its document) in
 * one transaction. For a default project a concurrent insert loses on the partial unique index
 * `projects_one_default_idx`: then nothing is written and null is returned.
 */
export async function insertProject(
  db: Database,
  p: { ownerId: string; name: string; isDefault?: boolean; coverUrl?: string | null; autoCoverUrl?: string | null; state?: Uint8Array | null },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projects)
      .values({ ownerId: p.ownerId, name: p.name, isDefault: p.isDefault ?? false, coverUrl: p.coverUrl ?? null, autoCoverUrl: p.autoCoverUrl ?? null })
      .onConflictDoNothing()
      .returning({ id: projects.id });
    if (!row) return null;
    await tx.insert(projectMembers).values({ projectId: row.id, userId: p.ownerId, role: 'owner' });
    if (p.state) await tx.insert(projectDocuments).values({ projectId: row.id, state: p.state });
    return row.id;
  });
}

export async function updateProject(db: Database, id: string, change: { name?: string; coverUrl?: string | null }): Promise<void> {
  await db
    .update(projects)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(projects.id, id));
}

/** Deletes a project and (by cascade) its members, invites, document, snapshots and chats. */
export async function deleteProjectRow(db: Database, id: string): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}

export async function markOpened(db: Database, projectId: string, userId: string, at: Date): Promise<void> {
  await db
    .update(projectMembers)
    .set({ lastOpenedAt: at })
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
}

/** The stored Yjs state of a project's document; null when it was never stored. */
export async function findDocumentState(db: Database, projectId: string): Promise<Uint8Array | null> {
  const [row] = await db.select({ state: projectDocuments.state }).from(projectDocuments).where(eq(projectDocuments.projectId, projectId)).limit(1);
  return row?.state ?? null;
}

// ——— Members ———

export interface MemberRecord {
  userId: string;
  name: string;
  email: string;
  isAnonymous: boolean;
  image: string | null;
  role: ProjectRole;
  joinedAt: Date;
}

/** The owner first, then by when they joined. */
export async function listMembers(db: Database, projectId: string): Promise<MemberRecord[]> {
  return db
    .select({
      userId: projectMembers.userId,
      name: users.name,
      email: users.email,
      isAnonymous: users.isAnonymous,
      image: users.image,
      role: projectMembers.role,
      joinedAt: projectMembers.joinedAt,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(sql`${projectMembers.role} = 'owner' desc`, projectMembers.joinedAt, projectMembers.userId);
}

/** Adds a member; an existing member keeps their role. True when the row was added. */
export async function addMember(db: Database, projectId: string, userId: string, role: ProjectRole): Promise<boolean> {
  const rows = await db.insert(projectMembers).values({ projectId, userId, role }).onConflictDoNothing().returning({ userId: projectMembers.userId });
  return rows.length > 0;
}

/** Removes a non-owner member; true when one was removed. */
export async function removeMemberRow(db: Database, projectId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId), sql`${projectMembers.role} <> 'owner'`))
    .returning({ userId: projectMembers.userId });
  return rows.length > 0;
}

export async function setMemberRole(db: Database, projectId: string, userId: string, role: InviteRole): Promise<void> {
  await db
    .update(projectMembers)
    .set({ role })
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
}

/** Whether a registered (not anonymous) user with this e-mail is a member of the project. */
export async function isMemberByEmail(db: Database, projectId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), eq(users.email, email), eq(users.isAnonymous, false)))
    .limit(1);
  return Boolean(row);
}

// ——— Invites ———

export interface InviteRecord {
  id: string;
  projectId: string;
  kind: 'email' | 'link';
  email: string | null;
  role: ProjectRole;
  token: string;
  createdAt: Date;
  revokedAt: Date | null;
  acceptedAt: Date | null;
}

const inviteColumns = {
  id: projectInvites.id,
  projectId: projectInvites.projectId,
  kind: projectInvites.kind,
  email: projectInvites.email,
  role: projectInvites.role,
  token: projectInvites.token,
  createdAt: projectInvites.createdAt,
  revokedAt: projectInvites.revokedAt,
  acceptedAt: projectInvites.acceptedAt,
};

export async function insertInvite(
  db: Database,
  p: { projectId: string; kind: 'email' | 'link'; email: string | null; role: InviteRole; token: string; createdBy: string },
): Promise<InviteRecord> {
  const [row] = await db.insert(projectInvites).values(p).returning(inviteColumns);
  if (!row) throw new Error('invite insert returned nothing');
  return row;
}

/** How many e-mail invites (to any project) a user sent since `since`: each one sends a mail. */
export async function countEmailInvitesSince(db: Database, userId: string, since: Date): Promise<number> {
  return db.$count(projectInvites, and(eq(projectInvites.createdBy, userId), eq(projectInvites.kind, 'email'), gte(projectInvites.createdAt, since)));
}

/** Invites still usable: not revoked and (for e-mail invites) not accepted yet. Newest first. */
export async function listPendingInvites(db: Database, projectId: string): Promise<InviteRecord[]> {
  return db
    .select(inviteColumns)
    .from(projectInvites)
    .where(and(eq(projectInvites.projectId, projectId), isNull(projectInvites.revokedAt), isNull(projectInvites.acceptedAt)))
    .orderBy(desc(projectInvites.createdAt), desc(projectInvites.id));
}

/** Revokes one invite of the project; true when a usable invite was revoked. */
export async function revokeInviteRow(db: Database, projectId: string, inviteId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(projectInvites)
    .set({ revokedAt: at })
    .where(and(eq(projectInvites.id, inviteId), eq(projectInvites.projectId, projectId), isNull(projectInvites.revokedAt), isNull(projectInvites.acceptedAt)))
    .returning({ id: projectInvites.id });
  return rows.length > 0;
}

/** A new e-mail invite replaces any earlier pending one for the same address. */
export async function revokePendingEmailInvites(db: Database, projectId: string, email: string, at: Date): Promise<void> {
  await db
    .update(projectInvites)
    .set({ revokedAt: at })
    .where(
      and(
        eq(projectInvites.projectId, projectId),
        eq(projectInvites.kind, 'email'),
        eq(projectInvites.email, email),
        isNull(projectInvites.revokedAt),
        isNull(projectInvites.acceptedAt),
      ),
    );
}

export interface InviteWithProject extends InviteRecord {
  projectName: string;
  invitedBy: string;
}

/** An invite by its token with its project's name and the inviter's name; `lock` takes a row lock (accepting). */
export async function findInviteByToken(db: Database, token: string, opts: { lock?: boolean } = {}): Promise<InviteWithProject | null> {
  const query = db
    .select({ ...inviteColumns, projectName: projects.name, invitedBy: users.name })
    .from(projectInvites)
    .innerJoin(projects, eq(projects.id, projectInvites.projectId))
    .innerJoin(users, eq(users.id, projectInvites.createdBy))
    .where(eq(projectInvites.token, token))
    .limit(1);
  const [row] = opts.lock ? await query.for('update', { of: projectInvites }) : await query;
  return row ?? null;
}

/** Marks an e-mail invite used; false when someone else used it first. */
export async function markInviteAccepted(db: Database, inviteId: string, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(projectInvites)
    .set({ acceptedBy: userId, acceptedAt: at })
    .where(and(eq(projectInvites.id, inviteId), isNull(projectInvites.revokedAt), isNull(projectInvites.acceptedAt)))
    .returning({ id: projectInvites.id });
  return rows.length > 0;
}

// ——— Account link ———

/**
 * Account link step: an anonymous user's projects, memberships, invites and chats become the
 * account's. Where both were members of one project the account keeps the stronger role (the
 * enum's order is owner < editor < viewer) — the member key is (project, user). An account
 * that already has a default project keeps it: the visitor's default becomes a normal project,
 * as `projects_one_default_idx` allows one per owner.
 */
export async function moveProjects(tx: Database, fromUserId: string, toUserId: string): Promise<void> {
  if (await findDefaultProjectId(tx, toUserId)) {
    await tx
      .update(projects)
      .set({ isDefault: false })
      .where(and(eq(projects.ownerId, fromUserId), eq(projects.isDefault, true)));
  }
  await tx.update(projects).set({ ownerId: toUserId }).where(eq(projects.ownerId, fromUserId));

  await tx.execute(sql`
    update project_members t
       set role = least(t.role, f.role),
           last_opened_at = greatest(t.last_opened_at, f.last_opened_at)
      from project_members f
     where f.project_id = t.project_id and f.user_id = ${fromUserId} and t.user_id = ${toUserId}`);
  await tx.execute(sql`
    delete from project_members f
     where f.user_id = ${fromUserId}
       and exists (select 1 from project_members t where t.project_id = f.project_id and t.user_id = ${toUserId})`);
  await tx.update(projectMembers).set({ userId: toUserId }).where(eq(projectMembers.userId, fromUserId));

  await tx.update(projectInvites).set({ createdBy: toUserId }).where(eq(projectInvites.createdBy, fromUserId));
  await tx.update(projectInvites).set({ acceptedBy: toUserId }).where(eq(projectInvites.acceptedBy, fromUserId));
  await tx.update(chats).set({ userId: toUserId }).where(eq(chats.userId, fromUserId));
}

// ——— Media on the canvas ———

/**
 * Lists media keys as shown on a project's canvas, so its members may load them. Only keys
 * owned by a member are listed (the media row's owner, else the key's owner segment): a key
 * copied from elsewhere into the document grants nothing. Returns how many were new.
 * `vouched`: keys the server itself brings in (a flow template's sample media, inserted by a
 * member): listed whoever owns them, since the template's author shared them with it.
 */
export async function recordProjectMedia(db: Database, projectId: string, keys: readonly string[], opts: { vouched?: boolean } = {}): Promise<void> {
  if (!keys.length) return;
  const list = sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO project_media (project_id, media_key)
    SELECT ${projectId}::uuid, k.key
    FROM unnest(ARRAY[${list}]::text[]) AS k(key)
    LEFT JOIN media_objects mo ON mo.key = k.key
    WHERE ${opts.vouched === true}::boolean OR EXISTS (
      SELECT 1 FROM project_members m
      WHERE m.project_id = ${projectId}::uuid AND m.user_id = COALESCE(mo.user_id, split_part(k.key, '/', 2))
    )
    ON CONFLICT DO NOTHING`);
}
