/**
 * The only place that runs the generation_tasks queue (canvas bookkeeping on the same rows —
 * the project's task list, writing results into the document — lives in
 * modules/canvas/canvas.repo.ts). Postgres is the queue: claims use
 * FOR UPDATE SKIP LOCKED so any number of workers, in any number of processes, never take the
 * same task; every state change after a claim is conditional on the claiming worker still
 * holding the lease, so a worker that lost its lease cannot overwrite the next attempt.
 *
 * A task entering the queue (accepted, or handed back for a retry) is announced with NOTIFY on
 * TASKS_CHANNEL inside the same transaction: PostgreSQL delivers it at commit, so a worker woken
 * by it (worker.ts) always finds the row. Polling stays as the fallback for a lost notification.
 */
import type { Database } from '@tessera/db/connect';
import { generationTasks, type TaskOutput, users } from '@tessera/db/schema';
import { and, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { enqueueTaskWebhook } from '../modules/api/webhooks/webhooks.api.ts';

/** NOTIFY channel of queued tasks; the payload is the task id (ignored by workers, kept distinct so a transaction's notifications are not merged). */
export const TASKS_CHANNEL = 'tessera_tasks';

/** Announces a queued task to listening workers when `tx` commits (PGlite: to nobody, harmlessly). */
async function announceQueued(tx: Database, id: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${TASKS_CHANNEL}, ${id})`);
}

export type TaskStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';

export interface TaskRecord {
  id: string;
  userId: string;
  kind: string;
  rpcName: string;
  input: unknown;
  cost: number;
  status: TaskStatus;
  progress: number;
  stage: string;
  attempts: number;
  maxAttempts: number;
  workerId: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  outputs: TaskOutput[];
  projectId: string | null;
  /** Canvas tasks: the project document node waiting for the result. */
  canvasNodeId: string | null;
  /** Developer API tasks: the key that made it and where its outcome is posted (issue 19). */
  apiKeyId: string | null;
  callbackUrl: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const columns = {
  id: generationTasks.id,
  userId: generationTasks.userId,
  kind: generationTasks.kind,
  rpcName: generationTasks.rpcName,
  input: generationTasks.input,
  cost: generationTasks.cost,
  status: generationTasks.status,
  progress: generationTasks.progress,
  stage: generationTasks.stage,
  attempts: generationTasks.attempts,
  maxAttempts: generationTasks.maxAttempts,
  workerId: generationTasks.workerId,
  errorCode: generationTasks.errorCode,
  errorMessage: generationTasks.errorMessage,
  outputs: generationTasks.outputs,
  projectId: generationTasks.projectId,
  canvasNodeId: generationTasks.canvasNodeId,
  apiKeyId: generationTasks.apiKeyId,
  callbackUrl: generationTasks.callbackUrl,
  createdAt: generationTasks.createdAt,
  startedAt: generationTasks.startedAt,
  finishedAt: generationTasks.finishedAt,
};

const ACTIVE: TaskStatus[] = ['queued', 'running'];

/**
 * Serialises task creation per user (parallel-limit check + insert + hold in one transaction).
 * FOR NO KEY UPDATE, not FOR UPDATE: two submissions still queue behind each other, but the
 * foreign-key checks of other writes for this user (a finishing task's capture or release writes
 * ledger entries that reference the user) take KEY SHARE, which FOR UPDATE would block — and the
 * submission then waits for that writer's balance row: a deadlock.
 */
export async function lockUserForTasks(tx: Database, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return rows.length === 1;
}

export async function countActiveTasks(db: Database, userId: string): Promise<{ queued: number; running: number }> {
  const rows = await db
    .select({ status: generationTasks.status, n: sql<number>`count(*)::int` })
    .from(generationTasks)
    .where(and(eq(generationTasks.userId, userId), inArray(generationTasks.status, ACTIVE)))
    .groupBy(generationTasks.status);
  return {
    queued: rows.find((r) => r.status === 'queued')?.n ?? 0,
    running: rows.find((r) => r.status === 'running')?.n ?? 0,
  };
}

export async function insertTask(
  tx: Database,
  task: {
    id: string;
    userId: string;
    kind: string;
    rpcName: string;
    input: unknown;
    cost: number;
    projectId: string | null;
    canvasNodeId?: string | null;
    apiKeyId?: string | null;
    callbackUrl?: string | null;
    /** A flow step's task (issue 24): canvasNodeId is then the step's id. */
    flowRunId?: string | null;
    maxAttempts: number;
    /** Seconds this task waits behind metered work (unmetered plans). */
    queueDelaySeconds?: number;
  },
): Promise<TaskRecord> {
  const { queueDelaySeconds = 0, ...values } = task;
  const [row] = await tx
    .insert(generationTasks)
    .values({ ...values, queueAt: sql`now() + make_interval(secs => ${queueDelaySeconds})` })
    .returning(columns);
  if (!row) throw new Error('task insert returned nothing');
  await announceQueued(tx, row.id);
  return row;
}

/** The name collaborators see for a task's requester ("Someone" if the account is gone or unnamed). */
export async function findRequesterName(db: Database, userId: string): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name.trim() || 'Someone';
}

export async function findTask(db: Database, id: string): Promise<TaskRecord | null> {
  const [row] = await db.select(columns).from(generationTasks).where(eq(generationTasks.id, id)).limit(1);
  return row ?? null;
}

/**
 * A user's tasks: queued and running first, then the newest. Each part is read in index order
 * up to the limit (generation_tasks_user_idx, generation_tasks_user_created_idx) and only those
 * rows are sorted: ordering by the CASE over all rows sorted every task the user ever had (issue 25).
 */
export async function listUserTasks(db: Database, userId: string, limit: number): Promise<TaskRecord[]> {
  const part = (rank: number) => db.select({ ...columns, rank: sql<number>`${sql.raw(String(rank))}`.as('rank') }).from(generationTasks);
  const rows = await unionAll(
    part(0)
      .where(and(eq(generationTasks.userId, userId), inArray(generationTasks.status, ACTIVE)))
      .orderBy(desc(generationTasks.createdAt))
      .limit(limit),
    part(1)
      .where(and(eq(generationTasks.userId, userId), notInArray(generationTasks.status, ACTIVE)))
      .orderBy(desc(generationTasks.createdAt), desc(generationTasks.id))
      .limit(limit),
  )
    .orderBy(sql`"rank"`, sql`"created_at" desc`)
    .limit(limit);
  return rows.map(({ rank: _rank, ...task }) => task);
}

/** Takes the oldest queued task, if any, with a lease of `leaseMs`. */
export async function claimNextTask(db: Database, workerId: string, leaseMs: number): Promise<TaskRecord | null> {
  const [row] = await db
    .update(generationTasks)
    .set({
      status: 'running',
      workerId,
      attempts: sql`${generationTasks.attempts} + 1`,
      leaseExpiresAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      heartbeatAt: sql`now()`,
      startedAt: sql`coalesce(${generationTasks.startedAt}, now())`,
    })
    .where(
      eq(
        generationTasks.id,
        sql`(SELECT id FROM generation_tasks WHERE status = 'queued' ORDER BY queue_at FOR UPDATE SKIP LOCKED LIMIT 1)`,
      ),
    )
    .returning(columns);
  return row ?? null;
}

/** Renews the lease and records progress; false when this worker no longer owns the task. */
export async function heartbeat(
  db: Database,
  p: { id: string; workerId: string; leaseMs: number; progress?: number; stage?: string },
): Promise<boolean> {
  const rows = await db
    .update(generationTasks)
    .set({
      leaseExpiresAt: sql`now() + make_interval(secs => ${p.leaseMs / 1000})`,
      heartbeatAt: sql`now()`,
      ...(p.progress !== undefined ? { progress: p.progress } : {}),
      ...(p.stage !== undefined ? { stage: p.stage } : {}),
    })
    .where(and(eq(generationTasks.id, p.id), eq(generationTasks.workerId, p.workerId), eq(generationTasks.status, 'running')))
    .returning({ id: generationTasks.id });
  return rows.length === 1;
}

const settledColumns = { id: generationTasks.id, callbackUrl: generationTasks.callbackUrl };

/**
 * Issue 19: an API task's outcome is queued for its callback URL in the transaction that settles
 * it (every settle — worker success or failure, the reaper giving up, a cancel — comes through
 * completeTask / failTask / cancelTask below), so a crash after the commit cannot lose it.
 */
async function queueOutcomeWebhook(tx: Database, settled: { id: string; callbackUrl: string | null }[], event: 'task.succeeded' | 'task.failed' | 'task.canceled'): Promise<void> {
  for (const task of settled) if (task.callbackUrl) await enqueueTaskWebhook(tx, task.id, event);
}

/** Marks the claimed task succeeded; false when the lease was lost (another attempt owns it). */
export async function completeTask(tx: Database, p: { id: string; workerId: string; outputs: TaskOutput[] }): Promise<boolean> {
  const rows = await tx
    .update(generationTasks)
    .set({ status: 'succeeded', progress: 100, stage: 'done', outputs: p.outputs, finishedAt: sql`now()`, leaseExpiresAt: null })
    .where(and(eq(generationTasks.id, p.id), eq(generationTasks.workerId, p.workerId), eq(generationTasks.status, 'running')))
    .returning(settledColumns);
  await queueOutcomeWebhook(tx, rows, 'task.succeeded');
  return rows.length === 1;
}

/** Marks a task failed from `fromStatuses`; with a workerId only if that worker holds it. */
export async function failTask(
  tx: Database,
  p: { id: string; workerId?: string; code: string; message: string; fromStatuses?: TaskStatus[] },
): Promise<boolean> {
  const rows = await tx
    .update(generationTasks)
    .set({ status: 'failed', errorCode: p.code, errorMessage: p.message, finishedAt: sql`now()`, leaseExpiresAt: null })
    .where(
      and(
        eq(generationTasks.id, p.id),
        inArray(generationTasks.status, p.fromStatuses ?? ['running']),
        ...(p.workerId ? [eq(generationTasks.workerId, p.workerId)] : []),
      ),
    )
    .returning(settledColumns);
  await queueOutcomeWebhook(tx, rows, 'task.failed');
  return rows.length === 1;
}

/** Cancels a user's queued or running task; false when it already finished. */
export async function cancelTask(tx: Database, id: string, userId: string): Promise<boolean> {
  const rows = await tx
    .update(generationTasks)
    .set({ status: 'canceled', finishedAt: sql`now()`, leaseExpiresAt: null, stage: 'canceled' })
    .where(and(eq(generationTasks.id, id), eq(generationTasks.userId, userId), inArray(generationTasks.status, ACTIVE)))
    .returning(settledColumns);
  await queueOutcomeWebhook(tx, rows, 'task.canceled');
  return rows.length === 1;
}

/**
 * Running tasks whose lease expired (their worker crashed or hung). Locked so two reapers never
 * handle the same one.
 */
export async function lockExpiredLeases(tx: Database, limit: number): Promise<TaskRecord[]> {
  const rows = await tx
    .select(columns)
    .from(generationTasks)
    .where(and(eq(generationTasks.status, 'running'), lt(generationTasks.leaseExpiresAt, sql`now()`)))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows;
}

/** Puts an expired task back in the queue for another attempt. */
export async function requeueTask(tx: Database, id: string): Promise<void> {
  await tx
    .update(generationTasks)
    .set({ status: 'queued', workerId: null, leaseExpiresAt: null, progress: 0, stage: 'retrying' })
    .where(eq(generationTasks.id, id));
  await announceQueued(tx, id);
}

/**
 * A stopping worker gives back the tasks it could not finish in its grace period: queued again
 * at once, the attempt it had taken returned (a deploy is not the task's failure). Only tasks
 * this worker still holds; returns their ids.
 */
export async function handBackTasks(db: Database, ids: readonly string[], workerId: string): Promise<string[]> {
  if (ids.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(generationTasks)
      .set({
        status: 'queued',
        workerId: null,
        leaseExpiresAt: null,
        progress: 0,
        stage: 'queued',
        attempts: sql`greatest(${generationTasks.attempts} - 1, 0)`,
      })
      .where(and(inArray(generationTasks.id, [...ids]), eq(generationTasks.workerId, workerId), eq(generationTasks.status, 'running')))
      .returning({ id: generationTasks.id });
    for (const row of rows) await announceQueued(tx, row.id);
    return rows.map((row) => row.id);
  });
}

