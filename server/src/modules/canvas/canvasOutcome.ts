/**
 * Writing a finished canvas task into its project document: the result replaces the placeholder
 * (in place, lineage kept), a failure marks it failed with the catalogue message (a regenerated
 * node gets its previous result back), a cancel marks it "Canceled". Three paths call this — the
 * in-process worker's settle hook, events relayed from separate worker processes, and every
 * document load (restarts, crashes) — and the claim in canvas.repo makes exactly one of them
 * write. A node someone deleted meanwhile is not recreated.
 */
import type { TaskOutput } from '@tessera/db/schema';
import { type GenerationResult, failPlaceholder, nodesOf, resolvePlaceholder } from '@tessera/shared/canvas';
import { ERROR_CATALOGUE, isCatalogueCode } from '@tessera/shared/errors';
import type * as Y from 'yjs';
import { mediaUrl } from '../../generation/tasks.service.ts';
import type { RelayedEvent } from '../../realtime/pgRelay.ts';
import { creationsOfTask } from '../creations/creations.api.ts';
import { recordProjectMedia } from '../projects/projects.api.ts';
import { advanceFlowRun, applyFlowStepOutcome, type FlowServices } from '../flows/flows.service.ts';
import { type ClaimedOutcome, claimCanvasOutcome, listUnappliedCanvasTasks, releaseCanvasOutcome } from './canvas.repo.ts';

/** A flow step's outcome also advances its run, which starts tasks: the task service's needs. */
type OutcomeServices = FlowServices;

/** What a cancel leaves on the placeholder (not a catalogue failure: the requester chose it). */
export const CANCELED_OUTCOME = { code: 'CANCELED', message: 'Canceled' } as const;

/** Does the node still wait for this task? (A newer regenerate or a user edit may have replaced it.) */
function waitsFor(doc: Y.Doc, nodeId: string, taskId: string): boolean {
  const generation = nodesOf(doc).get(nodeId)?.get('generation');
  return typeof generation === 'object' && generation !== null && (generation as { taskId?: unknown }).taskId === taskId;
}

function resultOf(output: TaskOutput, creation: { id: string; engine: string } | undefined, finishedAt: string): GenerationResult | null {
  if (output.mediaType !== 'image' && output.mediaType !== 'video') return null;
  return {
    mediaType: output.mediaType,
    src: mediaUrl(output.key),
    // A video's still is its poster (the creation preview made from the poster frame).
    ...(output.mediaType === 'video' && output.thumbnailKey ? { poster: mediaUrl(output.thumbnailKey) } : {}),
    ...(output.width ? { width: output.width } : {}),
    ...(output.height ? { height: output.height } : {}),
    ...(output.durationS !== undefined ? { durationS: output.durationS } : {}),
    ...(creation ? { engine: creation.engine, creationId: creation.id } : {}),
    finishedAt,
  };
}

/** Why the node gets no result (a succeeded task without a usable output counts as failed). */
function failureOf(task: ClaimedOutcome): { code: string; message: string } {
  if (task.status === 'canceled') return CANCELED_OUTCOME;
  const code = task.errorCode ?? 'IMAGE_GENERATION_FAILED';
  return { code, message: task.errorMessage ?? (isCatalogueCode(code) ? ERROR_CATALOGUE[code].message : ERROR_CATALOGUE.IMAGE_GENERATION_FAILED.message) };
}

/**
 * Writes a finished canvas task's outcome into its project, exactly once. Returns false when
 * there was nothing to do here (no collaboration server, not a canvas task, not finished, or
 * already written). If the document write fails the claim is given back and the error thrown,
 * so the next document load retries.
 */
export async function applyCanvasOutcome(services: OutcomeServices, taskId: string): Promise<boolean> {
  const collab = services.collab;
  if (!collab) return false;
  const task = await claimCanvasOutcome(services.db, taskId);
  if (!task) return false;
  try {
    // Canvas tasks make one output; the first is the node's result.
    const [output] = task.outputs;
    const creation = task.status === 'succeeded' ? (await creationsOfTask(services.db, task.id))[0] : undefined;
    const result = task.status === 'succeeded' && output ? resultOf(output, creation, (task.finishedAt ?? new Date()).toISOString()) : null;
    // Listed before the node appears, so no collaborator's browser asks for it too early.
    if (result && output) await recordProjectMedia(services.db, task.projectId, [output.key, ...(output.thumbnailKey ? [output.thumbnailKey] : [])]);
    const flowRunId = task.flowRunId;
    await collab.transact(task.projectId, (doc) => {
      if (flowRunId) {
        applyFlowStepOutcome(doc, { id: task.id, nodeId: task.nodeId, flowRunId }, result && output ? { key: output.key } : failureOf(task));
        return;
      }
      if (!waitsFor(doc, task.nodeId, task.id)) return;
      if (result) resolvePlaceholder(doc, task.nodeId, result);
      else failPlaceholder(doc, task.nodeId, failureOf(task));
    });
  } catch (error) {
    await releaseCanvasOutcome(services.db, task.id);
    throw error;
  }
  // The step's result may make the next steps ready. The outcome is written either way; a
  // failure to start them is logged by the caller and the flow sweep tries again.
  if (task.flowRunId) await advanceFlowRun(services, task.flowRunId);
  return true;
}

/**
 * Writes every finished, not-yet-written canvas task of a project (on document load). Keeps going
 * past a failing task and throws the first error at the end.
 */
export async function reconcileCanvasProject(services: OutcomeServices, projectId: string): Promise<number> {
  let applied = 0;
  let firstError: unknown = null;
  for (const taskId of await listUnappliedCanvasTasks(services.db, projectId)) {
    try {
      if (await applyCanvasOutcome(services, taskId)) applied += 1;
    } catch (error) {
      firstError ??= error;
    }
  }
  if (firstError) throw firstError;
  return applied;
}

/** The task a relayed event settled, when it is a project task's final event (worker processes). */
export function settledProjectTask(event: RelayedEvent): string | null {
  if (!event.room.startsWith('project:') || (event.event !== 'task:succeeded' && event.event !== 'task:failed')) return null;
  const id = (event.payload as { id?: unknown }).id;
  return typeof id === 'string' ? id : null;
}
