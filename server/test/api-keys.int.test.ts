/**
 * API keys as the account owner and an operator of two nodes see them: made in the studio by a
 * signed-in account only and shown once; last use and per-key usage listed; revoked, banned or
 * malformed keys refused at once on every node; api_credits held by a create, captured when the
 * task succeeds and refunded when it fails; the plan's per-key rate counted across both nodes
 * (PostgreSQL counter), and failed keys limited per address.
 */
import { connect, type DatabaseHandle } from '@tessera/db/connect';
import { generationTasks, users } from '@tessera/db/schema';
import { type CreatedApiKey, MAX_API_KEYS } from '@tessera/shared/api';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { GenerationProvider } from '../src/generation/providers/provider.ts';
import { newApiKey } from '../src/modules/api/keys.ts';
import { api, apiBalanceOf, createKey, keyedUser } from './apiKit.ts';
import { buildTestApp, countStatements, rpc, signInAnonymously, signUpTestUser, type TestApp, testConfig } from './harness.ts';

/** A hosted model at the edge: a flat picture, or a failure when the prompt asks for one. */
const standIn: GenerationProvider = {
  name: 'flat or failing stand-in',
  supports: () => true,
  async run(task) {
    if (JSON.stringify(task.input).includes('explode')) throw new Error('model exploded');
    const data = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#22aa66' } })
      .png()
      .toBuffer();
    return [{ data, contentType: 'image/png', mediaType: 'image', width: 64, height: 64 }];
  },
};

const CONFIG = { rateLimitStore: 'postgres' as const };
let a: TestApp;
let b: { app: FastifyInstance; database: DatabaseHandle };
beforeAll(async () => {
  a = await buildTestApp({ config: { ...CONFIG, workerConcurrency: 1 }, providers: [standIn] });
  // A second node on the same database, sharing its counters through PostgreSQL.
  const database = await connect({ databaseUrl: a.config.databaseUrl, poolSize: 3 });
  b = { app: await buildApp({ config: testConfig({ ...CONFIG, databaseUrl: a.config.databaseUrl }), database }), database };
  await b.app.ready();
});
afterAll(async () => {
  await b?.app.close();
  await b?.database.close();
  await a?.close();
});

const settled = async (key: string, id: string) => {
  let task: { status: string } = { status: 'queued' };
  await expect
    .poll(
      async () => {
        task = (await api(a.app, key, 'GET', `/tasks/${id}`)).json();
        return ['succeeded', 'failed', 'canceled'].includes(task.status);
      },
      { interval: 50, timeout: 10_000 },
    )
    .toBe(true);
  return task as { status: string; error: { code: string; message: string } | null; outputs: { url: string }[] };
};

describe('keys', () => {
  it('are made by signed-in accounts only, shown once, and refused when malformed without a database lookup', async () => {
    const guest = await signInAnonymously(a.app);
    const refused = await rpc(a.app, guest.cookie, 'apiKeys.create', { name: 'guest' });
    expect(refused.status).toBe(401);
    expect((await rpc(a.app, null, 'apiKeys.create', { name: 'nobody' })).status).toBe(401);

    const user = await signUpTestUser(a.app);
    const created = await createKey(a.app, user, 'ci');
    expect(created.secret).toMatch(/^tsk_[0-9A-Za-z]{46}$/);
    expect(created.trialCredits).toBe(100);
    expect(created.key.prefix).toBe(created.secret.slice(0, 12));
    const listed = await rpc(a.app, user.cookie, 'apiKeys.list', undefined, 'GET');
    expect(JSON.stringify(listed.body)).not.toContain(created.secret);
    // The trial comes once per account, not per key.
    expect((await createKey(a.app, user, 'second')).trialCredits).toBe(0);
    expect(await apiBalanceOf(a.app, created.secret)).toMatchObject({ total: 100 });

    const typo = `${created.secret.slice(0, -1)}${created.secret.endsWith('A') ? 'B' : 'A'}`;
    for (const headers of [{ 'x-api-key': typo }, { authorization: 'Bearer tsk_short' }, { authorization: `Basic ${created.secret}` }, {}]) {
      const { result, statements } = await countStatements(a.config.databaseUrl ?? '', () => a.app.inject({ method: 'GET', url: '/api/v1/balance', headers }));
      expect([result.statusCode, result.json().error.data.appCode]).toEqual([401, 'INVALID_API_KEY']);
      expect(statements).toEqual([]);
    }
  });

  it('list their last use and usage: tasks and the credits they spent', async () => {
    const { user, key, keyId } = await keyedUser(a.app);
    const fresh = (await rpc(a.app, user.cookie, 'apiKeys.list', undefined, 'GET')).body.result.data[0];
    expect(fresh).toMatchObject({ id: keyId, lastUsedAt: null, usage: { tasks: 0, credits: 0 } });

    const ok = (await api(a.app, key, 'POST', '/generations/text-to-image', { prompt: 'a green square' })).json();
    expect(await apiBalanceOf(a.app, key)).toMatchObject({ used: 4 });
    const done = await settled(key, ok.id);
    expect(done.status).toBe('succeeded');
    // The output opens without a session or key: a signed link.
    const link = new URL(done.outputs[0]?.url ?? '');
    const download = await a.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(download.statusCode).toBe(200);
    expect((await sharp(download.rawPayload).metadata()).width).toBe(64);

    // A failed task refunds its api_credits and says why in the §8 shape.
    const bad = (await api(a.app, key, 'POST', '/generations/text-to-image', { prompt: 'please explode' })).json();
    const failed = await settled(key, bad.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(await apiBalanceOf(a.app, key)).toMatchObject({ used: 4, remaining: 96 });

    const used = (await rpc(a.app, user.cookie, 'apiKeys.list', undefined, 'GET')).body.result.data[0];
    expect(used.usage).toEqual({ tasks: 2, credits: 4 });
    expect(Date.parse(used.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stop working at once on every node when revoked, and when the owner is banned', async () => {
    const { user, key, keyId } = await keyedUser(a.app);
    expect((await api(b.app, key, 'GET', '/balance')).statusCode).toBe(200);
    expect((await rpc(a.app, user.cookie, 'apiKeys.revoke', { id: keyId })).status).toBe(200);
    for (const node of [a.app, b.app]) expect((await api(node, key, 'GET', '/balance')).statusCode).toBe(401);
    const listed = (await rpc(a.app, user.cookie, 'apiKeys.list', undefined, 'GET')).body.result.data[0];
    expect(listed.revokedAt).not.toBeNull();

    const banned = await keyedUser(a.app);
    expect((await api(a.app, banned.key, 'GET', '/balance')).statusCode).toBe(200);
    await a.database.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned.user.id));
    for (const node of [a.app, b.app]) expect((await api(node, banned.key, 'GET', '/balance')).statusCode).toBe(401);
  });

  it(`are at most ${MAX_API_KEYS} live ones per account`, async () => {
    const user = await signUpTestUser(a.app);
    const made: CreatedApiKey[] = [];
    for (let i = 0; i < MAX_API_KEYS; i++) made.push(await createKey(a.app, user, `k${i}`));
    const over = await rpc(a.app, user.cookie, 'apiKeys.create', { name: 'one too many' });
    expect([over.status, over.body.error.data.appCode]).toEqual([409, 'API_KEY_LIMIT']);
    await rpc(a.app, user.cookie, 'apiKeys.revoke', { id: made[0]?.key.id });
    expect((await rpc(a.app, user.cookie, 'apiKeys.create', { name: 'in its place' })).status).toBe(200);
  });
});

describe('rate limits', () => {
  it("count a key's requests on both nodes together, at the plan's per-minute rate, holding nothing when refused", async () => {
    const { user, key } = await keyedUser(a.app);
    const statuses: number[] = [];
    // FREE: 30 a minute.
    for (let i = 0; i < 30; i++) statuses.push((await api(i % 2 ? b.app : a.app, key, 'GET', '/balance')).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    for (const node of [a.app, b.app]) {
      const refused = await api(node, key, 'POST', '/generations/text-to-image', { prompt: 'one more' });
      expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect([refused.headers['ratelimit-limit'], refused.headers['ratelimit-remaining']]).toEqual(['30', '0']);
    }
    const held = await a.database.db.select({ n: sql<number>`count(*)::int` }).from(generationTasks).where(eq(generationTasks.userId, user.id));
    expect(held[0]?.n).toBe(0);
    // Another key is counted on its own.
    const other = await keyedUser(a.app);
    expect((await api(b.app, other.key, 'GET', '/balance')).statusCode).toBe(200);
  });

  it('refuse an address that keeps sending unknown keys, before looking its keys up', async () => {
    const { key } = await keyedUser(a.app);
    const from = (remoteAddress: string, secret: string) => api(a.app, secret, 'GET', '/balance', undefined, {}, { remoteAddress });
    for (let i = 0; i < 30; i++) expect((await from('203.0.113.9', newApiKey().secret)).statusCode).toBe(401);
    const guessing = await from('203.0.113.9', key);
    expect([guessing.statusCode, guessing.json().error.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(Number(guessing.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('198.51.100.7', key)).statusCode).toBe(200);
  });
});
