/**
 * The four doors of the API:
 *  - publicProcedure: anyone;
 *  - authedProcedure: any session, anonymous included;
 *  - signedInProcedure: a session with an e-mail (§4 "signed in only if an e-mail exists");
 *  - adminProcedure: a signed-in admin.
 */
import { AppError } from '@tessera/shared/errors';
import { baseProcedure } from './init.ts';

/**
 * Every call counts against the client's request rate limit before its input is validated or a
 * service runs: one batched request must not buy more work than the same calls sent one by one.
 */
export const publicProcedure = baseProcedure.use(async ({ ctx, next }) => {
  if (!(await ctx.countCall())) throw new AppError('TOO_MANY_REQUESTS');
  return next();
});

export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const session = await ctx.getSession();
  if (!session) throw new AppError('UNAUTHORIZED');
  return next({ ctx: { ...ctx, session } });
});

export const signedInProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (ctx.session.user.isAnonymous || !ctx.session.user.email) throw new AppError('UNAUTHORIZED');
  return next({ ctx: { ...ctx, user: { ...ctx.session.user, email: ctx.session.user.email } } });
});

export const adminProcedure = signedInProcedure.use(async ({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new AppError('FORBIDDEN');
  return next();
});
