/** The admin console's calls (shared/admin); every procedure is an adminProcedure. */
import { router } from '../../trpc/init.ts';
import { analyticsAdminRouter } from '../analytics/analytics.router.ts';

export const adminRouter = router({ analytics: analyticsAdminRouter });
