/**
 * `flowTemplate.*` RPCs (issue 24, shared/src/flows/templates.ts): save a project's flow as a
 * template, list and read templates, publish them to the explore feed, insert one into a project,
 * price it and start it as a new project. The rules are in templates.service.ts.
 */
import {
  zFlowTemplateCreateInput,
  zFlowTemplateEstimateInput,
  zFlowTemplateExploreInput,
  zFlowTemplateInsertInput,
  zFlowTemplateListInput,
  zFlowTemplatePublishInput,
  zFlowTemplateRef,
  zFlowTemplateStartInput,
  zFlowTemplateUpdateInput,
} from '@tessera/shared/flows/templates';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Context } from '../../trpc/context.ts';
import { router } from '../../trpc/init.ts';
import { authedProcedure, publicProcedure, signedInProcedure } from '../../trpc/procedures.ts';
import {
  createFlowTemplate,
  estimateFlowTemplate,
  exploreFlowTemplates,
  getFlowTemplate,
  insertFlowTemplate,
  listFlowTemplates,
  publishFlowTemplate,
  removeFlowTemplate,
  startFlowTemplate,
  updateFlowTemplate,
} from './templates.service.ts';
import { logAdvanceError } from './flows.service.ts';

/** Public calls read the session only to personalise (`mine`, project access); without one the viewer is null. */
async function viewerIdOf(ctx: Context): Promise<string | null> {
  return (await ctx.getSession())?.user.id ?? null;
}

/** Inputs the service found wrong (values for the template's inputs) answer 400 with their issues, like the schema's. */
async function asInputError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // A ZodError is no Error (zod 4): tRPC would drop its issues, so they travel on one.
    if (error instanceof z.ZodError) throw new TRPCError({ code: 'BAD_REQUEST', cause: Object.assign(new Error('Invalid input'), { issues: error.issues }) });
    throw error;
  }
}

export const flowTemplateRouter = router({
  create: authedProcedure.input(zFlowTemplateCreateInput).mutation(({ ctx, input }) => createFlowTemplate(ctx.services, ctx.session.user.id, input)),
  list: authedProcedure.input(zFlowTemplateListInput).query(({ ctx, input }) => listFlowTemplates(ctx.services, ctx.session.user.id, input.projectId)),
  get: publicProcedure.input(zFlowTemplateRef).query(async ({ ctx, input }) => getFlowTemplate(ctx.services, await viewerIdOf(ctx), input.templateId)),
  explore: publicProcedure.input(zFlowTemplateExploreInput).query(async ({ ctx, input }) => exploreFlowTemplates(ctx.services, await viewerIdOf(ctx), input)),
  update: authedProcedure.input(zFlowTemplateUpdateInput).mutation(({ ctx, input }) => updateFlowTemplate(ctx.services, ctx.session.user.id, input)),
  /** Publishing shows it to everyone: signed-in authors only, as for creations. */
  publish: signedInProcedure.input(zFlowTemplatePublishInput).mutation(({ ctx, input }) => publishFlowTemplate(ctx.services, ctx.user.id, input)),
  remove: authedProcedure.input(zFlowTemplateRef).mutation(({ ctx, input }) => removeFlowTemplate(ctx.services, ctx.session.user.id, input.templateId)),
  insert: authedProcedure.input(zFlowTemplateInsertInput).mutation(({ ctx, input }) => insertFlowTemplate(ctx.services, ctx.session.user.id, input)),
  estimate: authedProcedure.input(zFlowTemplateEstimateInput).query(({ ctx, input }) => asInputError(() => estimateFlowTemplate(ctx.services, ctx.session.user.id, input))),
  start: authedProcedure
    .input(zFlowTemplateStartInput)
    .mutation(({ ctx, input }) => asInputError(() => startFlowTemplate(ctx.services, ctx.session.user.id, input, logAdvanceError(ctx.log)))),
});
