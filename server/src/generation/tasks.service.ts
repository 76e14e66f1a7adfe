/**
 * Generation tasks: accept (validate, moderate, price, then in ONE transaction check the
 * parallel-task limit, insert the task and hold its credits), list, cancel.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@tessera/db/connect';
import { costOf } from '@tessera/shared/credits/costs';
import { AppError } from '@tessera/shared/errors';
import { GENERATION_KINDS, type GenerationInput, type GenerationKind, isProFeature, isTemplateKind, readField } from '@tessera/shared/generation';
import { bumpTemplateUsage } from '../modules/catalog/catalog.repo.ts';
import { resolveLora, resolveTemplate } from '../modules/catalog/catalog.service.ts';
import { publishCreditsChanged } from '../modules/credits/credits.events.ts';
import { holdCredits, releaseHold } from '../modules/credits/credits.service.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { entitlementsOf } from '../modules/billing/entitlements.ts';
import { type InputDeps, resolveInputImages } from './inputs.ts';
import { type ModerationService, moderateTexts } from './moderation.ts';
import {
  cancelTask as cancelTaskRow,
  countActiveTasks,
  findTask,
  insertTask,
  listUserTasks,
  lockUserForTasks,
  type TaskRecord,
} from './tasks.repo.ts';

export interface TaskServiceDeps extends InputDeps {
  db: Database;
  realtime: Realtime;
  moderation: ModerationService;
  /** Wakes idle in-process workers so a new task starts without waiting for the next poll. */
  wakeWorkers?: () => void;
}

/** Attempts before a task whose worker keeps dying is failed and refunded. */
export const MAX_TASK_ATTEMPTS = 3;

export interface TaskDto {
  id: string;
  kind: string;
  rpcName: string;
  status: TaskRecord['status'];
  progress: number;
  stage: string;
  cost: number;
  projectId: string | null;
  error: { code: string; message: string } | null;
  outputs: { url: string; mediaType: 'image' | 'video' | 'audio'; width?: number; height?: number }[];
  createdAt: string;
  finishedAt: string | null;
}

/** Public URL of a stored output. */
export function mediaUrl(key: string): string {
  return `/api/media/${key}`;
}

export function toTaskDto(task: TaskRecord): TaskDto {
  return {
    id: task.id,
    kind: task.kind,
    rpcName: task.rpcName,
    status: task.status,
    progress: task.progress,
    stage: task.stage,
    cost: task.cost,
    projectId: task.projectId,
    error: task.errorCode ? { code: task.errorCode, message: task.errorMessage ?? '' } : null,
    outputs: task.outputs.map((o) => ({
      url: mediaUrl(o.key),
      mediaType: o.mediaType,
      ...(o.width ? { width: o.width } : {}),
      ...(o.height ? { height: o.height } : {}),
    })),
    createdAt: task.createdAt.toISOString(),
    finishedAt: task.finishedAt?.toISOString() ?? null,
  };
}

/** Accepts a generation request; returns the new task's id. */
export async function createTask<K extends GenerationKind>(
  deps: TaskServiceDeps,
  p: { userId: string; kind: K; input: GenerationInput<K> },
): Promise<{ id: string }> {
  const definition = GENERATION_KINDS[p.kind];
  const texts = ['prompt', 'negativePrompt'].map((field) => readField(p.input, field)).filter((v): v is string => typeof v === 'string');
  await moderateTexts(deps.moderation, texts);
  // A template kind runs the template as it is now (copied into the task) and costs what it says.
  const template = isTemplateKind(p.kind) ? await resolveTemplate(deps.db, p.kind, String(readField(p.input, 'templateId'))) : null;
  const loraId = readField(p.input, 'loraId');
  const lora = typeof loraId === 'string' ? await resolveLora(deps.db, loraId) : null;
  const plan = await entitlementsOf(deps.db, p.userId);
  if (!plan.proFeatures && (template?.pro || isProFeature(p.kind, p.input))) throw new AppError('PRO_FEATURE');
  const input = {
    ...(await resolveInputImages(deps, p.userId, p.kind, p.input)),
    ...(template ? { template: template.snapshot } : {}),
    ...(lora ? { lora } : {}),
  };
  // Unmetered plans make images for no credits, in a slower queue (plan.queueDelaySeconds).
  const unmetered = plan.unmeteredImages && definition.output === 'image';
  const cost = unmetered ? 0 : (template?.snapshot.cost ?? costOf(p.kind, input));
  const limit = plan.parallelTasks;
  const id = randomUUID();
  const projectId = typeof input.projectId === 'string' ? input.projectId : null;

  await deps.db.transaction(async (tx) => {
    // The user row lock serialises this user's submissions: two tabs cannot both pass the limit.
    if (!(await lockUserForTasks(tx, p.userId))) throw new AppError('USER_NOT_FOUND');
    const active = await countActiveTasks(tx, p.userId);
    if (active.queued + active.running >= limit) throw new AppError('PARALLEL_TASK_LIMIT');
    await insertTask(tx, {
      id,
      userId: p.userId,
      kind: p.kind,
      rpcName: definition.rpcName,
      input,
      cost,
      projectId,
      maxAttempts: MAX_TASK_ATTEMPTS,
      queueDelaySeconds: unmetered ? plan.queueDelaySeconds : 0,
    });
    await holdCredits(tx, { userId: p.userId, taskId: id, amount: cost, note: definition.rpcName });
    if (template) await bumpTemplateUsage(tx, template.snapshot.id);
  });

  await publishCreditsChanged(deps, p.userId);
  deps.wakeWorkers?.();
  return { id };
}

/** The caller's tasks, queued and running first. */
export async function listTasks(db: Database, userId: string, limit = 50): Promise<TaskDto[]> {
  return (await listUserTasks(db, userId, limit)).map(toTaskDto);
}

/** One of the caller's tasks; others' tasks do not exist for them. */
export async function getTask(db: Database, userId: string, id: string): Promise<TaskDto> {
  const task = await findTask(db, id);
  if (!task || task.userId !== userId) throw new AppError('NOT_FOUND');
  return toTaskDto(task);
}

/** "2 of 3 running": how much of the plan's parallel limit is in use. */
export async function taskConcurrency(db: Database, userId: string) {
  const active = await countActiveTasks(db, userId);
  const { plan, parallelTasks } = await entitlementsOf(db, userId);
  return { ...active, inUse: active.queued + active.running, limit: parallelTasks, plan };
}

/** Cancels a queued or running task and releases its hold; a finished task cannot be canceled. */
export async function cancelTask(deps: TaskServiceDeps, userId: string, id: string): Promise<TaskDto> {
  const canceled = await deps.db.transaction(async (tx) => {
    if (!(await cancelTaskRow(tx, id, userId))) return false;
    await releaseHold(tx, id);
    return true;
  });
  const task = await findTask(deps.db, id);
  if (!task || task.userId !== userId) throw new AppError('NOT_FOUND');
  if (!canceled) throw new AppError('REFRESH_AND_RETRY');
  deps.realtime.toUser(userId, 'task:failed', { id, projectId: task.projectId, code: 'CANCELED', message: 'Canceled' });
  await publishCreditsChanged(deps, userId);
  return toTaskDto(task);
}
