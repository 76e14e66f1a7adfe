/**
 * Projects (canvas mode): every user — anonymous ones too — has a default project that cannot
 * be deleted and any number of others. The owner manages the name, the cover, members and
 * invites; members see and open the project (editors change its canvas, viewers watch).
 * Outsiders get PROJECT_NOT_FOUND for everything, so a project's existence never leaks.
 *
 * Whenever someone loses access (removed, left, project deleted) the server tells the project's
 * room and that user, takes their sockets out of the room and closes their live canvas
 * connection; a role change also closes it so the canvas reconnects with the new rights.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '@tessera/shared/errors';
import type { LanguageCode } from '@tessera/shared/i18n';
import {
  INVITE_ROLES,
  type InvitePreviewDto,
  type InviteRole,
  inviteLinkPath,
  PROJECT_NAME_MAX,
  type ProjectDto,
  type ProjectInviteDto,
  type ProjectMemberDto,
  type ProjectRole,
} from '@tessera/shared/projects';
import { canonicalUrl } from '@tessera/shared/routes';
import { findMediaObject } from '../../media/media.api.ts';
import { ownerOfKey } from '../../media/storage.ts';
import type { AppServices } from '../../services.ts';
import { findUserById } from '../users/users.api.ts';
import { renderProjectInviteMail } from './projectMail.ts';
import {
  addMember,
  countEmailInvitesSince,
  deleteProjectRow,
  findDefaultProjectId,
  findDocumentState,
  findInviteByToken,
  findProject,
  findProjectDto,
  findRole,
  type InviteRecord,
  type InviteWithProject,
  insertInvite,
  insertProject,
  isMemberByEmail,
  listMembers,
  listPendingInvites,
  listProjectDtos,
  markInviteAccepted,
  markOpened,
  type ProjectRecord,
  removeMemberRow,
  revokeInviteRow,
  revokePendingEmailInvites,
  setMemberRole,
  updateProject,
} from './projects.repo.ts';

export type ProjectDeps = Pick<AppServices, 'db' | 'realtime' | 'collab' | 'outbox' | 'config'>;
type Db = ProjectDeps['db'];

export const DEFAULT_PROJECT_NAME = 'My first project';
export const NEW_PROJECT_NAME = 'Untitled project';
const COPY_SUFFIX = ' (copy)';
/** E-mail invites a user may send per hour, across projects: each one is a mail in their name. */
export const EMAIL_INVITES_PER_HOUR = 30;
const MEDIA_URL_PREFIX = '/api/media/';

export interface Ok {
  ok: true;
}
const OK: Ok = { ok: true };

// ——— Access ———

/** The caller's role; PROJECT_NOT_FOUND when they are not a member (or it does not exist). */
async function requireMember(db: Db, projectId: string, userId: string): Promise<ProjectRole> {
  const role = await findRole(db, projectId, userId);
  if (!role) throw new AppError('PROJECT_NOT_FOUND');
  return role;
}

/** The project, when the caller owns it; members who are not the owner get FORBIDDEN. */
async function requireOwner(db: Db, projectId: string, userId: string): Promise<ProjectRecord> {
  const role = await requireMember(db, projectId, userId);
  if (role !== 'owner') throw new AppError('FORBIDDEN');
  const project = await findProject(db, projectId);
  if (!project) throw new AppError('PROJECT_NOT_FOUND');
  return project;
}

async function projectDto(db: Db, projectId: string, userId: string): Promise<ProjectDto> {
  const dto = await findProjectDto(db, projectId, userId);
  if (!dto) throw new AppError('PROJECT_NOT_FOUND');
  return dto;
}

/** Someone lost access: everyone watching refetches, and the removed user's live views close. */
function accessRevoked(deps: ProjectDeps, projectId: string, userId: string): void {
  const payload = { projectId, change: 'members' as const, removed: [userId] };
  deps.realtime.toProject(projectId, 'project:changed', payload);
  deps.realtime.toUser(userId, 'project:changed', payload);
  deps.realtime.removeFromProject(projectId, userId);
  deps.collab?.disconnect(projectId, userId);
}

// ——— Projects ———

/**
 * The user's default project, created on first need. Race-free: concurrent callers both try
 * the insert, the partial unique index `projects_one_default_idx` lets one win, and the loser
 * reads the winner's row once its transaction committed.
 */
export async function ensureDefaultProject(db: Db, userId: string): Promise<string> {
  const existing = await findDefaultProjectId(db, userId);
  if (existing) return existing;
  const created = await insertProject(db, { ownerId: userId, name: DEFAULT_PROJECT_NAME, isDefault: true });
  if (created) return created;
  const winner = await findDefaultProjectId(db, userId);
  if (!winner) throw new Error(`default project of ${userId} neither created nor found`);
  return winner;
}

/** My projects, shared ones included (the default is created on the first visit). */
export async function listProjects(db: Db, userId: string): Promise<ProjectDto[]> {
  await ensureDefaultProject(db, userId);
  return listProjectDtos(db, userId);
}

export async function getDefaultProject(db: Db, userId: string): Promise<ProjectDto> {
  return projectDto(db, await ensureDefaultProject(db, userId), userId);
}

export async function getProject(db: Db, userId: string, projectId: string): Promise<ProjectDto> {
  return projectDto(db, projectId, userId);
}

export async function createProject(db: Db, userId: string, name: string | undefined): Promise<ProjectDto> {
  const id = await insertProject(db, { ownerId: userId, name: name ?? NEW_PROJECT_NAME });
  if (!id) throw new Error('project insert returned nothing');
  return projectDto(db, id, userId);
}

export async function renameProject(deps: ProjectDeps, userId: string, input: { id: string; name: string }): Promise<ProjectDto> {
  await requireOwner(deps.db, input.id, userId);
  await updateProject(deps.db, input.id, { name: input.name });
  deps.realtime.toProject(input.id, 'project:changed', { projectId: input.id, change: 'meta' });
  return projectDto(deps.db, input.id, userId);
}

/** `<name> (copy)`, shortened so it still fits the name limit. */
export function copyName(name: string): string {
  return `${name.slice(0, PROJECT_NAME_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

/**
 * Any member may copy a project into a new one of their own (they are its only member). The
 * canvas is the freshest state: the live document when the collaboration server has it open,
 * else the stored one. A chosen cover is kept only when it is the caller's own media (the copy's
 * members must own its cover, as setCover requires); otherwise the copy shows its automatic one.
 */
export async function duplicateProject(deps: ProjectDeps, userId: string, projectId: string): Promise<ProjectDto> {
  await requireMember(deps.db, projectId, userId);
  const source = await findProject(deps.db, projectId);
  if (!source) throw new AppError('PROJECT_NOT_FOUND');
  const state = deps.collab ? await deps.collab.encodeState(projectId) : await findDocumentState(deps.db, projectId);
  const coverOwner = source.coverUrl ? await mediaOwner(deps.db, source.coverUrl) : null;
  const id = await insertProject(deps.db, {
    ownerId: userId,
    name: copyName(source.name),
    coverUrl: coverOwner === userId ? source.coverUrl : null,
    autoCoverUrl: source.autoCoverUrl,
    state,
  });
  if (!id) throw new Error('project insert returned nothing');
  return projectDto(deps.db, id, userId);
}

/** Owner only; never the default project. Members, invites, the document and chats go with it. */
export async function deleteProject(deps: ProjectDeps, userId: string, projectId: string): Promise<Ok> {
  const project = await requireOwner(deps.db, projectId, userId);
  if (project.isDefault) throw new AppError('DEFAULT_PROJECT_UNDELETABLE');
  const members = await listMembers(deps.db, projectId);
  await deleteProjectRow(deps.db, projectId);
  deps.collab?.disconnect(projectId);
  deps.realtime.toProject(projectId, 'project:changed', { projectId, change: 'deleted' });
  // Members browsing their project list (not in the project's room) see it go too.
  for (const member of members) if (member.userId !== userId) deps.realtime.toUser(member.userId, 'project:changed', { projectId, change: 'deleted' });
  return OK;
}

/** Who owns the media behind one of our media URLs (the row's owner, else the key's). */
async function mediaOwner(db: Db, url: string): Promise<string | null> {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = url.slice(MEDIA_URL_PREFIX.length);
  const object = await findMediaObject(db, key);
  // The row follows an anonymous user's media into their account; the key keeps the old id.
  return object ? object.userId : ownerOfKey(key);
}

/**
 * Owner only. The cover must be media of one of the project's members — otherwise anyone could
 * point a card at someone else's private file; null goes back to the automatic cover.
 */
export async function setProjectCover(deps: ProjectDeps, userId: string, input: { id: string; coverUrl: string | null }): Promise<ProjectDto> {
  await requireOwner(deps.db, input.id, userId);
  if (input.coverUrl) {
    const owner = await mediaOwner(deps.db, input.coverUrl);
    if (!owner || !(await findRole(deps.db, input.id, owner))) throw new AppError('IMAGE_NOT_FOUND');
  }
  await updateProject(deps.db, input.id, { coverUrl: input.coverUrl });
  deps.realtime.toProject(input.id, 'project:changed', { projectId: input.id, change: 'meta' });
  return projectDto(deps.db, input.id, userId);
}

/** Records that the caller opened the project (the list shows last opened first). */
export async function openProject(db: Db, userId: string, projectId: string): Promise<ProjectDto> {
  await requireMember(db, projectId, userId);
  await markOpened(db, projectId, userId, new Date());
  return projectDto(db, projectId, userId);
}

// ——— Members ———

/** Any member sees who else is in; e-mail addresses only the owner (and never an anonymous placeholder). */
export async function listProjectMembers(db: Db, userId: string, projectId: string): Promise<ProjectMemberDto[]> {
  const role = await requireMember(db, projectId, userId);
  const rows = await listMembers(db, projectId);
  return rows.map((row) => ({
    userId: row.userId,
    name: row.name,
    email: role === 'owner' && !row.isAnonymous ? row.email : null,
    image: row.image,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
  }));
}

export async function removeMember(deps: ProjectDeps, userId: string, input: { projectId: string; userId: string }): Promise<Ok> {
  await requireOwner(deps.db, input.projectId, userId);
  if (input.userId === userId) throw new AppError('PROJECT_OWNER_CANNOT_LEAVE');
  if (!(await removeMemberRow(deps.db, input.projectId, input.userId))) throw new AppError('NOT_FOUND');
  accessRevoked(deps, input.projectId, input.userId);
  return OK;
}

export async function setRole(deps: ProjectDeps, userId: string, input: { projectId: string; userId: string; role: InviteRole }): Promise<Ok> {
  await requireOwner(deps.db, input.projectId, userId);
  const current = await findRole(deps.db, input.projectId, input.userId);
  if (!current) throw new AppError('NOT_FOUND');
  // There is one owner: ownership is not handed over here.
  if (current === 'owner') throw new AppError('FORBIDDEN');
  if (current === input.role) return OK;
  await setMemberRole(deps.db, input.projectId, input.userId, input.role);
  deps.realtime.toProject(input.projectId, 'project:changed', { projectId: input.projectId, change: 'members' });
  deps.realtime.toUser(input.userId, 'project:changed', { projectId: input.projectId, change: 'members' });
  // Hocuspocus decides read-only when a connection authenticates: reconnecting applies the new role.
  deps.collab?.disconnect(input.projectId, input.userId);
  return OK;
}

export async function leaveProject(deps: ProjectDeps, userId: string, projectId: string): Promise<Ok> {
  const role = await requireMember(deps.db, projectId, userId);
  if (role === 'owner') throw new AppError('PROJECT_OWNER_CANNOT_LEAVE');
  if (await removeMemberRow(deps.db, projectId, userId)) accessRevoked(deps, projectId, userId);
  return OK;
}

// ——— Invites ———

const newToken = () => randomBytes(32).toString('base64url');

function toInviteRole(role: ProjectRole): InviteRole {
  const found = INVITE_ROLES.find((r) => r === role);
  // Invites are created with editor or viewer only (zod at the boundary); anything else is a bug.
  if (!found) throw new Error(`invite with role ${role}`);
  return found;
}

function toInviteDto(row: InviteRecord): ProjectInviteDto {
  return {
    id: row.id,
    kind: row.kind,
    email: row.email,
    role: toInviteRole(row.role),
    // An e-mail invite's token travels only in its e-mail.
    url: row.kind === 'link' ? inviteLinkPath(row.token) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listInvites(db: Db, userId: string, projectId: string): Promise<ProjectInviteDto[]> {
  await requireOwner(db, projectId, userId);
  return (await listPendingInvites(db, projectId)).map(toInviteDto);
}

/**
 * Owner only. Invites an address (registered or not: the person signs in or up with it and
 * accepts) and mails them the join link; a newer invite to the same address replaces the older.
 */
export async function inviteByEmail(
  deps: ProjectDeps,
  inviter: { id: string },
  lang: LanguageCode,
  input: { projectId: string; email: string; role: InviteRole },
): Promise<ProjectInviteDto> {
  const project = await requireOwner(deps.db, input.projectId, inviter.id);
  if (await isMemberByEmail(deps.db, input.projectId, input.email)) throw new AppError('PROJECT_MEMBER_EXISTS');
  const now = new Date();
  if ((await countEmailInvitesSince(deps.db, inviter.id, new Date(now.getTime() - 3_600_000))) >= EMAIL_INVITES_PER_HOUR) {
    throw new AppError('TOO_MANY_REQUESTS');
  }
  await revokePendingEmailInvites(deps.db, input.projectId, input.email, now);
  const token = newToken();
  const invite = await insertInvite(deps.db, { projectId: input.projectId, kind: 'email', email: input.email, role: input.role, token, createdBy: inviter.id });
  const inviterName = (await findUserById(deps.db, inviter.id))?.name ?? 'Someone';
  deps.outbox.enqueue(
    renderProjectInviteMail({
      to: input.email,
      inviter: inviterName,
      project: project.name,
      role: input.role,
      url: canonicalUrl(deps.config.publicUrl, inviteLinkPath(token), lang),
      language: lang,
    }),
  );
  return toInviteDto(invite);
}

/** Owner only: a link anyone signed in can use to join with `role`, until it is revoked. */
export async function createInviteLink(db: Db, userId: string, input: { projectId: string; role: InviteRole }): Promise<ProjectInviteDto> {
  await requireOwner(db, input.projectId, userId);
  const invite = await insertInvite(db, { projectId: input.projectId, kind: 'link', email: null, role: input.role, token: newToken(), createdBy: userId });
  return toInviteDto(invite);
}

export async function revokeInvite(db: Db, userId: string, input: { projectId: string; inviteId: string }): Promise<Ok> {
  await requireOwner(db, input.projectId, userId);
  if (!(await revokeInviteRow(db, input.projectId, input.inviteId, new Date()))) throw new AppError('PROJECT_INVITE_INVALID');
  return OK;
}

/** Revoked invites, and e-mail invites already used, are no longer valid. */
function usableInvite(invite: InviteWithProject | null): InviteWithProject {
  if (!invite || invite.revokedAt || (invite.kind === 'email' && invite.acceptedAt)) throw new AppError('PROJECT_INVITE_INVALID');
  return invite;
}

export async function previewInvite(db: Db, userId: string, token: string): Promise<InvitePreviewDto> {
  const invite = usableInvite(await findInviteByToken(db, token));
  return {
    projectId: invite.projectId,
    projectName: invite.projectName,
    invitedBy: invite.invitedBy,
    role: toInviteRole(invite.role),
    member: (await findRole(db, invite.projectId, userId)) !== null,
  };
}

/**
 * Joins a project through an invite (signed-in users only: the router refuses anonymous ones).
 * An e-mail invite works once, for the verified address it was sent to; a link works for anyone
 * until revoked. A member who opens an invite keeps their role and just gets the project.
 */
export async function acceptInvite(
  deps: ProjectDeps,
  user: { id: string; email: string; emailVerified: boolean },
  token: string,
): Promise<ProjectDto> {
  const { projectId, joined } = await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // The row lock makes "used once" hold when two people accept the same e-mail invite at once.
    const invite = usableInvite(await findInviteByToken(tx, token, { lock: true }));
    const forMe = invite.kind === 'email' && user.emailVerified && invite.email === user.email.toLowerCase();
    const member = (await findRole(tx, invite.projectId, user.id)) !== null;
    if (invite.kind === 'email' && !forMe && !member) throw new AppError('PROJECT_INVITE_OTHER_EMAIL');
    const added = member ? false : await addMember(tx, invite.projectId, user.id, toInviteRole(invite.role));
    if (forMe) await markInviteAccepted(tx, invite.id, user.id, new Date());
    return { projectId: invite.projectId, joined: added };
  });
  if (joined) deps.realtime.toProject(projectId, 'project:changed', { projectId, change: 'members' });
  return projectDto(deps.db, projectId, user.id);
}
