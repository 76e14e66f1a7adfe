/**
 * What /api/v1 accepts besides a kind's input (query strings, `callbackUrl`) and what it answers,
 * as zod schemas: the routes parse with them and the OpenAPI document (openapi.ts) is generated
 * from them, so the two cannot drift apart; the contract test checks real answers against the
 * document. Request bodies of the creates are each kind's studio schema (shared/generation).
 */
import { kindSlug, WEBHOOK_EVENTS } from '@tessera/shared/api';
import { WIRE_HTTP_STATUS, type WireCode } from '@tessera/shared/errors';
import { GENERATION_KINDS, type GenerationKind } from '@tessera/shared/generation';
import { zModelLimits, zModelPrice, zModelProvider } from '@tessera/shared/generation/models';
import { z } from 'zod';

export const API_KINDS = Object.keys(GENERATION_KINDS) as [GenerationKind, ...GenerationKind[]];
const KIND_SLUGS = API_KINDS.map(kindSlug) as [string, ...string[]];
const zKind = z.enum(API_KINDS);

/** What a create takes besides the kind's input. */
export const zCallbackField = z.object({
  callbackUrl: z
    .string()
    .max(2048)
    .optional()
    .describe('Where the signed webhook goes when the task ends (http or https, a public address). See the webhooks section.'),
});

export const zTaskListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('How many tasks, newest first.'),
});

export const zModelsQuery = z.object({
  kind: z
    .enum([...API_KINDS, ...KIND_SLUGS])
    .optional()
    .describe('Only the models of this kind (its name or its URL slug).'),
});

export const zTaskId = z.uuid();

const zTaskStatus = z.enum(['queued', 'running', 'succeeded', 'failed', 'canceled']);

export const zCreatedTask = z
  .object({
    id: z.uuid(),
    object: z.literal('task'),
    status: z.literal('queued'),
    cost: z.number().int().min(0).describe('The api_credits held for the task: captured when it succeeds, released when it fails or is canceled.'),
    statusUrl: z.url().describe('GET it (with your key) to follow the task.'),
  })
  .meta({ id: 'CreatedTask' });

export const zApiTask = z
  .object({
    object: z.literal('task'),
    id: z.uuid(),
    kind: zKind,
    status: zTaskStatus,
    progress: z.number().min(0).max(100),
    stage: z.string(),
    cost: z.number().int().min(0),
    error: z.object({ code: z.string(), message: z.string() }).nullable().describe('Why the task failed (§8 code and message), else null.'),
    outputs: z
      .array(
        z.object({
          url: z.url().describe('A signed link that opens the file without a key for 24 hours.'),
          mediaType: z.enum(['image', 'video', 'audio']),
          width: z.number().int().positive().optional(),
          height: z.number().int().positive().optional(),
        }),
      )
      .describe('The results, once the task succeeded.'),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Task' });

export const zTaskList = z.object({ object: z.literal('list'), data: z.array(zApiTask) }).meta({ id: 'TaskList' });

export const zApiBalance = z
  .object({
    object: z.literal('balance'),
    usageType: z.literal('api_credits'),
    used: z.number().int(),
    total: z.number().int(),
    remaining: z.number().int().min(0),
  })
  .meta({ id: 'Balance' });

export const zApiModel = z
  .object({
    object: z.literal('model'),
    kind: zKind,
    id: z.string().describe('Pass it as `model` in a create to run the task on this model.'),
    name: z.string(),
    vendor: z.string(),
    provider: zModelProvider,
    speed: z.enum(['fast', 'standard', 'slow']),
    limits: zModelLimits,
    price: zModelPrice.nullable().describe('Credits per run or per second; null: what the kind costs on the local engine.'),
  })
  .meta({ id: 'Model' });

export const zModelList = z.object({ object: z.literal('list'), data: z.array(zApiModel) }).meta({ id: 'ModelList' });

export const zApiMedia = z
  .object({
    object: z.literal('media'),
    key: z.string().describe('Put it in an image or video field of a create.'),
    url: z.url().describe('A signed link that opens the file without a key for 24 hours.'),
    contentType: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    sizeBytes: z.number().int().positive(),
    durationS: z.number().positive().optional(),
  })
  .meta({ id: 'Media' });

const WIRE_CODES = Object.keys(WIRE_HTTP_STATUS) as [WireCode, ...WireCode[]];

/** The §8 error shape (plugins/errors.ts, trpc/errorFormatter.ts). */
export const zApiError = z
  .object({
    error: z.object({
      code: z.enum(WIRE_CODES),
      message: z.string().describe('In the language of the `user-language` header (English by default).'),
      data: z.object({
        code: z.enum(WIRE_CODES),
        httpStatus: z.number().int(),
        appCode: z.string().optional().describe('The catalogue entry: NOT_ENOUGH_CREDITS, INVALID_API_KEY …'),
        path: z.string().optional(),
        issues: z.array(z.object({ path: z.string(), message: z.string(), code: z.string().optional() })).optional().describe('What is wrong with each field of invalid input.'),
      }),
    }),
  })
  .meta({ id: 'Error' });

/** The body a callback URL receives (Standard Webhooks, https://www.standardwebhooks.com/). */
export const zWebhookPayload = z
  .object({
    type: z.enum(WEBHOOK_EVENTS),
    timestamp: z.iso.datetime(),
    data: zApiTask,
  })
  .meta({ id: 'WebhookEvent' });
