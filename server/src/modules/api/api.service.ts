/**
 * The developer API's operations (issue 19), shared by the REST routes (/api/v1) and the MCP
 * server (/api/mcp): the same input schemas, §5 rules, prices and moderation as the studio,
 * because a create is createTask with an API origin (it spends `api_credits`).
 */
import { GENERATION_KINDS, type GenerationInput, type GenerationKind } from '@tessera/shared/generation';
import { toChoice } from '@tessera/shared/generation/models';
import { localizeMessage } from '@tessera/shared/errors/messages';
import type { LanguageCode } from '@tessera/shared/i18n';
import { AppError } from '@tessera/shared/errors';
import type { z } from 'zod';
import { taskDepsOf } from '../../generation/generation.router.ts';
import { cancelTask, createTask, getTask, listTasks, type TaskDto } from '../../generation/tasks.service.ts';
import { createMediaLinks } from '../../media/signedLinks.ts';
import type { AppServices } from '../../services.ts';
import { getCreditSummary } from '../credits/credits.service.ts';
import type { ApiCaller } from './keys.service.ts';

/** How long the output links in an API answer open their file. */
export const API_OUTPUT_LINK_TTL_S = 24 * 60 * 60;

/** A task as the API answers it: absolute, signed output URLs and the error in the caller's language. */
export interface ApiTask extends Omit<TaskDto, 'rpcName' | 'projectId'> {
  object: 'task';
}

export function toApiTask(services: { config: Pick<AppServices['config'], 'publicUrl' | 'authSecret'> }, task: TaskDto, lang: LanguageCode): ApiTask {
  const links = createMediaLinks({ publicUrl: services.config.publicUrl, secret: services.config.authSecret });
  const { rpcName: _rpc, projectId: _project, ...rest } = task;
  return {
    object: 'task',
    ...rest,
    error: task.error ? { ...task.error, message: localizeMessage(task.error.code, task.error.message, lang) } : null,
    outputs: task.outputs.map((o) => ({ ...o, url: links.url(o.url.replace(/^\/api\/media\//, ''), API_OUTPUT_LINK_TTL_S) })),
  };
}

/** The kind's input schema: the studio's, from shared/generation. */
export function inputSchemaOf(kind: GenerationKind): z.ZodType {
  return GENERATION_KINDS[kind].input as unknown as z.ZodType;
}

/**
 * Validates and accepts a generation; the caller has checked the callback URL. Throws a zod
 * error for invalid input (the transports answer 400 with its issues) and AppErrors for §5 rules.
 */
export async function createApiTask(
  services: AppServices,
  caller: ApiCaller,
  kind: GenerationKind,
  rawInput: unknown,
  opts: { callbackUrl: string | null },
): Promise<{ id: string; cost: number }> {
  const input = inputSchemaOf(kind).parse(rawInput) as GenerationInput<typeof kind>;
  return createTask(taskDepsOf(services), { userId: caller.userId, kind, input, api: { keyId: caller.keyId, callbackUrl: opts.callbackUrl } });
}

export async function getApiTask(services: AppServices, caller: ApiCaller, id: string, lang: LanguageCode): Promise<ApiTask> {
  return toApiTask(services, await getTask(services.db, caller.userId, id), lang);
}

/** The owner's tasks (studio ones too: a key acts for its account), newest first. */
export async function listApiTasks(services: AppServices, caller: ApiCaller, limit: number, lang: LanguageCode): Promise<ApiTask[]> {
  return (await listTasks(services.db, caller.userId, limit)).map((task) => toApiTask(services, task, lang));
}

export async function cancelApiTask(services: AppServices, caller: ApiCaller, id: string, lang: LanguageCode): Promise<ApiTask> {
  return toApiTask(services, await cancelTask(taskDepsOf(services), caller.userId, id), lang);
}

/** The caller's `api_credits`: total granted, used, remaining. */
export async function apiBalance(services: AppServices, caller: ApiCaller) {
  const summary = await getCreditSummary(services.db, caller.userId, 'api_credits');
  return { object: 'balance' as const, usageType: 'api_credits' as const, ...summary };
}

/** The models this server runs for a kind (or every kind), with prices, default first. */
export function apiModels(services: AppServices, kind: GenerationKind | null) {
  const kinds = kind ? [kind] : (Object.keys(GENERATION_KINDS) as GenerationKind[]);
  return kinds.flatMap((k) => services.models.forKind(k).map((model) => ({ object: 'model' as const, kind: k, ...toChoice(model) })));
}

/** AppError for a kind this server does not offer at all. */
export function assertKindOffered(services: AppServices, kind: GenerationKind): void {
  if (services.models.forKind(kind).length === 0) throw new AppError('KIND_UNAVAILABLE');
}
