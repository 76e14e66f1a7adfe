/** The root router. Path names are the public contract of spec §7. */
import { projectHistoryRouter } from '../collab/history.router.ts';
import {
  aiShortsRouter,
  animeRouter,
  audioVideoRouter,
  image2ImageRouter,
  imageToolsRouter,
  lipSyncRouter,
  modelRouter,
  taskRouter,
  template2ImageRouter,
  text2ImageRouter,
  videoEditRouter,
  videoRouter,
  videoToolsRouter,
} from '../generation/generation.router.ts';
import { apiKeysRouter } from '../modules/api/api.router.ts';
import { apiWebhooksRouter } from '../modules/api/webhooks/webhooks.router.ts';
import { flowRouter } from '../modules/flows/flows.router.ts';
import { flowTemplateRouter } from '../modules/flows/templates.router.ts';
import { adminRouter } from '../modules/admin/admin.router.ts';
import { billingRouter, subLogRouter } from '../modules/billing/billing.router.ts';
import { canvasRouter } from '../modules/canvas/canvas.router.ts';
import { chatRouter } from '../modules/chat/chat.router.ts';
import { projectRouter } from '../modules/projects/projects.router.ts';
import { catalogRouter } from '../modules/catalog/catalog.router.ts';
import { creationRouter } from '../modules/creations/creations.router.ts';
import { creditsRouter, subUsageRouter } from '../modules/credits/credits.router.ts';
import { feedRouter, reportRouter } from '../modules/feed/feed.router.ts';
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
  template2Image: template2ImageRouter,
  video: videoRouter,
  anime: animeRouter,
  videoEdit: videoEditRouter,
  aiShorts: aiShortsRouter,
  videoTools: videoToolsRouter,
  audioVideo: audioVideoRouter,
  lipSync: lipSyncRouter,
  model: modelRouter,
  creation: creationRouter,
  task: taskRouter,
  subUsage: subUsageRouter,
  credits: creditsRouter,
  subLog: subLogRouter,
  billing: billingRouter,
  mission: missionRouter,
  invite: inviteRouter,
  checkIn: checkInRouter,
  catalog: catalogRouter,
  feed: feedRouter,
  report: reportRouter,
  admin: adminRouter,
  project: projectRouter,
  canvas: canvasRouter,
  chat: chatRouter,
  projectHistory: projectHistoryRouter,
  apiKeys: apiKeysRouter,
  flow: flowRouter,
  flowTemplate: flowTemplateRouter,
  apiWebhooks: apiWebhooksRouter,
});

export type AppRouter = typeof appRouter;
