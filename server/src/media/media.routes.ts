/**
 * GET /api/media/<key>: a stored file, to its owner (and admins, and members of a project that
 * shows it). Others get 404, so they cannot even learn that the file exists — unless it is
 * published, and then they get what media/published.ts serves, never the original. A signed link
 * (`?exp=…&sig=…`, media/signedLinks.ts) opens one file for a hosted provider. Always `nosniff`.
 */
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../modules/auth/auth.ts';
import { authorizeMediaRead } from './access.ts';
import { etagOf, PUBLIC_CACHE_CONTROL, publicFile } from './published.ts';
import { verifyMediaLink } from './signedLinks.ts';
import { contentTypeOfKey, isValidKey, type MediaStorage } from './storage.ts';

export async function mediaRoutes(app: FastifyInstance, opts: { auth: Auth; storage: MediaStorage; db: Database; linkSecret: string }): Promise<void> {
  app.get('/api/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const query = request.query as { exp?: unknown; sig?: unknown };
    // A hosted provider fetching a task's input with a signed link (media/signedLinks.ts).
    if (query.sig !== undefined) {
      if (!isValidKey(key) || !verifyMediaLink(opts.linkSecret, key, query.exp, query.sig)) throw new AppError('NOT_FOUND');
      const object = await opts.storage.get(key);
      if (!object) throw new AppError('NOT_FOUND');
      return reply
        .header('x-content-type-options', 'nosniff')
        .header('content-type', contentTypeOfKey(key))
        .header('content-length', String(object.size))
        .header('cache-control', 'private, no-store')
        .send(object.stream);
    }
    const access = await authorizeMediaRead(opts, key, request.headers);
    reply.header('x-content-type-options', 'nosniff');
    if (access.via === 'public') {
      const file = await publicFile(opts, key, access.object);
      if (!file) throw new AppError('NOT_FOUND');
      const etag = etagOf(file);
      reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', etag);
      if (request.headers['if-none-match'] === etag) {
        file.stream.destroy();
        return reply.code(304).send();
      }
      return reply.header('content-type', file.contentType).header('content-length', String(file.size)).send(file.stream);
    }
    const object = await opts.storage.get(key);
    if (!object) throw new AppError('NOT_FOUND');
    return reply
      .header('content-type', contentTypeOfKey(key))
      .header('content-length', String(object.size))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(object.stream);
  });
}
