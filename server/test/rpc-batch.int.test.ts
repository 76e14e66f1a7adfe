/**
 * Batched tRPC requests cannot buy more work than the same calls sent one by one: a batch holds
 * at most RPC_MAX_BATCH_CALLS calls, and every call counts against the per-IP request limit.
 */
import { RPC_MAX_BATCH_CALLS } from '@tessera/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInAnonymously, TEST_ORIGIN, type TestApp } from './harness.ts';

/** Requests per IP per minute in this file: small, so two batches reach it. */
const MAX = 12;

interface RpcAnswer {
  result?: { data: unknown };
  error?: { message: string; data: { code: string; httpStatus: number; appCode?: string } };
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimitMax: MAX } });
});
afterAll(async () => {
  await t?.close();
});

function batchGet(paths: string[], ip: string) {
  const input = Object.fromEntries(paths.map((_, i) => [i, {}]));
  return t.app.inject({
    method: 'GET',
    url: `/api/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
    remoteAddress: ip,
  });
}

function batchPost(paths: string[], ip: string, cookie: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/trpc/${paths.join(',')}?batch=1`,
    remoteAddress: ip,
    headers: { cookie, origin: TEST_ORIGIN },
    payload: Object.fromEntries(paths.map((_, i) => [i, { name: `Batch ${i}` }])),
  });
}

const pings = (n: number) => Array.from({ length: n }, () => 'system.ping');
const codes = (answers: RpcAnswer[]) => answers.map((a) => a.error?.data.code ?? 'OK');

describe('batch size', () => {
  it('answers a batch of one call too many with 400 in the catalogue shape, for queries and mutations', async () => {
    expect(RPC_MAX_BATCH_CALLS).toBe(10);
    const query = await batchGet(pings(RPC_MAX_BATCH_CALLS + 1), '10.10.0.1');
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({
      error: {
        code: -32600,
        message: 'Too many calls in one request.',
        data: { code: 'BAD_REQUEST', httpStatus: 400, appCode: 'BATCH_TOO_LARGE' },
      },
    });

    const user = await signInAnonymously(t.app);
    const mutation = await batchPost(Array.from({ length: RPC_MAX_BATCH_CALLS + 1 }, () => 'project.create'), '10.10.0.2', user.cookie);
    expect(mutation.statusCode).toBe(400);
    expect(mutation.json().error.data.appCode).toBe('BATCH_TOO_LARGE');
    // Nothing of the refused batch ran.
    const list = await t.app.inject({ method: 'GET', url: '/api/trpc/project.list', remoteAddress: '10.10.0.3', headers: { cookie: user.cookie } });
    expect(list.json().result.data.filter((p: { name: string }) => p.name.startsWith('Batch '))).toEqual([]);
  });
});

describe('rate limit per call', () => {
  it('runs a full batch and counts its N calls as N requests', async () => {
    const ip = '10.20.0.1';
    const batch = await batchGet(pings(RPC_MAX_BATCH_CALLS), ip);
    expect(batch.statusCode).toBe(200);
    expect(codes(batch.json<RpcAnswer[]>())).toEqual(Array.from({ length: RPC_MAX_BATCH_CALLS }, () => 'OK'));

    // 10 used: the next two single requests are the 11th and 12th, the 13th is refused.
    const eleventh = await t.app.inject({ method: 'GET', url: '/api/trpc/system.ping', remoteAddress: ip });
    expect(eleventh.statusCode).toBe(200);
    expect(eleventh.headers['x-ratelimit-remaining']).toBe(String(MAX - 11));
    expect((await t.app.inject({ method: 'GET', url: '/api/trpc/system.ping', remoteAddress: ip })).statusCode).toBe(200);
    const thirteenth = await t.app.inject({ method: 'GET', url: '/api/trpc/system.ping', remoteAddress: ip });
    expect(thirteenth.statusCode).toBe(429);
    expect(thirteenth.json().error.message).toBe('Too many requests. Please try again later.');

    // Another address has its own budget.
    expect((await t.app.inject({ method: 'GET', url: '/api/trpc/system.ping', remoteAddress: '10.20.0.2' })).statusCode).toBe(200);
  });

  it('refuses the calls of a batch past the limit with TOO_MANY_REQUESTS and does not run them', async () => {
    const user = await signInAnonymously(t.app);
    const ip = '10.30.0.1';
    expect((await batchGet(pings(4), ip)).statusCode).toBe(200);
    // 4 used, 8 left: 8 of these 10 run.
    const res = await batchPost(Array.from({ length: RPC_MAX_BATCH_CALLS }, () => 'project.create'), ip, user.cookie);
    const answers = res.json<RpcAnswer[]>();
    expect(codes(answers).filter((c) => c === 'OK')).toHaveLength(MAX - 4);
    const refused = answers.filter((a) => a.error);
    expect(refused).toHaveLength(2);
    for (const a of refused) {
      expect(a.error).toMatchObject({ message: 'Too many requests. Please try again later.', data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } });
    }

    const list = await t.app.inject({ method: 'GET', url: '/api/trpc/project.list', remoteAddress: '10.30.0.2', headers: { cookie: user.cookie } });
    expect(list.json().result.data.filter((p: { name: string }) => p.name.startsWith('Batch '))).toHaveLength(MAX - 4);
  });
});
