/**
 * The generation path end to end on a real database, real sockets and real files: accept →
 * hold → worker → progress → stored output → capture; failures refund; limits and moderation
 * refuse before anything is held.
 */
import { generationTasks } from '@tessera/db/schema';
import type { ServerEventPayload } from '@tessera/shared/realtime';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationProvider } from '../src/generation/providers/provider.ts';
import {
  buildTestApp,
  creditSummary,
  connectTestSocket,
  disconnectTestSockets,
  rpc,
  signInAnonymously,
  type TestApp,
  type TestUser,
} from './harness.ts';

const call = (t: TestApp, user: TestUser, path: string, input?: unknown, method: 'GET' | 'POST' = 'POST') => rpc(t.app, user.cookie, path, input, method);
const summary = (t: TestApp, user: TestUser) => creditSummary(t.app, user.cookie);

/**
 * Waits until the task's lease has run out by the database's clock, the one the reaper compares
 * it with (`lease_expires_at < now()`): no fixed sleep that a slow machine could outlast or a fast one cut short.
 */
async function leaseRunOut(t: TestApp, id: string): Promise<void> {
  const expired = async () =>
    (await t.database.db.select({ expired: sql<boolean>`${generationTasks.leaseExpiresAt} < now()` }).from(generationTasks).where(eq(generationTasks.id, id)))[0]?.expired;
  await expect.poll(expired, { interval: 10, timeout: 5_000 }).toBe(true);
}

async function closeApp(t: TestApp | undefined) {
  disconnectTestSockets();
  await t?.close();
}

describe('text-to-image on the local engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { workerConcurrency: 1 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => closeApp(t));

  it('streams progress in order, stores a real image, and charges the shown cost once', async () => {
    const user = await signInAnonymously(t.app);
    const socket = await connectTestSocket(t.app, user.cookie);
    const before = await summary(t, user);

    const progress: number[] = [];
    socket.on('task:progress', (p: { progress: number }) => progress.push(p.progress));
    const events: string[] = [];
    socket.on('task:succeeded', () => events.push('succeeded'));
    socket.on('credits:changed', () => events.push('credits'));
    const succeeded = new Promise<ServerEventPayload<'task:succeeded'>>((resolve) => socket.once('task:succeeded', resolve));

    const created = await call(t, user, 'text2Image.create', { prompt: 'sunset over the ocean', aspectRatio: '16:9' });
    expect(created.status).toBe(200);
    const { id } = created.body.result.data;

    const done = await succeeded;
    expect(done.id).toBe(id);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    await expect.poll(() => events.at(-1)).toBe('credits');

    const [output] = done.outputs;
    expect(output).toMatchObject({ width: 1344, height: 768 });
    const file = await t.app.inject({ method: 'GET', url: output!.url, headers: { cookie: user.cookie } });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1344, 768]);

    const after = await summary(t, user);
    expect(after.used - before.used).toBe(4);
    const task = (await call(t, user, 'task.get', { id }, 'GET')).body.result.data;
    expect(task).toMatchObject({ status: 'succeeded', progress: 100, cost: 4 });
  });

  it('refuses a sensitive prompt before holding anything', async () => {
    const user = await signInAnonymously(t.app);
    const before = await summary(t, user);
    const res = await call(t, user, 'text2Image.create', { prompt: 'child porn' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Please do not enter sensitive or harmful content.');
    expect(await summary(t, user)).toEqual(before);
    expect((await call(t, user, 'task.list', undefined, 'GET')).body.result.data).toEqual([]);
  });

  it('answers BAD_REQUEST for invalid input and UNAUTHORIZED without a session', async () => {
    const user = await signInAnonymously(t.app);
    expect((await call(t, user, 'text2Image.create', { prompt: '' })).body.error.data.code).toBe('BAD_REQUEST');
    const res = await t.app.inject({ method: 'POST', url: '/api/trpc/text2Image.create', payload: { prompt: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('queue limits and cancel (no workers running)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { workerConcurrency: 0 } });
  });
  afterAll(() => closeApp(t));

  it('enforces the parallel-task limit and releases the hold on cancel', async () => {
    const user = await signInAnonymously(t.app);
    const before = await summary(t, user);
    const a = await call(t, user, 'text2Image.create', { prompt: 'one' });
    const b = await call(t, user, 'text2Image.create', { prompt: 'two' });
    expect([a.status, b.status]).toEqual([200, 200]);
    const third = await call(t, user, 'text2Image.create', { prompt: 'three' });
    expect(third.status).toBe(429);
    expect(third.body.error.message).toBe('Parallel task limit reached. Please wait for some tasks to complete.');
    expect((await call(t, user, 'task.concurrency', undefined, 'GET')).body.result.data).toMatchObject({ inUse: 2, limit: 2 });
    expect((await summary(t, user)).used - before.used).toBe(8);

    const canceled = await call(t, user, 'task.cancel', { id: a.body.result.data.id });
    expect(canceled.body.result.data.status).toBe('canceled');
    expect((await summary(t, user)).used - before.used).toBe(4);
    expect((await call(t, user, 'text2Image.create', { prompt: 'three again' })).status).toBe(200);
    // A finished task cannot be canceled twice.
    expect((await call(t, user, 'task.cancel', { id: a.body.result.data.id })).status).toBe(412);
  });

  it('serialises concurrent submissions so the limit holds under a burst', async () => {
    const user = await signInAnonymously(t.app);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => call(t, user, 'text2Image.create', { prompt: `burst ${i}` })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 429)).toHaveLength(6);
  });

  it("does not show or cancel another user's task", async () => {
    const owner = await signInAnonymously(t.app);
    const other = await signInAnonymously(t.app);
    const { id } = (await call(t, owner, 'text2Image.create', { prompt: 'mine' })).body.result.data;
    expect((await call(t, other, 'task.get', { id }, 'GET')).status).toBe(404);
    expect((await call(t, other, 'task.cancel', { id })).status).toBe(404);
  });
});

describe('failures refund', () => {
  const failing: GenerationProvider = {
    name: 'failing stand-in',
    supports: () => true,
    async run(_task, ctx) {
      ctx.reportProgress(30, 'working');
      throw new Error('model exploded');
    },
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { workerConcurrency: 1 }, providers: [failing] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => closeApp(t));

  it('fails the task, releases the hold and tells the socket', async () => {
    const user = await signInAnonymously(t.app);
    const socket = await connectTestSocket(t.app, user.cookie);
    const before = await summary(t, user);
    const failed = new Promise<{ id: string; code: string; message: string }>((resolve) => socket.once('task:failed', resolve));
    const { id } = (await call(t, user, 'text2Image.create', { prompt: 'doomed' })).body.result.data;
    expect(await failed).toEqual({ id, projectId: null, code: 'IMAGE_GENERATION_FAILED', message: 'Image generation failed.' });
    await expect.poll(async () => (await summary(t, user)).used).toBe(before.used);
    const task = (await call(t, user, 'task.get', { id }, 'GET')).body.result.data;
    expect(task).toMatchObject({ status: 'failed', error: { code: 'IMAGE_GENERATION_FAILED' } });
    // Read in Japanese (§7 user-language header): the catalogue message in Japanese, the code kept.
    const ja = await t.app.inject({ method: 'GET', url: `/api/trpc/task.get?input=${encodeURIComponent(JSON.stringify({ id }))}`, headers: { cookie: user.cookie, 'user-language': 'ja' } });
    expect(ja.json().result.data.error).toEqual({ code: 'IMAGE_GENERATION_FAILED', message: '画像の生成に失敗しました。' });
  });
});

describe('a worker that dies mid-task', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { workerConcurrency: 0 } });
  });
  afterAll(() => closeApp(t));

  it('is reaped: the task re-runs once, stores one result and is charged once', async () => {
    const { claimNextTask, findTask } = await import('../src/generation/tasks.repo.ts');
    const { createWorkerPool } = await import('../src/generation/workers.ts');
    const user = await signInAnonymously(t.app);
    const before = await summary(t, user);
    const { id } = (await call(t, user, 'text2Image.create', { prompt: 'resilient' })).body.result.data;

    // A worker claims the task with a short lease and then "crashes": no heartbeat, no result.
    const claimed = await claimNextTask(t.database.db, 'dead-worker', 50);
    expect(claimed?.id).toBe(id);
    await leaseRunOut(t, id);

    const pool = createWorkerPool(t.app.services, t.app.log, { concurrency: 1, pollMs: 20, reapMs: 60_000 });
    expect(await pool.reap()).toBe(1);
    expect((await findTask(t.database.db, id))?.status).toBe('queued');
    pool.start();
    await expect.poll(async () => (await findTask(t.database.db, id))?.status, { timeout: 10_000 }).toBe('succeeded');
    await pool.stop();

    const task = await findTask(t.database.db, id);
    expect(task?.attempts).toBe(2);
    expect(task?.outputs).toHaveLength(1);
    expect((await summary(t, user)).used - before.used).toBe(4);
  });

  it('fails and refunds once the attempts run out', async () => {
    const { claimNextTask, findTask } = await import('../src/generation/tasks.repo.ts');
    const { createWorkerPool } = await import('../src/generation/workers.ts');
    const user = await signInAnonymously(t.app);
    const before = await summary(t, user);
    const { id } = (await call(t, user, 'text2Image.create', { prompt: 'cursed' })).body.result.data;
    const pool = createWorkerPool(t.app.services, t.app.log, { concurrency: 1, reapMs: 60_000 });
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await claimNextTask(t.database.db, `dead-${attempt}`, 20))?.id).toBe(id);
      await leaseRunOut(t, id);
      await pool.reap();
    }
    const task = await findTask(t.database.db, id);
    expect(task).toMatchObject({ status: 'failed', attempts: 3, errorCode: 'IMAGE_GENERATION_FAILED' });
    expect((await summary(t, user)).used).toBe(before.used);
  });
});

describe('periodic maintenance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { workerConcurrency: 0 } });
  });
  afterAll(() => closeApp(t));

  it("writes off expired grants' unused credits", async () => {
    const { grantCredits, getCreditHistory } = await import('../src/modules/credits/credits.service.ts');
    const { createWorkerPool } = await import('../src/generation/workers.ts');
    const user = await signInAnonymously(t.app);
    const expiresAt = new Date(Date.now() + 60_000);
    await grantCredits(t.database.db, { userId: user.id, sourceKind: 'admin', sourceId: `promo-${user.id}`, amount: 7, expiresAt, note: 'Promo' });
    const pool = createWorkerPool(t.app.services, t.app.log, { concurrency: 1 });
    expect(await pool.expireCredits(new Date(Date.now() + 120_000))).toBe(1);
    const history = await getCreditHistory(t.database.db, user.id, { limit: 10 });
    expect(history.entries.some((e) => e.kind === 'expire' && e.amount === 7)).toBe(true);
  });
});
