import { zAnalyticsOverviewInput } from '@tessera/shared/analytics';
import { router } from '../../trpc/init.ts';
import { adminProcedure } from '../../trpc/procedures.ts';
import { analyticsOverview } from './analytics.service.ts';

/** admin.analytics.*: operators only (§6); signed-in users without the admin role get FORBIDDEN. */
export const analyticsAdminRouter = router({
  overview: adminProcedure.input(zAnalyticsOverviewInput).query(({ ctx, input }) => analyticsOverview({ db: ctx.services.db }, input)),
});
