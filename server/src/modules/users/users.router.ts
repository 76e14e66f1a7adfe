import { authedProcedure, publicProcedure, signedInProcedure } from '../../trpc/procedures.ts';
import { router } from '../../trpc/init.ts';
import { deleteAccount, zDeleteAccountInput } from '../account/account.service.ts';
import { zUpdateProfileInput } from '@tessera/shared/users/profile';
import { findUser, updateProfile } from './users.service.ts';

export const userRouter = router({
  /** §7 user.find: the signed-in user's own record. */
  find: signedInProcedure.query(({ ctx }) => findUser(ctx.services.db, ctx.user.id)),
  /** §7 user.getReqInfo: where the request comes from. */
  getReqInfo: publicProcedure.query(({ ctx }) => ctx.requestInfo),
  /** The session as §3 describes it, for any caller with a session (anonymous included). */
  session: authedProcedure.query(({ ctx }) => ctx.session),
  updateProfile: signedInProcedure
    .input(zUpdateProfileInput)
    .mutation(({ ctx, input }) => updateProfile(ctx.services.db, ctx.user.id, input)),
  /** Deletes the caller's account and everything in it; they confirm with their e-mail. */
  deleteAccount: signedInProcedure.input(zDeleteAccountInput).mutation(({ ctx, input }) => deleteAccount(ctx.services, ctx.user, input)),
});
