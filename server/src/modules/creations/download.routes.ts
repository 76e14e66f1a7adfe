/**
 * GET /api/creations/:id/download — the original file as an attachment, to its owner (and to
 * anyone signed in when it is published without copy protection, see feed.service); with a
 * watermark for free users, without for paid plans (§6).
 */
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { watermarkImage } from '../../media/watermark.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { Auth } from '../auth/auth.ts';
import { loadSession } from '../auth/session.ts';
import { entitlementsOf } from '../billing/entitlements.ts';
import { getDownloadableCreation } from '../feed/feed.service.ts';

const zParams = z.object({ id: z.uuid() });

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export async function downloadRoutes(app: FastifyInstance, opts: { auth: Auth; db: Database; storage: MediaStorage }): Promise<void> {
  app.get('/api/creations/:id/download', async (request, reply) => {
    const params = zParams.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND');
    const session = await loadSession(opts.auth, request.headers);
    if (!session) throw new AppError('UNAUTHORIZED');
    const creation = await getDownloadableCreation(opts.db, session.user.id, params.data.id);
    const object = await opts.storage.get(creation.mediaKey);
    if (!object) throw new AppError('NOT_FOUND');
    const { watermark } = await entitlementsOf(opts.db, session.user.id);
    const ext = creation.mediaKey.slice(creation.mediaKey.lastIndexOf('.') + 1);
    reply
      .header('content-disposition', `attachment; filename="tessera-${creation.kind.replaceAll('_', '-')}-${creation.id.slice(0, 8)}.${ext}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    if (watermark && creation.mediaType === 'image') {
      const marked = await watermarkImage(await readAll(object.stream));
      return reply.header('x-watermark', 'tessera').type(marked.contentType).send(marked.data);
    }
    return reply.type(creation.contentType).header('content-length', String(object.size)).send(object.stream);
  });
}
