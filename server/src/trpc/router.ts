/** The root router. Path names are the public contract of spec §7. */
import { systemRouter } from '../modules/system/system.router.ts';
import { userRouter } from '../modules/users/users.router.ts';
import { router } from './init.ts';

export const appRouter = router({
  system: systemRouter,
  user: userRouter,
});

export type AppRouter = typeof appRouter;
