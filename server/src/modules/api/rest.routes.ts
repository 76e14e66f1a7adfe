/**
 * The REST API, /api/v1 (issue 19): creates for every generation kind, tasks, models, balance and
 * media uploads, for callers with an API key (`X-API-Key: tsk_…` or `Authorization: Bearer tsk_…`)
 * — never a session cookie. The operations are api.service.ts's, shared with /api/mcp; this file
 * only authenticates, counts, parses and answers.
 *
 * Each request, before its body is read: the key is checked (401 INVALID_API_KEY; an address
 * failing too often is refused with 429 unheard), then counted against the plan's per-minute
 * rate (429 + Retry-After; RateLimit-* headers on every answer). These routes are exempt from
 * the global per-IP limit and the Origin check: the key, counted per key, is the credential.
 * `GET /api/v1/openapi.json` is public.
 */
import { kindOfSlug } from '@tessera/shared/api';
import { AppError, httpErrorBody } from '@tessera/shared/errors';
import { isGenerationKind } from '@tessera/shared/generation';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { createMediaLinks } from '../../media/signedLinks.ts';
import { receiveAndStoreUpload, registerUploadParsing, type UploadDeps } from '../../media/upload.routes.ts';
import { requestLanguage } from '../../plugins/errorLanguage.ts';
import type { AppServices } from '../../services.ts';
import { API_OUTPUT_LINK_TTL_S, apiBalance, apiModels, assertKindOffered, cancelApiTask, createApiTask, getApiTask, listApiTasks } from './api.service.ts';
import { type ApiAnswer, apiErrorAnswer, internalErrorAnswer } from './errors.ts';
import { finishIdempotent, idempotencyKeyOf, requestHashOf, startIdempotencySweep, startIdempotent } from './idempotency.ts';
import type { ApiCaller } from './keys.service.ts';
import { openApiDocument } from './openapi.ts';
import { ApiRateLimited, authenticateApiRequest, enforceApiRate, rateHeaders } from './rateLimit.ts';
import { zCallbackField, zModelsQuery, zTaskId, zTaskListQuery } from './rest.schemas.ts';
import { checkCallbackUrl } from './webhooks/callbackUrl.ts';

export const API_V1 = '/api/v1';

export interface RestApiOptions {
  services: AppServices;
  /** The studio upload route's storage, limits and checks: /api/v1/media receives files the same way. */
  uploads: UploadDeps;
}

/** Keys are the credential here, counted per key by this plugin (not per IP by the global limiter). */
const KEYED: RouteShorthandOptions = { config: { originCheck: false, rateLimit: false } };

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;

function send(reply: FastifyReply, answer: ApiAnswer): FastifyReply {
  return reply
    .status(answer.status)
    .headers(answer.headers ?? {})
    .send(answer.body);
}

/** A task's status URL, absolute. */
export function taskUrl(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${API_V1}/tasks/${id}`;
}

export async function restApiRoutes(app: FastifyInstance, opts: RestApiOptions): Promise<void> {
  const { services } = opts;
  const callers = new WeakMap<FastifyRequest, ApiCaller>();
  const links = createMediaLinks({ publicUrl: services.config.publicUrl, secret: services.config.authSecret });

  // The document is the same for every request: built once, on first use.
  let document: string | undefined;
  app.get(`${API_V1}/openapi.json`, async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(services.config.publicUrl));
    return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(document);
  });

  const stopSweep = startIdempotencySweep(services.db, (err) => app.log.warn({ err }, 'idempotency key sweep failed'));
  app.addHook('onClose', async () => stopSweep());

  /** The answer to a failure: the client's mistake as it is, anything unexpected a logged 500. */
  function failure(request: FastifyRequest, error: unknown): ApiAnswer {
    const answer = apiErrorAnswer(error, pathOf(request));
    if (answer) return answer;
    request.log.error({ err: error }, 'api request failed');
    return internalErrorAnswer(pathOf(request));
  }

  async function attempt(request: FastifyRequest, work: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
    try {
      return await work();
    } catch (error) {
      return failure(request, error);
    }
  }

  const callerOf = (request: FastifyRequest): ApiCaller => {
    const caller = callers.get(request);
    if (!caller) throw new AppError('INVALID_API_KEY');
    return caller;
  };

  /** Runs a create under the request's Idempotency-Key, if it has one (idempotency.ts). */
  async function idempotent(request: FastifyRequest, reply: FastifyReply, work: () => Promise<ApiAnswer>): Promise<FastifyReply> {
    const { userId } = callerOf(request);
    let key: string | null;
    try {
      key = idempotencyKeyOf(request.headers);
      const replay = key ? await startIdempotent(services.db, userId, key, requestHashOf(request.method, pathOf(request), request.body)) : null;
      if (replay) return send(reply, replay);
    } catch (error) {
      return send(reply, failure(request, error));
    }
    const answer = await attempt(request, work);
    // The work is done: a failure to store its answer leaves the key in flight until it is abandoned.
    if (key) await finishIdempotent(services.db, userId, key, answer).catch((err: unknown) => request.log.error({ err }, 'idempotency key not stored'));
    return send(reply, answer);
  }

  await app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      try {
        const caller = await authenticateApiRequest(services, request.headers, request.ip);
        reply.headers(rateHeaders(await enforceApiRate(services, caller), null));
        callers.set(request, caller);
      } catch (error) {
        if (error instanceof ApiRateLimited) reply.headers(rateHeaders(error.state, error.retryAfterS));
        throw error;
      }
    });

    api.post<{ Params: { kindSlug: string } }>(`${API_V1}/generations/:kindSlug`, KEYED, async (request, reply) => {
      const kind = kindOfSlug(request.params.kindSlug);
      if (!kind) return send(reply, { status: 404, body: httpErrorBody('NOT_FOUND', pathOf(request)) });
      return idempotent(request, reply, async () => {
        const { callbackUrl } = zCallbackField.parse(request.body);
        // Checked before anything is held: a refused URL costs nothing.
        const checkedUrl = callbackUrl === undefined ? null : checkCallbackUrl(callbackUrl, services.config.webhookAllowList);
        assertKindOffered(services, kind);
        const { callbackUrl: _callback, ...input } = request.body as Record<string, unknown>;
        const { id, cost } = await createApiTask(services, callerOf(request), kind, input, { callbackUrl: checkedUrl });
        const statusUrl = taskUrl(services.config.publicUrl, id);
        return { status: 201, body: { id, object: 'task', status: 'queued', cost, statusUrl }, headers: { location: statusUrl } };
      });
    });

    api.get(`${API_V1}/tasks`, KEYED, async (request, reply) =>
      send(
        reply,
        await attempt(request, async () => {
          const { limit } = zTaskListQuery.parse(request.query);
          return { status: 200, body: { object: 'list', data: await listApiTasks(services, callerOf(request), limit, requestLanguage(request)) } };
        }),
      ),
    );

    api.get<{ Params: { id: string } }>(`${API_V1}/tasks/:id`, KEYED, async (request, reply) =>
      send(
        reply,
        await attempt(request, async () => {
          // Not a task id is not one of the caller's tasks either.
          if (!zTaskId.safeParse(request.params.id).success) throw new AppError('NOT_FOUND');
          return { status: 200, body: await getApiTask(services, callerOf(request), request.params.id, requestLanguage(request)) };
        }),
      ),
    );

    api.post<{ Params: { id: string } }>(`${API_V1}/tasks/:id/cancel`, KEYED, async (request, reply) =>
      send(
        reply,
        await attempt(request, async () => {
          if (!zTaskId.safeParse(request.params.id).success) throw new AppError('NOT_FOUND');
          const caller = callerOf(request);
          const lang = requestLanguage(request);
          try {
            return { status: 200, body: await cancelApiTask(services, caller, request.params.id, lang) };
          } catch (error) {
            // Already finished (or canceled before): cancelling again answers the task as it is,
            // so a retried cancel is harmless and the status says what happened.
            if (error instanceof AppError && error.catalogueCode === 'REFRESH_AND_RETRY') {
              return { status: 200, body: await getApiTask(services, caller, request.params.id, lang) };
            }
            throw error;
          }
        }),
      ),
    );

    api.get(`${API_V1}/models`, KEYED, async (request, reply) =>
      send(
        reply,
        await attempt(request, async () => {
          const { kind } = zModelsQuery.parse(request.query);
          const chosen = kind === undefined ? null : isGenerationKind(kind) ? kind : kindOfSlug(kind);
          return { status: 200, body: { object: 'list', data: apiModels(services, chosen) } };
        }),
      ),
    );

    api.get(`${API_V1}/balance`, KEYED, async (request, reply) =>
      send(reply, await attempt(request, async () => ({ status: 200, body: await apiBalance(services, callerOf(request)) }))),
    );

    // Multipart parsing for this route only.
    await api.register(async (media) => {
      await registerUploadParsing(media, opts.uploads.tmpDir);
      media.post(`${API_V1}/media`, KEYED, async (request, reply) =>
        send(
          reply,
          await attempt(request, async () => {
            const caller = callerOf(request);
            const stored = await receiveAndStoreUpload(request, reply, opts.uploads, caller.userId, [
              { key: `upload:apikey:${caller.keyId}`, max: opts.uploads.limits.perSession },
              { key: `upload:ip:${request.ip}`, max: opts.uploads.limits.perIp },
            ]);
            return { status: 201, body: { object: 'media', ...stored, url: links.url(stored.key, API_OUTPUT_LINK_TTL_S) } };
          }),
        ),
      );
    });
  });
}

