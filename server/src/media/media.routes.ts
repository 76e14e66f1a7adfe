/**
 * GET /api/media/<key>: a stored file, to its owner (or to anyone when it is public). Others get
 * 404, so they cannot even learn that the file exists. Always `nosniff`.
 */
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../modules/auth/auth.ts';
import { authorizeMediaRead } from './access.ts';
import { contentTypeOfKey, type MediaStorage } from './storage.ts';

export async function mediaRoutes(app: FastifyInstance, opts: { auth: Auth; storage: MediaStorage; db: Database }): Promise<void> {
  app.get('/api/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const access = await authorizeMediaRead(opts, key, request.headers);
    const object = await opts.storage.get(key);
    if (!object) throw new AppError('NOT_FOUND');
    return reply
      .header('content-type', contentTypeOfKey(key))
      .header('content-length', String(object.size))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', `${access.isPublic ? 'public' : 'private'}, max-age=31536000, immutable`)
      .send(object.stream);
  });
}
