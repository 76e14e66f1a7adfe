/**
 * A client's mistake answers 4xx in the §8 shape, never a 500 or a stack trace: text PostgreSQL
 * cannot store (NUL, unpaired surrogates), bodies tRPC cannot read, methods it does not answer,
 * broken cookies, absurdly nested JSON, cut-off uploads, oversized headers, unknown auth paths
 * and refused webhooks.
 */
import { request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, rpc, signInAnonymously, signUpTestUser, TEST_ORIGIN, type TestApp, type TestUser, uniqueEmail } from './harness.ts';

interface WireError {
  error: { code: number | string; message: string; data: { code: string; httpStatus: number; path?: string; appCode?: string } };
}

let t: TestApp;
let member: TestUser;
let guest: TestUser;
let projectId: string;

beforeAll(async () => {
  t = await buildTestApp();
  member = await signUpTestUser(t.app);
  guest = await signInAnonymously(t.app);
  const project = await rpc(t.app, guest.cookie, 'project.create', { name: 'Bad input' });
  expect(project.status).toBe(200);
  projectId = project.body.result.data.id;
});
afterAll(async () => {
  await t?.close();
});

/** A §8 error body with `status` on the wire and in `data`, and nothing that looks like a stack. */
function expectCatalogueError(status: number, body: unknown, wire: string): void {
  const shape = body as WireError;
  expect(shape.error.data).toMatchObject({ code: wire, httpStatus: status });
  expect(typeof shape.error.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/\n\s+at |stack/);
}

const NUL = 'bad\u0000text';
const LONE_SURROGATE = 'bad\uD83Dtext';

describe('text PostgreSQL cannot store', () => {
  const calls: Array<[string, (text: string) => [cookie: () => string | null, path: string, input: unknown, method: 'GET' | 'POST']]> = [
    ['the public feed by tag', (text) => [() => null, 'feed.list', { tag: text }, 'GET']],
    ['the public feed by author', (text) => [() => null, 'feed.author', { id: text }, 'GET']],
    ['a profile update', (text) => [() => member.cookie, 'user.updateProfile', { name: text }, 'POST']],
    ['a project rename', (text) => [() => guest.cookie, 'project.rename', { id: projectId, name: text }, 'POST']],
    ['a new project', (text) => [() => guest.cookie, 'project.create', { name: text }, 'POST']],
    ['a generation prompt', (text) => [() => member.cookie, 'text2Image.create', { prompt: text }, 'POST']],
  ];

  it.each(calls)('answers 400 BAD_REQUEST for a NUL or a lone surrogate in %s', async (_name, make) => {
    for (const text of [NUL, LONE_SURROGATE]) {
      const [cookie, path, input, method] = make(text);
      const res = await rpc(t.app, cookie(), path, input, method);
      expect(res.status, `${path} ${JSON.stringify(text)}: ${JSON.stringify(res.body)}`).toBe(400);
      expectCatalogueError(400, res.body, 'BAD_REQUEST');
      expect(res.body.error).toMatchObject({ code: -32600, message: 'Incorrect Parameter', data: { path } });
    }
  });

  it('rejects the same text in an object key and in a batched call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/project.create,project.create?batch=1',
      headers: { cookie: guest.cookie, origin: TEST_ORIGIN },
      payload: { 0: { name: 'fine' }, 1: { name: 'fine', [NUL]: 1 } },
    });
    const [first, second] = res.json<Array<{ result?: unknown; error?: WireError['error'] }>>();
    expect(first?.result).toBeDefined();
    expect(second?.error?.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
  });

  it('still stores emoji, CJK and right-to-left text', async () => {
    const names = ['Summer 🌞👩🏽‍🎨', '夏の企画 · 여름', 'مشروع الصيف', 'פרויקט'];
    for (const name of names) {
      const renamed = await rpc(t.app, guest.cookie, 'project.rename', { id: projectId, name });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.result.data.name).toBe(name);
    }
    const profile = await rpc(t.app, member.cookie, 'user.updateProfile', { name: '李小龍 🐉' });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const feed = await rpc(t.app, null, 'feed.list', { tag: '夏' }, 'GET');
    expect(feed.status).toBe(200);
  });

  it('answers 400 on the REST routes and the auth routes too', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: uniqueEmail('nul'), password: 'correct horse battery', name: NUL },
    });
    expect(signUp.statusCode, signUp.body).toBe(400);
    expectCatalogueError(400, signUp.json(), 'BAD_REQUEST');

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/anonymous', headers: { origin: TEST_ORIGIN }, payload: { deviceId: LONE_SURROGATE } });
    expect(anonymous.statusCode, anonymous.body).toBe(400);

    const collect = await t.app.inject({ method: 'POST', url: '/api/analytics/collect', payload: { events: [{ event: 'page_view', session_id: NUL }] } });
    expect(collect.statusCode, collect.body).toBe(400);
    expectCatalogueError(400, collect.json(), 'BAD_REQUEST');

    const imported = await t.app.inject({ method: 'POST', url: '/api/media/import', headers: { cookie: guest.cookie, origin: TEST_ORIGIN }, payload: { url: `https://example.com/${NUL}.png` } });
    expect(imported.statusCode, imported.body).toBe(400);
    expectCatalogueError(400, imported.json(), 'BAD_REQUEST');
  });
});

describe('client mistakes the framework sees first', () => {
  it('answers a tRPC POST with a text/plain body 400 PARSE_ERROR', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/trpc/project.create', headers: { cookie: guest.cookie, origin: TEST_ORIGIN, 'content-type': 'text/plain' }, payload: '{"name":"x"}' });
    expect(res.statusCode, res.body).toBe(400);
    expectCatalogueError(400, res.json(), 'PARSE_ERROR');
    expect(res.json<WireError>().error.code).toBe(-32700);
  });

  it.each(['OPTIONS', 'DELETE', 'PUT', 'PATCH'] as const)('answers %s on /api/trpc 405 METHOD_NOT_SUPPORTED', async (method) => {
    const res = await t.app.inject({ method, url: '/api/trpc/feed.list' });
    expect(res.statusCode, res.body).toBe(405);
    expectCatalogueError(405, res.json(), 'METHOD_NOT_SUPPORTED');
    expect(res.json<WireError>().error).toMatchObject({ code: -32005, data: { path: 'feed.list' } });
  });

  it('treats a session cookie with a broken percent-escape as no session', async () => {
    const cookie = 'tessera.session_token=%E0%A4%A';
    const find = await rpc(t.app, cookie, 'user.find', undefined, 'GET');
    expect(find.status, JSON.stringify(find.body)).toBe(401);
    expectCatalogueError(401, find.body, 'UNAUTHORIZED');
    const feed = await rpc(t.app, cookie, 'feed.list', {}, 'GET');
    expect(feed.status).toBe(200);
    const upload = await t.app.inject({ method: 'POST', url: '/api/media/upload', headers: { cookie, origin: TEST_ORIGIN } });
    expect(upload.statusCode, upload.body).toBe(401);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.statusCode, session.body).toBeLessThan(500);
  });

  it('answers a URL with a broken percent-escape 400', async () => {
    for (const url of ['/api/media/u/%E0%A4%A.png', '/api/trpc/feed.list?input=%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      expect(res.json<WireError>().error.data.httpStatus).toBe(res.statusCode);
    }
  });

  it('answers JSON nested 10,000 levels deep 400 on the auth, REST and tRPC routes', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const headers = { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie: guest.cookie };
    for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-in/anonymous', '/api/analytics/collect', '/api/trpc/project.create']) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload: deep });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expectCatalogueError(400, res.json(), 'BAD_REQUEST');
    }
  });

  it('answers an upload whose multipart body ends early or has no boundary 400 PARSE_ERROR', async () => {
    const boundary = '----tessera-cut-off';
    const cutOff = [`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n`, `--${boundary}`, `--${boundary}\r\nContent-Disp`];
    const bodies = [
      ...cutOff.map((payload) => ({ payload, contentType: `multipart/form-data; boundary=${boundary}` })),
      { payload: `--${boundary}--\r\n`, contentType: 'multipart/form-data' },
    ];
    for (const { payload, contentType } of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/media/upload',
        headers: { cookie: guest.cookie, origin: TEST_ORIGIN, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expectCatalogueError(400, res.json(), 'PARSE_ERROR');
    }
  });
});

describe('error bodies outside the routes', () => {
  it('answers headers over the limit 431 and an unreadable request 400 with a catalogue body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/health', headers: { 'x-padding': 'x'.repeat(64 * 1024) } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(res.status).toBe(431);
    expectCatalogueError(431, JSON.parse(res.body), 'PAYLOAD_TOO_LARGE');

    // A request line Node's parser cannot read at all.
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end('NOT HTTP AT ALL\r\n\r\n'));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expectCatalogueError(400, JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)), 'PARSE_ERROR');
  });

  it('answers an unknown auth path 404 NOT_FOUND', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/auth/nope', headers: { origin: TEST_ORIGIN }, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, res.body).toBe(404);
      expectCatalogueError(404, res.json(), 'NOT_FOUND');
    }
  });

  it('answers webhooks that are not configured or not signed in the catalogue shape', async () => {
    const stripe = await t.app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', payload: { id: 'evt_1' } });
    expect(stripe.statusCode).toBe(404);
    expectCatalogueError(404, stripe.json(), 'NOT_FOUND');
    const replicate = await t.app.inject({ method: 'POST', url: '/api/providers/replicate/webhook', payload: { id: 'p_1', status: 'succeeded' } });
    expect(replicate.statusCode).toBe(404);
    expectCatalogueError(404, replicate.json(), 'NOT_FOUND');
  });
});
