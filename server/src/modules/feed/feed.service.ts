/**
 * The explore feed (issue 7, shared/feed): publishing creations, the public feed (new and
 * trending), the single content view, likes, views, reports and author profiles.
 *
 * Who sees what: published content (public or unlisted) is open to anyone unless its author is
 * banned; the author and admins also see unpublished and hidden items; removed content is
 * illegal for everyone but admins. Others get a not-found error named after the media type.
 */
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import {
  type AuthorProfileDto,
  type ContentDetail,
  FEED_CATEGORIES,
  type FeedCategory,
  type FeedItem,
  type FeedPage,
  type PublishStatus,
  REPORT_HIDE_THRESHOLD,
  type zFeedListInput,
  type zPublishInput,
  type zReportInput,
} from '@tessera/shared/feed';
import { GENERATION_KINDS, isGenerationKind, isTemplateKind } from '@tessera/shared/generation';
import { z } from 'zod';
import { type CreationRecord, findCreation } from '../creations/creations.api.ts';
import {
  addView,
  type ContentRecord,
  findAuthor,
  findContent,
  findPublisher,
  hasPendingTask,
  hidePublishedOfUser,
  insertReport,
  listNewest,
  listTrending,
  publishCreation,
  setLike,
  topTags,
  updatePublishStatus,
  viewCountOf,
} from './feed.repo.ts';

/** Who is asking: null for a visitor without a session. */
export interface Viewer {
  id: string;
  role: string;
}

type FeedListInput = z.output<typeof zFeedListInput>;
type PublishInput = z.output<typeof zPublishInput>;
type ReportInput = z.output<typeof zReportInput>;

/** Same URL shape as my creations (creations.service): media routes decide who may read. */
const mediaUrl = (key: string) => `/api/media/${key}`;

const isFeedCategory = (value: string | null): value is FeedCategory => (FEED_CATEGORIES as readonly string[]).includes(value ?? '');

/** Template kinds are effects whatever they produce; otherwise the media type decides. */
function defaultCategory(kind: string, mediaType: string): FeedCategory {
  if (isTemplateKind(kind)) return 'effects';
  return mediaType === 'video' ? 'video' : 'image';
}

function toFeedItem(r: ContentRecord): FeedItem {
  return {
    id: r.id,
    title: r.title ?? '',
    tags: r.tags,
    category: isFeedCategory(r.feedCategory) ? r.feedCategory : defaultCategory(r.kind, r.mediaType),
    kind: r.kind,
    mediaType: r.mediaType,
    thumbnailUrl: mediaUrl(r.thumbnailKey ?? r.mediaKey),
    url: mediaUrl(r.mediaKey),
    width: r.width,
    height: r.height,
    author: { id: r.userId, name: r.author.name, image: r.author.image },
    likeCount: r.likeCount,
    viewCount: r.viewCount,
    liked: r.liked,
    copyProtected: r.copyProtected,
    // An item never published (seen by its author) is dated by its creation.
    publishedAt: (r.publishedAt ?? r.createdAt).toISOString(),
  };
}

/**
 * The easy-mode form to prefill for a remix: only the kind's own input fields, without image
 * references (the remixer brings their own) and without the author's project.
 */
function remixOf(kind: string, params: Record<string, unknown>): ContentDetail['remix'] {
  if (!isGenerationKind(kind)) return null;
  const { input, imageFields } = GENERATION_KINDS[kind];
  const dropped = new Set<string>(['projectId', ...imageFields.filter((field) => !field.includes('.'))]);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input.shape)) if (!dropped.has(key) && params[key] !== undefined) out[key] = structuredClone(params[key]);
  for (const field of imageFields.filter((f) => f.includes('.'))) {
    const path = field.split('.');
    const last = path.pop() as string;
    let holder: unknown = out;
    for (const part of path) holder = holder && typeof holder === 'object' ? (holder as Record<string, unknown>)[part] : undefined;
    if (holder && typeof holder === 'object') delete (holder as Record<string, unknown>)[last];
  }
  return { kind, params: out };
}

function toDetail(r: ContentRecord, viewer: Viewer | null): ContentDetail {
  const mine = viewer?.id === r.userId;
  const open = mine || !r.copyProtected;
  return {
    ...toFeedItem(r),
    prompt: open ? r.prompt : null,
    downloadUrl: open ? `/api/creations/${r.id}/download` : null,
    remix: open ? remixOf(r.kind, r.params) : null,
    mine,
    reported: r.reported,
    publishStatus: r.publishStatus,
    visibility: r.visibility,
  };
}

function notFoundFor(mediaType: string): AppError {
  if (mediaType === 'video') return new AppError('VIDEO_NOT_FOUND');
  if (mediaType === 'image') return new AppError('IMAGE_NOT_FOUND');
  return new AppError('NOT_FOUND');
}

/** Throws unless the viewer may open the content (see the module comment). */
function assertReadable(r: ContentRecord | null, viewer: Viewer | null): ContentRecord {
  if (!r) throw new AppError('NOT_FOUND');
  if (viewer?.role === 'admin') return r;
  if (r.publishStatus === 'removed') throw new AppError('VIDEO_ILLEGAL');
  if (viewer?.id === r.userId) return r;
  if (r.publishStatus === 'published' && !r.author.banned) return r;
  throw notFoundFor(r.mediaType);
}

/** Open to engagement (likes, views, reports): published and its author not banned. */
const isLive = (r: ContentRecord) => r.publishStatus === 'published' && !r.author.banned;

// Cursors are opaque to clients. 'new' carries the last item's (published_at, id); 'trending'
// carries an offset and the instant the ranking was computed for.
const zNewCursor = z.object({ s: z.literal('new'), at: z.iso.datetime(), id: z.uuid() });
const zTrendingCursor = z.object({ s: z.literal('trending'), o: z.number().int().min(0).max(100_000), t: z.iso.datetime() });

const encodeCursor = (value: z.input<typeof zNewCursor> | z.input<typeof zTrendingCursor>) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decodeCursor<T extends z.ZodType>(schema: T, cursor: string): z.output<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw new AppError('INCORRECT_PARAMETER');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError('INCORRECT_PARAMETER');
  return parsed.data;
}

/** The public feed, newest or trending first; `liked` is the viewer's. */
export async function listFeed(db: Database, viewer: Viewer | null, input: FeedListInput, now: Date = new Date()): Promise<FeedPage> {
  const query = { viewerId: viewer?.id ?? null, category: input.category, tag: input.tag || undefined, authorId: input.authorId, limit: input.limit + 1 };
  if (input.sort === 'trending') {
    const cursor = input.cursor ? decodeCursor(zTrendingCursor, input.cursor) : { o: 0, t: now.toISOString() };
    const rows = await listTrending(db, { ...query, now: new Date(cursor.t), offset: cursor.o });
    const items = rows.slice(0, input.limit).map(toFeedItem);
    return { items, nextCursor: rows.length > input.limit ? encodeCursor({ s: 'trending', o: cursor.o + items.length, t: cursor.t }) : null };
  }
  const after = input.cursor ? decodeCursor(zNewCursor, input.cursor) : undefined;
  const rows = await listNewest(db, { ...query, after });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toFeedItem),
    nextCursor: rows.length > input.limit && last?.cursorAt ? encodeCursor({ s: 'new', at: last.cursorAt, id: last.id }) : null,
  };
}

/** The single content view. */
export async function getContent(db: Database, viewer: Viewer | null, id: string): Promise<ContentDetail> {
  return toDetail(assertReadable(await findContent(db, id, viewer?.id ?? null), viewer), viewer);
}

/** Counts the viewer's first view of live content; the author's own views do not count. */
export async function viewContent(db: Database, viewer: Viewer, id: string): Promise<{ viewCount: number }> {
  const content = assertReadable(await findContent(db, id, viewer.id), viewer);
  if (content.userId === viewer.id || !isLive(content)) return { viewCount: await viewCountOf(db, id) };
  const viewCount = await db.transaction((txn) => addView(txn as unknown as Database, id, viewer.id));
  return { viewCount };
}

/** Likes or unlikes; repeating either is a no-op. */
export async function likeContent(db: Database, viewer: Viewer, id: string, liked: boolean): Promise<{ liked: boolean; likeCount: number }> {
  const content = assertReadable(await findContent(db, id, viewer.id), viewer);
  if (liked && !isLive(content)) throw notFoundFor(content.mediaType);
  const likeCount = await db.transaction((txn) => setLike(txn as unknown as Database, id, viewer.id, liked));
  return { liked, likeCount };
}

/** §4: only unpublished or published creations may be (re-)published or unpublished. */
function assertEditableStatus(status: PublishStatus): void {
  if (status === 'hidden') throw new AppError('PUBLISH_STATUS_INVALID');
  if (status === 'removed') throw new AppError('CONTENT_PROTECTED');
}

async function ownContent(db: Database, userId: string, id: string): Promise<ContentRecord> {
  const content = await findContent(db, id, userId);
  if (content && content.userId === userId) return content;
  // The id of a task still running: its creation does not exist yet (§4 "a processing video blocks actions").
  if (!content && (await hasPendingTask(db, userId, id))) throw new AppError('VIDEO_PROCESSING');
  throw new AppError('NOT_FOUND');
}

/**
 * Publishes one of the caller's creations, or edits a published one (§6 "Publishing needs the
 * right permission": a verified e-mail and no ban).
 */
export async function publishContent(db: Database, user: Viewer, input: PublishInput): Promise<ContentDetail> {
  const publisher = await findPublisher(db, user.id);
  if (!publisher) throw new AppError('USER_NOT_FOUND');
  if (!publisher.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
  if (publisher.banned) throw new AppError('FORBIDDEN');
  const content = await ownContent(db, user.id, input.creationId);
  assertEditableStatus(content.publishStatus);
  const fields = {
    title: input.title,
    tags: input.tags,
    feedCategory: input.category ?? (isFeedCategory(content.feedCategory) ? content.feedCategory : defaultCategory(content.kind, content.mediaType)),
    visibility: input.visibility,
    copyProtected: input.copyProtection,
  };
  const done = await db.transaction((txn) => publishCreation(txn as unknown as Database, content.id, user.id, fields));
  if (!done) {
    // A moderator changed it in between: report what it is now.
    const now = await ownContent(db, user.id, content.id);
    assertEditableStatus(now.publishStatus);
    throw new AppError('REFRESH_AND_RETRY');
  }
  return getContent(db, user, content.id);
}

/** Takes a published creation of the caller's out of the feed. */
export async function unpublishContent(db: Database, userId: string, id: string): Promise<{ id: string }> {
  const content = await ownContent(db, userId, id);
  assertEditableStatus(content.publishStatus);
  const done = await db.transaction((txn) => updatePublishStatus(txn as unknown as Database, id, 'unpublished', ['unpublished', 'published']));
  if (!done) throw new AppError('REFRESH_AND_RETRY');
  return { id };
}

/**
 * Reports content once per user. Reports from REPORT_HIDE_THRESHOLD different users hide it
 * until an admin reviews it, in the same transaction as the report that reached the threshold.
 */
export async function reportContent(db: Database, viewer: Viewer, input: ReportInput): Promise<{ id: string }> {
  const content = assertReadable(await findContent(db, input.contentId, viewer.id), viewer);
  if (content.userId === viewer.id) throw new AppError('FORBIDDEN');
  if (!isLive(content)) throw notFoundFor(content.mediaType);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const report = await insertReport(tx, { creationId: content.id, reporterId: viewer.id, reason: input.reason, details: input.details || null });
    if (!report) throw new AppError('REPORT_EXISTS');
    if (report.openReports >= REPORT_HIDE_THRESHOLD) await updatePublishStatus(tx, content.id, 'hidden', ['published']);
    return { id: report.id };
  });
}

/** An author's public profile; anonymous and banned users have none. Never exposes the e-mail. */
export async function getAuthorProfile(db: Database, id: string): Promise<AuthorProfileDto> {
  const author = await findAuthor(db, id);
  if (!author || author.isAnonymous || author.banned) throw new AppError('USER_NOT_FOUND');
  return {
    id: author.id,
    name: author.name,
    image: author.image,
    publishedCount: author.publishedCount,
    likeCount: author.likeCount,
    joinedAt: author.createdAt.toISOString(),
  };
}

/** Most used tags in the public feed. */
export function listTags(db: Database, limit: number): Promise<{ tag: string; count: number }[]> {
  return topTags(db, limit);
}

/**
 * For the admin console, inside its transaction: sets a creation's publish status; is_public
 * and its files' public flag follow. False when there is no such creation.
 */
export function setPublishStatus(tx: Database, creationId: string, status: PublishStatus): Promise<boolean> {
  return updatePublishStatus(tx, creationId, status);
}

/** For a ban, inside its transaction: every published creation of the user becomes hidden. */
export function hideAllOfUser(tx: Database, userId: string): Promise<number> {
  return hidePublishedOfUser(tx, userId);
}

/**
 * The download route's rule: the owner always; anyone else only for published, not
 * copy-protected content of an author who is not banned. Others get NOT_FOUND.
 */
export async function getDownloadableCreation(db: Database, userId: string, id: string): Promise<CreationRecord> {
  const row = await findCreation(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.userId === userId) return row;
  if (row.publishStatus !== 'published' || row.copyProtected) throw new AppError('NOT_FOUND');
  const author = await findPublisher(db, row.userId);
  if (!author || author.banned) throw new AppError('NOT_FOUND');
  return row;
}
