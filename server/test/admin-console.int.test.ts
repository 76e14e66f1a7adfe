/**
 * The admin console (role admin §6): only admins get in; tasks and creations of every user can be
 * queried and inspected down to their ledger entries; reports are resolved (dismiss, hide, remove,
 * ban); credits are granted through the ledger; the catalogue is edited with the §8 errors; and
 * every change leaves an append-only audit row.
 */
import type { AdminReportGroupDto, AdminTaskDetailDto, AdminTaskRowDto, AdminUserDto, AuditEntryDto } from '@tessera/shared/admin';
import { creditGrants, generationTasks } from '@tessera/db/schema';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupUsers } from '../src/modules/admin/admin.repo.ts';
import { adminRouter } from '../src/modules/admin/admin.router.ts';
import {
  buildTestApp,
  connectTestSocket,
  creditSummary,
  disconnectTestSockets,
  flatImageProvider,
  rpc,
  signInAnonymously,
  signUpTestUser,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from './harness.ts';

const flat = flatImageProvider({ width: 64, height: 48, color: '#cc6633' });

const ADMIN_EMAIL = 'admin@example.com';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ config: { adminEmails: [ADMIN_EMAIL], workerConcurrency: 2 }, providers: [flat] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signUpTestUser(t.app, { email: ADMIN_EMAIL });
});
afterAll(async () => {
  disconnectTestSockets();
  await t?.close();
});

/** Runs a generation to success; returns the task id and its creation id. */
async function generate(user: TestUser, prompt: string, path = 'text2Image.create', input: object = { prompt }): Promise<{ taskId: string; creationId: string }> {
  const socket = await connectTestSocket(t.app, user.cookie);
  const created = await rpc(t.app, user.cookie, path, input);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const taskId: string = created.body.result.data.id;
  const done = await new Promise<{ outputs: { creationId?: string }[] }>((resolve) => socket.on('task:succeeded', (p) => p.id === taskId && resolve(p)));
  socket.disconnect();
  return { taskId, creationId: done.outputs[0]?.creationId as string };
}

/**
 * A millisecond instant (the filters take ISO strings) after the task's created_at and not after
 * anything created from now on. created_at comes from the database clock, so the instant is read
 * there too, polling until that clock has left the task's millisecond — a condition, not a sleep.
 */
async function instantAfter(taskId: string): Promise<string> {
  const ms = (column: SQL | typeof generationTasks.createdAt) => sql<number>`floor(extract(epoch from ${column}) * 1000)::float8`;
  // Called from beforeAll, where expect.poll is not available.
  const deadline = Date.now() + 5_000;
  for (;;) {
    const [row] = await t.database.db.select({ created: ms(generationTasks.createdAt), now: ms(sql`now()`) }).from(generationTasks).where(eq(generationTasks.id, taskId));
    if (row!.now > row!.created) return new Date(row!.now).toISOString();
    if (Date.now() > deadline) throw new Error(`the database clock did not pass ${taskId}'s created_at`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const query = async <T>(path: string, input?: unknown, cookie = admin.cookie): Promise<T> => {
  const res = await rpc(t.app, cookie, path, input, 'GET');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.data as T;
};
const mutate = async <T>(path: string, input: unknown, cookie = admin.cookie): Promise<T> => {
  const res = await rpc(t.app, cookie, path, input);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.data as T;
};
const auditOf = (action: string) => query<{ items: AuditEntryDto[] }>('admin.audit.list', { action }).then((p) => p.items);

async function publish(user: TestUser, creationId: string, title: string): Promise<void> {
  await mutate('feed.publish', { creationId, title }, user.cookie);
}

describe('the admin door', () => {
  // Every procedure under admin.*, read from the router itself so a new one cannot be forgotten
  // (at run time `_def.procedures` is flat, keyed by dotted path).
  const procedures = Object.entries(adminRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>).map(([path, p]) => ({
    path: `admin.${path}`,
    method: p._def.type === 'query' ? ('GET' as const) : ('POST' as const),
  }));

  it('covers the whole console', () => {
    expect(procedures.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        'admin.reports.list',
        'admin.reports.resolve',
        'admin.tasks.list',
        'admin.tasks.get',
        'admin.creations.list',
        'admin.users.lookup',
        'admin.users.get',
        'admin.users.grant',
        'admin.users.ban',
        'admin.audit.list',
        'admin.catalog.templates.update',
        'admin.catalog.specialTopics.delete',
      ]),
    );
    expect(procedures.length).toBeGreaterThanOrEqual(27);
  });

  it('refuses signed-in non-admins (403) and visitors without an account (401), changing nothing', async () => {
    const user = await signUpTestUser(t.app);
    const guest = await signInAnonymously(t.app);
    const before = await creditSummary(t.app, user.cookie);
    // Inputs an admin could send: the door must close before the input is even looked at.
    const input = { userId: user.id, amount: 10, reason: 'should not happen', banned: true, query: 'x', id: user.id };
    for (const { path, method } of procedures) {
      const forbidden = await rpc(t.app, user.cookie, path, input, method);
      expect([path, forbidden.status, forbidden.body.error?.data?.code]).toEqual([path, 403, 'FORBIDDEN']);
      const anonymous = await rpc(t.app, guest.cookie, path, input, method);
      expect([path, anonymous.status]).toEqual([path, 401]);
      const nobody = await rpc(t.app, null, path, input, method);
      expect([path, nobody.status, nobody.body.error?.data?.code]).toEqual([path, 401, 'UNAUTHORIZED']);
    }
    expect(await creditSummary(t.app, user.cookie)).toEqual(before);
    expect((await query<{ items: AuditEntryDto[] }>('admin.audit.list', {})).items.filter((e) => e.targetId === user.id)).toEqual([]);
  });
});

describe('tasks and creations of every user', () => {
  let alice: TestUser;
  let bob: TestUser;
  const aliceTasks: string[] = [];
  let between: string;
  let bobTask: { taskId: string; creationId: string };

  beforeAll(async () => {
    alice = await signUpTestUser(t.app);
    bob = await signUpTestUser(t.app);
    aliceTasks.push((await generate(alice, 'first of alice')).taskId);
    between = await instantAfter(aliceTasks[0]!);
    aliceTasks.push((await generate(alice, 'second of alice')).taskId);
    const source = await generate(bob, 'a lighthouse');
    const image = (await query<{ url: string }>('creation.get', { id: source.creationId }, bob.cookie)).url;
    bobTask = await generate(bob, '', 'imageTools.upscale', { image, scale: 2, mode: 'fast' });
  });

  it('filters by user (id or e-mail, any case), kind, status and date range', async () => {
    const byEmail = await query<{ items: AdminTaskRowDto[] }>('admin.tasks.list', { user: alice.email?.toUpperCase() });
    expect(byEmail.items.map((r) => r.id)).toEqual([...aliceTasks].reverse());
    expect(byEmail.items[0]).toMatchObject({ userId: alice.id, userEmail: alice.email, kind: 'text_to_image', rpcName: 'text2Image.create', status: 'succeeded', cost: 4 });
    expect(byEmail.items[0]?.thumbnailUrl).toMatch(/^\/api\/media\//);
    // Moderation sees unpublished work; another user still does not.
    const thumb = byEmail.items[0]!.thumbnailUrl!;
    expect((await t.app.inject({ url: thumb, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: thumb, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
    expect((await query<{ items: AdminTaskRowDto[] }>('admin.tasks.list', { user: alice.id })).items.map((r) => r.id)).toEqual([...aliceTasks].reverse());

    const upscales = await query<{ items: AdminTaskRowDto[] }>('admin.tasks.list', { kind: 'upscale' });
    expect(upscales.items.map((r) => r.id)).toEqual([bobTask.taskId]);
    expect((await query<{ items: AdminTaskRowDto[] }>('admin.tasks.list', { user: bob.id, status: 'failed' })).items).toEqual([]);
    expect((await query<{ items: AdminTaskRowDto[] }>('admin.tasks.list', { user: bob.id, status: 'succeeded' })).items).toHaveLength(2);

    const later = await query<{ items: AdminTaskRowDto[] }>('admin.tasks.list', { user: alice.id, from: between });
    expect(later.items.map((r) => r.id)).toEqual([aliceTasks[1]]);
    const earlier = await query<{ items: AdminTaskRowDto[] }>('admin.tasks.list', { user: alice.id, to: between });
    expect(earlier.items.map((r) => r.id)).toEqual([aliceTasks[0]]);
    expect((await query<{ items: AdminTaskRowDto[] }>('admin.tasks.list', { user: 'nobody@example.com' })).items).toEqual([]);
  });

  it('pages newest first without skipping or repeating', async () => {
    const all = await query<{ items: AdminTaskRowDto[] }>('admin.tasks.list', {});
    expect(all.items.length).toBeGreaterThanOrEqual(4);
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page: { items: AdminTaskRowDto[]; nextCursor: string | null } = await query('admin.tasks.list', { limit: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((r) => r.id));
    expect((await rpc(t.app, admin.cookie, 'admin.tasks.list', { cursor: 'bm90LWEtY3Vyc29y' }, 'GET')).body.error.message).toBe('Incorrect Parameter');
  });

  it('inspects a succeeded task with its hold, capture and creation', async () => {
    const detail = await query<AdminTaskDetailDto>('admin.tasks.get', { id: aliceTasks[0] });
    expect(detail).toMatchObject({ id: aliceTasks[0], userId: alice.id, status: 'succeeded', progress: 100, errorMessage: null });
    expect(detail.input).toMatchObject({ prompt: 'first of alice' });
    expect(detail.outputs).toEqual([{ url: expect.stringMatching(/^\/api\/media\//), mediaType: 'image' }]);
    expect(detail.ledger.map((e) => [e.kind, e.amount])).toEqual([
      ['hold', 4],
      ['capture', 4],
    ]);
    expect(detail.creations).toEqual([{ id: expect.any(String), publishStatus: 'unpublished' }]);
    const missing = await rpc(t.app, admin.cookie, 'admin.tasks.get', { id: '00000000-0000-4000-8000-000000000000' }, 'GET');
    expect(missing.status).toBe(404);
  });

  it('lists creations across users with filters', async () => {
    const bobs = await query<{ items: { id: string; userId: string; kind: string }[] }>('admin.creations.list', { user: bob.email });
    expect(bobs.items.map((c) => c.kind)).toEqual(['upscale', 'text_to_image']);
    expect(bobs.items[0]?.id).toBe(bobTask.creationId);
    await publish(bob, bobTask.creationId, 'Sharper lighthouse');
    const published = await query<{ items: { id: string }[] }>('admin.creations.list', { user: bob.id, publishStatus: 'published' });
    expect(published.items.map((c) => c.id)).toEqual([bobTask.creationId]);
  });

  it('finds users by id, e-mail or prefix, with plan, credits and counts', async () => {
    const found = await query<AdminUserDto[]>('admin.users.lookup', { query: alice.email?.toUpperCase() });
    expect(found.map((u) => u.id)).toEqual([alice.id]);
    expect(found[0]).toMatchObject({ email: alice.email, plan: 'FREE', banned: false, isAnonymous: false, subscription: null, counts: { tasks: 2, creations: 2, published: 0 } });
    expect(found[0]?.credits).toEqual(await creditSummary(t.app, alice.cookie));
    const byPrefix = await query<AdminUserDto[]>('admin.users.lookup', { query: 'user.' });
    expect(byPrefix.map((u) => u.id)).toEqual(expect.arrayContaining([alice.id, bob.id]));
    const guest = await signInAnonymously(t.app);
    expect(await query<AdminUserDto[]>('admin.users.lookup', { query: 'guest' })).toEqual([]);
    expect((await query<AdminUserDto[]>('admin.users.lookup', { query: guest.id })).map((u) => [u.id, u.email, u.isAnonymous])).toEqual([[guest.id, null, true]]);
    expect(await query<AdminUserDto>('admin.users.get', { id: bob.id })).toMatchObject({ id: bob.id, counts: { tasks: 2, creations: 2, published: 1 } });
    expect((await rpc(t.app, admin.cookie, 'admin.users.get', { id: 'no-such-user' }, 'GET')).body.error.message).toBe('User does not exist.');
  });

  it('lists an exact match first, then e-mail prefix matches by e-mail, then name prefix matches by name, each user once', async () => {
    // Users made in SQL: their e-mails and names are chosen to interleave.
    await t.database.db.execute(sql`
      INSERT INTO users (id, name, email, is_anonymous, created_at, updated_at) VALUES
        ('lk-1', 'Zed', 'lkq@example.com', false, now(), now()),
        ('lk-2', 'Yan', 'lkq.b@example.com', false, now(), now()),
        ('lk-3', 'Xia', 'lkq.a@example.com', false, now(), now()),
        ('lk-4', 'lkq second', 'w4@example.com', false, now(), now()),
        ('lk-5', 'lkq first', 'w5@example.com', false, now(), now()),
        ('lk-6', 'lkq both', 'lkq.c@example.com', false, now(), now()),
        ('lk-7', 'lkq guest', 'lkq.anon@example.com', true, now(), now())`);
    const ids = async (q: string, limit = 20) => (await lookupUsers(t.database.db, q, limit)).map((u) => u.id);
    // E-mail matches in byte order ('.' before '@'), then names in name order; lk-6 matches both
    // and is listed once; the anonymous lk-7 never; an exact e-mail or id alone.
    expect(await ids('LKQ')).toEqual(['lk-3', 'lk-2', 'lk-6', 'lk-1', 'lk-5', 'lk-4']);
    expect(await ids('lkq', 4)).toEqual(['lk-3', 'lk-2', 'lk-6', 'lk-1']);
    expect(await ids('lkq@example.com')).toEqual(['lk-1']);
    expect(await ids('lk-5')).toEqual(['lk-5']);
  });
});

describe('reports', () => {
  let author: TestUser;
  const reporters: TestUser[] = [];
  const content: string[] = [];

  const report = (reporter: TestUser, contentId: string, reason = 'spam') => mutate('report.create', { contentId, reason }, reporter.cookie);
  const statusOf = async (id: string) => (await query<{ items: { id: string; publishStatus: string }[] }>('admin.creations.list', { user: author.id })).items.find((c) => c.id === id)?.publishStatus;
  const groups = (status: string) => query<{ items: AdminReportGroupDto[] }>('admin.reports.list', { status }).then((p) => p.items);

  beforeAll(async () => {
    author = await signUpTestUser(t.app);
    for (const title of ['one', 'two', 'three']) {
      const { creationId } = await generate(author, title);
      await publish(author, creationId, title);
      content.push(creationId);
    }
    for (let i = 0; i < 3; i++) reporters.push(await signInAnonymously(t.app));
  });

  it('groups reports per content and dismissing restores what reports had hidden', async () => {
    await report(reporters[0] as TestUser, content[0] as string, 'spam');
    await report(reporters[1] as TestUser, content[0] as string, 'spam');
    await report(reporters[2] as TestUser, content[0] as string, 'hate');
    expect(await statusOf(content[0] as string)).toBe('hidden');

    const [group] = await groups('open');
    expect(group).toMatchObject({ contentId: content[0], title: 'one', publishStatus: 'hidden', reportCount: 3, author: { id: author.id, banned: false } });
    expect(group?.reasons).toEqual([
      { reason: 'spam', count: 2 },
      { reason: 'hate', count: 1 },
    ]);

    const resolved = await mutate('admin.reports.resolve', { contentId: content[0], action: 'dismiss', note: 'satire' });
    expect(resolved).toMatchObject({ contentId: content[0], publishStatus: 'published' });
    expect(await groups('open')).toEqual([]);
    const [dismissed] = await groups('dismissed');
    expect(dismissed?.reports.map((r) => r.status)).toEqual(['dismissed', 'dismissed', 'dismissed']);
    expect((await query<{ publishStatus: string }>('feed.get', { id: content[0] }, reporters[0]?.cookie)).publishStatus).toBe('published');

    const [audit] = await auditOf('report.dismiss');
    expect(audit).toMatchObject({ targetType: 'content', targetId: content[0], adminId: admin.id, adminEmail: ADMIN_EMAIL, note: 'satire' });
    expect(audit?.before).toEqual({ publishStatus: 'hidden', reportCount: 3 });
    expect(audit?.after).toMatchObject({ publishStatus: 'published', reportCount: 0, reportsClosed: 3 });
  });

  it('hides and removes, closing the reports as actioned', async () => {
    await report(reporters[0] as TestUser, content[1] as string, 'violence');
    await report(reporters[0] as TestUser, content[2] as string, 'copyright');
    expect((await groups('open')).map((g) => g.contentId)).toEqual([content[2], content[1]]);

    expect(await mutate('admin.reports.resolve', { contentId: content[1], action: 'hide' })).toMatchObject({ contentId: content[1], publishStatus: 'hidden' });
    expect(await mutate('admin.reports.resolve', { contentId: content[2], action: 'remove' })).toMatchObject({ contentId: content[2], publishStatus: 'removed' });
    expect(await statusOf(content[1] as string)).toBe('hidden');
    expect(await statusOf(content[2] as string)).toBe('removed');
    expect((await groups('actioned')).map((g) => [g.contentId, g.reportCount])).toEqual([
      [content[2], 1],
      [content[1], 1],
    ]);
    // Gone from the feed for everyone else.
    expect((await rpc(t.app, reporters[1]?.cookie ?? null, 'feed.get', { id: content[1] }, 'GET')).status).toBe(404);
  });

  it('ban: bans the author, removes the content, hides the rest and ends their session', async () => {
    const password = 'a long enough password';
    const offender = await signUpTestUser(t.app, { password });
    const kept = await generate(offender, 'harmless');
    const bad = await generate(offender, 'offensive');
    await publish(offender, kept.creationId, 'harmless');
    await publish(offender, bad.creationId, 'offensive');
    await report(reporters[0] as TestUser, bad.creationId, 'hate');
    expect((await rpc(t.app, offender.cookie, 'credits.summary', undefined, 'GET')).status).toBe(200);

    expect(await mutate('admin.reports.resolve', { contentId: bad.creationId, action: 'ban' })).toMatchObject({ contentId: bad.creationId, publishStatus: 'removed' });

    const statuses = await query<{ items: { id: string; publishStatus: string }[] }>('admin.creations.list', { user: offender.id });
    expect(Object.fromEntries(statuses.items.map((c) => [c.id, c.publishStatus]))).toEqual({ [kept.creationId]: 'hidden', [bad.creationId]: 'removed' });
    expect((await query<AdminUserDto>('admin.users.get', { id: offender.id })).banned).toBe(true);
    const next = await rpc(t.app, offender.cookie, 'credits.summary', undefined, 'GET');
    expect(next.status).toBe(401);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN }, payload: { email: offender.email, password } });
    expect([signIn.statusCode, signIn.json().message]).toEqual([403, 'This account has been suspended. Please contact support.']);
    const [audit] = await auditOf('report.ban');
    // Both were published when the ban hid the author's content; the reported one was then removed.
    expect(audit?.after).toMatchObject({ publishStatus: 'removed', author: { id: offender.id, hiddenContent: 2, sessionsEnded: 1 } });
  });

  it('an admin cannot ban themselves; unbanning lets the user sign in again', async () => {
    const self = await rpc(t.app, admin.cookie, 'admin.users.ban', { userId: admin.id, banned: true });
    expect(self.status).toBe(403);
    const password = 'another long password';
    const user = await signUpTestUser(t.app, { password });
    expect(await mutate<AdminUserDto>('admin.users.ban', { userId: user.id, banned: true, reason: 'spam bot' })).toMatchObject({ id: user.id, banned: true });
    expect((await rpc(t.app, user.cookie, 'credits.summary', undefined, 'GET')).status).toBe(401);
    expect(await mutate<AdminUserDto>('admin.users.ban', { userId: user.id, banned: false })).toMatchObject({ banned: false });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN }, payload: { email: user.email, password } });
    expect(signIn.statusCode).toBe(200);
    const [ban] = await auditOf('user.ban');
    expect(ban).toMatchObject({ targetId: user.id, note: 'spam bot', before: { bannedAt: null } });
    expect((await auditOf('user.unban'))[0]?.after).toEqual({ bannedAt: null });
  });

  it("a ban signs out the user's open tab: its socket gets session:ended, is closed, and the next call is refused", async () => {
    const user = await signUpTestUser(t.app);
    const socket = await connectTestSocket(t.app, user.cookie);
    const ended = new Promise<{ reason: string }>((resolve) => socket.on('session:ended', resolve));
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    await mutate('admin.users.ban', { userId: user.id, banned: true, reason: 'abuse' });
    expect(await ended).toEqual({ reason: 'banned' });
    expect(await closed).toBe('io server disconnect');
    expect((await rpc(t.app, user.cookie, 'user.find', undefined, 'GET')).status).toBe(401);
  });
});

describe('credit grants', () => {
  it('go through the ledger, reach the user live and leave an audit row', async () => {
    const user = await signUpTestUser(t.app);
    const before = await creditSummary(t.app, user.cookie);
    const socket = await connectTestSocket(t.app, user.cookie);
    const pushed = new Promise<{ remaining: number }>((resolve) => socket.on('credits:changed', resolve));

    const res = await mutate('admin.users.grant', { userId: user.id, amount: 37, reason: 'Support refund', expiresInDays: 30 });
    expect(res).toEqual({ granted: true, remaining: before.remaining + 37 });
    const after = await creditSummary(t.app, user.cookie);
    expect(after).toEqual({ used: before.used, total: before.total + 37, remaining: before.remaining + 37 });
    expect((await pushed).remaining).toBe(before.remaining + 37);
    socket.disconnect();

    const history = await query<{ entries: { kind: string; amount: number; note: string }[] }>('credits.history', {}, user.cookie);
    expect(history.entries[0]).toMatchObject({ kind: 'grant', amount: 37, note: 'Support refund' });

    const [audit] = await auditOf('credits.grant');
    expect(audit).toMatchObject({ targetType: 'user', targetId: user.id, adminEmail: ADMIN_EMAIL, note: 'Support refund' });
    expect(audit?.before).toEqual({ credits: before });
    expect(audit?.after).toMatchObject({ credits: after, amount: 37 });
    // The grant's source id is the audit row's id: one grant per admin action.
    const grants = await t.database.db.select().from(creditGrants).where(and(eq(creditGrants.userId, user.id), eq(creditGrants.sourceKind, 'admin')));
    expect(grants).toEqual([expect.objectContaining({ sourceId: audit?.id, amount: 37, note: 'Support refund' })]);
    expect(grants[0]?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);

    const unknown = await rpc(t.app, admin.cookie, 'admin.users.grant', { userId: 'no-such-user', amount: 5, reason: 'typo' });
    expect([unknown.status, unknown.body.error.message]).toEqual([404, 'User does not exist.']);
    expect((await rpc(t.app, admin.cookie, 'admin.users.grant', { userId: user.id, amount: 5, reason: '' })).status).toBe(400);
    expect(await creditSummary(t.app, user.cookie)).toEqual(after);
  });
});

describe('catalogue CRUD', () => {
  const template = { id: 'admin-zoom', type: 'video_effect', categoryId: 'camera-moves', name: 'Admin zoom', recipe: 'zoom-in', cost: 10 };

  it('creates, updates and deletes with audit rows', async () => {
    expect(await mutate('admin.catalog.templates.create', template)).toMatchObject({ id: 'admin-zoom', name: 'Admin zoom', status: 'active' });
    expect(await mutate('admin.catalog.templates.update', { ...template, name: 'Admin zoom 2', status: 'retired' })).toMatchObject({ name: 'Admin zoom 2', status: 'retired' });
    const listed = await query<{ id: string; status: string }[]>('admin.catalog.templates.list');
    expect(listed.find((x) => x.id === 'admin-zoom')?.status).toBe('retired');
    const [update] = await auditOf('catalog.template.update');
    expect(update).toMatchObject({ targetType: 'template', targetId: 'admin-zoom', before: { name: 'Admin zoom', status: 'active' }, after: { name: 'Admin zoom 2', status: 'retired' } });
    await mutate('admin.catalog.templates.delete', { id: 'admin-zoom' });
    expect((await query<{ id: string }[]>('admin.catalog.templates.list')).map((x) => x.id)).not.toContain('admin-zoom');
    expect((await auditOf('catalog.template.delete'))[0]).toMatchObject({ targetId: 'admin-zoom', after: null });
    expect((await auditOf('catalog')).map((e) => e.action)).toEqual(['catalog.template.delete', 'catalog.template.update', 'catalog.template.create']);

    await mutate('admin.catalog.categories.create', { id: 'admin-cat', type: 'photo_effect', name: 'Admin cat' });
    expect((await query<{ id: string }[]>('admin.catalog.categories.list')).map((c) => c.id)).toContain('admin-cat');
  });

  it('answers the §8 catalogue errors and records nothing for a refused change', async () => {
    const auditBefore = (await auditOf('catalog')).length;
    const duplicate = await rpc(t.app, admin.cookie, 'admin.catalog.templates.create', { ...template, id: 'zoom-in' });
    expect([duplicate.status, duplicate.body.error.message]).toEqual([409, 'Template already exists.']);
    const missing = await rpc(t.app, admin.cookie, 'admin.catalog.categories.update', { id: 'no-such-category', type: 'video_effect', name: 'x' });
    expect([missing.status, missing.body.error.message]).toEqual([404, 'Category not found.']);
    const mismatch = await rpc(t.app, admin.cookie, 'admin.catalog.templates.create', { ...template, id: 'wrong-type', type: 'photo_effect', recipe: 'sepia' });
    expect([mismatch.status, mismatch.body.error.message]).toEqual([400, 'A position or template type must match its category type.']);
    expect((await auditOf('catalog')).length).toBe(auditBefore);
  });
});

describe('the audit log', () => {
  it('is append-only: raw UPDATE and DELETE are rejected', async () => {
    const [entry] = (await query<{ items: AuditEntryDto[] }>('admin.audit.list', { limit: 1 })).items;
    expect(entry).toBeTruthy();
    // Drizzle wraps the database error; the trigger's message is on its cause.
    const failureOf = (statement: ReturnType<typeof sql>) =>
      t.database.db.execute(statement).then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await failureOf(sql`UPDATE admin_audit_log SET note = 'rewritten' WHERE id = ${entry?.id}`)).toMatch(/append-only: UPDATE rejected/);
    expect(await failureOf(sql`DELETE FROM admin_audit_log WHERE id = ${entry?.id}`)).toMatch(/append-only: DELETE rejected/);
    const [again] = (await query<{ items: AuditEntryDto[] }>('admin.audit.list', { limit: 1 })).items;
    expect(again).toEqual(entry);
  });

  it('pages newest first and filters by admin', async () => {
    const all = await query<{ items: AuditEntryDto[] }>('admin.audit.list', { adminId: admin.id });
    expect(all.items.length).toBeGreaterThan(3);
    const first = await query<{ items: AuditEntryDto[]; nextCursor: string }>('admin.audit.list', { adminId: admin.id, limit: 2 });
    const second = await query<{ items: AuditEntryDto[] }>('admin.audit.list', { adminId: admin.id, limit: 2, cursor: first.nextCursor });
    expect([...first.items, ...second.items].map((e) => e.id)).toEqual(all.items.slice(0, 4).map((e) => e.id));
    expect((await query<{ items: AuditEntryDto[] }>('admin.audit.list', { adminId: 'someone-else' })).items).toEqual([]);
  });
});
