/**
 * POST /api/media/upload (multipart, one file field): any session, anonymous included.
 * Images (≤ 20 MB) are re-encoded; videos (≤ 100 MB, MP4/MOV/WebM, 3–30 s) are probed with
 * ffprobe. Answers `{ key, url, width, height, contentType, sizeBytes }` (+ `durationS` for videos). Multipart parsing is
 * registered inside this plugin only, so no other route accepts multipart bodies.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../modules/auth/auth.ts';
import { loadSession } from '../modules/auth/session.ts';
import { checkVideo, cleanImage, looksLikeVideo } from './ingest.ts';
import { insertMediaObject } from './media.repo.ts';
import type { MediaStorage } from './storage.ts';
import { storeImage } from './store.ts';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Videos may be larger (§5: lip-sync videos up to 100 MB). */
export const MAX_VIDEO_UPLOAD_BYTES = 100 * 1024 * 1024;

export async function uploadRoutes(app: FastifyInstance, opts: { auth: Auth; storage: MediaStorage; db: Database }): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_VIDEO_UPLOAD_BYTES, files: 1, fields: 5 } });

  app.post('/api/media/upload', { bodyLimit: MAX_VIDEO_UPLOAD_BYTES + 64 * 1024 }, async (request) => {
    const session = await loadSession(opts.auth, request.headers);
    if (!session) throw new AppError('UNAUTHORIZED');
    if (!request.isMultipart()) throw new AppError('IMAGE_UPLOAD_FAILED');
    const file = await request.file();
    if (!file) throw new AppError('IMAGE_REQUIRED');
    // toBuffer() throws a 413 error when the file passes fileSize; the error handler maps it.
    const raw = await file.toBuffer();
    const userId = session.user.id;
    if (await looksLikeVideo(raw)) {
      const video = await checkVideo(raw);
      const key = `u/${userId}/up-${randomUUID()}.${video.ext}`;
      await opts.storage.put(key, raw, video.contentType);
      const { width, height, durationS } = video.probe;
      await insertMediaObject(opts.db, { key, userId, origin: 'upload', contentType: video.contentType, sizeBytes: raw.length, width, height, durationS });
      return { key, url: `/api/media/${key}`, width, height, durationS, contentType: video.contentType, sizeBytes: raw.length };
    }
    if (raw.length > MAX_UPLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
    return storeImage(opts, userId, await cleanImage(raw), 'upload');
  });
}
