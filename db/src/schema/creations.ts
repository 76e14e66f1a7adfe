/**
 * Creations (§3 "my creations"): one row per output of a succeeded task. Written in the same
 * transaction that completes the task and captures its credits, and unique per (task, output),
 * so a task re-run after a crash records its results once.
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { generationTasks } from './generation.ts';

export const creations = pgTable(
  'creations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => generationTasks.id, { onDelete: 'cascade' }),
    outputIndex: integer('output_index').notNull(),
    kind: text('kind').notNull(),
    rpcName: text('rpc_name').notNull(),
    prompt: text('prompt'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** Provider that made it (`local` for the built-in engine). */
    engine: text('engine').notNull(),
    mediaKey: text('media_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    mediaType: text('media_type').$type<'image' | 'video' | 'audio'>().notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** The creation this one was made from (upscale of, background removed from …). */
    parentId: uuid('parent_id').references((): AnyPgColumn => creations.id, { onDelete: 'set null' }),
    isPublic: boolean('is_public').notNull().default(false),
    /** Explore feed (shared/feed): unpublished | published | hidden (reports or an admin) | removed (by an admin). */
    publishStatus: text('publish_status').$type<'unpublished' | 'published' | 'hidden' | 'removed'>().notNull().default('unpublished'),
    title: text('title'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** video | image | effects */
    feedCategory: text('feed_category'),
    /** public: in the feed; unlisted: only by link. */
    visibility: text('visibility').$type<'public' | 'unlisted'>().notNull().default('public'),
    /** §6 copy protection: others see it but not its prompt, download or remix. */
    copyProtected: boolean('copy_protected').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    likeCount: integer('like_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    /** Open reports from distinct users; at REPORT_HIDE_THRESHOLD the content is hidden for review. */
    reportCount: integer('report_count').notNull().default(0),
    /** The catalogue template it was made with, when any. */
    templateId: text('template_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('creations_task_output_uq').on(t.taskId, t.outputIndex),
    // Lists order by `created_at DESC, id DESC` (PostgreSQL: NULLS FIRST). An ascending index read
    // backwards gives exactly that order; a `DESC` index from drizzle is `DESC NULLS LAST`, which
    // does not match, and PostgreSQL then sorts every row (issue 25).
    index('creations_user_idx').on(t.userId, t.createdAt, t.id),
    index('creations_user_kind_idx').on(t.userId, t.kind, t.createdAt, t.id),
    // The admin console's creation list (every user, newest first; by status).
    index('creations_created_idx').on(t.createdAt, t.id),
    index('creations_status_created_idx').on(t.publishStatus, t.createdAt, t.id),
    index('creations_media_key_idx').on(t.mediaKey),
    // Who shows a file as its preview (media access, the public view of a published file).
    index('creations_thumbnail_key_idx').on(t.thumbnailKey),
    index('creations_feed_new_idx').on(t.publishStatus, t.publishedAt, t.id),
    // An author's page of the feed.
    index('creations_feed_author_idx').on(t.userId, t.publishedAt, t.id).where(sql`${t.publishStatus} = 'published'`),
    // Trending's engagement candidates (feed.repo listTrending): likes × 3 + views. Not partial:
    // PostgreSQL keeps statistics on the expression only for a whole-table index, and without
    // them it guesses a third of the rows and plans a parallel scan.
    index('creations_engagement_idx').on(sql`(${t.likeCount} * 3 + ${t.viewCount})`),
    check('creations_output_index_nonnegative', sql`${t.outputIndex} >= 0`),
  ],
);
