/**
 * The OpenAPI 3.1 document of /api/v1 (https://spec.openapis.org/oas/v3.1.0), generated — never
 * written per kind: request bodies are each kind's studio zod schema, query parameters and answers
 * the zod schemas of rest.schemas.ts, converted with zod's own `z.toJSONSchema` to JSON Schema
 * 2020-12 (the dialect OpenAPI 3.1 uses). The webhooks section describes what a callback URL
 * receives (Standard Webhooks, https://www.standardwebhooks.com/). Served by rest.routes.ts at
 * GET /api/v1/openapi.json; the contract test checks every documented answer against it.
 */
import { API_KEY_HEADER, API_TRIAL_CREDITS, IDEMPOTENCY_TTL_HOURS, kindSlug, MAX_IDEMPOTENCY_KEY_LENGTH, WEBHOOK_EVENTS, WEBHOOK_HEADERS } from '@tessera/shared/api';
import { GENERATION_KINDS, type GenerationKind } from '@tessera/shared/generation';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES } from '../../media/upload.routes.ts';
import { inputSchemaOf } from './api.service.ts';
import { curlSample, javascriptSample, KIND_EXAMPLES } from './openapi.examples.ts';
import { API_AUTH_FAILURES_PER_MINUTE } from './rateLimit.ts';
import {
  API_KINDS,
  zApiBalance,
  zApiError,
  zApiMedia,
  zApiModel,
  zApiTask,
  zCallbackField,
  zCreatedTask,
  zModelList,
  zModelsQuery,
  zTaskList,
  zTaskListQuery,
  zWebhookPayload,
} from './rest.schemas.ts';

type Json = Record<string, unknown>;

const API_VERSION = '1.0.0';
const SCHEMA_REF = '#/components/schemas/';
const ref = (name: string) => ({ $ref: `${SCHEMA_REF}${name}` });
const refTo = (section: string, name: string) => ({ $ref: `#/components/${section}/${name}` });

const pascal = (kind: GenerationKind) => kindSlug(kind).replace(/(^|-)([a-z0-9])/g, (_m, _dash: string, c: string) => c.toUpperCase());
/** `Text to video v2` from `text_to_video_v2`. */
const title = (kind: GenerationKind) => {
  const words = kind.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
export const requestSchemaName = (kind: GenerationKind) => `${pascal(kind)}Request`;
export const createOperationId = (kind: GenerationKind) => `create${pascal(kind)}`;

const RESPONSE_SCHEMAS = [zCreatedTask, zApiTask, zTaskList, zApiBalance, zApiModel, zModelList, zApiMedia, zApiError, zWebhookPayload];

/** Each registered schema as a component: no `$schema`/`$id` (the document sets the dialect), shared parts by `$ref`. */
function componentsOf(registry: z.core.$ZodRegistry<{ id: string }>, io: 'input' | 'output'): Record<string, Json> {
  const { schemas } = z.toJSONSchema(registry, { target: 'draft-2020-12', io, uri: (id) => `${SCHEMA_REF}${id}` });
  // A part some schema names with .meta({ id }) but this document does not hold would end up here.
  if ('__shared' in schemas) throw new Error(`openapi: schemas refer to parts outside the document: ${Object.keys(schemas.__shared ?? {}).join(', ')}`);
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _dialect, $id: _id, ...rest } = schema as Json;
      return [id, rest];
    }),
  );
}

/** Request bodies: each kind's input (what the server fills in itself left out) plus `callbackUrl`. */
function requestComponents(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const kind of API_KINDS) registry.add(inputSchemaOf(kind), { id: requestSchemaName(kind) });
  const callbackUrl = (z.toJSONSchema(zCallbackField, { target: 'draft-2020-12', io: 'input' }).properties ?? {}).callbackUrl;
  const components = componentsOf(registry, 'input');
  for (const schema of Object.values(components)) {
    const properties = schema.properties as Record<string, unknown>;
    // `source` is what the server reads from an input video with ffprobe; a sent value is replaced.
    delete properties.source;
    properties.callbackUrl = callbackUrl;
  }
  return components;
}

function responseComponents(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const schema of RESPONSE_SCHEMAS) {
    const id = z.globalRegistry.get(schema)?.id;
    if (!id) throw new Error('openapi: every answer schema needs .meta({ id })');
    registry.add(schema, { id });
  }
  return componentsOf(registry, 'output');
}

/** A zod object of query parameters as OpenAPI parameters. */
function queryParameters(schema: z.ZodObject): Json[] {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' });
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as Json;
    return { name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

const RATE_HEADERS = {
  'RateLimit-Limit': refTo('headers', 'RateLimit-Limit'),
  'RateLimit-Remaining': refTo('headers', 'RateLimit-Remaining'),
  'RateLimit-Reset': refTo('headers', 'RateLimit-Reset'),
};

const errorResponse = (description: string, headers: Json = {}) => ({
  description,
  headers: { ...RATE_HEADERS, ...headers },
  content: { 'application/json': { schema: ref('Error') } },
});

const ERROR_RESPONSES = {
  BadRequest: errorResponse('Invalid input: `data.issues` lists what is wrong with each field (INCORRECT_PARAMETER), or another §8 refusal of the input.'),
  Unauthorized: {
    description: 'No key, or a malformed, unknown or revoked key, or one whose account is banned (INVALID_API_KEY).',
    content: { 'application/json': { schema: ref('Error') } },
  },
  Forbidden: errorResponse('Refused for the account: not enough api_credits (message `tessera::api_credits::…`), a paid-plan feature, content moderation …'),
  NotFound: errorResponse('No such kind, task or input media (a task of another account does not exist for you).'),
  Conflict: errorResponse('The Idempotency-Key is still being answered for a first request (IDEMPOTENCY_KEY_IN_PROGRESS; retry after `Retry-After`), or the input conflicts with its state.', {
    'Retry-After': refTo('headers', 'Retry-After'),
  }),
  PreconditionFailed: errorResponse('This server does not offer the kind or model asked for (KIND_UNAVAILABLE …).'),
  PayloadTooLarge: errorResponse('The request or file is too large.'),
  UnprocessableContent: errorResponse('The Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED).'),
  TooManyRequests: {
    description: `Over the plan's requests per minute for this key, over its tasks at once (PARALLEL_TASK_LIMIT), or too many failed keys from one address (${API_AUTH_FAILURES_PER_MINUTE} a minute). Wait \`Retry-After\` seconds.`,
    headers: { ...RATE_HEADERS, 'Retry-After': refTo('headers', 'Retry-After') },
    content: { 'application/json': { schema: ref('Error') } },
  },
  InternalError: { description: 'Something failed on our side; nothing was held. Retrying with the same Idempotency-Key is safe.', content: { 'application/json': { schema: ref('Error') } } },
};
type ErrorName = keyof typeof ERROR_RESPONSES;
const ERROR_STATUS: Record<ErrorName, string> = {
  BadRequest: '400',
  Unauthorized: '401',
  Forbidden: '403',
  NotFound: '404',
  Conflict: '409',
  PreconditionFailed: '412',
  PayloadTooLarge: '413',
  UnprocessableContent: '422',
  TooManyRequests: '429',
  InternalError: '500',
};

function errors(...names: ErrorName[]): Json {
  return Object.fromEntries(names.map((name) => [ERROR_STATUS[name], refTo('responses', name)]));
}

const ok = (description: string, schema: string, headers: Json = {}) => ({
  description,
  headers: { ...RATE_HEADERS, ...headers },
  content: { 'application/json': { schema: ref(schema) } },
});

const TASK_ID_PARAMETER = { name: 'id', in: 'path', required: true, description: 'The task id (from the create answer).', schema: { type: 'string', format: 'uuid' } };

function createOperation(apiBase: string, kind: GenerationKind): Json {
  const example = KIND_EXAMPLES[kind];
  const output = GENERATION_KINDS[kind].output;
  return {
    operationId: createOperationId(kind),
    tags: ['Generations'],
    summary: title(kind),
    description: `Starts a ${title(kind).toLowerCase()} task (its result is ${output === 'image' ? 'an image' : 'a video'}) and answers its id, the api_credits held for it and the URL to follow it. The body is the same as the studio's form for this kind, plus an optional \`callbackUrl\`. Input media fields take a key from POST /media (or an https URL of an image).`,
    parameters: [refTo('parameters', 'IdempotencyKey')],
    requestBody: { required: true, content: { 'application/json': { schema: ref(requestSchemaName(kind)), example } } },
    responses: {
      '201': ok('The task is queued; its cost is held from your api_credits. A replay of an Idempotency-Key answers the first answer again.', 'CreatedTask', {
        Location: { description: 'The task URL (statusUrl).', schema: { type: 'string', format: 'uri' } },
        'Idempotent-Replayed': refTo('headers', 'Idempotent-Replayed'),
      }),
      ...errors('BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'Conflict', 'PreconditionFailed', 'PayloadTooLarge', 'UnprocessableContent', 'TooManyRequests', 'InternalError'),
    },
    'x-codeSamples': [
      { lang: 'Shell', label: 'curl', source: curlSample(apiBase, kind, example) },
      { lang: 'JavaScript', label: 'JavaScript (fetch)', source: javascriptSample(apiBase, kind, example) },
    ],
  };
}

const simpleSamples = (apiBase: string, method: 'GET' | 'POST', path: string) => [
  { lang: 'Shell', label: 'curl', source: `curl -sS${method === 'POST' ? ' -X POST' : ''} "${apiBase}${path}" -H "X-API-Key: $TESSERA_API_KEY"` },
  {
    lang: 'JavaScript',
    label: 'JavaScript (fetch)',
    source: `const res = await fetch('${apiBase}${path}', {${method === 'POST' ? " method: 'POST'," : ''} headers: { 'X-API-Key': process.env.TESSERA_API_KEY } });\nconsole.log(await res.json());`,
  },
];

const DESCRIPTION = `Generate images and videos with Tessera from your own code: the same kinds, models, prices and rules as the studio.

**Keys.** Create a key on the API platform page of the studio (signed-in accounts; your first key brings ${API_TRIAL_CREDITS} api_credits to try the API). Send it as \`X-API-Key: tsk_…\` or \`Authorization: Bearer tsk_…\`. Keys work only here and on the MCP server, never for the studio's account or billing calls; revoking one takes effect at once.

**Credits.** API tasks spend *api_credits* (studio tasks spend credits): the price is held when a task is accepted, captured when it succeeds and released when it fails or is canceled. Paid plans grant a monthly api_credits allowance. GET /balance shows yours, GET /models the prices.

**Tasks.** A create answers at once with the task's \`statusUrl\`: poll it, or pass a \`callbackUrl\` and receive a signed webhook when the task ends (see Webhooks). Output URLs are signed links that work without a key for 24 hours.

**Idempotency.** Send an \`Idempotency-Key\` (up to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters, e.g. a UUID) with a create: a retry with the same key and body answers the first answer again (\`Idempotent-Replayed: true\`) instead of starting a second task; the same key with another body is refused (422); keys are kept ${IDEMPOTENCY_TTL_HOURS} hours. An answer with status 429 or 5xx is not kept, so retrying it runs the request.

**Limits.** Each key may make the plan's number of requests per minute (RateLimit-Limit/-Remaining/-Reset headers on every answer) and run the plan's number of tasks at once; over either answers 429 with \`Retry-After\`.

**Errors** have one shape: \`{ "error": { "code", "message", "data": { "code", "httpStatus", "appCode", "path", "issues"? } } }\`. Messages come in the language of the \`user-language\` header (English by default).

**Webhooks** follow Standard Webhooks (https://www.standardwebhooks.com/): verify \`webhook-signature\` (\`v1,<base64>\`) as HMAC-SHA256, keyed by the base64-decoded part of your \`whsec_…\` secret after the prefix, of \`<webhook-id>.<webhook-timestamp>.<raw body>\`; refuse timestamps more than 5 minutes old; the standard's libraries (\`standardwebhooks\` on npm and PyPI) do this for you. Answer 2xx within 15 seconds; anything else is retried with backoff for hours, and the dashboard lists every delivery and can send one again.`;

/** The document for a server whose public URL is `publicUrl`. */
export function openApiDocument(publicUrl: string): Json {
  const apiBase = `${publicUrl.replace(/\/+$/, '')}/api/v1`;
  const paths: Record<string, Json> = {};
  for (const kind of API_KINDS) paths[`/generations/${kindSlug(kind)}`] = { post: createOperation(apiBase, kind) };
  /** A keyed operation that reads or acts on what the account has: one success, the usual refusals, samples. */
  const simple = (method: 'GET' | 'POST', samplePath: string, o: { id: string; tag: string; summary: string; description?: string; parameters?: Json[]; ok: [string, string]; refusals: ErrorName[] }) => ({
    [method.toLowerCase()]: {
      operationId: o.id,
      tags: [o.tag],
      summary: o.summary,
      ...(o.description ? { description: o.description } : {}),
      ...(o.parameters ? { parameters: o.parameters } : {}),
      responses: { '200': ok(o.ok[0], o.ok[1]), ...errors(...o.refusals, 'Unauthorized', 'TooManyRequests', 'InternalError') },
      'x-codeSamples': simpleSamples(apiBase, method, samplePath),
    },
  });
  paths['/tasks'] = simple('GET', '/tasks?limit=20', {
    id: 'listTasks',
    tag: 'Tasks',
    summary: 'List tasks',
    description: "Your account's tasks, newest first (the studio's too: a key acts for its account).",
    parameters: queryParameters(zTaskListQuery),
    ok: ['The tasks.', 'TaskList'],
    refusals: ['BadRequest'],
  });
  paths['/tasks/{id}'] = simple('GET', '/tasks/TASK_ID', {
    id: 'getTask',
    tag: 'Tasks',
    summary: 'Get a task',
    description: 'Status, progress, outputs (signed links valid 24 hours) and, for a failed task, its error in the §8 shape.',
    parameters: [TASK_ID_PARAMETER],
    ok: ['The task.', 'Task'],
    refusals: ['NotFound'],
  });
  paths['/tasks/{id}/cancel'] = simple('POST', '/tasks/TASK_ID/cancel', {
    id: 'cancelTask',
    tag: 'Tasks',
    summary: 'Cancel a task',
    description: 'Cancels a queued or running task and releases its api_credits. A task that has already ended is answered as it is (check `status`), so a repeated cancel is harmless.',
    parameters: [TASK_ID_PARAMETER],
    ok: ['The task after the cancel.', 'Task'],
    refusals: ['NotFound'],
  });
  paths['/models'] = simple('GET', '/models?kind=text-to-image', {
    id: 'listModels',
    tag: 'Models',
    summary: 'List models and prices',
    description: 'The models this server runs for each kind, default first, with their limits and prices. Pass a model id as `model` in a create.',
    parameters: queryParameters(zModelsQuery),
    ok: ['The models.', 'ModelList'],
    refusals: ['BadRequest'],
  });
  paths['/balance'] = simple('GET', '/balance', { id: 'getBalance', tag: 'Account', summary: 'Get the api_credits balance', ok: ['Your api_credits.', 'Balance'], refusals: [] });
  paths['/media'] = {
    post: {
      operationId: 'uploadMedia',
      tags: ['Media'],
      summary: 'Upload an input file',
      description: `Stores an image (PNG, JPEG, WebP, GIF, AVIF; up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, re-encoded) or a video (MP4, MOV, WebM; up to ${MAX_VIDEO_UPLOAD_BYTES / 1024 / 1024} MB, 3–30 s) and answers its \`key\`, which the image and video fields of a create take.`,
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The file.' } }, required: ['file'] },
          },
        },
      },
      responses: {
        '201': ok('Stored.', 'Media'),
        ...errors('BadRequest', 'Unauthorized', 'Forbidden', 'PayloadTooLarge', 'TooManyRequests', 'InternalError'),
      },
      'x-codeSamples': [
        { lang: 'Shell', label: 'curl', source: `curl -sS -X POST "${apiBase}/media" -H "X-API-Key: $TESSERA_API_KEY" -F file=@photo.jpg` },
        {
          lang: 'JavaScript',
          label: 'JavaScript (fetch)',
          source: [
            "import { readFile } from 'node:fs/promises';",
            '',
            'const form = new FormData();',
            "form.append('file', new Blob([await readFile('photo.jpg')]), 'photo.jpg');",
            `const res = await fetch('${apiBase}/media', { method: 'POST', headers: { 'X-API-Key': process.env.TESSERA_API_KEY }, body: form });`,
            'console.log((await res.json()).key);',
          ].join('\n'),
        },
      ],
    },
  };
  paths['/openapi.json'] = {
    get: {
      operationId: 'getOpenApiDocument',
      tags: ['Meta'],
      summary: 'This document',
      security: [],
      responses: { '200': { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  };

  const webhookHeaders = [
    { name: WEBHOOK_HEADERS.id, description: 'The delivery id: the same on every retry of one event (use it to drop duplicates).', schema: { type: 'string' } },
    { name: WEBHOOK_HEADERS.timestamp, description: 'Unix seconds when this attempt was signed.', schema: { type: 'string', pattern: '^[0-9]+$' } },
    { name: WEBHOOK_HEADERS.signature, description: '`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` keyed by your secret.', schema: { type: 'string' } },
  ].map((h) => ({ ...h, in: 'header', required: true }));
  const webhooks = Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [
      event,
      {
        post: {
          operationId: `webhook${event
            .split('.')
            .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
            .join('')}`,
          summary: `${event}: a task with a callbackUrl ${event.slice('task.'.length)}`,
          description: 'Sent to the task\'s callbackUrl, signed as Standard Webhooks defines. `data` is the task as GET /tasks/{id} answers it.',
          parameters: webhookHeaders,
          requestBody: { required: true, content: { 'application/json': { schema: ref('WebhookEvent') } } },
          responses: { '200': { description: 'Received (any 2xx). Other answers, timeouts and refused connections are retried with backoff.' } },
        },
      },
    ]),
  );

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Tessera API',
      version: API_VERSION,
      description: DESCRIPTION,
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: apiBase }],
    security: [{ ApiKey: [] }, { Bearer: [] }],
    tags: [
      { name: 'Generations', description: 'One create per kind.' },
      { name: 'Tasks' },
      { name: 'Models' },
      { name: 'Account' },
      { name: 'Media' },
      { name: 'Meta' },
    ],
    paths,
    webhooks,
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER.replace(/(^|-)([a-z])/g, (m) => m.toUpperCase()), description: 'Your key: `tsk_…`.' },
        Bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'tsk_…', description: 'The same key as a bearer token.' },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: `Makes a retry safe: the same key and body answer the first answer for ${IDEMPOTENCY_TTL_HOURS} hours.`,
          schema: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH },
        },
      },
      headers: {
        'RateLimit-Limit': { description: "Requests this key may make per minute (the plan's).", schema: { type: 'integer' } },
        'RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: { type: 'integer' } },
        'RateLimit-Reset': { description: 'Seconds until the current minute ends.', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
        'Idempotent-Replayed': { description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.', schema: { type: 'string', enum: ['true'] } },
      },
      responses: ERROR_RESPONSES,
      schemas: { ...requestComponents(), ...responseComponents() },
    },
  };
}
