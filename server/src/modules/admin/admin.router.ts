/** The admin console's calls (shared/admin); every procedure is an adminProcedure. */
import {
  zAdminAuditListInput,
  zAdminBanInput,
  zAdminCreationListInput,
  zAdminGrantInput,
  zAdminReportListInput,
  zAdminReportResolveInput,
  zAdminTaskListInput,
  zAdminUserLookupInput,
  zAdminWelcomeAbuseInput,
} from '@tessera/shared/admin';
import { zCategoryInput, zPositionInput, zSpecialTopicInput, zTemplateId, zTemplateInput } from '@tessera/shared/catalog';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { adminProcedure } from '../../trpc/procedures.ts';
import { analyticsAdminRouter } from '../analytics/analytics.router.ts';
import { adminModelsRouter } from './adminModels.ts';
import { welcomeCreditAbuse } from '../credits/welcome.service.ts';
import {
  type AdminActor,
  adminCatalog,
  getAdminUser,
  getTaskDetail,
  grantAdminCredits,
  listAllCreations,
  listAllTasks,
  listAudit,
  listReportGroups,
  lookupAdminUsers,
  resolveReports,
  setUserBan,
} from './admin.service.ts';

const zTaskId = z.object({ id: z.uuid() });
const zUserId = z.object({ id: z.string().min(1).max(100) });

const actor = (user: { id: string; email: string }): AdminActor => ({ id: user.id, email: user.email });

export const adminRouter = router({
  analytics: analyticsAdminRouter,
  models: adminModelsRouter,
  reports: router({
    list: adminProcedure.input(zAdminReportListInput).query(({ ctx, input }) => listReportGroups(ctx.services.db, input)),
    resolve: adminProcedure.input(zAdminReportResolveInput).mutation(async ({ ctx, input }) => {
      const result = await resolveReports(ctx.services.db, actor(ctx.user), input);
      // A banned author's open tabs sign out (their sessions are already gone).
      if (input.action === 'ban') {
        ctx.services.realtime.endUserSessions(result.authorId, 'banned');
        ctx.services.collab?.disconnectUser(result.authorId);
      }
      return result;
    }),
  }),
  tasks: router({
    list: adminProcedure.input(zAdminTaskListInput).query(({ ctx, input }) => listAllTasks(ctx.services.db, input)),
    get: adminProcedure.input(zTaskId).query(({ ctx, input }) => getTaskDetail(ctx.services.db, input.id)),
  }),
  creations: router({
    list: adminProcedure.input(zAdminCreationListInput).query(({ ctx, input }) => listAllCreations(ctx.services.db, input)),
  }),
  users: router({
    lookup: adminProcedure.input(zAdminUserLookupInput).query(({ ctx, input }) => lookupAdminUsers(ctx.services.db, input.query)),
    get: adminProcedure.input(zUserId).query(({ ctx, input }) => getAdminUser(ctx.services.db, input.id)),
    grant: adminProcedure.input(zAdminGrantInput).mutation(({ ctx, input }) => grantAdminCredits(ctx.services, actor(ctx.user), input)),
    ban: adminProcedure.input(zAdminBanInput).mutation(async ({ ctx, input }) => {
      const user = await setUserBan(ctx.services.db, actor(ctx.user), input);
      if (input.banned) {
        ctx.services.realtime.endUserSessions(input.userId, 'banned');
        ctx.services.collab?.disconnectUser(input.userId);
      }
      return user;
    }),
  }),
  // Abuse of the free offers: networks refused welcome credits past their share (config.welcomeCredits).
  abuse: router({
    welcomeCredits: adminProcedure.input(zAdminWelcomeAbuseInput).query(({ ctx, input }) => welcomeCreditAbuse(ctx.services.db, input)),
  }),
  audit: router({
    list: adminProcedure.input(zAdminAuditListInput).query(({ ctx, input }) => listAudit(ctx.services.db, input)),
  }),
  // Catalogue CRUD: list, create, update (the full input; id names the row), delete ({ id }).
  catalog: router({
    categories: router({
      list: adminProcedure.query(({ ctx }) => adminCatalog.categories.list(ctx.services.db)),
      create: adminProcedure.input(zCategoryInput).mutation(({ ctx, input }) => adminCatalog.categories.create(ctx.services.db, actor(ctx.user), input)),
      update: adminProcedure.input(zCategoryInput).mutation(({ ctx, input }) => adminCatalog.categories.update(ctx.services.db, actor(ctx.user), input)),
      delete: adminProcedure.input(zTemplateId).mutation(({ ctx, input }) => adminCatalog.categories.delete(ctx.services.db, actor(ctx.user), input.id)),
    }),
    positions: router({
      list: adminProcedure.query(({ ctx }) => adminCatalog.positions.list(ctx.services.db)),
      create: adminProcedure.input(zPositionInput).mutation(({ ctx, input }) => adminCatalog.positions.create(ctx.services.db, actor(ctx.user), input)),
      update: adminProcedure.input(zPositionInput).mutation(({ ctx, input }) => adminCatalog.positions.update(ctx.services.db, actor(ctx.user), input)),
      delete: adminProcedure.input(zTemplateId).mutation(({ ctx, input }) => adminCatalog.positions.delete(ctx.services.db, actor(ctx.user), input.id)),
    }),
    specialTopics: router({
      list: adminProcedure.query(({ ctx }) => adminCatalog.specialTopics.list(ctx.services.db)),
      create: adminProcedure.input(zSpecialTopicInput).mutation(({ ctx, input }) => adminCatalog.specialTopics.create(ctx.services.db, actor(ctx.user), input)),
      update: adminProcedure.input(zSpecialTopicInput).mutation(({ ctx, input }) => adminCatalog.specialTopics.update(ctx.services.db, actor(ctx.user), input)),
      delete: adminProcedure.input(zTemplateId).mutation(({ ctx, input }) => adminCatalog.specialTopics.delete(ctx.services.db, actor(ctx.user), input.id)),
    }),
    templates: router({
      list: adminProcedure.query(({ ctx }) => adminCatalog.templates.list(ctx.services.db)),
      create: adminProcedure.input(zTemplateInput).mutation(({ ctx, input }) => adminCatalog.templates.create(ctx.services.db, actor(ctx.user), input)),
      update: adminProcedure.input(zTemplateInput).mutation(({ ctx, input }) => adminCatalog.templates.update(ctx.services.db, actor(ctx.user), input)),
      delete: adminProcedure.input(zTemplateId).mutation(({ ctx, input }) => adminCatalog.templates.delete(ctx.services.db, actor(ctx.user), input.id)),
    }),
  }),
});
