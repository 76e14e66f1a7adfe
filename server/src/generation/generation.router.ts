/** Generation RPCs (§7): thin — parse, call the task service, return a DTO. */
import { zTextToImageInput } from '@tessera/shared/generation';
import { z } from 'zod';
import { router } from '../trpc/init.ts';
import { authedProcedure } from '../trpc/procedures.ts';
import type { Context } from '../trpc/context.ts';
import { cancelTask, createTask, getTask, listTasks, taskConcurrency, type TaskServiceDeps } from './tasks.service.ts';

function taskDeps(ctx: Context): TaskServiceDeps {
  const { db, realtime, moderation, workers } = ctx.services;
  return { db, realtime, moderation, wakeWorkers: () => workers?.wake() };
}

export const text2ImageRouter = router({
  /** §7 text2Image.create → `{ id }` of the accepted task. */
  create: authedProcedure
    .input(zTextToImageInput)
    .mutation(({ ctx, input }) => createTask(taskDeps(ctx), { userId: ctx.session.user.id, kind: 'text_to_image', input })),
});

const zTaskId = z.object({ id: z.uuid() });

export const taskRouter = router({
  list: authedProcedure
    .input(z.object({ limit: z.number().int().min(1).max(100).default(50) }).optional())
    .query(({ ctx, input }) => listTasks(ctx.services.db, ctx.session.user.id, input?.limit)),
  get: authedProcedure.input(zTaskId).query(({ ctx, input }) => getTask(ctx.services.db, ctx.session.user.id, input.id)),
  cancel: authedProcedure.input(zTaskId).mutation(({ ctx, input }) => cancelTask(taskDeps(ctx), ctx.session.user.id, input.id)),
  /** "2 of 3 running": the caller's plan concurrency in use. */
  concurrency: authedProcedure.query(({ ctx }) => taskConcurrency(ctx.services.db, ctx.session.user.id)),
});
