/**
 * Running flows (issue 24). The flow lives in the project document; the server owns its runs so
 * a run goes on when the tab that started it closes, and it writes each step's progress and
 * results into the document for every collaborator.
 *
 * A run is planned with the pure rules (shared/src/flows/graph.ts): the steps to make, the
 * unchanged ones to re-use. Its steps' jobs are ordinary tasks (createTask: holds, refunds,
 * moderation, §5 rules, progress to the project's room) that carry the run and the step; the
 * exactly-once outcome write of canvas tasks (canvasOutcome.ts) calls applyFlowStepOutcome for
 * them, which records the result and advances the run. advanceFlowRun starts what became ready,
 * as far as the plan's concurrency allows; a sweep nudges runs that wait for a free slot.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@tessera/db/connect';
import { costOf } from '@tessera/shared/credits/costs';
import { AppError } from '@tessera/shared/errors';
import {
  expandJobs,
  type FlowGraph,
  type FlowStep,
  inputPortsOf,
  type JobStatus,
  jobCount,
  nextSteps,
  planRun,
  type RunPlan,
  type RunScope,
  signatures,
  validateFlow,
} from '@tessera/shared/flows';
import { type FlowDocNode, type FlowEstimate, readFlow, readRuns, type StepRun, writeStepRun } from '@tessera/shared/flows/document';
import { GENERATION_KINDS, type GenerationInput, type GenerationKind, isTemplateKind } from '@tessera/shared/generation';
import { modelCost } from '@tessera/shared/generation/models';
import { canEdit } from '@tessera/shared/projects';
import type * as Y from 'yjs';
import { cancelTask, createTask, taskConcurrency } from '../../generation/tasks.service.ts';
import { canvasTaskDeps } from '../canvas/canvas.service.ts';
import type { AppServices } from '../../services.ts';
import { entitlementsOf } from '../billing/entitlements.ts';
import { resolveTemplate } from '../catalog/catalog.service.ts';
import { findRole } from '../projects/projects.api.ts';
import { activeRunTasks, findRun, finishRun, insertRun, lockRun, runningRunsOf, staleRunningRuns } from './flows.repo.ts';

export type FlowServices = Pick<AppServices, 'db' | 'realtime' | 'moderation' | 'storage' | 'collab' | 'workers' | 'engine' | 'models'>;

/** The code a step gets when a step it needs failed (not a task failure: it never ran). */
export const FLOW_BLOCKED = 'FLOW_BLOCKED';
/** Refusals that mean "not now" (the plan's parallel limit): the job waits for the next advance. */
const WAIT_CODES = new Set(['PARALLEL_TASK_LIMIT', 'VIDEO_GENERATING']);
/** Placeholder media for pricing a step whose inputs do not exist yet. */
const PLACEHOLDER = { image: 'u/flow/placeholder.png', video: 'u/flow/placeholder.mp4', text: 'A placeholder prompt' } as const;

function collabOf(services: FlowServices) {
  if (!services.collab) throw new AppError('SERVICE_UNAVAILABLE');
  return services.collab;
}

/** The flow and its run records as they are now (flow templates save it from here). */
export async function snapshot(services: FlowServices, projectId: string): Promise<{ flow: FlowGraph & { nodes: FlowDocNode[] }; runs: Record<string, StepRun> }> {
  let result: { flow: FlowGraph & { nodes: FlowDocNode[] }; runs: Record<string, StepRun> } = { flow: { nodes: [], edges: [] }, runs: {} };
  await collabOf(services).transact(projectId, (doc) => {
    result = { flow: readFlow(doc), runs: readRuns(doc) };
  });
  return result;
}

export async function requireEditor(db: Database, projectId: string, userId: string): Promise<void> {
  const role = await findRole(db, projectId, userId);
  if (!role) throw new AppError('PROJECT_NOT_FOUND');
  if (!canEdit(role)) throw new AppError('PROJECT_READ_ONLY');
}

const stepOf = (flow: FlowGraph & { nodes: FlowDocNode[] }, id: string) => flow.nodes.find((n): n is Extract<FlowDocNode, { type: 'step' }> => n.id === id && n.type === 'step');

/** What each connected port of a step receives: an input node's value, or an upstream step's results. */
function portValues(flow: FlowGraph & { nodes: FlowDocNode[] }, runs: Record<string, StepRun>, stepId: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const edge of flow.edges.filter((e) => e.to === stepId)) {
    const from = flow.nodes.find((n) => n.id === edge.from);
    if (!from) continue;
    out[edge.toPort] = from.type === 'input' ? (from.value ? [from.value] : []) : (runs[from.id]?.outputs ?? []);
  }
  return out;
}

/** The step's job inputs as the task service takes them (with its model and the project). */
function jobInputs(step: Extract<FlowDocNode, { type: 'step' }>, ports: Record<string, string[]>, projectId: string): Record<string, unknown>[] {
  const graphStep: FlowStep = { id: step.id, type: 'step', kind: step.kind, settings: step.settings, ...(step.variations ? { variations: step.variations } : {}) };
  return expandJobs(graphStep, ports).map((job) => ({ ...job, ...(step.model ? { model: step.model } : {}), projectId }));
}

/** The price of one job of a step, as createTask will charge it (before a video source's real length is known). */
async function jobPrice(
  services: FlowServices,
  userId: string,
  step: Extract<FlowDocNode, { type: 'step' }>,
  unmetered: boolean,
  wired: ReadonlySet<string> = new Set(),
): Promise<{ model: string; cost: number } | { error: string }> {
  const input: Record<string, unknown> = { ...step.settings, ...(step.model ? { model: step.model } : {}) };
  const shape = (GENERATION_KINDS[step.kind].input as unknown as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape ?? {};
  // A wired port gets a stand-in; an unwired one only when the kind cannot do without it (lip sync takes a video or a photo, not both).
  for (const port of inputPortsOf(step.kind)) {
    if (input[port.name] === undefined && !port.name.includes('.') && (wired.has(port.name) || !shape[port.name]?.safeParse(undefined).success)) input[port.name] = PLACEHOLDER[port.type];
  }
  const parsed = GENERATION_KINDS[step.kind].input.safeParse(input);
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.join('.') || step.kind}: ${i.message}`).join('; ') };
  const model = services.models.choose(step.kind, step.model);
  if (unmetered && GENERATION_KINDS[step.kind].output === 'image') return { model: model.id, cost: 0 };
  let cost = model.price ? modelCost(model, step.kind, parsed.data) : costOf(step.kind, parsed.data as GenerationInput<GenerationKind>);
  if (isTemplateKind(step.kind)) {
    const template = await resolveTemplate(services.db, step.kind, String((parsed.data as { templateId?: unknown }).templateId)).catch(() => null);
    if (!template) return { error: `${step.id}: template not found` };
    cost = model.price ? Math.max(template.snapshot.cost, cost) : template.snapshot.cost;
  }
  return { model: model.id, cost };
}

/** Plans a run and prices it: the sum of its steps' jobs, by model. Shown before the run starts. */
export async function estimateFlowRun(services: FlowServices, userId: string, projectId: string, scope: RunScope): Promise<FlowEstimate> {
  await requireEditor(services.db, projectId, userId);
  const { flow, runs } = await snapshot(services, projectId);
  return estimateFrom(services, userId, flow, runs, scope);
}

/** Prices a run of `flow` with these run records: the project's document, or a template's graph in memory (runs `{}`). */
export async function estimateFrom(services: FlowServices, userId: string, flow: FlowGraph & { nodes: FlowDocNode[] }, runs: Record<string, StepRun>, scope: RunScope): Promise<FlowEstimate> {
  const issues: FlowEstimate['issues'] = validateFlow(flow).map((i) => ({ ...i }));
  if (scope.kind !== 'all' && !stepOf(flow, scope.stepId)) issues.push({ code: 'not_found', id: scope.stepId, message: 'This step is no longer in the flow.' });
  if (issues.length > 0) return { run: [], reuse: [], steps: [], cost: 0, issues };
  const plan = planRun(flow, runs, scope);
  const plan_ = await entitlementsOf(services.db, userId);
  // How many results each step will have when its turn comes: re-used steps have theirs now.
  const results = new Map<string, number>();
  for (const id of plan.reuse) results.set(id, runs[id]?.outputs.length ?? 0);
  const steps: FlowEstimate['steps'] = [];
  for (const id of plan.run) {
    const step = stepOf(flow, id)!;
    let combinations = 1;
    for (const edge of flow.edges.filter((e) => e.to === id)) {
      const from = flow.nodes.find((n) => n.id === edge.from);
      if (from?.type === 'input' && !from.value) issues.push({ code: 'empty_input', id: from.id, message: 'This input is empty.' });
      if (from?.type === 'step') combinations *= results.get(from.id) ?? 1;
    }
    const graphStep: FlowStep = { id, type: 'step', kind: step.kind, settings: step.settings, ...(step.variations ? { variations: step.variations } : {}) };
    const jobs = jobCount(graphStep, combinations);
    results.set(id, jobs);
    const price = await jobPrice(services, userId, step, plan_.unmeteredImages, new Set(flow.edges.filter((e) => e.to === id).map((e) => e.toPort)));
    if ('error' in price) {
      issues.push({ code: 'invalid_settings', id, message: price.error });
      continue;
    }
    steps.push({ stepId: id, kind: step.kind, model: price.model, jobs, cost: price.cost * jobs });
  }
  return { ...plan, steps, cost: steps.reduce((sum, s) => sum + s.cost, 0), issues };
}

/** What a router passes as `onAdvanceError`: the request's logger records it (the sweep retries the run). */
export function logAdvanceError(log: { error(obj: object, msg: string): void }): (error: unknown, runId: string) => void {
  return (err, runId) => log.error({ err, runId }, 'flow run: starting its steps failed; the sweep tries again');
}

/**
 * Starts a run after the person confirmed its price (`expectedCost`). Answers the run's id, or
 * null when everything asked for is already fresh. Once the run is recorded it is started: a
 * failure of its first advance (a database or document hiccup) goes to `onAdvanceError` and the
 * sweep advances the run again, so the person is not told it failed while it goes on.
 */
export async function startFlowRun(
  services: FlowServices,
  userId: string,
  p: { projectId: string; scope: RunScope; expectedCost: number },
  onAdvanceError: (error: unknown, runId: string) => void,
): Promise<{ runId: string | null; cost: number }> {
  await requireEditor(services.db, p.projectId, userId);
  const { flow, runs } = await snapshot(services, p.projectId);
  const estimate = await estimateFrom(services, userId, flow, runs, p.scope);
  if (estimate.issues.length > 0) throw new AppError('FLOW_INVALID');
  if (estimate.cost !== p.expectedCost) throw new AppError('FLOW_COST_CHANGED');
  if (estimate.run.length === 0) return { runId: null, cost: 0 };
  // A step another run is still making is not started twice.
  const busy = new Set((await runningRunsOf(services.db, p.projectId)).flatMap((r) => r.plan.run.filter((id) => runs[id]?.runId === r.id && isActive(runs[id]))));
  if (estimate.run.some((id) => busy.has(id))) throw new AppError('CANVAS_NODE_BUSY');
  const run = await insertRun(services.db, { projectId: p.projectId, userId, scope: p.scope, plan: { run: estimate.run, reuse: estimate.reuse }, estimatedCost: estimate.cost });
  await advanceFlowRun(services, run.id).catch((error: unknown) => onAdvanceError(error, run.id));
  return { runId: run.id, cost: estimate.cost };
}

const isActive = (record: StepRun | undefined) => record?.status === 'queued' || record?.status === 'running';

/** Where each planned step of this run is. */
function runStatuses(flow: FlowGraph, plan: RunPlan, runs: Record<string, StepRun>, runId: string): Record<string, JobStatus> {
  const present = new Set(flow.nodes.map((n) => n.id));
  const out: Record<string, JobStatus> = {};
  for (const id of plan.run) {
    const record = runs[id];
    if (!present.has(id)) out[id] = 'failed';
    else if (record?.runId !== runId) out[id] = 'pending';
    else if (record.status === 'succeeded') out[id] = 'succeeded';
    else if (record.status === 'failed') out[id] = record.error?.code === FLOW_BLOCKED ? 'blocked' : 'failed';
    else out[id] = 'running';
  }
  return out;
}

interface Job {
  stepId: string;
  taskId: string;
  kind: GenerationKind;
  input: Record<string, unknown>;
}

/**
 * Starts what this run can start now: the remaining jobs of its running steps, then steps whose
 * inputs became ready, as many as the plan's free slots allow; marks steps below a failure
 * blocked; ends the run when nothing is left to start or wait for. One node at a time per run
 * (the run row is locked while it decides and starts).
 */
export async function advanceFlowRun(services: FlowServices, runId: string): Promise<void> {
  // Outcomes that arrive while this node advances the run join that advance (it goes round once
  // more) instead of each waiting on the run's row lock with a pooled connection: many jobs
  // finishing together would otherwise hold every connection the advance itself needs.
  const current = advancing.get(runId);
  if (current) {
    current.again = true;
    return current.done;
  }
  const state = { again: false, done: Promise.resolve() };
  state.done = (async () => {
    try {
      do {
        state.again = false;
        // Each round either starts tasks (whose outcomes come back here), finishes the run, or
        // marks steps failed or blocked — a flow of n steps needs at most n rounds.
        for (let round = 0; round < 1_000; round++) if (!(await inAdvanceSlot(() => advanceOnce(services, runId)))) break;
      } while (state.again);
    } finally {
      advancing.delete(runId);
    }
  })();
  advancing.set(runId, state);
  return state.done;
}

/** The runs this process is advancing now, and whether an outcome arrived meanwhile. */
const advancing = new Map<string, { again: boolean; done: Promise<void> }>();

/**
 * Rounds of different runs in flight at once in this process. A round holds its run's row lock
 * (one pooled connection) while it starts tasks (another, briefly): two at a time leave the rest
 * of the pool (10 by default, 5 in tests) to requests, so rounds never wait on each other's
 * connections.
 */
const ADVANCE_SLOTS = 2;
let advanceSlotsInUse = 0;
const advanceQueue: (() => void)[] = [];

async function inAdvanceSlot<T>(work: () => Promise<T>): Promise<T> {
  if (advanceSlotsInUse >= ADVANCE_SLOTS) await new Promise<void>((resolve) => advanceQueue.push(resolve));
  else advanceSlotsInUse += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, or is given back.
    const next = advanceQueue.shift();
    if (next) next();
    else advanceSlotsInUse -= 1;
  }
}

/** One round of advanceFlowRun; true when another round should follow at once. */
async function advanceOnce(services: FlowServices, runId: string): Promise<boolean> {
  return services.db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const run = await lockRun(tx, runId);
    if (!run || run.status !== 'running') return false;
    const { flow, runs } = await snapshot(services, run.projectId);
    const statuses = runStatuses(flow, run.plan, runs, run.id);
    const concurrency = await taskConcurrency(services.db, run.userId);
    let slots = concurrency.limit - concurrency.inUse;

    // Jobs of running steps not created yet (a fan-out larger than the free slots), then new steps.
    const jobs: Job[] = [];
    const newRecords = new Map<string, { signature: string; jobs: number }>();
    for (const id of run.plan.run) {
      const record = runs[id];
      const step = stepOf(flow, id);
      if (!step || statuses[id] !== 'running' || !record || record.jobs === undefined || record.taskIds.length >= record.jobs) continue;
      const inputs = jobInputs(step, portValues(flow, runs, id), run.projectId);
      for (const input of inputs.slice(record.taskIds.length)) {
        if (slots <= 0) break;
        jobs.push({ stepId: id, taskId: randomUUID(), kind: step.kind, input });
        slots -= 1;
      }
    }
    const { start, blocked } = nextSteps(flow, run.plan, statuses, Math.max(0, slots));
    const sig = signatures(flow, runs);
    for (const id of start) {
      const step = stepOf(flow, id)!;
      const inputs = jobInputs(step, portValues(flow, runs, id), run.projectId);
      newRecords.set(id, { signature: sig.get(id)!, jobs: inputs.length });
      for (const input of inputs) {
        if (slots <= 0) break;
        jobs.push({ stepId: id, taskId: randomUUID(), kind: step.kind, input });
        slots -= 1;
      }
    }

    const now = new Date().toISOString();
    // Reserve before creating: a task's outcome only counts for a record that lists it.
    await collabOf(services).transact(run.projectId, (doc) => {
      for (const id of blocked) {
        writeStepRun(doc, id, { status: 'failed', signature: sig.get(id) ?? '', runId: run.id, error: { code: FLOW_BLOCKED, message: 'A step this one needs failed.' }, updatedAt: now });
      }
      for (const [id, fresh] of newRecords) {
        writeStepRun(doc, id, { status: fresh.jobs === 0 ? 'failed' : 'running', signature: fresh.signature, runId: run.id, jobs: fresh.jobs, updatedAt: now, ...(fresh.jobs === 0 ? { error: { code: FLOW_BLOCKED, message: 'A step this one needs made no results.' } } : {}) });
      }
      for (const job of jobs) appendTask(doc, job.stepId, job.taskId, now);
    });

    let waited = false;
    let unexpected: unknown = null;
    for (const job of jobs) {
      if (waited) {
        await collabOf(services).transact(run.projectId, (doc) => dropTask(doc, job.stepId, job.taskId, null));
        continue;
      }
      try {
        await createTask(canvasTaskDeps(services), {
          userId: run.userId,
          kind: job.kind,
          input: GENERATION_KINDS[job.kind].input.parse(job.input) as GenerationInput<GenerationKind>,
          canvas: { projectId: run.projectId, nodeId: job.stepId },
          flowRunId: run.id,
          id: job.taskId,
        });
      } catch (error) {
        // A refusal the user must hear (moderation, credits, settings) fails the job; the plan's
        // limit, or anything unexpected (logged by the caller), leaves it for the next advance.
        const refusal = error instanceof AppError && !WAIT_CODES.has(error.catalogueCode) ? { code: error.catalogueCode, message: error.message } : null;
        if (!refusal) waited = true;
        if (!(error instanceof AppError)) unexpected ??= error;
        await collabOf(services).transact(run.projectId, (doc) => dropTask(doc, job.stepId, job.taskId, refusal));
      }
    }

    // What now: the run is over, or an outcome will advance it again, or a refusal or a block
    // just now changed what can start (another round), or it waits for a free slot (the sweep).
    const after = await snapshot(services, run.projectId);
    const final = runStatuses(after.flow, run.plan, after.runs, run.id);
    const values = Object.values(final);
    if (unexpected) throw unexpected;
    if (!values.some((s) => s === 'running' || s === 'pending')) {
      await finishRun(tx, run.id, values.every((s) => s === 'succeeded') ? 'succeeded' : 'failed');
      return false;
    }
    if (values.some((s) => s === 'running') || waited) return false;
    const next = nextSteps(after.flow, run.plan, final, Number.MAX_SAFE_INTEGER);
    if (next.start.length > 0 || next.blocked.length > 0) return true;
    // Pending steps that can never start (an input emptied meanwhile): the run ends failed.
    await finishRun(tx, run.id, 'failed');
    return false;
  });
}

function recordOf(doc: Y.Doc, stepId: string): StepRun | null {
  return readRuns(doc)[stepId] ?? null;
}

function appendTask(doc: Y.Doc, stepId: string, taskId: string, now: string): void {
  const record = recordOf(doc, stepId);
  if (!record) return;
  writeStepRun(doc, stepId, { ...record, taskIds: [...record.taskIds, taskId], updatedAt: now });
}

/** A job that was not created: forgotten (it waits for a slot) or, with `failure`, counted as failed. */
function dropTask(doc: Y.Doc, stepId: string, taskId: string, failure: { code: string; message: string } | null): void {
  const record = recordOf(doc, stepId);
  if (!record) return;
  const taskIds = record.taskIds.filter((id) => id !== taskId);
  if (!failure) return writeStepRun(doc, stepId, { ...record, taskIds, updatedAt: new Date().toISOString() });
  // A refused job is a finished, failed one.
  const jobs = Math.max(0, (record.jobs ?? record.taskIds.length) - 1);
  const next: StepRun = { ...record, taskIds, jobs, error: record.error ?? failure, updatedAt: new Date().toISOString() };
  writeStepRun(doc, stepId, settle(next));
}

/** A record whose jobs have all finished gets its final status. */
function settle(record: StepRun): StepRun {
  const total = record.jobs ?? record.taskIds.length;
  if (record.settled.length < total || record.status === 'succeeded' || record.status === 'failed') return record;
  return { ...record, status: record.error || record.outputs.length === 0 ? 'failed' : 'succeeded', ...(record.outputs.length === 0 && !record.error ? { error: { code: 'IMAGE_GENERATION_FAILED', message: 'Image generation failed.' } } : {}) };
}

/**
 * Writes a finished job's outcome into its step's record (called inside the document transaction
 * of the canvas outcome write). Ignored when the step was re-run since (another run's record).
 */
export function applyFlowStepOutcome(
  doc: Y.Doc,
  task: { id: string; nodeId: string; flowRunId: string },
  outcome: { key: string } | { code: string; message: string },
): boolean {
  const record = recordOf(doc, task.nodeId);
  if (!record || record.runId !== task.flowRunId || !record.taskIds.includes(task.id) || record.settled.includes(task.id)) return false;
  const next: StepRun = {
    ...record,
    settled: [...record.settled, task.id],
    outputs: 'key' in outcome ? [...record.outputs, outcome.key] : record.outputs,
    ...('code' in outcome && !record.error ? { error: { code: outcome.code, message: outcome.message } } : {}),
    updatedAt: new Date().toISOString(),
  };
  writeStepRun(doc, task.nodeId, settle(next));
  return true;
}

/** Cancels a run: its queued and running tasks are canceled (and refunded), nothing more starts. */
export async function cancelFlowRun(services: FlowServices, userId: string, projectId: string, runId: string): Promise<void> {
  await requireEditor(services.db, projectId, userId);
  const run = await findRun(services.db, runId);
  if (!run || run.projectId !== projectId) throw new AppError('NOT_FOUND');
  await finishRun(services.db, runId, 'canceled');
  for (const task of await activeRunTasks(services.db, runId)) {
    await cancelTask(canvasTaskDeps(services), task.userId, task.id).catch(() => undefined);
  }
}

/** How often every node nudges running flow runs. */
export const FLOW_SWEEP_MS = 10_000;

/** Nudges running runs (a slot freed by a task outside the flow, a node that stopped mid-advance). */
export async function sweepFlowRuns(services: FlowServices, now = new Date()): Promise<number> {
  const ids = await staleRunningRuns(services.db, new Date(now.getTime() - 5_000));
  // One run that cannot advance now does not hold up the others; the first error is thrown at the end.
  let firstError: unknown = null;
  for (const id of ids) await advanceFlowRun(services, id).catch((error: unknown) => (firstError ??= error));
  if (firstError) throw firstError;
  return ids.length;
}
