/**
 * What a user's plan entitles them to: the parallel-task limit and whether downloads carry a
 * watermark (§6). Every user is on FREE until subscriptions land with the billing issue; this
 * is the one place that will then read the active subscription.
 */
import type { Database } from '@tessera/db/connect';
import { PARALLEL_TASK_LIMITS, type PlanKey } from '@tessera/shared/generation';

export interface Entitlements {
  plan: PlanKey;
  parallelTasks: number;
  /** Free users download originals with a watermark; paid plans without. */
  watermark: boolean;
}

export async function entitlementsOf(_db: Database, _userId: string): Promise<Entitlements> {
  const plan: PlanKey = 'FREE';
  return { plan, parallelTasks: PARALLEL_TASK_LIMITS[plan], watermark: plan === 'FREE' };
}
