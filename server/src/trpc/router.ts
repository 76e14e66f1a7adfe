/** The root router. Path names are the public contract of spec §7. */
import { image2ImageRouter, imageToolsRouter, taskRouter, text2ImageRouter } from '../generation/generation.router.ts';
import { analyticsAdminRouter } from '../modules/analytics/analytics.router.ts';
import { billingRouter, subLogRouter } from '../modules/billing/billing.router.ts';
import { creationRouter } from '../modules/creations/creations.router.ts';
import { creditsRouter, subUsageRouter } from '../modules/credits/credits.router.ts';
import { checkInRouter, inviteRouter, missionRouter } from '../modules/rewards/rewards.router.ts';
import { systemRouter } from '../modules/system/system.router.ts';
import { userRouter } from '../modules/users/users.router.ts';
import { router } from './init.ts';

export const appRouter = router({
  system: systemRouter,
  user: userRouter,
  text2Image: text2ImageRouter,
  image2Image: image2ImageRouter,
  imageTools: imageToolsRouter,
  creation: creationRouter,
  task: taskRouter,
  subUsage: subUsageRouter,
  credits: creditsRouter,
  subLog: subLogRouter,
  billing: billingRouter,
  mission: missionRouter,
  invite: inviteRouter,
  checkIn: checkInRouter,
  admin: router({ analytics: analyticsAdminRouter }),
});

export type AppRouter = typeof appRouter;
