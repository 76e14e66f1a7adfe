/**
 * `project.*` RPCs: projects, members and invites. Anonymous users have projects too, so most
 * procedures are `authedProcedure`; sending invite mail and accepting invites need an account.
 */
import {
  zCreateInviteLinkInput,
  zCreateProjectInput,
  zInviteByEmailInput,
  zInviteTokenInput,
  zMemberInput,
  zProjectId,
  zProjectIdInput,
  zRenameProjectInput,
  zRevokeInviteInput,
  zSetCoverInput,
  zSetRoleInput,
} from '@tessera/shared/projects';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { authedProcedure, signedInProcedure } from '../../trpc/procedures.ts';
import {
  acceptInvite,
  createInviteLink,
  createProject,
  deleteProject,
  duplicateProject,
  getDefaultProject,
  getProject,
  inviteByEmail,
  leaveProject,
  listInvites,
  listProjectMembers,
  listProjects,
  openProject,
  previewInvite,
  removeMember,
  renameProject,
  revokeInvite,
  setProjectCover,
  setRole,
} from './projects.service.ts';

/** Member and invite lists take the project as `projectId`, like the other sharing inputs. */
const zProjectRef = z.object({ projectId: zProjectId });

export const projectRouter = router({
  list: authedProcedure.query(({ ctx }) => listProjects(ctx.services.db, ctx.session.user.id)),
  get: authedProcedure.input(zProjectIdInput).query(({ ctx, input }) => getProject(ctx.services.db, ctx.session.user.id, input.id)),
  default: authedProcedure.query(({ ctx }) => getDefaultProject(ctx.services.db, ctx.session.user.id)),
  create: authedProcedure.input(zCreateProjectInput).mutation(({ ctx, input }) => createProject(ctx.services.db, ctx.session.user.id, input.name)),
  rename: authedProcedure.input(zRenameProjectInput).mutation(({ ctx, input }) => renameProject(ctx.services, ctx.session.user.id, input)),
  duplicate: authedProcedure.input(zProjectIdInput).mutation(({ ctx, input }) => duplicateProject(ctx.services, ctx.session.user.id, input.id)),
  delete: authedProcedure.input(zProjectIdInput).mutation(({ ctx, input }) => deleteProject(ctx.services, ctx.session.user.id, input.id)),
  setCover: authedProcedure.input(zSetCoverInput).mutation(({ ctx, input }) => setProjectCover(ctx.services, ctx.session.user.id, input)),
  open: authedProcedure.input(zProjectIdInput).mutation(({ ctx, input }) => openProject(ctx.services.db, ctx.session.user.id, input.id)),

  members: authedProcedure.input(zProjectRef).query(({ ctx, input }) => listProjectMembers(ctx.services.db, ctx.session.user.id, input.projectId)),
  removeMember: authedProcedure.input(zMemberInput).mutation(({ ctx, input }) => removeMember(ctx.services, ctx.session.user.id, input)),
  setRole: authedProcedure.input(zSetRoleInput).mutation(({ ctx, input }) => setRole(ctx.services, ctx.session.user.id, input)),
  leave: authedProcedure.input(zProjectRef).mutation(({ ctx, input }) => leaveProject(ctx.services, ctx.session.user.id, input.projectId)),

  invites: authedProcedure.input(zProjectRef).query(({ ctx, input }) => listInvites(ctx.services.db, ctx.session.user.id, input.projectId)),
  // The mail goes out in the sender's name: an account is needed (no mail from throwaway sessions).
  inviteByEmail: signedInProcedure.input(zInviteByEmailInput).mutation(({ ctx, input }) => inviteByEmail(ctx.services, ctx.user, ctx.lang, input)),
  createInviteLink: authedProcedure.input(zCreateInviteLinkInput).mutation(({ ctx, input }) => createInviteLink(ctx.services.db, ctx.session.user.id, input)),
  revokeInvite: authedProcedure.input(zRevokeInviteInput).mutation(({ ctx, input }) => revokeInvite(ctx.services.db, ctx.session.user.id, input)),
  invitePreview: authedProcedure.input(zInviteTokenInput).query(({ ctx, input }) => previewInvite(ctx.services.db, ctx.session.user.id, input.token)),
  // Anonymous visitors get UNAUTHORIZED: the studio asks them to sign in or up, then comes back.
  acceptInvite: signedInProcedure.input(zInviteTokenInput).mutation(({ ctx, input }) => acceptInvite(ctx.services, ctx.user, input.token)),
});
