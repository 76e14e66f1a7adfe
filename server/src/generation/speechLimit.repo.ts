/**
 * How many lip-sync (speech) tasks a user started recently: the count behind §8's "Speech
 * generation is too frequent" limit (faceChecks.ts). Every accepted request is a task row, canceled
 * or not, so the tasks table is the record; no separate counter to keep in step.
 */
import type { Database } from '@tessera/db/connect';
import { generationTasks } from '@tessera/db/schema';
import { and, count, eq, gt } from 'drizzle-orm';

/** Tasks of `kind` that `userId` created after `since`. */
export async function countTasksSince(db: Database, userId: string, kind: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(generationTasks)
    .where(and(eq(generationTasks.userId, userId), eq(generationTasks.kind, kind), gt(generationTasks.createdAt, since)));
  return row?.n ?? 0;
}
