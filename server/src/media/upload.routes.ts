/**
 * POST /api/media/upload (multipart, one file field): any session, anonymous included.
 * Answers `{ key, url, width, height, contentType, sizeBytes }`. Multipart parsing is
 * registered inside this plugin only, so no other route accepts multipart bodies.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../modules/auth/auth.ts';
import { loadSession } from '../modules/auth/session.ts';
import { cleanImage } from './ingest.ts';
import { insertMediaObject } from './media.repo.ts';
import type { MediaStorage } from './storage.ts';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export async function uploadRoutes(app: FastifyInstance, opts: { auth: Auth; storage: MediaStorage; db: Database }): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

  app.post('/api/media/upload', { bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024 }, async (request) => {
    const session = await loadSession(opts.auth, request.headers);
    if (!session) throw new AppError('UNAUTHORIZED');
    if (!request.isMultipart()) throw new AppError('IMAGE_UPLOAD_FAILED');
    const file = await request.file();
    if (!file) throw new AppError('IMAGE_REQUIRED');
    // toBuffer() throws a 413 error when the file passes fileSize; the error handler maps it.
    const raw = await file.toBuffer();
    const image = await cleanImage(raw);
    const userId = session.user.id;
    const key = `u/${userId}/up-${randomUUID()}.${image.ext}`;
    await opts.storage.put(key, image.data, image.contentType);
    await insertMediaObject(opts.db, {
      key,
      userId,
      origin: 'upload',
      contentType: image.contentType,
      sizeBytes: image.data.length,
      width: image.width,
      height: image.height,
    });
    return { key, url: `/api/media/${key}`, width: image.width, height: image.height, contentType: image.contentType, sizeBytes: image.data.length };
  });
}
