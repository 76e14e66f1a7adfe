/**
 * GET /api/creations/:id/download — the file as an attachment, to its owner (and to anyone
 * signed in when it is published without copy protection, see feed.service). The original for
 * paid plans; with the watermark (§6) when the downloader's plan marks downloads — or, for
 * someone else's creation, the owner's does (a free user's work is marked wherever it goes).
 * Images are marked here; videos get a stored, marked derivative (media/derivatives.ts).
 */
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DERIVATIVE_SPECS, getDerivative } from '../../media/derivatives.ts';
import { findMediaObject } from '../../media/media.api.ts';
import { type MediaStorage, readAll } from '../../media/storage.ts';
import { watermarkImage } from '../../media/watermark.ts';
import type { Auth } from '../auth/auth.ts';
import { loadSession } from '../auth/session.ts';
import { entitlementsOf } from '../billing/entitlements.ts';
import { getDownloadableCreation } from '../feed/feed.service.ts';

const zParams = z.object({ id: z.uuid() });

export async function downloadRoutes(app: FastifyInstance, opts: { auth: Auth; db: Database; storage: MediaStorage }): Promise<void> {
  app.get('/api/creations/:id/download', async (request, reply) => {
    const params = zParams.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND');
    const session = await loadSession(opts.auth, request.headers);
    if (!session) throw new AppError('UNAUTHORIZED');
    const creation = await getDownloadableCreation(opts.db, session.user.id, params.data.id);
    const marked =
      (await entitlementsOf(opts.db, session.user.id)).watermark ||
      (creation.userId !== session.user.id && (await entitlementsOf(opts.db, creation.userId)).watermark);
    const ext = creation.mediaKey.slice(creation.mediaKey.lastIndexOf('.') + 1);
    reply
      .header('content-disposition', `attachment; filename="tessera-${creation.kind.replaceAll('_', '-')}-${creation.id.slice(0, 8)}.${ext}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    if (marked && creation.mediaType === 'video') {
      const info = await findMediaObject(opts.db, creation.mediaKey);
      const video = info && (await getDerivative(opts.storage, creation.mediaKey, { ...DERIVATIVE_SPECS.download, watermark: true }, info));
      if (!video) throw new AppError('NOT_FOUND');
      return reply.header('x-watermark', 'tessera').type(video.contentType).header('content-length', String(video.size)).send(video.stream);
    }
    const object = await opts.storage.get(creation.mediaKey);
    if (!object) throw new AppError('NOT_FOUND');
    if (marked && creation.mediaType === 'image') {
      const image = await watermarkImage(await readAll(object.stream));
      return reply.header('x-watermark', 'tessera').type(image.contentType).send(image.data);
    }
    return reply.type(creation.contentType).header('content-length', String(object.size)).send(object.stream);
  });
}
