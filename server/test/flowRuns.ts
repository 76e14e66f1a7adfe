/** Flow runs in the integration tests (issue 24): a run's status, and waiting for it to end. */
import type { Database } from '@tessera/db/connect';
import { flowRuns } from '@tessera/db/schema';
import { eq } from 'drizzle-orm';
import { waitUntil } from './collabClient.ts';

export async function flowRunStatus(db: Database, runId: string) {
  const [row] = await db.select({ status: flowRuns.status }).from(flowRuns).where(eq(flowRuns.id, runId));
  return row?.status;
}

/** Waits until the run is no longer running (20 s at most) and answers how it ended. */
export async function waitForFlowRun(db: Database, runId: string) {
  await waitUntil(async () => (await flowRunStatus(db, runId)) !== 'running', 20_000, `flow run ${runId} to end`);
  return flowRunStatus(db, runId);
}
