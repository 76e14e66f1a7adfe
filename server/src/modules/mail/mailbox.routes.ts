/**
 * GET /dev/mailbox (HTML) and /dev/mailbox.json: the newest messages the dev mailbox kept, so a
 * developer (or a test) can read a verification code without an SMTP server. Both answer 404
 * when mail goes out over SMTP or NODE_ENV is production. The routes are always registered so
 * the studio's SPA fallback never answers these paths with the app page.
 */
import type { Database } from '@tessera/db/connect';
import { httpErrorBody } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listDevMail } from './mail.repo.ts';
import { escapeHtml } from './mailTemplates.ts';

const zMailboxQuery = z.object({
  to: z.string().trim().toLowerCase().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export async function mailboxRoutes(app: FastifyInstance, opts: { db: Database; enabled: boolean }): Promise<void> {
  const { db, enabled } = opts;

  app.get('/dev/mailbox.json', async (request, reply) => {
    if (!enabled) return reply.status(404).send(httpErrorBody('NOT_FOUND', request.url.split('?')[0]));
    const query = zMailboxQuery.safeParse(request.query);
    if (!query.success) return reply.status(400).send(httpErrorBody('INCORRECT_PARAMETER'));
    return reply.header('cache-control', 'no-store').send({ messages: await listDevMail(db, query.data) });
  });

  app.get('/dev/mailbox', async (request, reply) => {
    if (!enabled) return reply.status(404).send(httpErrorBody('NOT_FOUND', request.url.split('?')[0]));
    const query = zMailboxQuery.safeParse(request.query);
    if (!query.success) return reply.status(400).send(httpErrorBody('INCORRECT_PARAMETER'));
    const messages = await listDevMail(db, query.data);
    const items = messages
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</p>` +
          `<pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('\n');
    const body =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox · Tessera</title>' +
      '<style>body{font-family:sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}' +
      '.meta{color:#666;font-size:.9em}pre{white-space:pre-wrap;font-size:1rem}</style></head><body>' +
      '<h1>Dev mailbox</h1><p>SMTP_URL is not set, so mail is kept here instead of being sent. Newest first.</p>' +
      (items || '<p>No messages yet.</p>') +
      '</body></html>';
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  });
}
