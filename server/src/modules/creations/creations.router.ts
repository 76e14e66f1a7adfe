/** §3 my creations: list (paged, by kind), get, delete. */
import { zCreationId, zCreationListInput } from '@tessera/shared/creations';
import { router } from '../../trpc/init.ts';
import { authedProcedure } from '../../trpc/procedures.ts';
import { deleteMyCreation, getMyCreation, listMyCreations, toCreationDto } from './creations.service.ts';

export const creationRouter = router({
  list: authedProcedure.input(zCreationListInput).query(({ ctx, input }) => listMyCreations(ctx.services.db, ctx.session.user.id, input)),
  get: authedProcedure.input(zCreationId).query(async ({ ctx, input }) => toCreationDto(await getMyCreation(ctx.services.db, ctx.session.user.id, input.id))),
  delete: authedProcedure.input(zCreationId).mutation(({ ctx, input }) => deleteMyCreation(ctx.services, ctx.session.user.id, input.id)),
});
