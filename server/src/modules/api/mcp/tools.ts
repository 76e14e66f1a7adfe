/**
 * The MCP tools of the developer API (issue 19): one McpServer per request, acting for the
 * caller its API key names. Every tool calls the operation the REST API calls (api.service.ts),
 * so inputs, §5 rules, prices, moderation and `api_credits` are the same on both.
 *
 * Tools follow the MCP spec's tools page
 * (https://modelcontextprotocol.io/specification/2025-06-18/server/tools): input schemas are zod
 * shapes the SDK turns into JSON Schema; a result carries its JSON both as text content and as
 * `structuredContent`; a failure the assistant can act on (a refusal, invalid input) is a tool
 * result with `isError: true` carrying the §8 error (code, message, appCode, field issues), not a
 * protocol error, so the model sees it and can correct its call.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError, httpErrorBody } from '@tessera/shared/errors';
import { localizeMessage } from '@tessera/shared/errors/messages';
import { GENERATION_KINDS, type GenerationKind } from '@tessera/shared/generation';
import type { LanguageCode } from '@tessera/shared/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppServices } from '../../../services.ts';
import {
  apiBalance,
  apiModels,
  assertKindOffered,
  cancelApiTask,
  createApiTask,
  getApiTask,
  inputSchemaOf,
  listApiTasks,
} from '../api.service.ts';
import { apiErrorAnswer, type ApiErrorBody, internalErrorAnswer } from '../errors.ts';
import type { ApiCaller } from '../keys.service.ts';
import { API_KINDS, zTaskId } from '../rest.schemas.ts';
import { checkCallbackUrl } from '../webhooks/callbackUrl.ts';

/** What the server tells a client about itself at `initialize`. */
const MCP_SERVER_INFO = { name: 'tessera', version: '1.0.0' } as const;

const zKind = z.enum(API_KINDS);
const zId = zTaskId.describe('The task id that create_generation or list_tasks answered.');
const MAX_LISTED_TASKS = 100;

const INSTRUCTIONS = [
  'Tessera generates images, videos and audio. Each generation spends api_credits of the account the API key belongs to.',
  'Typical flow: list_models (prices) → describe_kind (the input fields of a kind) → create_generation → get_task until status is succeeded, failed or canceled.',
  'Outputs are signed links valid for 24 hours. Image and video fields of an input take an https URL or a media key (u/…) from the REST upload endpoint POST /api/v1/media.',
].join('\n');

/** The input's fields of each kind, in one line each, for create_generation's description. */
function kindSummary(kind: GenerationKind): string {
  const shape = (inputSchemaOf(kind) as unknown as { shape?: Record<string, z.ZodType> }).shape;
  const fields = shape ? Object.entries(shape).map(([name, field]) => (field.safeParse(undefined).success ? `${name}?` : name)) : [];
  return `- ${kind} (${GENERATION_KINDS[kind].output}): ${fields.join(', ')}`;
}

const CREATE_DESCRIPTION = [
  'Starts a generation and answers at once with its task id, its cost in api_credits and its status; poll get_task for the result.',
  'The cost is held from the account\'s api_credits and captured on success (refunded on failure or cancel).',
  '`input` is the kind\'s input object: call describe_kind for its JSON Schema (types, limits, defaults). Fields per kind (? = optional):',
  ...API_KINDS.map(kindSummary),
  'Optional `callbackUrl`: a public http(s) URL that receives the finished task as a signed webhook (Standard Webhooks).',
].join('\n');

/** A successful result: the JSON as text (for clients that only read text) and as structured content. */
function answer(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}

/** A refusal as a tool result: the §8 body /api/v1 answers (errors.ts), `path` being the tool. */
function refusal(body: unknown): CallToolResult {
  const data = body as Record<string, unknown>;
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data, isError: true };
}

interface ToolContext {
  services: AppServices;
  caller: ApiCaller;
  lang: LanguageCode;
  log: FastifyBaseLogger;
}

/**
 * Runs a tool body. What /api/v1 answers as a 4xx (AppErrors, invalid input with its field
 * issues) is an `isError` result with the same body, its catalogue message in the caller's
 * language; anything else is logged and answers INTERNAL without its details.
 */
async function run(ctx: ToolContext, tool: string, body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    const failure = apiErrorAnswer(error, tool)?.body as ApiErrorBody | undefined;
    if (failure) return refusal({ error: { ...failure.error, message: localizeMessage(failure.error.data.appCode, failure.error.message, ctx.lang) } });
    ctx.log.error({ err: error, tool, key: ctx.caller.keyPrefix }, 'mcp tool failed');
    return refusal(internalErrorAnswer(tool).body);
  }
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** A fresh server with every tool, for one request of `caller` (stateless: nothing outlives the request). */
export function createMcpServer(ctx: ToolContext): McpServer {
  const { services, caller, lang } = ctx;
  const server = new McpServer(MCP_SERVER_INFO, { instructions: INSTRUCTIONS });

  server.registerTool(
    'list_models',
    {
      title: 'List models and prices',
      description:
        'Lists the models this server runs, per generation kind, with their vendor, speed, limits and price (null price: the kind\'s standard credit cost). The first model of a kind is its default.',
      inputSchema: { kind: zKind.optional().describe('Only the models of this kind.') },
      annotations: READ_ONLY,
    },
    ({ kind }) => run(ctx, 'list_models', async () => answer({ models: apiModels(services, kind ?? null) })),
  );

  server.registerTool(
    'describe_kind',
    {
      title: 'Describe a generation kind',
      description:
        'Answers the JSON Schema of a generation kind\'s input (field types, limits, defaults, required fields) and what it outputs, so you can build a valid `input` for create_generation.',
      inputSchema: { kind: zKind },
      annotations: READ_ONLY,
    },
    ({ kind }) =>
      run(ctx, 'describe_kind', async () => {
        const spec: { output: string; imageFields: readonly string[]; videoFields?: readonly string[] } = GENERATION_KINDS[kind];
        return answer({
          kind,
          output: spec.output,
          // Fields that take a media key (u/…, from POST /api/v1/media) or an https URL.
          mediaFields: { image: [...spec.imageFields], video: [...(spec.videoFields ?? [])] },
          inputSchema: z.toJSONSchema(inputSchemaOf(kind), { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
        });
      }),
  );

  server.registerTool(
    'create_generation',
    {
      title: 'Create a generation',
      description: CREATE_DESCRIPTION,
      inputSchema: {
        kind: zKind,
        input: z.record(z.string(), z.unknown()).describe('The kind\'s input, e.g. { "prompt": "a red fox in snow", "aspectRatio": "1:1" } for text_to_image.'),
        callbackUrl: z.string().optional().describe('A public http(s) URL to receive the finished task as a signed webhook.'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ kind, input, callbackUrl }) =>
      run(ctx, 'create_generation', async () => {
        assertKindOffered(services, kind);
        const callback = callbackUrl === undefined ? null : checkCallbackUrl(callbackUrl, services.config.webhookAllowList);
        const { id, cost } = await createApiTask(services, caller, kind, input, { callbackUrl: callback });
        const task = await getApiTask(services, caller, id, lang);
        return answer({ object: 'task', id, kind, cost, status: task.status, statusUrl: `${services.config.publicUrl}/api/v1/tasks/${id}` });
      }),
  );

  server.registerTool(
    'get_task',
    {
      title: 'Get a task',
      description:
        'Answers a task: status (queued, running, succeeded, failed, canceled), progress 0–100, cost, outputs (signed links valid 24 h, with media type and size) and the error of a failed task.',
      inputSchema: { id: zId },
      annotations: READ_ONLY,
    },
    ({ id }) => run(ctx, 'get_task', async () => answer({ ...(await getApiTask(services, caller, id, lang)) })),
  );

  server.registerTool(
    'list_tasks',
    {
      title: 'List tasks',
      description: 'Lists the account\'s tasks (queued and running first, then the newest), each as get_task answers it.',
      inputSchema: { limit: z.number().int().min(1).max(MAX_LISTED_TASKS).optional().describe('How many tasks (1–100, default 20).') },
      annotations: READ_ONLY,
    },
    ({ limit }) => run(ctx, 'list_tasks', async () => answer({ tasks: await listApiTasks(services, caller, limit ?? 20, lang) })),
  );

  server.registerTool(
    'cancel_task',
    {
      title: 'Cancel a task',
      description: 'Cancels a queued or running task; its held api_credits are released. A task that already finished cannot be canceled (the error carries the task as it is).',
      inputSchema: { id: zId },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ id }) =>
      run(ctx, 'cancel_task', async () => {
        try {
          return answer({ ...(await cancelApiTask(services, caller, id, lang)) });
        } catch (error) {
          // The task finished meanwhile: say so with its final state rather than "refresh the page".
          if (!(error instanceof AppError) || error.catalogueCode !== 'REFRESH_AND_RETRY') throw error;
          const task = await getApiTask(services, caller, id, lang);
          const body = httpErrorBody('REFRESH_AND_RETRY', 'cancel_task', `The task has already finished (${task.status}).`);
          return refusal({ error: { ...body.error, data: { ...body.error.data, task } } });
        }
      }),
  );

  server.registerTool(
    'get_balance',
    {
      title: 'Get the api_credits balance',
      description: 'Answers the account\'s api_credits: total granted, used and remaining. Generations through the API spend these, not the studio\'s credits.',
      inputSchema: {},
      annotations: READ_ONLY,
    },
    () => run(ctx, 'get_balance', async () => answer({ ...(await apiBalance(services, caller)) })),
  );

  return server;
}
