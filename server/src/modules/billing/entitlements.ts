/**
 * What a user's plan entitles them to right now (§6): the parallel-task limit, the download
 * watermark, PRO_FEATURE access and unmetered images. The plan is the highest one among the
 * user's subscriptions still inside a paid period; its features are seed data
 * (db/seed/catalogue.json).
 */
import type { Database } from '@tessera/db/connect';
import { type PlanFeatures, type PlanKey, planRank } from '@tessera/shared/plans';
import { currentPlanKeys, listPlans } from './billing.repo.ts';

export interface Entitlements extends Omit<PlanFeatures, 'key' | 'tier'> {
  plan: PlanKey;
}

/** Used when the catalogue lacks a plan row (a misedited seed): the most restrictive terms. */
const FALLBACK: Omit<PlanFeatures, 'key' | 'tier'> = {
  parallelTasks: 1,
  watermark: true,
  proFeatures: false,
  unmeteredImages: false,
  queueDelaySeconds: 0,
  apiRequestsPerMinute: 30,
};

export async function entitlementsOf(db: Database, userId: string, now = new Date()): Promise<Entitlements> {
  const keys = await currentPlanKeys(db, userId, now);
  const plan = keys.reduce<PlanKey>((best, k) => (planRank(k) > planRank(best) ? k : best), 'FREE');
  const features = (await listPlans(db)).find((p) => p.key === plan);
  const { key: _key, tier: _tier, ...rest } = features ?? { key: plan, tier: 'free', ...FALLBACK };
  return { plan, ...rest };
}
