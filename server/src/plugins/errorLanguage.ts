/**
 * Catalogue messages in the request's language (§7 user-language header, §8 messages) for the
 * plain HTTP routes: the error handler's `{ error: { message, data: { appCode } } }` and the auth
 * routes' `{ code, message }`. The code stays as it is; only a catalogue message is translated
 * (shared/errors/messages). tRPC answers are translated by its error formatter, which knows the
 * context's language, so they are skipped here.
 */
import { localizeMessage } from '@tessera/shared/errors/messages';
import { type LanguageCode, resolveUserLanguage, USER_LANGUAGE_HEADER } from '@tessera/shared/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';

const TRPC_PREFIX = '/api/trpc/';

/** The language a request asked for: the studio's user-language header, else English (§7). */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): LanguageCode {
  const header = request.headers[USER_LANGUAGE_HEADER];
  return resolveUserLanguage(Array.isArray(header) ? header[0] : header);
}

type ErrorPayload = { error?: { message?: unknown; data?: { appCode?: unknown } }; code?: unknown; message?: unknown };

function localize(body: ErrorPayload, lang: LanguageCode): boolean {
  const nested = body.error;
  if (nested && typeof nested.message === 'string') {
    const code = typeof nested.data?.appCode === 'string' ? nested.data.appCode : undefined;
    const message = localizeMessage(code, nested.message, lang);
    if (message === nested.message) return false;
    nested.message = message;
    return true;
  }
  if (typeof body.code === 'string' && typeof body.message === 'string') {
    const message = localizeMessage(body.code, body.message, lang);
    if (message === body.message) return false;
    body.message = message;
    return true;
  }
  return false;
}

/** An onSend hook: rewrites the message of a JSON error answer, nothing else. */
export async function localizeErrorPayload(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 400 || typeof payload !== 'string' || request.url.startsWith(TRPC_PREFIX)) return payload;
  const lang = requestLanguage(request);
  if (lang === 'en' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return payload;
  return localize(body as ErrorPayload, lang) ? JSON.stringify(body) : payload;
}
