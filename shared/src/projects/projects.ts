/**
 * Projects (canvas mode): contracts shared by the server's `project.*` and `canvas.*` RPCs and
 * the studio. A project has an owner and members with a role; every user has one default
 * project that cannot be deleted. The canvas itself is the project's Yjs document (see
 * shared/canvas).
 */
import { z } from 'zod';
import { GENERATION_KINDS, type GenerationKind, isGenerationKind } from '../generation/generation.ts';

export const PROJECT_ROLES = ['owner', 'editor', 'viewer'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];
/** Roles an invite can give (there is one owner). */
export const INVITE_ROLES = ['editor', 'viewer'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

/** Roles that may change the canvas (and spend their own credits generating on it). */
export const canEdit = (role: ProjectRole | null | undefined): boolean => role === 'owner' || role === 'editor';
/** Only the owner manages members, invites, the name, the cover and deletion. */
export const canManage = (role: ProjectRole | null | undefined): boolean => role === 'owner';

export const PROJECT_NAME_MAX = 80;
/** Browser storage key of the selected project (removed on sign-out, §2). */
export const SELECTED_PROJECT_STORAGE_KEY = 'tessera.selectedProject';
/** Hocuspocus endpoint on the app's own port; the document name is the project id. */
export const COLLAB_PATH = '/collab';

export const zProjectId = z.string().uuid('Project not found.');
const zName = z.string().trim().min(1, 'Name is required').max(PROJECT_NAME_MAX);

export const zProjectIdInput = z.object({ id: zProjectId });
export const zCreateProjectInput = z.object({ name: zName.optional() });
export const zRenameProjectInput = z.object({ id: zProjectId, name: zName });
/** Cover: one of our media URLs (`/api/media/…`), or null to go back to the automatic cover. */
export const zSetCoverInput = z.object({
  id: zProjectId,
  coverUrl: z
    .string()
    .max(512)
    .regex(/^\/api\/media\/u\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{1,128}\.(png|jpg|webp|gif|avif)$/, 'Invalid image URL.')
    .nullable(),
});
export const zInviteByEmailInput = z.object({
  projectId: zProjectId,
  email: z.string().trim().toLowerCase().email('Please enter a valid e-mail address.').max(254),
  role: z.enum(INVITE_ROLES),
});
export const zCreateInviteLinkInput = z.object({ projectId: zProjectId, role: z.enum(INVITE_ROLES) });
export const zInviteTokenInput = z.object({ token: z.string().trim().min(16).max(128) });
export const zRevokeInviteInput = z.object({ projectId: zProjectId, inviteId: z.string().uuid() });
export const zMemberInput = z.object({ projectId: zProjectId, userId: z.string().min(1).max(100) });
export const zSetRoleInput = z.object({ projectId: zProjectId, userId: z.string().min(1).max(100), role: z.enum(INVITE_ROLES) });

export type CreateProjectInput = z.infer<typeof zCreateProjectInput>;
export type InviteByEmailInput = z.infer<typeof zInviteByEmailInput>;

export interface ProjectDto {
  id: string;
  name: string;
  role: ProjectRole;
  isDefault: boolean;
  /** The chosen cover, else the newest image on the canvas, else null. */
  coverUrl: string | null;
  owner: { id: string; name: string };
  memberCount: number;
  createdAt: string;
  updatedAt: string;
  /** When the caller last opened it (null: never). */
  lastOpenedAt: string | null;
}

export interface ProjectMemberDto {
  userId: string;
  name: string;
  /** Shown to the owner only. */
  email: string | null;
  image: string | null;
  role: ProjectRole;
  joinedAt: string;
}

export interface ProjectInviteDto {
  id: string;
  kind: 'email' | 'link';
  email: string | null;
  role: InviteRole;
  /** Link invites: the path to share (`/app/projects/join/<token>`). */
  url: string | null;
  createdAt: string;
}

/** What someone opening an invite link sees before accepting. */
export interface InvitePreviewDto {
  projectId: string;
  projectName: string;
  invitedBy: string;
  role: InviteRole;
  /** Already a member (the link just opens the project). */
  member: boolean;
}

export const inviteLinkPath = (token: string) => `/app/projects/join/${token}`;
export const canvasPath = (projectId: string) => `/app/canvas/${projectId}`;

// ——— Generation on the canvas ———

/** Where a generation lands: the placeholder's box in canvas coordinates. */
export const zPlacement = z.object({
  x: z.number().finite().min(-1e7).max(1e7),
  y: z.number().finite().min(-1e7).max(1e7),
  width: z.number().finite().positive().max(20_000),
  height: z.number().finite().positive().max(20_000),
});
export type Placement = z.infer<typeof zPlacement>;

/**
 * `canvas.generate`: run any creation kind for a project. `input` must be valid for the kind's
 * own schema (checked here, field issues under `input.`; the project comes from `projectId`);
 * `parentNodeId` is the node it was made from (lineage); `nodeId` regenerates into an existing
 * generated node (keeping its box) instead of placing a new one at `placement`.
 */
export const zCanvasGenerateInput = z
  .object({
    projectId: zProjectId,
    kind: z.enum(Object.keys(GENERATION_KINDS) as [GenerationKind, ...GenerationKind[]]),
    input: z.record(z.string(), z.unknown()),
    placement: zPlacement,
    parentNodeId: z.string().min(1).max(100).nullable().default(null),
    nodeId: z.string().min(1).max(100).optional(),
  })
  .superRefine((value, ctx) => {
    // zod skips this after a wrong kind today; the guard keeps that from ever being a crash.
    if (!isGenerationKind(value.kind)) return;
    const parsed = GENERATION_KINDS[value.kind].input.safeParse(value.input);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['input', ...issue.path] });
  });
export type CanvasGenerateInput = z.infer<typeof zCanvasGenerateInput>;

/** `canvas.tasks` / `canvas.spend`: the project's queue panel. */
export const zProjectTasksInput = z.object({ projectId: zProjectId });

/** One task of the project's queue panel. */
export interface ProjectTaskDto {
  id: string;
  kind: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
  progress: number;
  stage: string;
  cost: number;
  nodeId: string | null;
  by: { id: string; name: string };
  /** The caller's own tasks can be canceled while queued or running. */
  mine: boolean;
  errorMessage: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** Credits spent in the project, per collaborator (captured only: refunds do not count). */
export interface ProjectSpendDto {
  userId: string;
  name: string;
  credits: number;
  tasks: number;
}

// ——— Collaboration (Hocuspocus at COLLAB_PATH) ———

/**
 * Why the collaboration server refused or closed a project's document, as the provider reports
 * it (`authenticationFailed.reason` / `close.event.reason`), so the studio can say what happened.
 */
export const COLLAB_REASONS = {
  /** No session (signed out, expired) or an untrusted Origin. */
  unauthorized: 'unauthorized',
  /** Not a member of the project (or it does not exist). */
  forbidden: 'forbidden',
  /** The stored document could not be read; nothing was changed, try again later. */
  unavailable: 'unavailable',
  /**
   * Membership removed or changed, or the project deleted, while connected. Reconnect once: a
   * changed role comes back with its new scope, a removed member is refused.
   */
  revoked: 'access-revoked',
  /** The server is shutting down; the provider reconnects by itself. */
  shutdown: 'shutdown',
} as const;
export type CollabReason = (typeof COLLAB_REASONS)[keyof typeof COLLAB_REASONS];

// ——— History (periodic snapshots of the project document) ———

export const zSnapshotListInput = z.object({ projectId: zProjectId });
export const zRestoreSnapshotInput = z.object({ projectId: zProjectId, snapshotId: z.string().uuid('Snapshot not found.') });
export type SnapshotListInput = z.infer<typeof zSnapshotListInput>;
export type RestoreSnapshotInput = z.infer<typeof zRestoreSnapshotInput>;

/** One restorable version of the canvas, newest first. */
export interface ProjectSnapshotDto {
  id: string;
  createdAt: string;
  /** `periodic`: taken while people edit (at most one per 10 minutes); `restore`: the canvas just before a restore. */
  reason: 'periodic' | 'restore';
}
