/**
 * Canvas bookkeeping on generation tasks: a project's task list and spend, and the exactly-once
 * claim that writes a finished task's outcome into the project document.
 */
import type { Database } from '@tessera/db/connect';
import { generationTasks, projects, type TaskOutput, users } from '@tessera/db/schema';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TaskStatus } from '../../generation/tasks.api.ts';

const FINISHED: TaskStatus[] = ['succeeded', 'failed', 'canceled'];

/** A finished canvas task whose outcome this caller now owns the duty to write. */
export interface ClaimedOutcome {
  id: string;
  projectId: string;
  nodeId: string;
  status: TaskStatus;
  outputs: TaskOutput[];
  errorCode: string | null;
  errorMessage: string | null;
  finishedAt: Date | null;
  /** A flow step's task (issue 24): `nodeId` is then the step, and the outcome goes to its run record. */
  flowRunId: string | null;
}

/**
 * Claims the write of a finished canvas task's outcome: one conditional UPDATE, so of every
 * path that tries (the worker's hook, a relayed event, a document load) exactly one gets it.
 * Null when the task is not a canvas task, not finished, already claimed, or its project is gone.
 */
export async function claimCanvasOutcome(db: Database, taskId: string): Promise<ClaimedOutcome | null> {
  const [row] = await db
    .update(generationTasks)
    .set({ canvasAppliedAt: sql`now()` })
    .where(
      and(
        eq(generationTasks.id, taskId),
        isNull(generationTasks.canvasAppliedAt),
        isNotNull(generationTasks.canvasNodeId),
        isNotNull(generationTasks.projectId),
        inArray(generationTasks.status, FINISHED),
        // A deleted project has no document to write into.
        sql`exists (select 1 from ${projects} where ${projects.id}::text = ${generationTasks.projectId})`,
      ),
    )
    .returning({
      id: generationTasks.id,
      projectId: generationTasks.projectId,
      nodeId: generationTasks.canvasNodeId,
      status: generationTasks.status,
      outputs: generationTasks.outputs,
      errorCode: generationTasks.errorCode,
      errorMessage: generationTasks.errorMessage,
      finishedAt: generationTasks.finishedAt,
      flowRunId: generationTasks.flowRunId,
    });
  if (!row?.projectId || !row.nodeId) return null;
  return { ...row, projectId: row.projectId, nodeId: row.nodeId };
}

/** Gives a claim back after the document write failed, so a later document load retries it. */
export async function releaseCanvasOutcome(db: Database, taskId: string): Promise<void> {
  await db.update(generationTasks).set({ canvasAppliedAt: null }).where(eq(generationTasks.id, taskId));
}

/** Finished canvas tasks of a project whose outcome was never written (restart, crash, worker process). */
export async function listUnappliedCanvasTasks(db: Database, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ id: generationTasks.id })
    .from(generationTasks)
    .where(
      and(
        eq(generationTasks.projectId, projectId),
        isNotNull(generationTasks.canvasNodeId),
        isNull(generationTasks.canvasAppliedAt),
        inArray(generationTasks.status, FINISHED),
      ),
    )
    .orderBy(generationTasks.finishedAt);
  return rows.map((row) => row.id);
}

export interface ProjectTaskRow {
  id: string;
  userId: string;
  userName: string;
  kind: string;
  status: TaskStatus;
  progress: number;
  stage: string;
  cost: number;
  nodeId: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** Every task of a project (anyone's), newest first. */
export async function listProjectTasks(db: Database, projectId: string, limit: number): Promise<ProjectTaskRow[]> {
  return db
    .select({
      id: generationTasks.id,
      userId: generationTasks.userId,
      userName: users.name,
      kind: generationTasks.kind,
      status: generationTasks.status,
      progress: generationTasks.progress,
      stage: generationTasks.stage,
      cost: generationTasks.cost,
      nodeId: generationTasks.canvasNodeId,
      errorCode: generationTasks.errorCode,
      errorMessage: generationTasks.errorMessage,
      createdAt: generationTasks.createdAt,
      finishedAt: generationTasks.finishedAt,
    })
    .from(generationTasks)
    .innerJoin(users, eq(users.id, generationTasks.userId))
    .where(eq(generationTasks.projectId, projectId))
    .orderBy(desc(generationTasks.createdAt))
    .limit(limit);
}

/**
 * Credits spent in a project per requester: a succeeded task's hold was captured in full, so its
 * cost is what was spent; failed and canceled tasks were refunded and do not count.
 */
export async function projectSpend(db: Database, projectId: string): Promise<{ userId: string; name: string; credits: number; tasks: number }[]> {
  return db
    .select({
      userId: generationTasks.userId,
      name: users.name,
      credits: sql<number>`coalesce(sum(${generationTasks.cost}), 0)::int`,
      tasks: sql<number>`count(*)::int`,
    })
    .from(generationTasks)
    .innerJoin(users, eq(users.id, generationTasks.userId))
    .where(and(eq(generationTasks.projectId, projectId), eq(generationTasks.status, 'succeeded')))
    .groupBy(generationTasks.userId, users.name)
    .orderBy(desc(sql`sum(${generationTasks.cost})`), users.name);
}
