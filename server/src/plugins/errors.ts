/**
 * One error handler for every non-tRPC route: catalogue codes and messages in the tRPC error
 * shape, the right HTTP status, and never a stack trace. Unknown /api paths answer JSON 404.
 * Before any handler: input no route can store (NUL, unpaired surrogates, absurd nesting)
 * answers 400, and methods tRPC has no answer for answer 405 in the tRPC shape.
 */
import { AppError, type CatalogueCode, httpErrorBody, type WireCode } from '@tessera/shared/errors';
import { TRPCError } from '@trpc/server';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { inputProblem } from '../lib/inputGuard.ts';
import { formatError } from '../trpc/errorFormatter.ts';
import { localizeErrorPayload } from './errorLanguage.ts';

const TRPC_PREFIX = '/api/trpc/';
const TRPC_METHODS = new Set(['GET', 'POST', 'HEAD']);

/**
 * Errors of @fastify/busboy (multipart parsing) for a body that is cut short, has no boundary or
 * is otherwise malformed: plain Errors without a status, but the client's mistake.
 */
const MALFORMED_MULTIPART = /^(Unexpected end of (multipart data|form)|(Part|Preamble) terminated early|Multipart: Boundary not found|Boundary required|Malformed part header)/;

function catalogueCodeFor(error: FastifyError): CatalogueCode | null {
  if (!error.statusCode && MALFORMED_MULTIPART.test(error.message)) return 'MALFORMED_BODY';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return 'PAYLOAD_TOO_LARGE';
  if (error.code?.startsWith('FST_ERR_CTP_') || error.statusCode === 415) return 'MALFORMED_BODY';
  if (error.statusCode === 429) return 'TOO_MANY_REQUESTS';
  if (error.validation) return 'INCORRECT_PARAMETER';
  if (error.statusCode === 404) return 'NOT_FOUND';
  if (error.statusCode === 405) return 'METHOD_NOT_SUPPORTED';
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return 'INCORRECT_PARAMETER';
  return null;
}

/** Body, query and route parameters of a non-tRPC request (tRPC checks its input in trpc/init.ts). */
function checkRequestInput(request: FastifyRequest): void {
  if (inputProblem(request.body) || inputProblem(request.query) || inputProblem(request.params)) throw new AppError('INCORRECT_PARAMETER');
}

export function registerErrorHandling(app: FastifyInstance, opts: { spaFallback?: (url: string) => boolean }): void {
  // Catalogue messages in the request's language (§7/§8); the codes stay as they are.
  app.addHook('onSend', localizeErrorPayload);
  // tRPC answers OPTIONS, DELETE, PUT … with an "unsupported media type" error; say what it is.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(TRPC_PREFIX) || TRPC_METHODS.has(request.method)) return;
    const path = request.url.slice(TRPC_PREFIX.length).split('?')[0];
    const shape = formatError(new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: `Unsupported ${request.method} request` }), path);
    return reply.status(shape.data.httpStatus).header('allow', 'GET, POST').send({ error: shape });
  });
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith(TRPC_PREFIX)) checkRequestInput(request);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const path = request.url.split('?')[0];
    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send(httpErrorBody(error.catalogueCode, path, error.message));
    }
    const code = catalogueCodeFor(error);
    if (code) {
      if (code === 'TOO_MANY_REQUESTS' && reply.getHeader('retry-after') === undefined) reply.header('retry-after', '60');
      const body = httpErrorBody(code, path);
      return reply.status(body.error.data.httpStatus).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(httpErrorBody('INTERNAL', path));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/');
    if (wantsPage && opts.spaFallback?.(path)) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(httpErrorBody('NOT_FOUND', path));
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, a malformed
 * request line, a client too slow to send its headers) answer in the catalogue shape too. The
 * status line keeps the parser's status (431 for oversized headers, as clients and proxies
 * expect); `data.httpStatus` says the same.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : timedOut ? 408 : 400;
  const base = httpErrorBody(status === 431 ? 'PAYLOAD_TOO_LARGE' : timedOut ? 'TRY_AGAIN_LATER' : 'MALFORMED_BODY').error;
  // A client too slow to send its request is §8's TIMEOUT (no catalogue entry carries that code).
  const wire: WireCode = timedOut ? 'TIMEOUT' : base.code;
  const json = JSON.stringify({ error: { ...base, code: wire, data: { ...base.data, code: wire, httpStatus: status } } });
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/**
 * Requests the router refuses before any route or error handler runs (a URL with a broken
 * percent-escape, a path parameter over the length limit) answer in the catalogue shape.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split('?')[0];
  const body = httpErrorBody(error.statusCode && error.statusCode < 500 ? 'INCORRECT_PARAMETER' : 'INTERNAL', path);
  if (body.error.data.httpStatus >= 500) request.log.error({ err: error }, 'framework error');
  void reply.status(body.error.data.httpStatus).send(body);
}
