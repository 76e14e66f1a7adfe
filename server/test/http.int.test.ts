/**
 * Plain HTTP behaviour an operator relies on: health, JSON errors for unknown API paths and
 * bad bodies (in the tRPC error shape), security headers, and rate limiting.
 */
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUpTestUser, TEST_ORIGIN, type TestApp } from './harness.ts';

interface HttpError {
  error: { code: string; message: string; data: { code: string; httpStatus: number; path?: string } };
}

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('reports ok with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: { kind: 'postgres', ok: true }, storage: { ok: true } });
  });
});

describe('errors', () => {
  it('answers an unknown /api path with a JSON 404, never the studio page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).not.toMatch(/<html/i);
    const body = res.json<HttpError>();
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404, path: '/api/does-not-exist' });
  });

  it('answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'big@example.com', password: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    const body = res.json<HttpError>();
    expect(body.error.data).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 });
    expect(body.error.message).toBe('The request is too large.');
  });

  it('answers a too large tRPC body with 413 PAYLOAD_TOO_LARGE', async () => {
    const user = await signUpTestUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/user.updateProfile',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<HttpError>().error.data.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers malformed JSON to the auth API with 400 PARSE_ERROR in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"email": "a@example.com", ',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<HttpError>();
    expect(body.error.data).toMatchObject({ code: 'PARSE_ERROR', httpStatus: 400, path: '/api/auth/sign-in/email' });
    expect(res.body).not.toMatch(/FST_ERR|stack/);
  });
});

describe('security headers', () => {
  it.each(['/api/health', '/api/does-not-exist', '/api/trpc/system.ping'])('are set on %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy'] ?? '');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('does not send HSTS on a plain-http public URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('compression', () => {
  // The model catalogue is public and several KB of JSON: what a guest's first page fetches.
  const CATALOG = `/api/trpc/model.catalog?input=${encodeURIComponent(JSON.stringify({}))}`;
  const decode = (encoding: unknown, body: Buffer) =>
    encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

  it('compresses a JSON answer of 1 KB or more by Accept-Encoding, brotli first, and answers the same JSON', async () => {
    const plain = await t.app.inject({ method: 'GET', url: CATALOG });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: CATALOG, headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      if (encoding) {
        expect(String(res.headers.vary), accept).toMatch(/accept-encoding/i);
        expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 3);
      }
      expect(JSON.parse(decode(encoding, res.rawPayload).toString('utf8')), accept).toEqual(plain.json());
    }
  });

  it('leaves answers under 1 KB alone, and never decompresses a request body', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();

    // A gzip body is not unpacked into JSON: the request is refused as malformed, as before.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'zip@example.com', password: 'x'.repeat(12) })),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('rate limiting', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ config: { authRateLimitMax: 3 } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers the 4th auth request in a row with 429 TOO_MANY_REQUESTS', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await limited.app.inject({ method: 'GET', url: '/api/auth/get-session' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200]);

    const res = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'someone@example.com', password: 'whatever password' },
    });
    expect(res.statusCode).toBe(429);
    const body = res.json<HttpError>();
    expect(body.error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
    expect(body.error.message).toBe('Too many requests. Please try again later.');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('keeps health and the RPC API outside the auth limit', async () => {
    const health = await limited.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const ping = await limited.app.inject({ method: 'GET', url: '/api/trpc/system.ping' });
    expect(ping.statusCode).toBe(200);
  });
});
