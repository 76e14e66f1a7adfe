/** Flow runs (db/src/schema/flows.ts): one row per "run" click. */
import type { Database } from '@tessera/db/connect';
import { flowRuns, generationTasks } from '@tessera/db/schema';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';

export type FlowRunRow = typeof flowRuns.$inferSelect;

export async function insertRun(db: Database, run: { projectId: string; userId: string; scope: unknown; plan: { run: string[]; reuse: string[] }; estimatedCost: number }): Promise<FlowRunRow> {
  const [row] = await db.insert(flowRuns).values(run).returning();
  if (!row) throw new Error('flow runs: insert returned no row');
  return row;
}

/** The run, locked for this transaction: one node advances a run at a time. */
export async function lockRun(tx: Database, id: string): Promise<FlowRunRow | null> {
  const [row] = await tx.select().from(flowRuns).where(eq(flowRuns.id, id)).for('update');
  return row ?? null;
}

export async function findRun(db: Database, id: string): Promise<FlowRunRow | null> {
  const [row] = await db.select().from(flowRuns).where(eq(flowRuns.id, id));
  return row ?? null;
}

export async function finishRun(db: Database, id: string, status: 'succeeded' | 'failed' | 'canceled'): Promise<boolean> {
  const rows = await db
    .update(flowRuns)
    .set({ status, finishedAt: sql`now()` })
    .where(and(eq(flowRuns.id, id), eq(flowRuns.status, 'running')))
    .returning({ id: flowRuns.id });
  return rows.length > 0;
}

/** Runs still going whose last change is older than `before` (the sweep nudges them). */
export async function staleRunningRuns(db: Database, before: Date, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ id: flowRuns.id })
    .from(flowRuns)
    .where(and(eq(flowRuns.status, 'running'), lt(flowRuns.createdAt, before)))
    .orderBy(asc(flowRuns.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The run's tasks still queued or running (cancel). */
export async function activeRunTasks(db: Database, runId: string): Promise<{ id: string; userId: string }[]> {
  return db
    .select({ id: generationTasks.id, userId: generationTasks.userId })
    .from(generationTasks)
    .where(and(eq(generationTasks.flowRunId, runId), inArray(generationTasks.status, ['queued', 'running'])));
}

/** The running runs of a project (a new run must not start a step one of them is making). */
export async function runningRunsOf(db: Database, projectId: string): Promise<FlowRunRow[]> {
  return db
    .select()
    .from(flowRuns)
    .where(and(eq(flowRuns.projectId, projectId), eq(flowRuns.status, 'running')));
}
