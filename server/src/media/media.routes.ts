/**
 * GET /api/media/<key>: a stored file, to its owner (and admins, and members of a project that
 * shows it). Others get 404, so they cannot even learn that the file exists — unless it is
 * published, and then they get what media/published.ts serves, never the original. Always `nosniff`.
 */
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../modules/auth/auth.ts';
import { authorizeMediaRead } from './access.ts';
import { etagOf, PUBLIC_CACHE_CONTROL, publicFile } from './published.ts';
import { contentTypeOfKey, type MediaStorage } from './storage.ts';

export async function mediaRoutes(app: FastifyInstance, opts: { auth: Auth; storage: MediaStorage; db: Database }): Promise<void> {
  app.get('/api/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
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
