/**
 * Generation tasks: accept (validate, moderate, price, then in ONE transaction check the
 * parallel-task limit, insert the task and hold its credits), list, cancel. A task can target a
 * node of a project's canvas; its events then also reach every collaborator (the project room).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@tessera/db/connect';
import { costOf } from '@tessera/shared/credits/costs';
import { AppError, PRO_FEATURE_USAGE_TYPE } from '@tessera/shared/errors';
import { GENERATION_KINDS, type GenerationInput, type GenerationKind, isProFeature, isTemplateKind, readField } from '@tessera/shared/generation';
import { checkLimits, LOCAL_MODEL, modelCost } from '@tessera/shared/generation/models';
import type { ModelCatalog } from './providers/hosted/modelCatalog.ts';
import { bumpTemplateUsage } from '../modules/catalog/catalog.api.ts';
import { findMediaObject } from '../media/media.api.ts';
import { resolveLora, resolveTemplate } from '../modules/catalog/catalog.service.ts';
import { publishCreditsChanged } from '../modules/credits/credits.events.ts';
import { CREDITS_APP, holdCredits, releaseHold } from '../modules/credits/credits.service.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { entitlementsOf } from '../modules/billing/entitlements.ts';
import type { ServerEventPayload } from '@tessera/shared/realtime';
import { zProjectId } from '@tessera/shared/projects';
import { findRole } from '../modules/projects/projects.api.ts';
import { type InputDeps, projectMediaScope, resolveInputImages } from './inputs.ts';
import { resolveInputVideos } from './videoInputs.ts';
import { checkFaceInputs } from './faceChecks.ts';
import type { ToolRunner } from './engine/enginePool.ts';
import { resolveTimelineMedia } from './timelineMedia.ts';
import { type ModerationService, moderateTexts } from './moderation.ts';
import {
  cancelTask as cancelTaskRow,
  countActiveTasks,
  findRequesterName,
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
  /** Called once a task reached a final state here (cancel): writes a canvas task's outcome into its project. */
  onSettled?: (taskId: string) => Promise<unknown>;
  /** The app's engine pool: accept-time face checks run their detector there (faceChecks.ts). */
  engine?: ToolRunner;
  /** The model catalogue here: a model picked in the studio must be one it offers for the kind. */
  models?: ModelCatalog;
}

/**
 * How far (in credits) the price of a video upscale may rise above what the studio showed before
 * the request is refused with "Upscale credit calculation gap is too large": the form prices the
 * length the browser read, the server the length ffprobe reads, which can differ by a started second.
 */
export function upscaleGapTolerance(expected: number): number {
  return Math.max(2, Math.ceil(expected * 0.1));
}

/** A task placed on a project's canvas: the result is written into node `nodeId` of the project document. */
export interface CanvasTarget {
  projectId: string;
  nodeId: string;
}

/** The size in bytes of the largest stored file among a task's image and video inputs. */
async function largestInput(db: Database, kind: GenerationKind, input: unknown): Promise<number> {
  const definition: { imageFields: readonly string[]; videoFields?: readonly string[] } = GENERATION_KINDS[kind];
  const keys = [...definition.imageFields, ...(definition.videoFields ?? [])].map((field) => readField(input, field)).filter((v): v is string => typeof v === 'string');
  const sizes = await Promise.all(keys.map(async (key) => (await findMediaObject(db, key))?.sizeBytes ?? 0));
  return Math.max(0, ...sizes);
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

/**
 * A plain request may name a project in its input (§7 `projectId`); it is kept only for a member,
 * because a project's task events go to everyone in that project.
 */
async function projectTag(db: Database, userId: string, value: unknown): Promise<string | null> {
  const parsed = zProjectId.safeParse(value);
  if (!parsed.success) return null;
  return (await findRole(db, parsed.data, userId)) ? parsed.data : null;
}

/** A task made through the developer API (issue 19): it spends `api_credits` and may post its outcome to a URL. */
export interface ApiOrigin {
  keyId: string;
  /** Checked by the caller (the same SSRF rules as image URLs). */
  callbackUrl: string | null;
}

/**
 * Accepts a generation request; returns the new task's id and price. `canvas` places it on a
 * project's canvas (the caller checked the role); `id` lets that caller name the task before it
 * exists, so the placeholder node written first already carries it. `api` marks a developer API
 * task: always metered, in `api_credits`.
 */
export async function createTask<K extends GenerationKind>(
  deps: TaskServiceDeps,
  p: { userId: string; kind: K; input: GenerationInput<K>; canvas?: CanvasTarget; id?: string; api?: ApiOrigin; flowRunId?: string },
): Promise<{ id: string; cost: number }> {
  const definition = GENERATION_KINDS[p.kind];
  // A model the studio offered but this server cannot run (its provider's key is gone): say so
  // rather than silently running another one.
  const requested = readField(p.input, 'model');
  const offered = deps.models?.forKind(p.kind) ?? [LOCAL_MODEL];
  // The operator turned the local engine off for this kind and no hosted model makes it.
  if (offered.length === 0) throw new AppError('KIND_UNAVAILABLE');
  if (typeof requested === 'string' && !offered.some((m) => m.id === requested)) throw new AppError('VIDEO_MODEL_UNAVAILABLE');
  const model = deps.models?.choose(p.kind, typeof requested === 'string' ? requested : undefined) ?? LOCAL_MODEL;
  const texts = ['prompt', 'negativePrompt'].map((field) => readField(p.input, field)).filter((v): v is string => typeof v === 'string');
  // A timeline's text overlays are burnt into the exported video: moderated like prompts.
  if (p.kind === 'video_edit') texts.push(...(p.input as GenerationInput<'video_edit'>).timeline.overlays.map((o) => o.text));
  await moderateTexts(deps.moderation, texts);
  // A template kind runs the template as it is now (copied into the task) and costs what it says.
  const template = isTemplateKind(p.kind) ? await resolveTemplate(deps.db, p.kind, String(readField(p.input, 'templateId'))) : null;
  const loraId = readField(p.input, 'loraId');
  const lora = typeof loraId === 'string' ? await resolveLora(deps.db, loraId) : null;
  const plan = await entitlementsOf(deps.db, p.userId);
  // §8: a forbidden error carries `app::usageType::message`.
  if (!plan.proFeatures && (template?.pro || isProFeature(p.kind, p.input))) throw new AppError('PRO_FEATURE', { usage: { app: CREDITS_APP, usageType: PRO_FEATURE_USAGE_TYPE } });
  const projectId = p.canvas?.projectId ?? (await projectTag(deps.db, p.userId, readField(p.input, 'projectId')));
  // Naming a project lends its canvas's media to editors and the owner only (see mayUseMedia).
  const project = projectId ? await projectMediaScope(deps, p.userId, projectId) : null;
  // A timeline export's sources are clips nested in its timeline (see timelineMedia.ts).
  const sources =
    p.kind === 'video_edit'
      ? ((await resolveTimelineMedia(deps, p.userId, p.input as GenerationInput<'video_edit'>, project)) as GenerationInput<K>)
      : await resolveInputVideos(deps, p.userId, p.kind, await resolveInputImages(deps, p.userId, p.kind, p.input, project), project);
  await checkFaceInputs(deps, p.userId, p.kind, sources, { local: model.provider === 'local' });
  // The model's limits (durations, sizes, input length) are checked before anything is held.
  const breach = checkLimits(model, sources, model.limits.maxInputMb ? await largestInput(deps.db, p.kind, sources) : 0);
  if (breach) throw new AppError(breach);
  const input = {
    ...sources,
    // The task runs on the model it was priced for (unless an operator disables it meanwhile).
    model: model.id,
    ...(template ? { template: template.snapshot } : {}),
    ...(lora ? { lora } : {}),
  };
  // Unmetered plans make images for no credits, in a slower queue (plan.queueDelaySeconds); a studio perk, not an API one.
  const unmetered = !p.api && plan.unmeteredImages && definition.output === 'image';
  // A hosted model costs its catalogue price; a template run on one costs at least the template's price.
  const hostedCost = model.price ? modelCost(model, p.kind, input) : null;
  const cost = unmetered ? 0 : template ? Math.max(template.snapshot.cost, hostedCost ?? 0) : (hostedCost ?? costOf(p.kind, input));
  if (!Number.isSafeInteger(cost) || cost < 0) throw new AppError('CREDIT_MATCH_FAILED');
  const expected = readField(p.input, 'expectedCost');
  if (p.kind === 'video_upscale' && typeof expected === 'number' && cost - expected > upscaleGapTolerance(expected)) throw new AppError('UPSCALE_CREDIT_GAP');
  const limit = plan.parallelTasks;
  const id = p.id ?? randomUUID();

  await deps.db.transaction(async (tx) => {
    // The user row lock serialises this user's submissions: two tabs cannot both pass the limit.
    if (!(await lockUserForTasks(tx, p.userId))) throw new AppError('USER_NOT_FOUND');
    const active = await countActiveTasks(tx, p.userId);
    // §8 has its own message for a video that cannot start while others run ("Video generating").
    if (active.queued + active.running >= limit) throw new AppError(definition.output === 'video' ? 'VIDEO_GENERATING' : 'PARALLEL_TASK_LIMIT');
    await insertTask(tx, {
      id,
      userId: p.userId,
      kind: p.kind,
      rpcName: definition.rpcName,
      input,
      cost,
      projectId,
      canvasNodeId: p.canvas?.nodeId ?? null,
      apiKeyId: p.api?.keyId ?? null,
      callbackUrl: p.api?.callbackUrl ?? null,
      flowRunId: p.flowRunId ?? null,
      maxAttempts: MAX_TASK_ATTEMPTS,
      queueDelaySeconds: unmetered ? plan.queueDelaySeconds : 0,
    });
    await holdCredits(tx, { userId: p.userId, taskId: id, amount: cost, note: definition.rpcName, usageType: p.api ? 'api_credits' : 'credits' });
    if (template) await bumpTemplateUsage(tx, template.snapshot.id);
  });

  await publishCreditsChanged(deps, p.userId);
  deps.wakeWorkers?.();
  return { id, cost };
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
  emitTaskEvent(deps.realtime, await taskAudience(deps.db, task), 'task:failed', { id, projectId: task.projectId, code: 'CANCELED', message: 'Canceled' });
  await publishCreditsChanged(deps, userId);
  // After the answer's facts are final: a failure here is logged by the RPC layer and the
  // outcome stays unapplied, so the next load of the project document writes it.
  await deps.onSettled?.(id);
  return toTaskDto(task);
}

/** Who hears about a task: its requester, and for a project's task every collaborator too. */
export interface TaskAudience {
  userId: string;
  kind: string;
  project: { id: string; by: { id: string; name: string }; nodeId: string | null } | null;
}

/** Loads what a task's events need (the requester's name, once per task); never throws. */
export async function taskAudience(db: Database, task: Pick<TaskRecord, 'userId' | 'kind' | 'projectId' | 'canvasNodeId'>): Promise<TaskAudience> {
  if (!task.projectId) return { userId: task.userId, kind: task.kind, project: null };
  // A missing name must not stop a task's events: collaborators then see "Someone".
  const name = await findRequesterName(db, task.userId).catch(() => 'Someone');
  return { userId: task.userId, kind: task.kind, project: { id: task.projectId, by: { id: task.userId, name }, nodeId: task.canvasNodeId } };
}

type TaskEventName = 'task:progress' | 'task:succeeded' | 'task:failed';

/**
 * Sends a task event to the requester's room and, for a project's task, to the project's room
 * with who asked, the kind and the canvas node (a requester in both rooms gets both: listeners
 * key on the task id).
 */
export function emitTaskEvent<E extends TaskEventName>(realtime: Realtime, audience: TaskAudience, event: E, payload: ServerEventPayload<E>): void {
  realtime.toUser(audience.userId, event, payload);
  const project = audience.project;
  if (!project) return;
  const extra = { by: project.by, ...(project.nodeId ? { nodeId: project.nodeId } : {}), ...(event === 'task:progress' ? { kind: audience.kind } : {}) };
  // Every task event schema has these optional fields (kind: progress only); toProject validates it.
  realtime.toProject(project.id, event, { ...payload, ...extra } as ServerEventPayload<E>);
}
