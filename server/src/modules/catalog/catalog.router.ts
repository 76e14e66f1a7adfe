/** Catalogue browsing (public): templates, categories, positions, special topics and LoRA styles. */
import { TEMPLATE_TYPES, zTemplateId, zTemplateListInput } from '@tessera/shared/catalog';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';
import { getLora, getTemplate, listCategories, listLoras, listPositions, listSpecialTopics, listTemplates } from './catalog.service.ts';

export const catalogRouter = router({
  templates: publicProcedure.input(zTemplateListInput).query(({ ctx, input }) => listTemplates(ctx.services.db, input)),
  template: publicProcedure.input(zTemplateId).query(({ ctx, input }) => getTemplate(ctx.services.db, input.id)),
  categories: publicProcedure
    .input(z.object({ type: z.enum(TEMPLATE_TYPES).optional() }).optional())
    .query(({ ctx, input }) => listCategories(ctx.services.db, input?.type)),
  positions: publicProcedure.query(({ ctx }) => listPositions(ctx.services.db)),
  /** Topics running now. */
  specialTopics: publicProcedure.query(({ ctx }) => listSpecialTopics(ctx.services.db, { activeAt: new Date() })),
  loras: publicProcedure.query(({ ctx }) => listLoras(ctx.services.db)),
  lora: publicProcedure.input(zTemplateId).query(({ ctx, input }) => getLora(ctx.services.db, input.id)),
});
