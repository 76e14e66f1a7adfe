/** Queue figures for metrics: read at scrape time from the active part of the queue only. */
import type { Database } from '@tessera/db/connect';
import { generationTasks } from '@tessera/db/schema';
import { count, inArray, sql } from 'drizzle-orm';

export interface ActiveTaskCounts {
  byKind: { kind: string; status: string; count: number }[];
  queued: number;
  /** 0 when nothing waits. */
  oldestQueuedAgeS: number;
}

/** Queued and running tasks by kind (an index range over generation_tasks_status_created_idx, not a scan of history). */
export async function activeTaskCounts(db: Database): Promise<ActiveTaskCounts> {
  const rows = await db
    .select({
      kind: generationTasks.kind,
      status: generationTasks.status,
      count: count(),
      ageS: sql<string>`extract(epoch from now() - min(${generationTasks.createdAt}))`,
    })
    .from(generationTasks)
    .where(inArray(generationTasks.status, ['queued', 'running']))
    .groupBy(generationTasks.kind, generationTasks.status);
  const queued = rows.filter((r) => r.status === 'queued');
  return {
    byKind: rows.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.count) })),
    queued: queued.reduce((sum, r) => sum + Number(r.count), 0),
    oldestQueuedAgeS: Math.max(0, ...queued.map((r) => Number(r.ageS))),
  };
}
