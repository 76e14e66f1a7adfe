import { adminProcedure, publicProcedure } from '../../trpc/procedures.ts';
import { router } from '../../trpc/init.ts';
import { currentAnnouncement, systemInfo } from './system.service.ts';

export const systemRouter = router({
  /** The cheapest possible call: liveness from a client's point of view (and the RPC benchmark). */
  ping: publicProcedure.query(() => ({ ok: true as const })),
  /** Admins only: database health, uptime, user counts. */
  info: adminProcedure.query(({ ctx }) => systemInfo(ctx.services.database)),
  /** Anyone: the site-wide announcement (§2 announcement popup), or null when there is none. */
  announcement: publicProcedure.query(({ ctx }) => currentAnnouncement(ctx.services.config)),
});
