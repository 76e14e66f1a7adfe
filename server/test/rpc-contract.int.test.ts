/**
 * The RPC contract of spec §7/§8 as the studio and third parties see it: tRPC at /api/trpc,
 * queries by GET, mutations by POST, batching, and the wire shape of every error.
 */
import type { AddressInfo } from 'node:net';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { RPC_MAX_BATCH_CALLS } from '@tessera/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../src/trpc/router.ts';
import { buildTestApp, signInAnonymously, signUpTestUser, TEST_ORIGIN, type TestApp, type TestUser } from './harness.ts';

interface WireError {
  error: {
    code: number;
    message: string;
    data: { code: string; httpStatus: number; path?: string; appCode?: string; issues?: { path: string; message: string }[] };
  };
}

let t: TestApp;
let user: TestUser;
let baseUrl: string;

beforeAll(async () => {
  t = await buildTestApp();
  user = await signUpTestUser(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

/** A real tRPC client that records every HTTP request it makes. */
function recordingClient(cookie?: string) {
  const requests: { method: string; url: string }[] = [];
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseUrl}/api/trpc`,
        // A browser sends its page's Origin with every POST; Node's fetch does not.
        headers: () => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }),
        fetch: async (input, init) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          requests.push({ method: init?.method ?? 'GET', url });
          return fetch(input, init);
        },
      }),
    ],
  });
  return { client, requests };
}

describe('with @trpc/client', () => {
  it('batches two queries into one GET request and returns both results', async () => {
    const { client, requests } = recordingClient(user.cookie);
    const [ping, info] = await Promise.all([client.system.ping.query(), client.user.getReqInfo.query()]);
    expect(ping).toEqual({ ok: true });
    expect(info).toEqual({ country: 'US' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(new URL(requests[0]!.url).pathname).toBe('/api/trpc/system.ping,user.getReqInfo');
  });

  it('sends a mutation as POST and returns the updated profile', async () => {
    const { client, requests } = recordingClient(user.cookie);
    const updated = await client.user.updateProfile.mutate({ name: 'Ada Lovelace' });
    expect(updated.name).toBe('Ada Lovelace');
    expect(updated.id).toBe(user.id);
    expect(requests.map((r) => r.method)).toEqual(['POST']);
    // The change is persisted, not just echoed.
    expect((await client.user.find.query()).name).toBe('Ada Lovelace');
  });

  it('surfaces UNAUTHORIZED as a TRPCClientError with code and status', async () => {
    const { client } = recordingClient();
    const error = await client.user.find.query().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TRPCClientError);
    const data = (error as TRPCClientError<AppRouter>).data;
    expect(data?.code).toBe('UNAUTHORIZED');
    expect(data?.httpStatus).toBe(401);
    expect((error as TRPCClientError<AppRouter>).message).toBe('Please sign in to continue.');
  });
});

describe('raw HTTP', () => {
  it('answers a batched GET with an array of results in call order', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/trpc/system.ping,user.getReqInfo?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ result: { data: { ok: true } } }, { result: { data: { country: 'US' } } }]);
  });

  it('answers 401 with the exact wire error shape and no stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/trpc/user.find' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json<WireError>();
    expect(Object.keys(body)).toEqual(['error']);
    expect(typeof body.error.code).toBe('number');
    expect(body.error.code).toBe(-32001);
    expect(body.error.message).toBe('Please sign in to continue.');
    expect(body.error.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, path: 'user.find' });
    expect(res.body).not.toMatch(/stack/i);
  });

  it('rejects invalid input with 400 BAD_REQUEST, "Incorrect Parameter" and field issues', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/user.updateProfile',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"name":123}',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<WireError>();
    expect(body.error.message).toBe('Incorrect Parameter');
    expect(body.error.data.code).toBe('BAD_REQUEST');
    expect(body.error.data.httpStatus).toBe(400);
    expect(body.error.data.path).toBe('user.updateProfile');
    expect(body.error.data.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'name' })]));
    expect(res.body).not.toMatch(/stack/i);
  });

  it('answers a malformed JSON body with 400 PARSE_ERROR without echoing the parser message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/user.updateProfile',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<WireError>();
    expect(body.error.code).toBe(-32700);
    expect(body.error.data).toMatchObject({ code: 'PARSE_ERROR', httpStatus: 400, path: 'user.updateProfile' });
    expect(body.error.message).toBe('The request body could not be parsed.');
  });

  it('answers an unknown procedure with 404 NOT_FOUND', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/trpc/user.doesNotExist' });
    expect(res.statusCode).toBe(404);
    const body = res.json<WireError>();
    expect(body.error.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404, path: 'user.doesNotExist' });
  });

  it('answers GET on a mutation with 405 METHOD_NOT_SUPPORTED', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/trpc/user.updateProfile', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(405);
    expect(res.json<WireError>().error.data).toMatchObject({ code: 'METHOD_NOT_SUPPORTED', httpStatus: 405 });
  });

  it('serves a very long batched GET URL (a full batch of calls in one path parameter)', async () => {
    const calls = RPC_MAX_BATCH_CALLS;
    const paths = Array.from({ length: calls }, () => 'system.ping').join(',');
    const input = Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { pad: 'x'.repeat(200) }]));
    const url = `/api/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
    // Fastify's default maxParamLength is 100: the studio's batched paths go past it.
    expect(paths.length).toBeGreaterThan(100);
    expect(url.length).toBeGreaterThan(2_000);
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const body = res.json<unknown[]>();
    expect(body).toHaveLength(calls);
    expect(body.every((r) => JSON.stringify(r) === JSON.stringify({ result: { data: { ok: true } } }))).toBe(true);
  });
});

describe('user.getReqInfo', () => {
  it('defaults to US', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/trpc/user.getReqInfo' });
    expect(res.json()).toEqual({ result: { data: { country: 'US' } } });
  });

  it('derives the country from Accept-Language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/trpc/user.getReqInfo',
      headers: { 'accept-language': 'de-CH,de;q=0.9,en;q=0.8' },
    });
    expect(res.json()).toEqual({ result: { data: { country: 'CH' } } });
  });

  it('ignores a proxy country header that is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/trpc/user.getReqInfo', headers: { 'cf-ipcountry': 'FR' } });
    expect(res.json()).toEqual({ result: { data: { country: 'US' } } });
  });

  describe('with COUNTRY_HEADER configured', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await buildTestApp({ config: { countryHeader: 'cf-ipcountry' } });
    });
    afterAll(async () => {
      await proxied?.close();
    });

    it('lets the proxy header win over Accept-Language', async () => {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/trpc/user.getReqInfo',
        headers: { 'cf-ipcountry': 'JP', 'accept-language': 'de-CH' },
      });
      expect(res.json()).toEqual({ result: { data: { country: 'JP' } } });
    });

    it('falls back to Accept-Language when the proxy reports an unknown country', async () => {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/trpc/user.getReqInfo',
        headers: { 'cf-ipcountry': 'XX', 'accept-language': 'de-CH' },
      });
      expect(res.json()).toEqual({ result: { data: { country: 'CH' } } });
    });
  });
});

describe('user.find and user.session', () => {
  it('returns exactly the public fields of the signed-in user', async () => {
    const fresh = await signUpTestUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/trpc/user.find', headers: { cookie: fresh.cookie } });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ result: { data: Record<string, unknown> } }>().result.data;
    expect(Object.keys(data).sort()).toEqual(['email', 'firstName', 'id', 'image', 'lastName', 'name', 'regCountry', 'userGroup'].sort());
    expect(data.id).toBe(fresh.id);
    expect(data.email).toBe(fresh.email);
    expect(data.regCountry).toBe('US');
    expect(data.userGroup).toBeGreaterThanOrEqual(101);
    expect(data.userGroup).toBeLessThanOrEqual(160);
  });

  it('treats an anonymous session as not signed in, but user.session describes it', async () => {
    const anon = await signInAnonymously(t.app);
    const find = await t.app.inject({ method: 'GET', url: '/api/trpc/user.find', headers: { cookie: anon.cookie } });
    expect(find.statusCode).toBe(401);
    expect(find.json<WireError>().error.data.code).toBe('UNAUTHORIZED');

    const session = await t.app.inject({ method: 'GET', url: '/api/trpc/user.session', headers: { cookie: anon.cookie } });
    expect(session.statusCode).toBe(200);
    const data = session.json<{ result: { data: { sessionId: string; user: Record<string, unknown> } } }>().result.data;
    expect(data.sessionId).toEqual(expect.any(String));
    expect(data.user).toMatchObject({ id: anon.id, email: null, isAnonymous: true });
  });

  it('answers user.session without a session with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/trpc/user.session' });
    expect(res.statusCode).toBe(401);
  });
});
