/**
 * `flow.*` RPCs (issue 24): price a run of a project's flow, start it after the person confirmed
 * that price, cancel it. Editors and the owner only. The flow itself is edited in the project
 * document; progress and results come back through it and the project's room.
 */
import { zFlowCancelInput, zFlowEstimateInput, zFlowRunInput } from '@tessera/shared/flows/document';
import { zFlowProposeInput } from '@tessera/shared/flows/plan';
import { router } from '../../trpc/init.ts';
import { authedProcedure } from '../../trpc/procedures.ts';
import { cancelFlowRun, estimateFlowRun, logAdvanceError, startFlowRun } from './flows.service.ts';
import { proposeFlow } from './planner/propose.ts';

export const flowRouter = router({
  estimate: authedProcedure.input(zFlowEstimateInput).query(({ ctx, input }) => estimateFlowRun(ctx.services, ctx.session.user.id, input.projectId, input.scope)),
  run: authedProcedure.input(zFlowRunInput).mutation(({ ctx, input }) => startFlowRun(ctx.services, ctx.session.user.id, input, logAdvanceError(ctx.log))),
  /** A brief becomes a proposed flow in the document (planner/propose.ts); nothing runs. */
  propose: authedProcedure.input(zFlowProposeInput).mutation(({ ctx, input }) => proposeFlow(ctx.services, ctx.session.user.id, input, undefined, ctx.lang)),
  cancel: authedProcedure.input(zFlowCancelInput).mutation(async ({ ctx, input }) => {
    await cancelFlowRun(ctx.services, ctx.session.user.id, input.projectId, input.runId);
    return { ok: true as const };
  }),
});
