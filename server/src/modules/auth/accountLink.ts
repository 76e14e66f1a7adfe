/**
 * better-auth deletes an anonymous user when it signs up or signs in (cascading to everything
 * that references it). Before that happens, every area moves what belongs to the anonymous
 * user to the account it becomes: one step per area, all in one transaction, so a failure
 * moves nothing and the sign-in fails instead of losing data.
 */
import type { Database } from '@tessera/db/connect';
import { moveAnalyticsEvents } from '../analytics/analytics.api.ts';
import { moveCreations } from '../creations/creations.api.ts';
import { moveCredits } from '../credits/credits.api.ts';
import { moveFeedEngagement } from '../feed/feed.api.ts';
import { moveProjects } from '../projects/projects.api.ts';
import { inheritAnonymousProfile } from '../users/users.api.ts';

export type AccountLinkStep = (tx: Database, fromUserId: string, toUserId: string) => Promise<void>;

/** Areas append their step here (credits, projects, creations, tasks …). */
export const ACCOUNT_LINK_STEPS: readonly AccountLinkStep[] = [inheritAnonymousProfile, moveCredits, moveCreations, moveAnalyticsEvents, moveFeedEngagement, moveProjects];

export async function linkAnonymousAccount(
  db: Database,
  fromUserId: string,
  toUserId: string,
  steps: readonly AccountLinkStep[] = ACCOUNT_LINK_STEPS,
): Promise<void> {
  if (fromUserId === toUserId) return;
  await db.transaction(async (tx) => {
    for (const step of steps) await step(tx as unknown as Database, fromUserId, toUserId);
  });
}
