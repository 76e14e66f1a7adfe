/**
 * GET /dev/mailbox (HTML) and /dev/mailbox.json: the newest messages the dev mailbox kept, so a
 * developer (or a test) can read a verification code without an SMTP server. Both answer 404
 * when mail goes out over SMTP or NODE_ENV is production. The routes are always registered so
 * the studio's SPA fallback never answers these paths with the app page.
 *
 * The messages hold sign-up and password-reset codes, so whoever reads them can take over any
 * account ("forgot password", then read the code). They are shown only to a request from this
 * machine — the TCP peer is loopback, and so is the client address a trusted proxy forwarded —
 * or to a signed-in admin; anyone else gets the same 404 as a disabled mailbox.
 */
import type { Database } from '@tessera/db/connect';
import { httpErrorBody } from '@tessera/shared/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import type { Auth } from '../auth/auth.ts';
import { loadSession } from '../auth/session.ts';
import { listDevMail } from './mail.repo.ts';
import { escapeHtml } from './mailTemplates.ts';

const zMailboxQuery = z.object({
  to: z.string().trim().toLowerCase().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** True for 127.0.0.0/8 and ::1, IPv4-mapped forms included; false for anything else or nothing. */
function isLoopback(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

/**
 * From this machine: the socket's peer is loopback (never a header a client can write), and when
 * TRUST_PROXY makes `request.ip` the forwarded client address, that is loopback too — a reverse
 * proxy on the same host would otherwise make every visitor look local.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip);
}

export async function mailboxRoutes(app: FastifyInstance, opts: { db: Database; auth: Auth; enabled: boolean }): Promise<void> {
  const { db, auth, enabled } = opts;

  const mayRead = async (request: FastifyRequest): Promise<boolean> => {
    if (!enabled) return false;
    if (fromThisMachine(request)) return true;
    const session = await loadSession(auth, request.headers).catch(() => null);
    return session !== null && !session.user.isAnonymous && session.user.role === 'admin';
  };

  app.get('/dev/mailbox.json', async (request, reply) => {
    if (!(await mayRead(request))) return reply.status(404).send(httpErrorBody('NOT_FOUND', request.url.split('?')[0]));
    const query = zMailboxQuery.safeParse(request.query);
    if (!query.success) return reply.status(400).send(httpErrorBody('INCORRECT_PARAMETER'));
    return reply.header('cache-control', 'no-store').send({ messages: await listDevMail(db, query.data) });
  });

  app.get('/dev/mailbox', async (request, reply) => {
    if (!(await mayRead(request))) return reply.status(404).send(httpErrorBody('NOT_FOUND', request.url.split('?')[0]));
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
