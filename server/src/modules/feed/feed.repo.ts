/**
 * The only place that queries the explore feed: published creations with their authors, likes,
 * views and reports. Counters on creations change in the same transaction as the rows they count.
 */
import type { Database } from '@tessera/db/connect';
import { contentLikes, contentReports, contentViews, creations, feedTagCounts, feedTagItems, generationTasks, mediaObjects, users } from '@tessera/db/schema';
import type { FeedCategory, PublishStatus } from '@tessera/shared/feed';
import { and, asc, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';

export interface ContentRecord {
  id: string;
  userId: string;
  kind: string;
  mediaType: 'image' | 'video' | 'audio';
  mediaKey: string;
  thumbnailKey: string | null;
  width: number | null;
  height: number | null;
  prompt: string | null;
  params: Record<string, unknown>;
  title: string | null;
  tags: string[];
  feedCategory: string | null;
  visibility: 'public' | 'unlisted';
  copyProtected: boolean;
  publishStatus: PublishStatus;
  publishedAt: Date | null;
  createdAt: Date;
  likeCount: number;
  viewCount: number;
  author: { name: string; image: string | null; banned: boolean };
  /** The viewer liked / reported it (false without a viewer). */
  liked: boolean;
  reported: boolean;
  /** published_at to the microsecond (a JS Date keeps milliseconds only), for keyset cursors. */
  cursorAt: string | null;
}

function contentColumns(viewerId: string | null) {
  return {
    id: creations.id,
    userId: creations.userId,
    kind: creations.kind,
    mediaType: creations.mediaType,
    mediaKey: creations.mediaKey,
    thumbnailKey: creations.thumbnailKey,
    width: creations.width,
    height: creations.height,
    prompt: creations.prompt,
    params: creations.params,
    title: creations.title,
    tags: creations.tags,
    feedCategory: creations.feedCategory,
    visibility: creations.visibility,
    copyProtected: creations.copyProtected,
    publishStatus: creations.publishStatus,
    publishedAt: creations.publishedAt,
    createdAt: creations.createdAt,
    likeCount: creations.likeCount,
    viewCount: creations.viewCount,
    authorName: users.name,
    authorImage: users.image,
    authorBannedAt: users.bannedAt,
    liked: (viewerId
      ? sql<boolean>`exists (select 1 from ${contentLikes} l where l.creation_id = ${creations.id} and l.user_id = ${viewerId})`
      : sql<boolean>`false`
    ).mapWith(Boolean),
    reported: (viewerId
      ? sql<boolean>`exists (select 1 from ${contentReports} r where r.creation_id = ${creations.id} and r.reporter_id = ${viewerId})`
      : sql<boolean>`false`
    ).mapWith(Boolean),
    cursorAt: sql<string | null>`to_char(${creations.publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  };
}

/** Creations with their authors; callers add conditions, order and limits. */
const selectContent = (db: Database, viewerId: string | null) =>
  db.select(contentColumns(viewerId)).from(creations).innerJoin(users, eq(users.id, creations.userId)).$dynamic();

type ContentRow = Awaited<ReturnType<typeof selectContent>>[number];

function toRecord(row: ContentRow): ContentRecord {
  const { authorName, authorImage, authorBannedAt, ...rest } = row;
  return { ...rest, author: { name: authorName, image: authorImage, banned: authorBannedAt !== null } };
}

/** In the public feed: published, listed, and the author is not banned. */
const inFeed = () => and(eq(creations.publishStatus, 'published'), eq(creations.visibility, 'public'), isNull(users.bannedAt));

export async function findContent(db: Database, id: string, viewerId: string | null): Promise<ContentRecord | null> {
  const [row] = await selectContent(db, viewerId).where(eq(creations.id, id)).limit(1);
  return row ? toRecord(row) : null;
}

export interface FeedQuery {
  viewerId: string | null;
  category?: FeedCategory | undefined;
  tag?: string | undefined;
  authorId?: string | undefined;
  limit: number;
}

/** The feed's conditions and the query's filters; `inFeedRule` is inFeed() unless the caller joins no users. */
function feedConditions(q: FeedQuery, inFeedRule: SQL = inFeed() as SQL): SQL[] {
  const conditions: SQL[] = [inFeedRule];
  if (q.category) conditions.push(eq(creations.feedCategory, q.category));
  if (q.tag) conditions.push(sql`${creations.tags} @> ${JSON.stringify([q.tag])}::jsonb`);
  if (q.authorId) conditions.push(eq(creations.userId, q.authorId));
  return conditions;
}

/** Newest first, keyset-paged on (published_at, id): the creations_feed_new_idx index order. */
export async function listNewest(db: Database, q: FeedQuery & { after?: { at: string; id: string } | undefined }): Promise<ContentRecord[]> {
  const conditions = feedConditions(q);
  // With a tag, its rows in feed_tag_items carry the same (published_at, id) in index order, so a
  // rare tag's page does not scan the whole feed for matches (issue 25).
  const at = q.tag ? feedTagItems.publishedAt : creations.publishedAt;
  const id = q.tag ? feedTagItems.creationId : creations.id;
  if (q.tag) conditions.push(eq(feedTagItems.tag, q.tag));
  if (q.after) conditions.push(sql`(${at}, ${id}) < (${q.after.at}::timestamptz, ${q.after.id}::uuid)`);
  // The page's ids first, in index order up to the LIMIT; the authors' details and the viewer's
  // liked/reported checks then run on those rows only (issue 25).
  const base = q.tag
    ? db.select({ id: creations.id }).from(feedTagItems).innerJoin(creations, eq(creations.id, feedTagItems.creationId))
    : db.select({ id: creations.id }).from(creations);
  const page = base
    .innerJoin(users, eq(users.id, creations.userId))
    .where(and(...conditions))
    .orderBy(desc(at), desc(id))
    .limit(q.limit);
  const rows = await selectContent(db, q.viewerId)
    .where(inArray(creations.id, page))
    .orderBy(desc(creations.publishedAt), desc(creations.id));
  return rows.map(toRecord);
}

/** How many of the newest feed items bound trending's candidates (see listTrending). */
const TRENDING_WINDOW = 500;

/**
 * Trending, computed at query time with the formula of shared/feed `trendingScore`:
 *   (likes × 3 + views + 1) / (hours since publish + 2)^1.5
 * `now` is fixed by the first page (it travels in the cursor), so paging with an offset sees
 * one ranking and only engagement between requests can move items.
 *
 * Exact without scoring every row (issue 25). Take the W newest items (W ≥ offset + limit) and
 * the K-th best score s among them (K = offset + limit). An item older than all of them is at
 * least h_W hours old (the oldest of the W), so it can only reach the top K if
 *   likes × 3 + views + 1 ≥ s × (h_W + 2)^1.5.
 * The candidates are therefore the W newest (creations_feed_new_idx) and the items with at least
 * that engagement (creations_engagement_idx); only they are scored and sorted, and the
 * viewer's liked/reported checks run on the page's rows only.
 */
export async function listTrending(db: Database, q: FeedQuery & { now: Date; offset: number }): Promise<ContentRecord[]> {
  const k = q.offset + q.limit;
  const windowSize = Math.max(TRENDING_WINDOW, k);
  // float8 throughout: extract() gives numeric, whose arithmetic is several times slower.
  const hours = sql`greatest(0, extract(epoch from (${q.now.toISOString()}::timestamptz - ${creations.publishedAt}))::float8 / 3600)`;
  const engagement = sql`(${creations.likeCount} * 3 + ${creations.viewCount})`;
  const score = sql`((${engagement} + 1)::float8 / power(${hours} + 2, 1.5))`;
  const windowColumns = { id: creations.id, at: sql<Date>`${creations.publishedAt}`.as('at'), hours: sql<number>`${hours}`.as('hours'), score: sql<number>`${score}`.as('score') };
  // With a tag, the window is the tag's newest items from feed_tag_items (see listNewest).
  const newestBase = q.tag
    ? db.select(windowColumns).from(feedTagItems).innerJoin(creations, eq(creations.id, feedTagItems.creationId))
    : db.select(windowColumns).from(creations);
  const newest = newestBase
    .innerJoin(users, eq(users.id, creations.userId))
    .where(and(...feedConditions(q), q.tag ? eq(feedTagItems.tag, q.tag) : undefined))
    .orderBy(...(q.tag ? [desc(feedTagItems.publishedAt), desc(feedTagItems.creationId)] : [desc(creations.publishedAt), desc(creations.id)]))
    .limit(windowSize);
  const window = (await db.execute(sql`
    select count(*)::int as n,
      (array_agg(w.score order by w.score desc))[${k}] as kth,
      max(w.hours) as oldest_hours,
      to_char((array_agg(w.at order by w.at, w.id))[1] at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as oldest_at,
      (array_agg(w.id order by w.at, w.id))[1] as oldest_id,
      array_agg(w.id)::text[] as ids
    from (${newest}) w
  `)) as unknown as {
    rows: { n: number; kth: number | null; oldest_hours: number | null; oldest_at: string | null; oldest_id: string | null; ids: string[] | null }[];
  };
  const stats = window.rows[0];
  if (!stats || Number(stats.n) === 0 || !stats.oldest_at || !stats.oldest_id) return [];

  // The window: by its time range, or with a tag by its ids (the tag's items are sparse in time).
  const candidates: SQL[] = [
    q.tag
      ? inArray(creations.id, stats.ids ?? [])
      : sql`(${creations.publishedAt}, ${creations.id}) >= (${stats.oldest_at}::timestamptz, ${stats.oldest_id}::uuid)`,
  ];
  // An item of the top K scores at least the K-th best of the window (lowered a little, so float
  // rounding never drops an item that ties): a cheap filter that spares most candidates the
  // author check and the sort.
  const atLeastKth = stats.kth === null ? [] : [sql`${score} >= ${Number(stats.kth) * (1 - 1e-9)}`];
  if (Number(stats.n) >= windowSize && stats.kth !== null) {
    const least = Math.floor(Number(stats.kth) * (Number(stats.oldest_hours) + 2) ** 1.5 * (1 - 1e-9) - 1);
    candidates.push(sql`${engagement} >= ${Math.max(0, least)}`);
  }
  // The author check per candidate row: OFFSET 0 keeps the subquery correlated (PostgreSQL would
  // otherwise turn it into a join, which it may hash by reading every user).
  const authorNotBanned = sql`exists (select 1 from ${users} where ${users.id} = ${creations.userId} and ${users.bannedAt} is null offset 0)`;
  const inFeedByRow = and(eq(creations.publishStatus, 'published'), eq(creations.visibility, 'public'), authorNotBanned) as SQL;
  const page = await db
    .select({ id: creations.id })
    .from(creations)
    .where(and(...feedConditions(q, inFeedByRow), or(...candidates), ...atLeastKth))
    .orderBy(desc(score), desc(creations.id))
    .limit(q.limit)
    .offset(q.offset);
  if (page.length === 0) return [];
  const rows = await selectContent(db, q.viewerId).where(
    inArray(
      creations.id,
      page.map((row) => row.id),
    ),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return page.flatMap((row) => {
    const found = byId.get(row.id);
    return found ? [toRecord(found)] : [];
  });
}

/** Most used tags in the public feed, from feed_tag_counts (kept by triggers, migration 0016). */
export async function topTags(db: Database, limit: number): Promise<{ tag: string; count: number }[]> {
  return db
    .select({ tag: feedTagCounts.tag, count: feedTagCounts.count })
    .from(feedTagCounts)
    .where(gt(feedTagCounts.count, 0))
    .orderBy(desc(feedTagCounts.count), asc(feedTagCounts.tag))
    .limit(limit);
}

export interface AuthorRecord {
  id: string;
  name: string;
  image: string | null;
  isAnonymous: boolean;
  banned: boolean;
  createdAt: Date;
  publishedCount: number;
  likeCount: number;
}

/** An author with the totals of their content in the public feed. */
export async function findAuthor(db: Database, id: string): Promise<AuthorRecord | null> {
  const [user] = await db
    .select({ id: users.id, name: users.name, image: users.image, isAnonymous: users.isAnonymous, bannedAt: users.bannedAt, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!user) return null;
  const [totals] = await db
    .select({
      publishedCount: sql<number>`count(*)::int`.mapWith(Number),
      likeCount: sql<number>`coalesce(sum(${creations.likeCount}), 0)::int`.mapWith(Number),
    })
    .from(creations)
    .where(and(eq(creations.userId, id), eq(creations.publishStatus, 'published'), eq(creations.visibility, 'public')));
  const { bannedAt, ...rest } = user;
  return { ...rest, banned: bannedAt !== null, publishedCount: totals?.publishedCount ?? 0, likeCount: totals?.likeCount ?? 0 };
}

export async function findPublisher(db: Database, id: string): Promise<{ emailVerified: boolean; banned: boolean } | null> {
  const [row] = await db.select({ emailVerified: users.emailVerified, bannedAt: users.bannedAt }).from(users).where(eq(users.id, id)).limit(1);
  return row ? { emailVerified: row.emailVerified, banned: row.bannedAt !== null } : null;
}

/** True when the user has a queued or running task with this id (its creation does not exist yet). */
export async function hasPendingTask(db: Database, userId: string, taskId: string): Promise<boolean> {
  const rows = await db
    .select({ id: generationTasks.id })
    .from(generationTasks)
    .where(and(eq(generationTasks.id, taskId), eq(generationTasks.userId, userId), inArray(generationTasks.status, ['queued', 'running'])))
    .limit(1);
  return rows.length > 0;
}

/**
 * A file is readable by anyone exactly while some published creation shows it (published means
 * public or unlisted: both are open by link). media_objects.is_public is what media routes check.
 */
async function syncMediaPublic(tx: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const shownByPublished = sql`exists (
    select 1 from ${creations}
    where (${creations.mediaKey} = ${mediaObjects.key} or ${creations.thumbnailKey} = ${mediaObjects.key}) and ${creations.publishStatus} = 'published'
  )`;
  await tx.update(mediaObjects).set({ isPublic: shownByPublished }).where(inArray(mediaObjects.key, keys));
}

const keysOf = (rows: { mediaKey: string; thumbnailKey: string | null }[]) =>
  rows.flatMap((row) => [row.mediaKey, ...(row.thumbnailKey ? [row.thumbnailKey] : [])]);

export interface PublishFields {
  title: string;
  tags: string[];
  feedCategory: FeedCategory;
  visibility: 'public' | 'unlisted';
  copyProtected: boolean;
}

/**
 * Publishes (or edits a published) creation of `userId`. Guarded on the status so that a
 * concurrent hide or removal by a moderator wins; false when nothing was updated.
 */
export async function publishCreation(tx: Database, id: string, userId: string, fields: PublishFields): Promise<boolean> {
  const rows = await tx
    .update(creations)
    .set({
      ...fields,
      publishStatus: 'published',
      isPublic: true,
      // The first publish dates it in the feed; re-publishing after an edit or unpublish does not bump it.
      publishedAt: sql`coalesce(${creations.publishedAt}, now())`,
    })
    .where(and(eq(creations.id, id), eq(creations.userId, userId), inArray(creations.publishStatus, ['unpublished', 'published'])))
    .returning({ mediaKey: creations.mediaKey, thumbnailKey: creations.thumbnailKey });
  await syncMediaPublic(tx, keysOf(rows));
  return rows.length > 0;
}

/** Sets the status (is_public and the files' visibility follow); `from` limits which statuses may change. */
export async function updatePublishStatus(tx: Database, id: string, status: PublishStatus, from?: readonly PublishStatus[]): Promise<boolean> {
  const conditions = [eq(creations.id, id)];
  if (from) conditions.push(inArray(creations.publishStatus, [...from]));
  const rows = await tx
    .update(creations)
    .set({
      publishStatus: status,
      isPublic: status === 'published',
      ...(status === 'published' ? { publishedAt: sql`coalesce(${creations.publishedAt}, now())` } : {}),
    })
    .where(and(...conditions))
    .returning({ mediaKey: creations.mediaKey, thumbnailKey: creations.thumbnailKey });
  await syncMediaPublic(tx, keysOf(rows));
  return rows.length > 0;
}

/** Every published creation of the user becomes hidden (a ban). Returns how many. */
export async function hidePublishedOfUser(tx: Database, userId: string): Promise<number> {
  const rows = await tx
    .update(creations)
    .set({ publishStatus: 'hidden', isPublic: false })
    .where(and(eq(creations.userId, userId), eq(creations.publishStatus, 'published')))
    .returning({ mediaKey: creations.mediaKey, thumbnailKey: creations.thumbnailKey });
  await syncMediaPublic(tx, keysOf(rows));
  return rows.length;
}

async function counters(tx: Database, id: string): Promise<{ likeCount: number; viewCount: number }> {
  const [row] = await tx.select({ likeCount: creations.likeCount, viewCount: creations.viewCount }).from(creations).where(eq(creations.id, id)).limit(1);
  return row ?? { likeCount: 0, viewCount: 0 };
}

/**
 * Likes or unlikes. The (creation, user) primary key decides: only the transaction whose insert
 * or delete took effect moves the counter, so repeats and races never double count.
 */
export async function setLike(tx: Database, id: string, userId: string, liked: boolean): Promise<number> {
  const changed = liked
    ? await tx.insert(contentLikes).values({ creationId: id, userId }).onConflictDoNothing().returning({ id: contentLikes.creationId })
    : await tx
        .delete(contentLikes)
        .where(and(eq(contentLikes.creationId, id), eq(contentLikes.userId, userId)))
        .returning({ id: contentLikes.creationId });
  if (changed.length === 0) return (await counters(tx, id)).likeCount;
  const [row] = await tx
    .update(creations)
    .set({ likeCount: sql`greatest(0, ${creations.likeCount} + ${liked ? 1 : -1})` })
    .where(eq(creations.id, id))
    .returning({ likeCount: creations.likeCount });
  return row?.likeCount ?? 0;
}

/** Counts a view once per (creation, user). Returns the view count. */
export async function addView(tx: Database, id: string, userId: string): Promise<number> {
  const inserted = await tx.insert(contentViews).values({ creationId: id, userId }).onConflictDoNothing().returning({ id: contentViews.creationId });
  if (inserted.length === 0) return (await counters(tx, id)).viewCount;
  const [row] = await tx
    .update(creations)
    .set({ viewCount: sql`${creations.viewCount} + 1` })
    .where(eq(creations.id, id))
    .returning({ viewCount: creations.viewCount });
  return row?.viewCount ?? 0;
}

export async function viewCountOf(db: Database, id: string): Promise<number> {
  return (await counters(db, id)).viewCount;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  // Drizzle wraps the driver's error; pg and PGlite both carry SQLSTATE and constraint name.
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (name === undefined || name === constraint)) return true;
  }
  return false;
}

/**
 * Records a report and returns the number of open reports of the content, or null when this
 * reporter already reported it (the unique constraint decides; the transaction is then aborted).
 * Bumping the counter first locks the creation row, so concurrent reports are counted in turn
 * and the one that reaches the threshold sees all the others.
 */
export async function insertReport(
  tx: Database,
  r: { creationId: string; reporterId: string; reason: string; details: string | null },
): Promise<{ id: string; openReports: number } | null> {
  await tx
    .update(creations)
    .set({ reportCount: sql`${creations.reportCount} + 1` })
    .where(eq(creations.id, r.creationId));
  let id: string;
  try {
    const [row] = await tx.insert(contentReports).values(r).returning({ id: contentReports.id });
    if (!row) throw new Error('report insert returned no row');
    id = row.id;
  } catch (error) {
    if (isUniqueViolation(error, 'content_reports_one_per_user_uq')) return null;
    throw error;
  }
  const [open] = await tx
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(contentReports)
    .where(and(eq(contentReports.creationId, r.creationId), eq(contentReports.status, 'open')));
  return { id, openReports: open?.count ?? 0 };
}

/**
 * Account link step: the anonymous user's likes, views and reports become the account's. Where
 * both already had one on the same creation, the anonymous one is dropped and its counter undone.
 */
export async function moveFeedEngagement(tx: Database, fromUserId: string, toUserId: string): Promise<void> {
  const dupLikes = await tx
    .delete(contentLikes)
    .where(
      and(
        eq(contentLikes.userId, fromUserId),
        inArray(contentLikes.creationId, tx.select({ id: contentLikes.creationId }).from(contentLikes).where(eq(contentLikes.userId, toUserId))),
      ),
    )
    .returning({ id: contentLikes.creationId });
  if (dupLikes.length > 0) {
    await tx
      .update(creations)
      .set({ likeCount: sql`greatest(0, ${creations.likeCount} - 1)` })
      .where(inArray(creations.id, dupLikes.map((row) => row.id)));
  }
  await tx.update(contentLikes).set({ userId: toUserId }).where(eq(contentLikes.userId, fromUserId));

  const dupViews = await tx
    .delete(contentViews)
    .where(
      and(
        eq(contentViews.userId, fromUserId),
        inArray(contentViews.creationId, tx.select({ id: contentViews.creationId }).from(contentViews).where(eq(contentViews.userId, toUserId))),
      ),
    )
    .returning({ id: contentViews.creationId });
  if (dupViews.length > 0) {
    await tx
      .update(creations)
      .set({ viewCount: sql`greatest(0, ${creations.viewCount} - 1)` })
      .where(inArray(creations.id, dupViews.map((row) => row.id)));
  }
  await tx.update(contentViews).set({ userId: toUserId }).where(eq(contentViews.userId, fromUserId));

  const dupReports = await tx
    .delete(contentReports)
    .where(
      and(
        eq(contentReports.reporterId, fromUserId),
        inArray(contentReports.creationId, tx.select({ id: contentReports.creationId }).from(contentReports).where(eq(contentReports.reporterId, toUserId))),
      ),
    )
    .returning({ id: contentReports.creationId, status: contentReports.status });
  const openDupReports = dupReports.filter((row) => row.status === 'open').map((row) => row.id);
  if (openDupReports.length > 0) {
    await tx
      .update(creations)
      .set({ reportCount: sql`greatest(0, ${creations.reportCount} - 1)` })
      .where(inArray(creations.id, openDupReports));
  }
  await tx.update(contentReports).set({ reporterId: toUserId }).where(eq(contentReports.reporterId, fromUserId));
}
