/**
 * The explore feed end to end: who may publish (verified, not banned, own creation, not while a
 * task still runs, not while hidden or removed); the feed pages newest first without skips or
 * duplicates and ranks trending by engagement; category, tag and author filters; unlisted content
 * opens by link only; copy protection hides prompt, download and remix from others; likes and
 * views never double count; reports are one per user and three hide the content; an anonymous
 * visitor's likes follow them into their account; author profiles and tags.
 */
import { contentLikes, creations, generationTasks, users } from '@tessera/db/schema';
import type { AuthorProfileDto, ContentDetail, FeedPage, PublishInput } from '@tessera/shared/feed';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  connectTestSocket,
  cookiesFrom,
  disconnectTestSockets,
  flatImageProvider,
  rpc,
  signInAnonymously,
  signUpTestUser,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from './harness.ts';

const flat = flatImageProvider({ color: '#cc6633' });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { workerConcurrency: 2 }, providers: [flat] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  disconnectTestSockets();
  await t.close();
});

const db = () => t.database.db;

/** A real creation: text to image through the queue and the stand-in provider. */
async function generate(user: TestUser, prompt: string): Promise<string> {
  const socket = await connectTestSocket(t.app, user.cookie);
  const done = new Map<string, string | undefined>();
  let wanted = '';
  let resolve: (creationId: string | undefined) => void = () => {};
  socket.on('task:succeeded', (p) => (p.id === wanted ? resolve(p.outputs[0]?.creationId) : done.set(p.id, p.outputs[0]?.creationId)));
  const created = await rpc(t.app, user.cookie, 'text2Image.create', { prompt, seed: 7 });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  wanted = created.body.result.data.id;
  const creationId = done.has(wanted) ? done.get(wanted) : await new Promise<string | undefined>((r) => (resolve = r));
  socket.disconnect();
  expect(creationId).toBeTruthy();
  return creationId as string;
}

/** A creation row written directly (no files), for paging and for media types the stand-in does not make. */
async function insertCreation(userId: string, opts: { mediaType?: 'image' | 'video'; kind?: string } = {}): Promise<string> {
  const kind = opts.kind ?? (opts.mediaType === 'video' ? 'video_effect' : 'text_to_image');
  const [task] = await db()
    .insert(generationTasks)
    .values({ userId, kind, rpcName: 'stand-in', input: {}, cost: 0, status: 'succeeded' })
    .returning({ id: generationTasks.id });
  const [row] = await db()
    .insert(creations)
    .values({
      userId,
      taskId: task!.id,
      outputIndex: 0,
      kind,
      rpcName: 'stand-in',
      prompt: 'inserted',
      params: { prompt: 'inserted' },
      engine: 'stand-in',
      mediaKey: `u/${userId}/${task!.id}.${opts.mediaType === 'video' ? 'mp4' : 'png'}`,
      mediaType: opts.mediaType ?? 'image',
      contentType: opts.mediaType === 'video' ? 'video/mp4' : 'image/png',
    })
    .returning({ id: creations.id });
  return row!.id;
}

const publish = (user: TestUser, input: PublishInput) => rpc(t.app, user.cookie, 'feed.publish', input);
async function published(user: TestUser, input: PublishInput): Promise<ContentDetail> {
  const res = await publish(user, input);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.data as ContentDetail;
}
const feed = async (cookie: string | null, input: object): Promise<FeedPage> => {
  const res = await rpc(t.app, cookie, 'feed.list', input, 'GET');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.data as FeedPage;
};
const get = (cookie: string | null, id: string) => rpc(t.app, cookie, 'feed.get', { id }, 'GET');
const like = (user: TestUser, id: string, liked = true) => rpc(t.app, user.cookie, 'feed.like', { id, liked });
const report = (user: TestUser, contentId: string) => rpc(t.app, user.cookie, 'report.create', { contentId, reason: 'spam' });
/** A tag no other test uses, so a filtered feed holds only this test's items. */
const uniqueTag = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`;

describe('publishing', () => {
  it('needs a signed-in, verified, not banned owner and no running task', async () => {
    const anon = await signInAnonymously(t.app);
    const anonCreation = await insertCreation(anon.id);
    const asAnon = await publish(anon, { creationId: anonCreation, title: 'Mine' });
    expect(asAnon.status).toBe(401);

    const owner = await signUpTestUser(t.app);
    const stranger = await signUpTestUser(t.app);
    const id = await insertCreation(owner.id);
    const notMine = await publish(stranger, { creationId: id, title: 'Stolen' });
    expect(notMine.status).toBe(404);

    // The id of a task still running: its creation does not exist yet.
    const [task] = await db()
      .insert(generationTasks)
      .values({
        userId: owner.id,
        kind: 'text_to_image',
        rpcName: 'text2Image.create',
        input: { prompt: 'x' },
        cost: 0,
        status: 'running',
        leaseExpiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: generationTasks.id });
    const processing = await publish(owner, { creationId: task!.id, title: 'Too early' });
    expect(processing.status).toBe(409);
    expect(processing.body.error.message).toBe('The video is currently being processed, so this action is not available right now.');
    // Someone else's running task is simply not found.
    expect((await publish(stranger, { creationId: task!.id, title: 'x' })).status).toBe(404);

    await db().update(users).set({ emailVerified: false }).where(eq(users.id, owner.id));
    const unverified = await publish(owner, { creationId: id, title: 'Hello' });
    expect(unverified.status).toBe(403);
    expect(unverified.body.error.message).toBe('Email has not been verified yet.');
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, owner.id));

    const detail = await published(owner, { creationId: id, title: '  Hello  ', tags: ['#Sunset', 'sunset', ' Big   Sky '] });
    expect(detail).toMatchObject({ id, title: 'Hello', tags: ['sunset', 'big sky'], category: 'image', publishStatus: 'published', mine: true });

    await db().update(users).set({ bannedAt: new Date() }).where(eq(users.id, owner.id));
    expect((await publish(owner, { creationId: id, title: 'Again' })).status).toBe(403);
    await db().update(users).set({ bannedAt: null }).where(eq(users.id, owner.id));
  });

  it('re-publishing edits in place, keeps the first date; hidden and removed cannot be published', async () => {
    const owner = await signUpTestUser(t.app);
    const id = await insertCreation(owner.id);
    const first = await published(owner, { creationId: id, title: 'First', category: 'effects' });
    const edited = await published(owner, { creationId: id, title: 'Second', tags: ['calm'] });
    expect(edited).toMatchObject({ title: 'Second', tags: ['calm'], category: 'effects', publishedAt: first.publishedAt });

    expect((await rpc(t.app, owner.cookie, 'feed.unpublish', { id })).status).toBe(200);
    expect((await get(null, id)).body.error.message).toBe('Image not found.');
    const again = await published(owner, { creationId: id, title: 'Back' });
    expect(again.publishedAt).toBe(first.publishedAt);

    await db().update(creations).set({ publishStatus: 'hidden' }).where(eq(creations.id, id));
    const hidden = await publish(owner, { creationId: id, title: 'x' });
    expect(hidden.status).toBe(412);
    expect(hidden.body.error.message).toBe('This creation cannot be published while it is under review.');
    expect((await rpc(t.app, owner.cookie, 'feed.unpublish', { id })).status).toBe(412);
    await db().update(creations).set({ publishStatus: 'removed' }).where(eq(creations.id, id));
    const removed = await publish(owner, { creationId: id, title: 'x' });
    expect(removed.status).toBe(403);
    expect(removed.body.error.message).toBe('This creation was removed by a moderator and cannot be published.');
  });

  it('files a template kind under effects and a video under video by default', async () => {
    const owner = await signUpTestUser(t.app);
    const effect = await insertCreation(owner.id, { kind: 'photo_effect' });
    const clip = await insertCreation(owner.id, { mediaType: 'video', kind: 'text_to_image' });
    expect((await published(owner, { creationId: effect, title: 'Effect' })).category).toBe('effects');
    expect((await published(owner, { creationId: clip, title: 'Clip' })).category).toBe('video');
  });
});

describe('the feed', () => {
  it('pages newest first by cursor without skipping or repeating items published in the same instant', async () => {
    const author = await signUpTestUser(t.app);
    const tag = uniqueTag('paging');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const id = await insertCreation(author.id);
      await published(author, { creationId: id, title: `Item ${i}`, tags: [tag] });
      ids.push(id);
    }
    // Four items share one microsecond-precise instant (ties break on id), one sits in the same millisecond.
    const tied = ids.slice(1, 5);
    await db().execute(sql`update creations set published_at = '2030-01-01 00:00:00.123456+00' where id in (${sql.join(tied, sql`, `)})`);
    await db().execute(sql`update creations set published_at = '2030-01-01 00:00:00.123400+00' where id = ${ids[5]}`);
    await db().execute(sql`update creations set published_at = '2030-01-01 00:00:00.124000+00' where id = ${ids[6]}`);
    const expected = [ids[6], ...[...tied].sort().reverse(), ids[5], ids[0]];

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: FeedPage = await feed(null, { tag, limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(expected);
    expect(pages).toBe(4);

    const [first] = (await feed(null, { tag, limit: 1 })).items;
    expect(first).toMatchObject({ title: 'Item 6', tags: [tag], author: { id: author.id }, liked: false, likeCount: 0, copyProtected: false });
    expect(first).not.toHaveProperty('prompt');
    expect((await rpc(t.app, null, 'feed.list', { tag, cursor: 'not-a-cursor' }, 'GET')).body.error.message).toBe('Incorrect Parameter');
  });

  it('ranks trending by engagement: likes move an item up', async () => {
    const author = await signUpTestUser(t.app);
    const tag = uniqueTag('trend');
    const older = await insertCreation(author.id);
    const newer = await insertCreation(author.id);
    await published(author, { creationId: older, title: 'Older', tags: [tag] });
    await published(author, { creationId: newer, title: 'Newer', tags: [tag] });
    await db().execute(sql`update creations set published_at = now() - interval '1 hour' where id = ${older}`);

    const order = async () => (await feed(null, { tag, sort: 'trending' })).items.map((item) => item.id);
    expect(await order()).toEqual([newer, older]);
    for (let i = 0; i < 2; i++) expect((await like(await signInAnonymously(t.app), older)).status).toBe(200);
    expect(await order()).toEqual([older, newer]);

    const page1 = await feed(null, { tag, sort: 'trending', limit: 1 });
    const page2 = await feed(null, { tag, sort: 'trending', limit: 1, cursor: page1.nextCursor });
    expect([...page1.items, ...page2.items].map((item) => item.id)).toEqual([older, newer]);
    expect(page2.nextCursor).toBeNull();
  });

  it('filters by category, tag and author; unlisted is only reachable by id', async () => {
    const author = await signUpTestUser(t.app);
    const other = await signUpTestUser(t.app);
    const tag = uniqueTag('filter');
    const image = await insertCreation(author.id);
    const video = await insertCreation(author.id, { mediaType: 'video' });
    const unlisted = await insertCreation(author.id);
    const othersTagged = await insertCreation(other.id);
    await published(author, { creationId: image, title: 'Image', tags: [tag] });
    // A video effect files under effects by default; the author lists this one under video.
    await published(author, { creationId: video, title: 'Video', tags: [tag], category: 'video' });
    await published(author, { creationId: unlisted, title: 'Secret', tags: [tag], visibility: 'unlisted' });
    await published(other, { creationId: othersTagged, title: 'Other', tags: [tag] });

    const ids = async (input: object) => (await feed(null, { tag, ...input })).items.map((item) => item.id).sort();
    expect(await ids({})).toEqual([image, video, othersTagged].sort());
    expect(await ids({ category: 'video' })).toEqual([video]);
    expect(await ids({ category: 'image' })).toEqual([image, othersTagged].sort());
    expect(await ids({ authorId: author.id })).toEqual([image, video].sort());
    expect((await feed(null, { tag: uniqueTag('nothing') })).items).toEqual([]);

    const byLink = await get(null, unlisted);
    expect(byLink.status).toBe(200);
    expect(byLink.body.result.data).toMatchObject({ id: unlisted, visibility: 'unlisted', mine: false });
  });

  it('shows an unpublished or removed video to nobody but its author, and removed content as illegal', async () => {
    const author = await signUpTestUser(t.app);
    const stranger = await signInAnonymously(t.app);
    const video = await insertCreation(author.id, { mediaType: 'video' });
    expect((await get(stranger.cookie, video)).body.error.message).toBe('Video not found.');
    expect((await get(author.cookie, video)).body.result.data).toMatchObject({ publishStatus: 'unpublished', mine: true });
    expect((await get(null, '00000000-0000-4000-8000-000000000000')).body.error.message).toBe('Not found.');

    await published(author, { creationId: video, title: 'Clip' });
    await db().update(creations).set({ publishStatus: 'removed' }).where(eq(creations.id, video));
    const illegal = await get(stranger.cookie, video);
    expect(illegal.status).toBe(403);
    expect(illegal.body.error.message).toBe('The video content is illegal and cannot be accessed.');
  });
});

describe('copy protection and media', () => {
  it('hides prompt, download and remix from others but not from the author; published files open to anyone', async () => {
    const author = await signUpTestUser(t.app);
    const visitor = await signInAnonymously(t.app);
    const open = await generate(author, 'a red fox at dawn');
    const guarded = await generate(author, 'a secret recipe');

    const mediaOf = async (id: string) => (await get(author.cookie, id)).body.result.data as ContentDetail;
    const before = await mediaOf(open);
    // Not published: the file is private.
    expect((await t.app.inject({ url: before.url, headers: { cookie: visitor.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/creations/${open}/download`, headers: { cookie: visitor.cookie } })).statusCode).toBe(404);

    await published(author, { creationId: open, title: 'Fox' });
    await published(author, { creationId: guarded, title: 'Guarded', copyProtection: true });

    const openForVisitor = (await get(visitor.cookie, open)).body.result.data as ContentDetail;
    expect(openForVisitor).toMatchObject({ prompt: 'a red fox at dawn', downloadUrl: `/api/creations/${open}/download`, mine: false });
    expect(openForVisitor.remix).toEqual({ kind: 'text_to_image', params: { prompt: 'a red fox at dawn', aspectRatio: '1:1', seed: 7 } });
    expect((await t.app.inject({ url: openForVisitor.url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: openForVisitor.thumbnailUrl })).statusCode).toBe(200);
    const download = await t.app.inject({ url: openForVisitor.downloadUrl!, headers: { cookie: visitor.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);

    const guardedForVisitor = (await get(visitor.cookie, guarded)).body.result.data as ContentDetail;
    expect(guardedForVisitor).toMatchObject({ copyProtected: true, prompt: null, downloadUrl: null, remix: null });
    expect((await t.app.inject({ url: guardedForVisitor.url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/creations/${guarded}/download`, headers: { cookie: visitor.cookie } })).statusCode).toBe(404);
    const guardedForAuthor = await mediaOf(guarded);
    expect(guardedForAuthor).toMatchObject({ prompt: 'a secret recipe', downloadUrl: `/api/creations/${guarded}/download`, mine: true });
    expect(guardedForAuthor.remix?.kind).toBe('text_to_image');
    expect((await t.app.inject({ url: `/api/creations/${guarded}/download`, headers: { cookie: author.cookie } })).statusCode).toBe(200);

    // Others may use open work as an input image, but not copy-protected work (§6: view, not reuse).
    const reuse = (url: string) => rpc(t.app, visitor.cookie, 'image2Image.create', { image: url, prompt: 'make it mine' });
    expect((await reuse(openForVisitor.url)).status).toBe(200);
    const refused = await reuse(guardedForVisitor.url);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe('Image not found.');
    expect((await reuse(guardedForVisitor.thumbnailUrl)).body.error.message).toBe('Image not found.');

    // Unpublishing closes the files again.
    expect((await rpc(t.app, author.cookie, 'feed.unpublish', { id: open })).status).toBe(200);
    expect((await t.app.inject({ url: openForVisitor.url, headers: { cookie: visitor.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: openForVisitor.downloadUrl!, headers: { cookie: visitor.cookie } })).statusCode).toBe(404);
  });
});

describe('likes and views', () => {
  it('likes are idempotent and 20 concurrent likes count once', async () => {
    const author = await signUpTestUser(t.app);
    const fan = await signInAnonymously(t.app);
    const tag = uniqueTag('likes');
    const id = await insertCreation(author.id);
    await published(author, { creationId: id, title: 'Liked', tags: [tag] });

    const results = await Promise.all(Array.from({ length: 20 }, () => like(fan, id)));
    for (const res of results) expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(results.map((res) => res.body.result.data.liked)).toEqual(Array(20).fill(true));
    expect((await get(null, id)).body.result.data.likeCount).toBe(1);
    expect((await like(fan, id)).body.result.data).toEqual({ liked: true, likeCount: 1 });
    expect((await feed(fan.cookie, { tag })).items[0]).toMatchObject({ id, liked: true, likeCount: 1 });
    expect((await feed(null, { tag })).items[0]).toMatchObject({ id, liked: false });

    expect((await like(fan, id, false)).body.result.data).toEqual({ liked: false, likeCount: 0 });
    expect((await like(fan, id, false)).body.result.data).toEqual({ liked: false, likeCount: 0 });
    const unlikes = await Promise.all(Array.from({ length: 5 }, () => like(fan, id, false)));
    for (const res of unlikes) expect(res.body.result.data.likeCount).toBe(0);
    expect((await rpc(t.app, null, 'feed.like', { id, liked: true })).status).toBe(401);
  });

  it('counts a view once per user and not for the author', async () => {
    const author = await signUpTestUser(t.app);
    const id = await insertCreation(author.id);
    await published(author, { creationId: id, title: 'Viewed' });
    const view = async (user: TestUser) => (await rpc(t.app, user.cookie, 'feed.view', { id })).body.result.data.viewCount as number;

    expect(await view(author)).toBe(0);
    const a = await signInAnonymously(t.app);
    const b = await signInAnonymously(t.app);
    expect(await view(a)).toBe(1);
    expect(await view(a)).toBe(1);
    const parallel = await Promise.all(Array.from({ length: 5 }, () => view(b)));
    expect(Math.max(...parallel)).toBe(2);
    expect(await view(author)).toBe(2);
    expect((await get(null, id)).body.result.data.viewCount).toBe(2);
  });
});

describe('reports', () => {
  it('one report per user, not by the author, and three reporters hide the content', async () => {
    const author = await signUpTestUser(t.app);
    const tag = uniqueTag('reported');
    const id = await insertCreation(author.id);
    await published(author, { creationId: id, title: 'Reported', tags: [tag] });

    const own = await report(author, id);
    expect(own.status).toBe(403);

    const [r1, r2, r3] = await Promise.all([signInAnonymously(t.app), signInAnonymously(t.app), signInAnonymously(t.app)]);
    expect((await report(r1!, id)).status).toBe(200);
    const again = await report(r1!, id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Report already exists.');
    expect((await get(r1!.cookie, id)).body.result.data).toMatchObject({ reported: true });
    expect((await get(r2!.cookie, id)).body.result.data).toMatchObject({ reported: false });

    expect((await report(r2!, id)).status).toBe(200);
    expect((await feed(null, { tag })).items.map((item) => item.id)).toEqual([id]);
    expect((await report(r3!, id)).status).toBe(200);

    expect((await feed(null, { tag })).items).toEqual([]);
    expect((await get(r1!.cookie, id)).body.error.message).toBe('Image not found.');
    expect((await get(author.cookie, id)).body.result.data).toMatchObject({ publishStatus: 'hidden', mine: true });
    const [row] = await db().select({ reportCount: creations.reportCount, isPublic: creations.isPublic }).from(creations).where(eq(creations.id, id));
    expect(row).toEqual({ reportCount: 3, isPublic: false });
  });
});

describe('accounts', () => {
  it("moves an anonymous visitor's likes and views into the account they sign up for", async () => {
    const author = await signUpTestUser(t.app);
    const id = await insertCreation(author.id);
    await published(author, { creationId: id, title: 'Loved' });
    const anon = await signInAnonymously(t.app);
    expect((await like(anon, id)).body.result.data.likeCount).toBe(1);
    await rpc(t.app, anon.cookie, 'feed.view', { id });

    const account = await signUpTestUser(t.app, { cookie: anon.cookie });
    expect(account.id).not.toBe(anon.id);
    const detail = (await get(account.cookie, id)).body.result.data as ContentDetail;
    expect(detail).toMatchObject({ liked: true, likeCount: 1, viewCount: 1 });
    // Liking again as the account does not count twice: it is the same like.
    expect((await like(account, id)).body.result.data.likeCount).toBe(1);
  });

  it('drops the duplicate when both the visitor and the account liked the same item', async () => {
    const author = await signUpTestUser(t.app);
    const id = await insertCreation(author.id);
    await published(author, { creationId: id, title: 'Twice' });
    const account = await signUpTestUser(t.app);
    await like(account, id);
    const anon = await signInAnonymously(t.app);
    expect((await like(anon, id)).body.result.data.likeCount).toBe(2);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, cookie: anon.cookie },
      payload: { email: account.email, password: 'correct horse battery' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = cookiesFrom(signIn.headers['set-cookie']);
    expect((await get(cookie, id)).body.result.data).toMatchObject({ liked: true, likeCount: 1 });
    const likes = await db().select().from(contentLikes).where(and(eq(contentLikes.creationId, id)));
    expect(likes.map((row) => row.userId)).toEqual([account.id]);
  });
});

describe('authors and tags', () => {
  it('shows an author profile without e-mail, and none for anonymous or banned users', async () => {
    const author = await signUpTestUser(t.app);
    const a = await insertCreation(author.id);
    const b = await insertCreation(author.id);
    await insertCreation(author.id);
    await published(author, { creationId: a, title: 'A' });
    await published(author, { creationId: b, title: 'B', visibility: 'unlisted' });
    await like(await signInAnonymously(t.app), a);

    const profile = await rpc(t.app, null, 'feed.author', { id: author.id }, 'GET');
    expect(profile.status).toBe(200);
    const dto = profile.body.result.data as AuthorProfileDto;
    expect(dto).toMatchObject({ id: author.id, name: author.email!.split('@')[0], publishedCount: 1, likeCount: 1 });
    expect(JSON.stringify(dto)).not.toContain(author.email!);

    const anon = await signInAnonymously(t.app);
    expect((await rpc(t.app, null, 'feed.author', { id: anon.id }, 'GET')).body.error.message).toBe('User does not exist.');
    expect((await rpc(t.app, null, 'feed.author', { id: 'nobody' }, 'GET')).body.error.message).toBe('User does not exist.');
    await db().update(users).set({ bannedAt: new Date() }).where(eq(users.id, author.id));
    expect((await rpc(t.app, null, 'feed.author', { id: author.id }, 'GET')).status).toBe(404);
    // A banned author's content leaves the feed even before a moderator hides it.
    expect((await feed(null, { authorId: author.id })).items).toEqual([]);
  });

  it('lists the most used tags of visible content', async () => {
    const author = await signUpTestUser(t.app);
    const common = uniqueTag('common');
    const rare = uniqueTag('rare');
    const hiddenTag = uniqueTag('hidden');
    for (let i = 0; i < 3; i++) {
      await published(author, { creationId: await insertCreation(author.id), title: `T${i}`, tags: i === 0 ? [common, rare] : [common] });
    }
    await published(author, { creationId: await insertCreation(author.id), title: 'Unlisted', tags: [hiddenTag], visibility: 'unlisted' });

    const res = await rpc(t.app, null, 'feed.tags', { limit: 50 }, 'GET');
    expect(res.status).toBe(200);
    const tags = res.body.result.data as { tag: string; count: number }[];
    expect(tags.find((row) => row.tag === common)).toEqual({ tag: common, count: 3 });
    expect(tags.find((row) => row.tag === rare)).toEqual({ tag: rare, count: 1 });
    expect(tags.some((row) => row.tag === hiddenTag)).toBe(false);
    expect(tags.findIndex((row) => row.tag === common)).toBeLessThan(tags.findIndex((row) => row.tag === rare));
  });
});
