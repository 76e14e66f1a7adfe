/**
 * GET /api/catalog/templates/:id/preview and /api/catalog/loras/:id/preview: public, cached by
 * browsers for an hour (the URL stays the same when a template changes; the file behind it does not).
 * Retired templates keep their preview (old creations and admin lists show it).
 */
import type { Database } from '@tessera/db/connect';
import { zSlug } from '@tessera/shared/catalog';
import { AppError } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import { getLora, getTemplate } from './catalog.service.ts';
import type { PreviewRenderer } from './previews.ts';

export async function previewRoutes(app: FastifyInstance, opts: { db: Database; previews: PreviewRenderer }): Promise<void> {
  const idOf = (params: unknown): string => {
    const parsed = zSlug.safeParse((params as { id?: unknown }).id);
    if (!parsed.success) throw new AppError('NOT_FOUND');
    return parsed.data;
  };

  app.get('/api/catalog/templates/:id/preview', async (request, reply) => {
    const template = await getTemplate(opts.db, idOf(request.params), { includeRetired: true });
    const preview = await opts.previews.template(template);
    return reply.header('content-type', preview.contentType).header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff').send(preview.data);
  });

  app.get('/api/catalog/loras/:id/preview', async (request, reply) => {
    const lora = await getLora(opts.db, idOf(request.params));
    const preview = await opts.previews.lora(lora);
    return reply.header('content-type', preview.contentType).header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff').send(preview.data);
  });
}
