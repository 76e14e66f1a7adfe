import { AppError } from '@tessera/shared/errors';
import { initTRPC } from '@trpc/server';
import { inputProblem } from '../lib/inputGuard.ts';
import type { Context } from './context.ts';
import { formatError } from './errorFormatter.ts';

const t = initTRPC.context<Context>().create({
  // Never put stack traces on the wire, whatever NODE_ENV says.
  isDev: false,
  errorFormatter: ({ error, shape, ctx }) => formatError(error, shape.data.path, ctx?.lang),
});

export const router = t.router;

/**
 * Every procedure starts here: input with a NUL, an unpaired surrogate or absurd nesting is the
 * client's mistake (400), checked before any schema or service sees it (lib/inputGuard.ts).
 */
export const baseProcedure = t.procedure.use(async ({ getRawInput, next }) => {
  if (inputProblem(await getRawInput())) throw new AppError('INCORRECT_PARAMETER');
  return next();
});
