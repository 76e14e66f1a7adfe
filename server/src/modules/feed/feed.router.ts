/** The explore feed (shared/feed): listing, content view, likes, views, publishing, authors, tags and reports. */
import { zContentId, zFeedListInput, zPublishInput, zReportInput } from '@tessera/shared/feed';
import { z } from 'zod';
import { preparePublicFile } from '../../media/published.ts';
import type { Context } from '../../trpc/context.ts';
import { router } from '../../trpc/init.ts';
import { authedProcedure, publicProcedure, signedInProcedure } from '../../trpc/procedures.ts';
import {
  getAuthorProfile,
  getContent,
  likeContent,
  listFeed,
  listTags,
  publishContent,
  reportContent,
  unpublishContent,
  type Viewer,
  viewContent,
} from './feed.service.ts';

const zLikeInput = z.object({ id: z.uuid(), liked: z.boolean() });
const zAuthorInput = z.object({ id: z.string().min(1).max(100) });
const zTagsInput = z.object({ limit: z.number().int().min(1).max(50).default(20) }).default({ limit: 20 });

/** Public calls read the session only to personalise (liked, mine); without one the viewer is null. */
async function viewerOf(ctx: Context): Promise<Viewer | null> {
  const session = await ctx.getSession();
  return session ? { id: session.user.id, role: session.user.role } : null;
}

const asViewer = (user: { id: string; role: string }): Viewer => ({ id: user.id, role: user.role });

export const feedRouter = router({
  list: publicProcedure.input(zFeedListInput).query(async ({ ctx, input }) => listFeed(ctx.services.db, await viewerOf(ctx), input)),
  get: publicProcedure.input(zContentId).query(async ({ ctx, input }) => getContent(ctx.services.db, await viewerOf(ctx), input.id)),
  view: authedProcedure.input(zContentId).mutation(({ ctx, input }) => viewContent(ctx.services.db, asViewer(ctx.session.user), input.id)),
  like: authedProcedure.input(zLikeInput).mutation(({ ctx, input }) => likeContent(ctx.services.db, asViewer(ctx.session.user), input.id, input.liked)),
  publish: signedInProcedure.input(zPublishInput).mutation(async ({ ctx, input }) => {
    const detail = await publishContent(ctx.services.db, asViewer(ctx.user), input);
    preparePublicFile(ctx.services, detail.url.replace(/^\/api\/media\//, ''), ctx.log);
    return detail;
  }),
  unpublish: signedInProcedure.input(zContentId).mutation(({ ctx, input }) => unpublishContent(ctx.services.db, ctx.user.id, input.id)),
  author: publicProcedure.input(zAuthorInput).query(({ ctx, input }) => getAuthorProfile(ctx.services.db, input.id)),
  tags: publicProcedure.input(zTagsInput).query(({ ctx, input }) => listTags(ctx.services.db, input.limit)),
});

export const reportRouter = router({
  create: authedProcedure.input(zReportInput).mutation(({ ctx, input }) => reportContent(ctx.services.db, asViewer(ctx.session.user), input)),
});
