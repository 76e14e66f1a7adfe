/**
 * GET /api/media/<key>: a stored file, to its owner only. Others get 404, so they cannot even
 * learn that the file exists. Always `nosniff` and a private cache.
 */
import { AppError } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../modules/auth/auth.ts';
import { loadSession } from '../modules/auth/session.ts';
import { contentTypeOfKey, isValidKey, type MediaStorage, ownerOfKey } from './storage.ts';

export async function mediaRoutes(app: FastifyInstance, opts: { auth: Auth; storage: MediaStorage }): Promise<void> {
  app.get('/api/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isValidKey(key)) throw new AppError('NOT_FOUND');
    const session = await loadSession(opts.auth, request.headers);
    if (!session) throw new AppError('UNAUTHORIZED');
    if (ownerOfKey(key) !== session.user.id) throw new AppError('NOT_FOUND');
    const object = await opts.storage.get(key);
    if (!object) throw new AppError('NOT_FOUND');
    return reply
      .header('content-type', contentTypeOfKey(key))
      .header('content-length', String(object.size))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(object.stream);
  });
}
