/**
 * One error handler for every non-tRPC route: catalogue codes and messages in the tRPC error
 * shape, the right HTTP status, and never a stack trace. Unknown /api paths answer JSON 404.
 */
import { AppError, type CatalogueCode, httpErrorBody } from '@tessera/shared/errors';
import type { FastifyError, FastifyInstance } from 'fastify';

function catalogueCodeFor(error: FastifyError): CatalogueCode | null {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return 'PAYLOAD_TOO_LARGE';
  if (error.code?.startsWith('FST_ERR_CTP_') || error.statusCode === 415) return 'MALFORMED_BODY';
  if (error.statusCode === 429) return 'TOO_MANY_REQUESTS';
  if (error.validation) return 'INCORRECT_PARAMETER';
  if (error.statusCode === 404) return 'NOT_FOUND';
  if (error.statusCode === 405) return 'METHOD_NOT_SUPPORTED';
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return 'INCORRECT_PARAMETER';
  return null;
}

export function registerErrorHandling(app: FastifyInstance, opts: { spaFallback?: (url: string) => boolean }): void {
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
