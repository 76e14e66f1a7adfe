/**
 * The tRPC endpoint on Fastify, with a fast path for the calls the studio makes.
 *
 * tRPC's own Fastify adapter turns every request into a WHATWG `Request` (undici headers, an
 * AbortController and listeners), runs `resolveResponse`, and pipes the WHATWG `Response` it gets
 * back through a web stream: measured, that plumbing costs more than the whole Fastify pipeline
 * around it (bench/rpc.ts: a trivial query reached 15–30 % of a plain route's throughput).
 *
 * The fast path takes what the studio sends — GET queries and POST (application/json) mutations,
 * single or batched, no streaming — and runs them with tRPC's own pieces (getRequestInfo for the
 * URL/body protocol and lazy input parsing, the procedures themselves, getErrorShape through our
 * error formatter, getHTTPStatusCode, transformTRPCResponse), then answers with a plain string.
 * Everything else (HEAD, other content types, `trpc-accept: application/jsonl`, subscriptions,
 * unknown paths, a procedure on the wrong method, a malformed batch) goes to tRPC's own adapter
 * unchanged, so those answers stay tRPC's. The two paths are compared answer for answer in
 * fastifyPlugin.test.ts.
 */
import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import {
  getErrorShape,
  getHTTPStatusCode,
  getRequestInfo,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
  transformTRPCResponse,
  TRPCError,
  type AnyRouter,
  type TRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type TrpcOptions<TRouter extends AnyRouter> = FastifyTRPCPluginOptions<TRouter>['trpcOptions'];

/** The headers view getRequestInfo reads (`get`/`has`), straight off Node's parsed headers. */
class RawHeaders {
  constructor(private readonly raw: FastifyRequest['headers']) {}
  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
}

const METHOD_OF_TYPE = { query: 'GET', mutation: 'POST' } as const;

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

/** Same test as resolveResponse: promises or async iterables need httpBatchStreamLink. */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  const values = Object.values(value);
  return values.some(isPromise) || values.some(isAsyncIterable);
}

/**
 * Answers the request on the fast path, or returns false (having sent nothing) when it is not
 * one of the calls the fast path takes.
 */
async function fastPath<TRouter extends AnyRouter>(opts: TrpcOptions<TRouter>, req: FastifyRequest, reply: FastifyReply, rawPath: string): Promise<boolean> {
  const { method } = req;
  if (method !== 'GET' && !(method === 'POST' && isJson(req.headers['content-type']))) return false;
  const trpcAccept = req.headers['trpc-accept'];
  if (trpcAccept !== undefined && trpcAccept !== 'application/json') return false;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return false;
  }
  const { router } = opts;
  const config = router._def._config;
  const query = req.url.indexOf('?');
  const searchParams = new URLSearchParams(query === -1 ? '' : req.url.slice(query + 1));
  const headers = new RawHeaders(req.headers);
  const body = req.body;
  const request = {
    method,
    headers,
    // The tRPC content-type parser hands JSON bodies over as strings.
    json: async () => (typeof body === 'string' ? JSON.parse(body) : body),
  };
  let info;
  try {
    info = await getRequestInfo({
      req: request as unknown as Request,
      path,
      router,
      searchParams,
      headers: headers as unknown as Headers,
      url: null as unknown as URL,
      maxBatchSize: opts.maxBatchSize,
    });
  } catch {
    return false;
  }
  for (const call of info.calls) {
    const type = call.procedure?._def.type;
    if (type !== 'query' && type !== 'mutation') return false;
    if (METHOD_OF_TYPE[type] !== method) return false;
  }
  let ctx;
  try {
    ctx = await opts.createContext?.({ req, res: reply, info });
  } catch {
    return false;
  }
  // No signal: no procedure here watches one, and tRPC's adapter spends four AbortSignals per
  // request on it (signal is optional in tRPC's own server-side callers too).
  // Every call was checked to be a query (GET) or a mutation (POST).
  const type = method === 'GET' ? 'query' : 'mutation';
  const responses: TRPCResponse[] = await Promise.all(
    info.calls.map(async (call) => {
      try {
        const data: unknown = await call.procedure!({ path: call.path, getRawInput: call.getRawInput, ctx, type, signal: undefined, batchIndex: call.batchIndex });
        if (!isDataStream(data)) return { result: { data } };
        const error = new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink' });
        // As resolveResponse does: in a batch, an error of that call (onError not told); alone,
        // a failure of the request, without path or input.
        if (info.isBatchCall) return { error: getErrorShape({ config, ctx, error, input: call.result(), path: call.path, type }) };
        opts.onError?.({ error, path: undefined, input: undefined, ctx, type, req });
        return { error: getErrorShape({ config, ctx, error, input: undefined, path: undefined, type }) };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        const input = call.result();
        opts.onError?.({ error, path: call.path, input, ctx, type, req });
        return { error: getErrorShape({ config, ctx, error, input, path: call.path, type }) };
      }
    }),
  );
  const untransformed = info.isBatchCall ? responses : responses[0]!;
  void reply
    .status(getHTTPStatusCode(untransformed as Parameters<typeof getHTTPStatusCode>[0]))
    .header('vary', 'trpc-accept, accept')
    .header('content-type', 'application/json')
    // A Buffer, so Fastify sends the content type as tRPC does (no `; charset=utf-8` appended).
    .send(Buffer.from(JSON.stringify(transformTRPCResponse(config, untransformed as TRPCResponse))));
  return true;
}

/** Drop-in for tRPC's fastifyTRPCPlugin (same options, same content-type parsers). */
export function trpcFastifyPlugin<TRouter extends AnyRouter>(
  fastify: FastifyInstance,
  opts: { prefix?: string; trpcOptions: TrpcOptions<TRouter> },
  done: (err?: Error) => void,
): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, next) => next(null, body));
  fastify.removeContentTypeParser('multipart/form-data');
  fastify.addContentTypeParser('multipart/form-data', {}, (_req, body, next) => next(null, body));
  fastify.all<{ Params: { path: string } }>('/:path', async (req, reply) => {
    const path = req.params.path;
    if (await fastPath(opts.trpcOptions, req, reply, path)) return reply;
    await fastifyRequestHandler({ ...opts.trpcOptions, req, res: reply, path });
    return reply;
  });
  done();
}
