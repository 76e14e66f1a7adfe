/** `projectHistory.*` RPCs: the canvas's snapshots, and restoring one. */
import { zRestoreSnapshotInput, zSnapshotListInput } from '@tessera/shared/projects';
import { router } from '../trpc/init.ts';
import { authedProcedure } from '../trpc/procedures.ts';
import { listProjectSnapshots, restoreProjectSnapshot } from './history.service.ts';

export const projectHistoryRouter = router({
  list: authedProcedure.input(zSnapshotListInput).query(({ ctx, input }) => listProjectSnapshots(ctx.services, ctx.session.user.id, input.projectId)),
  restore: authedProcedure.input(zRestoreSnapshotInput).mutation(async ({ ctx, input }) => {
    await restoreProjectSnapshot(ctx.services, ctx.session.user.id, input);
    return { ok: true as const };
  }),
});
