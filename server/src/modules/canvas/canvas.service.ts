/**
 * Generation on a project's canvas. A request writes a placeholder node into the project
 * document at once (every collaborator sees it), then creates the task through the ordinary task
 * service (credits hold, parallel limit, plan features, moderation, template price all apply);
 * the worker's progress reaches the project's room and the outcome is written into the node by
 * canvasOutcome.ts. Also the project's queue panel: every task and the credits spent per person.
 */
import { randomUUID } from 'node:crypto';
import {
  type CanvasNode,
  type Lineage,
  type NodeVersion,
  nodesOf,
  readNode,
  topZ,
  updateNode,
  writeNode,
} from '@tessera/shared/canvas';
import { costOf } from '@tessera/shared/credits/costs';
import { AppError } from '@tessera/shared/errors';
import { localizeMessage } from '@tessera/shared/errors/messages';
import { GENERATION_KINDS, type GenerationInput, type GenerationKind, readField } from '@tessera/shared/generation';
import type { LanguageCode } from '@tessera/shared/i18n';
import { canEdit, type Placement, type ProjectSpendDto, type ProjectTaskDto } from '@tessera/shared/projects';
import type * as Y from 'yjs';
import type { Database } from '@tessera/db/connect';
import { findRequesterName, findTask } from '../../generation/tasks.api.ts';
import { createTask, type TaskServiceDeps } from '../../generation/tasks.service.ts';
import type { AppServices } from '../../services.ts';
import { findRole } from '../projects/projects.api.ts';
import { listProjectTasks, projectSpend } from './canvas.repo.ts';

/** What starting a canvas task needs from the app. */
/** `models`: the catalogue, so a canvas or chat task runs on the picked (or default hosted) model like a form's. */
export type CanvasServices = Pick<AppServices, 'db' | 'realtime' | 'moderation' | 'storage' | 'collab' | 'workers' | 'engine' | 'models'>;

export interface StartCanvasTaskParams {
  /** The requester, as collaborators see them (lineage `requestedBy`). */
  user: { id: string; name: string };
  projectId: string;
  kind: GenerationKind;
  /** The kind's input (validated here with the kind's schema); image inputs may be our media URLs. */
  input: Record<string, unknown>;
  /** Where a new node goes (ignored when regenerating: the node keeps its box). */
  placement: Placement;
  /** The node the result is made from (lineage), if any. */
  parentNodeId: string | null;
  /** Regenerate into this existing image/video node (or retry a failed placeholder) instead of placing a new one. */
  nodeId?: string;
}

/** Fields of a node that a regenerate changes and a refused request puts back. */
const RESULT_FIELDS = ['type', 'src', 'poster', 'durationS', 'output', 'status', 'error', 'previous', 'generation', 'height'] as const;

/** What the task service needs for a project's task (the canvas's, a flow step's). */
export function canvasTaskDeps(services: CanvasServices): TaskServiceDeps {
  return {
    db: services.db,
    realtime: services.realtime,
    moderation: services.moderation,
    storage: services.storage,
    engine: services.engine,
    models: services.models,
    collab: services.collab,
    wakeWorkers: () => services.workers?.wake(),
  };
}

/** A requester as collaborators see them. */
export async function requesterOf(db: Database, userId: string): Promise<{ id: string; name: string }> {
  return { id: userId, name: await findRequesterName(db, userId) };
}

/** The kind's input, validated; a direct caller's invalid input is the user's INCORRECT_PARAMETER. */
function parseKindInput<K extends GenerationKind>(kind: K, raw: Record<string, unknown>): GenerationInput<K> {
  // The task belongs to the project named by the request; an input's own projectId is dropped.
  const input = { ...raw };
  delete input.projectId;
  const parsed = GENERATION_KINDS[kind].input.safeParse(input);
  if (!parsed.success) throw new AppError('INCORRECT_PARAMETER', { cause: parsed.error });
  return parsed.data as GenerationInput<K>;
}

type Prepared = { ok: true; undo: (doc: Y.Doc) => void } | { ok: false; error: AppError };

/** Does the node still wait for this task? (Someone may have deleted or regenerated it since.) */
function waitsFor(doc: Y.Doc, nodeId: string, taskId: string): boolean {
  const generation = nodesOf(doc).get(nodeId)?.get('generation');
  return typeof generation === 'object' && generation !== null && (generation as { taskId?: unknown }).taskId === taskId;
}

/** Places a new placeholder above everything; undo removes it. */
function placeNew(doc: Y.Doc, p: { nodeId: string; placement: Placement; output: 'image' | 'video'; lineage: Lineage; userId: string }): Prepared {
  writeNode(doc, {
    id: p.nodeId,
    type: 'placeholder',
    ...p.placement,
    rotation: 0,
    z: topZ(doc) + 1,
    parentId: null,
    locked: false,
    createdBy: p.userId,
    output: p.output,
    status: 'queued',
    generation: p.lineage,
  });
  return {
    ok: true,
    undo: (d) => {
      if (waitsFor(d, p.nodeId, p.lineage.taskId ?? '')) nodesOf(d).delete(p.nodeId);
    },
  };
}

/**
 * Turns an existing image/video node (or a failed placeholder) into a placeholder in place; its
 * current result becomes `previous`, which a failed attempt restores and a successful one keeps
 * in `versions`. Undo puts the node back as it was (position changes made meanwhile stay).
 */
function regenerateInPlace(doc: Y.Doc, p: { nodeId: string; output: 'image' | 'video'; lineage: Lineage; now: string }): Prepared {
  const map = nodesOf(doc).get(p.nodeId);
  const current: CanvasNode | null = map ? readNode(map) : null;
  if (!current) return { ok: false, error: new AppError('CANVAS_NODE_NOT_FOUND') };
  if (current.type === 'placeholder' && current.status !== 'failed') return { ok: false, error: new AppError('CANVAS_NODE_BUSY') };
  if (current.type !== 'image' && current.type !== 'video' && current.type !== 'placeholder') return { ok: false, error: new AppError('INCORRECT_PARAMETER') };
  const previous: NodeVersion | undefined =
    current.type === 'placeholder'
      ? undefined
      : {
          mediaType: current.type,
          src: current.src,
          ...(current.type === 'video' && current.poster ? { poster: current.poster } : {}),
          width: current.width,
          height: current.height,
          taskId: current.generation?.taskId ?? null,
          createdAt: current.generation?.createdAt ?? p.now,
        };
  const before: Record<string, unknown> = current;
  updateNode(doc, p.nodeId, {
    type: 'placeholder',
    output: p.output,
    status: 'queued',
    error: undefined,
    previous,
    src: undefined,
    poster: undefined,
    durationS: undefined,
    generation: { ...p.lineage, versions: current.generation?.versions ?? [] } satisfies Lineage,
  });
  return {
    ok: true,
    undo: (d) => {
      if (!waitsFor(d, p.nodeId, p.lineage.taskId ?? '')) return;
      updateNode(d, p.nodeId, Object.fromEntries(RESULT_FIELDS.map((key) => [key, before[key]])));
    },
  };
}

/**
 * Starts a generation on a project's canvas for an editor (or the owner): validates the kind's
 * input, writes the placeholder node (or turns `nodeId` into one), creates the task with the
 * project as its target and returns both ids. If the task is refused (credits, limit, plan,
 * moderation …) the node goes back to how it was and the refusal is thrown.
 * Throws PROJECT_NOT_FOUND (not a member), PROJECT_READ_ONLY (viewer), SERVICE_UNAVAILABLE (no
 * collaboration server), INCORRECT_PARAMETER, CANVAS_NODE_NOT_FOUND / CANVAS_NODE_BUSY (regenerate).
 */
export async function startCanvasTask(services: CanvasServices, p: StartCanvasTaskParams): Promise<{ taskId: string; nodeId: string }> {
  const role = await findRole(services.db, p.projectId, p.user.id);
  if (!role) throw new AppError('PROJECT_NOT_FOUND');
  if (!canEdit(role)) throw new AppError('PROJECT_READ_ONLY');
  const collab = services.collab;
  if (!collab) throw new AppError('SERVICE_UNAVAILABLE');
  const input = parseKindInput(p.kind, p.input);
  const definition = GENERATION_KINDS[p.kind];

  // The task id is chosen first so the placeholder carries it from the start: a fast worker may
  // finish before this function returns, and the outcome is matched to the node by it.
  const taskId = randomUUID();
  const nodeId = p.nodeId ?? randomUUID();
  const now = new Date().toISOString();
  const estimate = costOf(p.kind, input);
  const prompt = readField(input, 'prompt');
  const lineage: Lineage = {
    taskId,
    kind: p.kind,
    ...(typeof prompt === 'string' ? { prompt } : {}),
    params: input,
    cost: estimate,
    parentNodeId: p.parentNodeId,
    requestedBy: { id: p.user.id, name: p.user.name },
    createdAt: now,
    versions: [],
  };
  const output = definition.output;

  let prepared: Prepared = { ok: false, error: new AppError('CANVAS_NODE_NOT_FOUND') };
  await collab.transact(p.projectId, (doc) => {
    prepared = p.nodeId ? regenerateInPlace(doc, { nodeId, output, lineage, now }) : placeNew(doc, { nodeId, placement: p.placement, output, lineage, userId: p.user.id });
  });
  // TypeScript cannot see the assignment inside the callback.
  const placed = prepared as Prepared;
  if (!placed.ok) throw placed.error;

  try {
    await createTask(canvasTaskDeps(services), { userId: p.user.id, kind: p.kind, input, canvas: { projectId: p.projectId, nodeId }, id: taskId });
  } catch (error) {
    // The refusal is what the user must hear; if even the undo fails, the stale placeholder
    // stays visible (and deletable) rather than masking it.
    await collab.transact(p.projectId, placed.undo).catch(() => undefined);
    throw error;
  }

  // Template prices and unmetered plans are only known once accepted: show what is charged.
  const accepted = await findTask(services.db, taskId);
  if (accepted && accepted.cost !== estimate) {
    await collab.transact(p.projectId, (doc) => {
      const map = nodesOf(doc).get(nodeId);
      const generation = map?.get('generation') as Lineage | undefined;
      if (map && generation?.taskId === taskId) map.set('generation', { ...generation, cost: accepted.cost } satisfies Lineage);
    });
  }
  return { taskId, nodeId };
}

/** `canvas.generate`: the caller's name is what collaborators see. */
export async function generateOnCanvas(
  services: CanvasServices,
  userId: string,
  request: Omit<StartCanvasTaskParams, 'user'>,
): Promise<{ taskId: string; nodeId: string }> {
  return startCanvasTask(services, { ...request, user: await requesterOf(services.db, userId) });
}

async function requireMember(db: Database, projectId: string, userId: string): Promise<void> {
  if (!(await findRole(db, projectId, userId))) throw new AppError('PROJECT_NOT_FOUND');
}

/** The project's queue panel: every task of the project (anyone's), newest first. Any member. */
/** `lang`: the caller's language (§7), in which a failed task's catalogue message is answered. */
export async function listCanvasTasks(db: Database, userId: string, projectId: string, lang: LanguageCode = 'en', limit = 100): Promise<ProjectTaskDto[]> {
  await requireMember(db, projectId, userId);
  return (await listProjectTasks(db, projectId, limit)).map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    stage: row.stage,
    cost: row.cost,
    nodeId: row.nodeId,
    by: { id: row.userId, name: row.userName.trim() || 'Someone' },
    mine: row.userId === userId,
    errorMessage: row.errorMessage === null ? null : localizeMessage(row.errorCode ?? undefined, row.errorMessage, lang),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }));
}

/** Credits spent in the project per collaborator (captured only). Any member. */
export async function canvasSpend(db: Database, userId: string, projectId: string): Promise<ProjectSpendDto[]> {
  await requireMember(db, projectId, userId);
  return (await projectSpend(db, projectId)).map((row) => ({ ...row, name: row.name.trim() || 'Someone' }));
}
