/**
 * The fast tRPC endpoint answers exactly as tRPC's own Fastify adapter does: the same requests
 * go to an app with each, and status, content type and body must match, and onError must see
 * the same errors.
 */
import { AppError } from '@tessera/shared/errors';
import { initTRPC } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatError } from './errorFormatter.ts';
import { trpcFastifyPlugin } from './fastifyPlugin.ts';

const t = initTRPC.context<{ who: string }>().create({ isDev: false, errorFormatter: ({ error, shape }) => formatError(error, shape.data.path) });
const router = t.router({
  ping: t.procedure.query(() => ({ ok: true })),
  echo: t.procedure.input(z.object({ n: z.number().int() })).query(({ input, ctx }) => ({ n: input.n, who: ctx.who })),
  fails: t.procedure.query(() => {
    throw new AppError('FORBIDDEN');
  }),
  crashes: t.procedure.query(() => {
    throw new Error('secret internals');
  }),
  add: t.procedure.input(z.object({ a: z.number(), b: z.number() })).mutation(({ input }) => input.a + input.b),
  nested: t.router({ deep: t.procedure.query(() => 'deep') }),
  streams: t.procedure.query(() => ({ later: Promise.resolve(1) })),
});

async function build(plugin: 'fast' | 'trpc', errors: string[]): Promise<FastifyInstance> {
  const app = Fastify();
  const trpcOptions = {
    router,
    maxBatchSize: 3,
    createContext: () => ({ who: 'me' }),
    onError: ({ error, path }: { error: { code: string }; path?: string }) => errors.push(`${path}:${error.code}`),
  };
  if (plugin === 'fast') await app.register(trpcFastifyPlugin<typeof router>, { prefix: '/rpc', trpcOptions });
  else await app.register(fastifyTRPCPlugin<typeof router>, { prefix: '/rpc', trpcOptions });
  await app.ready();
  return app;
}

const q = (input: unknown) => encodeURIComponent(JSON.stringify(input));

const requests: { name: string; method: 'GET' | 'POST' | 'HEAD'; url: string; body?: string; headers?: Record<string, string> }[] = [
  { name: 'query', method: 'GET', url: '/rpc/ping' },
  { name: 'query with input', method: 'GET', url: `/rpc/echo?input=${q({ n: 3 })}` },
  { name: 'nested path', method: 'GET', url: '/rpc/nested.deep' },
  { name: 'invalid input', method: 'GET', url: `/rpc/echo?input=${q({ n: 'x' })}` },
  { name: 'missing input', method: 'GET', url: '/rpc/echo' },
  { name: 'broken JSON input', method: 'GET', url: '/rpc/echo?input=%7Bnope' },
  { name: 'domain error', method: 'GET', url: '/rpc/fails' },
  { name: 'unexpected error', method: 'GET', url: '/rpc/crashes' },
  { name: 'stream-like data', method: 'GET', url: '/rpc/streams' },
  { name: 'unknown procedure', method: 'GET', url: '/rpc/nope' },
  { name: 'mutation over GET', method: 'GET', url: `/rpc/add?input=${q({ a: 1, b: 2 })}` },
  { name: 'mutation', method: 'POST', url: '/rpc/add', body: JSON.stringify({ a: 1, b: 2 }), headers: { 'content-type': 'application/json' } },
  { name: 'mutation, bad body', method: 'POST', url: '/rpc/add', body: '{"a":', headers: { 'content-type': 'application/json; charset=utf-8' } },
  { name: 'query over POST', method: 'POST', url: '/rpc/ping', body: '{}', headers: { 'content-type': 'application/json' } },
  { name: 'POST as text', method: 'POST', url: '/rpc/add', body: 'a', headers: { 'content-type': 'text/plain' } },
  { name: 'stream-like data in a batch', method: 'GET', url: `/rpc/ping,streams?batch=1&input=${q({})}` },
  { name: 'batch', method: 'GET', url: `/rpc/ping,echo,fails?batch=1&input=${q({ 1: { n: 5 } })}` },
  { name: 'batch, all fine', method: 'GET', url: `/rpc/ping,echo?batch=1&input=${q({ 1: { n: 5 } })}` },
  { name: 'batch, unknown member', method: 'GET', url: `/rpc/ping,nope?batch=1&input=${q({})}` },
  { name: 'batch too large', method: 'GET', url: `/rpc/ping,ping,ping,ping?batch=1&input=${q({})}` },
  { name: 'batch input not an object', method: 'GET', url: `/rpc/ping,echo?batch=1&input=${q([1])}` },
  { name: 'batched mutations', method: 'POST', url: '/rpc/add,add?batch=1', body: JSON.stringify({ 0: { a: 1, b: 1 }, 1: { a: 'x' } }), headers: { 'content-type': 'application/json' } },
  { name: 'mixed types', method: 'GET', url: `/rpc/ping,add?batch=1&input=${q({})}` },
  { name: 'bad path encoding', method: 'GET', url: '/rpc/%E0%A4%A' },
  { name: 'jsonl stream', method: 'GET', url: `/rpc/ping?batch=1&input=${q({})}`, headers: { 'trpc-accept': 'application/jsonl' } },
  { name: 'HEAD', method: 'HEAD', url: '/rpc/ping' },
];

describe('fast tRPC endpoint', () => {
  const errors = { fast: [] as string[], trpc: [] as string[] };
  let fast: FastifyInstance;
  let trpc: FastifyInstance;
  beforeAll(async () => {
    [fast, trpc] = await Promise.all([build('fast', errors.fast), build('trpc', errors.trpc)]);
  });
  afterAll(async () => {
    await Promise.all([fast.close(), trpc.close()]);
  });

  it.each(requests)('answers $name as tRPC does', async (request) => {
    errors.fast.length = 0;
    errors.trpc.length = 0;
    const [a, b] = await Promise.all([fast.inject(request), trpc.inject(request)]);
    expect({ status: a.statusCode, type: a.headers['content-type'], vary: a.headers.vary, body: a.body }).toEqual({
      status: b.statusCode,
      type: b.headers['content-type'],
      vary: b.headers.vary,
      body: b.body,
    });
    expect(errors.fast).toEqual(errors.trpc);
  });

  it('never puts internals on the wire', async () => {
    const res = await fast.inject({ method: 'GET', url: '/rpc/crashes' });
    expect(res.body).not.toContain('secret internals');
  });
});
