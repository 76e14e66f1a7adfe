/**
 * The studio's side of the developer API (issue 19): a signed-in user's keys. Session only: an
 * API key never reaches these (tRPC reads no API key at all).
 */
import { zApiKeyIdInput, zCreateApiKeyInput } from '@tessera/shared/api';
import { router } from '../../trpc/init.ts';
import { signedInProcedure } from '../../trpc/procedures.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './keys.service.ts';

export const apiKeysRouter = router({
  list: signedInProcedure.query(({ ctx }) => listApiKeys(ctx.services.db, ctx.user.id)),
  create: signedInProcedure.input(zCreateApiKeyInput).mutation(({ ctx, input }) => createApiKey(ctx.services.db, ctx.user.id, input.name)),
  revoke: signedInProcedure.input(zApiKeyIdInput).mutation(async ({ ctx, input }) => {
    await revokeApiKey(ctx.services.db, ctx.user.id, input.id);
    return { ok: true as const };
  }),
});
