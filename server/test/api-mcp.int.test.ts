/**
 * The MCP server (/api/mcp, issue 19) as an assistant uses it: the official SDK's client over
 * streamable HTTP against the listening app, authenticated with an API key, calling every tool;
 * a text-to-image generation runs on the local engine and spends api_credits. Refusals: bad or
 * revoked keys (401 at connect), invalid input (a tool error with field issues, nothing held),
 * a foreign Origin (403), a finished task's cancel.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, rpc, signUpTestUser, TEST_ORIGIN, type TestApp, type TestUser } from './harness.ts';

interface Balance {
  total: number;
  used: number;
  remaining: number;
}
interface ToolError {
  error: { code: string; message: string; data: { appCode: string; httpStatus: number; path: string; issues?: { path: string }[]; task?: { status: string } } };
}
interface Task {
  id: string;
  status: string;
  cost: number;
  outputs: { url: string; mediaType: string; width?: number; height?: number }[];
}

let t: TestApp;
let endpoint: URL;
let user: TestUser;
const clients: Client[] = [];
/**
 * The clients' requests still under way. A client opens its GET stream in the background after
 * `initialize` (the server answers 405); closing the client while that request is being sent
 * would leave a half-sent request the server waits on (its headers timeout) before it can close.
 */
const inFlight = new Set<Promise<Response>>();
const trackedFetch = (input: string | URL, init?: RequestInit): Promise<Response> => {
  const request = fetch(input, init);
  inFlight.add(request);
  const settle = () => inFlight.delete(request);
  request.then(settle, settle);
  return request;
};

async function newKey(name: string): Promise<{ id: string; secret: string }> {
  const created = await rpc(t.app, user.cookie, 'apiKeys.create', { name });
  expect(created.status).toBe(200);
  const data = created.body.result.data as { key: { id: string }; secret: string };
  return { id: data.key.id, secret: data.secret };
}

async function connect(secret: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'tessera-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(endpoint, { fetch: trackedFetch, requestInit: { headers: { authorization: `Bearer ${secret}`, ...headers } } });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** Calls a tool; its text content and structured content must say the same. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; data: Record<string, unknown> }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content[0];
  expect(text?.type).toBe('text');
  const data = result.structuredContent as Record<string, unknown>;
  expect(JSON.parse((text as { text: string }).text)).toEqual(data);
  return { isError: result.isError === true, data };
}

const balance = async (client: Client) => (await call(client, 'get_balance')).data as unknown as Balance;

/** A raw POST of an `initialize` request, as a client would start. */
function rawInitialize(headers: Record<string, string>) {
  return fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
}

beforeAll(async () => {
  t = await buildTestApp({ config: { workerConcurrency: 1 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/mcp`);
  user = await signUpTestUser(t.app);
});

afterAll(async () => {
  await Promise.allSettled([...inFlight]);
  await Promise.all(clients.map((c) => c.close()));
  await t?.close();
});

describe('MCP server over streamable HTTP', () => {
  // Every test has a key of its own: each key has its own per-minute budget (FREE: 30 requests).
  it('lists its tools with input schemas', async () => {
    const client = await connect((await newKey('tools')).secret);
    expect(client.getServerVersion()?.name).toBe('tessera');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['cancel_task', 'create_generation', 'describe_kind', 'get_balance', 'get_task', 'list_models', 'list_tasks']);
    const create = tools.find((tool) => tool.name === 'create_generation');
    expect(create?.inputSchema.required).toEqual(['kind', 'input']);
    expect(create?.description).toContain('- text_to_image (image): prompt,');
  });

  it('lists models with prices and describes a kind as JSON Schema', async () => {
    const client = await connect((await newKey('models')).secret);
    const models = (await call(client, 'list_models', { kind: 'text_to_image' })).data.models as { kind: string; id: string; price: unknown }[];
    expect(models.length).toBeGreaterThan(0);
    expect(models.every((m) => m.kind === 'text_to_image' && 'price' in m)).toBe(true);
    const every = (await call(client, 'list_models')).data.models as { kind: string }[];
    expect(new Set(every.map((m) => m.kind)).size).toBeGreaterThan(1);

    const described = (await call(client, 'describe_kind', { kind: 'text_to_image' })).data as { output: string; mediaFields: unknown; inputSchema: { required: string[]; properties: Record<string, unknown> } };
    expect(described.output).toBe('image');
    expect(described.mediaFields).toEqual({ image: [], video: [] });
    expect(described.inputSchema.required).toEqual(['prompt']);
    expect(Object.keys(described.inputSchema.properties)).toEqual(expect.arrayContaining(['prompt', 'aspectRatio', 'seed']));
    const video = (await call(client, 'describe_kind', { kind: 'video_extend' })).data as { output: string; mediaFields: { video: string[] } };
    expect(video).toMatchObject({ output: 'video', mediaFields: { video: ['video'] } });
  });

  it('creates a generation that spends api_credits, then reads, lists and cancels tasks', async () => {
    const client = await connect((await newKey('generate')).secret);
    const before = await balance(client);
    expect(before.remaining).toBeGreaterThan(0);

    const created = await call(client, 'create_generation', { kind: 'text_to_image', input: { prompt: 'a lighthouse at dawn', aspectRatio: '1:1' } });
    expect(created.isError).toBe(false);
    const { id, cost, statusUrl } = created.data as { id: string; cost: number; statusUrl: string };
    expect(cost).toBeGreaterThan(0);
    expect(statusUrl).toBe(`${TEST_ORIGIN}/api/v1/tasks/${id}`);
    expect(['queued', 'running']).toContain(created.data.status);

    let task: Task | undefined;
    await expect
      .poll(
        async () => {
          task = (await call(client, 'get_task', { id })).data as unknown as Task;
          return task.status;
        },
        { interval: 200, timeout: 8_000 },
      )
      .toBe('succeeded');
    const [output] = task!.outputs;
    expect(output?.mediaType).toBe('image');
    const link = new URL(output!.url);
    expect(link.origin).toBe(TEST_ORIGIN);
    const file = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).format).toBe('png');

    const after = await balance(client);
    expect(after.used - before.used).toBe(cost);
    expect(after.remaining).toBe(before.remaining - cost);

    const listed = (await call(client, 'list_tasks', { limit: 5 })).data.tasks as Task[];
    expect(listed.map((x) => x.id)).toContain(id);

    // A finished task cannot be canceled: a tool error that carries the task as it is.
    const late = await call(client, 'cancel_task', { id });
    expect(late.isError).toBe(true);
    expect((late.data as unknown as ToolError).error.data).toMatchObject({ appCode: 'REFRESH_AND_RETRY', path: 'cancel_task', task: { status: 'succeeded' } });

    // A live one is canceled and its hold released.
    const second = (await call(client, 'create_generation', { kind: 'text_to_image', input: { prompt: 'a second lighthouse' } })).data as { id: string };
    const canceled = await call(client, 'cancel_task', { id: second.id });
    expect(canceled.isError).toBe(false);
    expect(canceled.data).toMatchObject({ id: second.id, status: 'canceled' });
    expect(await balance(client)).toEqual(after);
  });

  it('answers invalid input and refused callback URLs as tool errors, holding nothing', async () => {
    const client = await connect((await newKey('invalid')).secret);
    const before = await balance(client);
    const tasksBefore = ((await call(client, 'list_tasks', { limit: 100 })).data.tasks as Task[]).length;

    const invalid = await call(client, 'create_generation', { kind: 'text_to_image', input: { prompt: '', aspectRatio: '7:3' } });
    expect(invalid.isError).toBe(true);
    const body = (invalid.data as unknown as ToolError).error;
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.data.appCode).toBe('INCORRECT_PARAMETER');
    expect(body.data.issues?.map((issue) => issue.path).sort()).toEqual(['aspectRatio', 'prompt']);

    const callback = await call(client, 'create_generation', { kind: 'text_to_image', input: { prompt: 'ok' }, callbackUrl: 'http://127.0.0.1:9/hook' });
    expect(callback.isError).toBe(true);
    expect((callback.data as unknown as ToolError).error.data.appCode).toBe('INVALID_CALLBACK_URL');

    const unknown = await call(client, 'get_task', { id: '00000000-0000-4000-8000-000000000000' });
    expect((unknown.data as unknown as ToolError).error.data.appCode).toBe('NOT_FOUND');

    expect(await balance(client)).toEqual(before);
    expect(((await call(client, 'list_tasks', { limit: 100 })).data.tasks as Task[]).length).toBe(tasksBefore);
  });

  it('refuses a wrong or revoked key with 401 at connect', async () => {
    const key = (await newKey('wrong')).secret;
    await expect(connect('tsk_wrong')).rejects.toSatisfy((err: unknown) => err instanceof StreamableHTTPError && err.code === 401);
    const res = await rawInitialize({ 'x-api-key': `${key.slice(0, -1)}x` });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="tessera"');
    expect(await res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED', data: { appCode: 'INVALID_API_KEY', httpStatus: 401 } } });

    const revoked = await newKey('to revoke');
    await connect(revoked.secret);
    expect((await rpc(t.app, user.cookie, 'apiKeys.revoke', { id: revoked.id })).status).toBe(200);
    await expect(connect(revoked.secret)).rejects.toSatisfy((err: unknown) => err instanceof StreamableHTTPError && err.code === 401);
    // A studio session cookie is no credential here.
    expect((await rawInitialize({ cookie: user.cookie })).status).toBe(401);
  });

  it('serves a trusted origin, refuses another origin with 403, and has no GET stream', async () => {
    const key = (await newKey('origin')).secret;
    await connect(key, { origin: TEST_ORIGIN });
    const foreign = await rawInitialize({ authorization: `Bearer ${key}`, origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { data: { appCode: 'MISSING_ORIGIN' } } });
    const stream = await fetch(endpoint, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
    expect(stream.status).toBe(405);
    expect(stream.headers.get('allow')).toBe('POST');
    await stream.body?.cancel();
  });

  it('counts every request against the key\'s per-minute limit and answers 429 with Retry-After past it', async () => {
    const key = (await newKey('rate')).secret;
    const limit = 30; // FREE's apiRequestsPerMinute (db/seed/catalogue.json)
    for (let i = 1; i <= limit; i += 1) {
      const res = await rawInitialize({ authorization: `Bearer ${key}` });
      expect(res.status).toBe(200);
      await res.body?.cancel();
      expect([res.headers.get('ratelimit-limit'), res.headers.get('ratelimit-remaining')]).toEqual([String(limit), String(limit - i)]);
    }
    const refused = await rawInitialize({ authorization: `Bearer ${key}` });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS', data: { httpStatus: 429 } } });
    // Another key of the same account has its own budget.
    const other = await connect((await newKey('rate 2')).secret);
    expect((await call(other, 'get_balance')).isError).toBe(false);
  });
});
