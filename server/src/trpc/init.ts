import { initTRPC } from '@trpc/server';
import type { Context } from './context.ts';
import { formatError } from './errorFormatter.ts';

const t = initTRPC.context<Context>().create({
  // Never put stack traces on the wire, whatever NODE_ENV says.
  isDev: false,
  errorFormatter: ({ error, shape }) => formatError(error, shape.data.path),
});

export const router = t.router;
export const baseProcedure = t.procedure;
