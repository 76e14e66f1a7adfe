/** `canvas.*` RPCs: generation on a project's canvas and the project's queue panel. */
import { zCanvasGenerateInput, zProjectTasksInput } from '@tessera/shared/projects';
import { router } from '../../trpc/init.ts';
import { authedProcedure } from '../../trpc/procedures.ts';
import { canvasSpend, generateOnCanvas, listCanvasTasks } from './canvas.service.ts';

export const canvasRouter = router({
  /** Places a placeholder and starts the task; answers `{ taskId, nodeId }`. Cancel with `task.cancel`. */
  generate: authedProcedure.input(zCanvasGenerateInput).mutation(({ ctx, input }) => generateOnCanvas(ctx.services, ctx.session.user.id, input)),
  tasks: authedProcedure.input(zProjectTasksInput).query(({ ctx, input }) => listCanvasTasks(ctx.services.db, ctx.session.user.id, input.projectId, ctx.lang)),
  spend: authedProcedure.input(zProjectTasksInput).query(({ ctx, input }) => canvasSpend(ctx.services.db, ctx.session.user.id, input.projectId)),
});
