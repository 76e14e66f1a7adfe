/**
 * POST /api/media/import `{ url }`: any session, anonymous included. Answers like an upload:
 * `{ key, url, width, height, contentType, sizeBytes }`. Only the URL comes from the request;
 * the fetcher and its limits are fixed here.
 */
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../modules/auth/auth.ts';
import { loadSession } from '../modules/auth/session.ts';
import { importRemoteImage } from './import.ts';
import type { MediaStorage } from './storage.ts';

export const zImportImageInput = z.object({ url: z.string().trim().min(1).max(2_048) });

/** Each import makes an outbound request: a tighter limit than the global one. */
const IMPORTS_PER_MINUTE = 30;

export async function importRoutes(
  app: FastifyInstance,
  /** `checkImage`: image moderation, as for uploads (generation/imageModeration.ts). */
  opts: { auth: Auth; storage: MediaStorage; db: Database; checkImage?: ((data: Buffer) => Promise<void>) | undefined },
): Promise<void> {
  app.post('/api/media/import', { config: { rateLimit: { max: IMPORTS_PER_MINUTE, timeWindow: '1 minute' } } }, async (request) => {
    const session = await loadSession(opts.auth, request.headers);
    if (!session) throw new AppError('UNAUTHORIZED');
    const input = zImportImageInput.safeParse(request.body);
    if (!input.success) throw new AppError('INCORRECT_PARAMETER');
    return importRemoteImage({ db: opts.db, storage: opts.storage, checkImage: opts.checkImage }, session.user.id, input.data.url);
  });
}
