import { USAGE_TYPES, zCreditHistoryInput, zSubUsageInput } from '@tessera/shared/credits';
import { router } from '../../trpc/init.ts';
import { authedProcedure, signedInProcedure } from '../../trpc/procedures.ts';
import { getCreditBadge, getCreditHistory, getSubUsage } from './credits.service.ts';

/** §7 subUsage: the §3 usage records; "only when signed in". */
export const subUsageRouter = router({
  getSubUsage: signedInProcedure
    .input(zSubUsageInput)
    .query(({ ctx, input }) => getSubUsage(ctx.services.db, ctx.user.id, input.appName, USAGE_TYPES)),
});

/** The studio's credit badge and history; anonymous users have credits too. */
export const creditsRouter = router({
  summary: authedProcedure.query(({ ctx }) => getCreditBadge(ctx.services.db, ctx.session.user.id)),
  history: authedProcedure.input(zCreditHistoryInput).query(({ ctx, input }) => getCreditHistory(ctx.services.db, ctx.session.user.id, input)),
});
