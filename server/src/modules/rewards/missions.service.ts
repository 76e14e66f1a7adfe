/**
 * Missions: a catalogue (seed data), progress measured from what the user did (the ledger of
 * their tasks, invites, check-ins and invoices — nothing to keep in sync), and claims that
 * grant credits once: per mission for `once` missions, per UTC day for `daily` ones.
 */
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import { type MissionDto, utcDay } from '@tessera/shared/rewards';
import { publishCreditsChanged } from '../credits/credits.events.ts';
import { grantCredits } from '../credits/credits.service.ts';
import type { RewardsDeps } from './invites.service.ts';
import { insertClaim, listActiveMissions, listClaims, missionMetrics } from './rewards.repo.ts';

const periodOf = (kind: 'once' | 'daily', now: Date) => (kind === 'once' ? 'once' : utcDay(now));

export async function listMissions(db: Database, userId: string, now = new Date()): Promise<MissionDto[]> {
  const today = utcDay(now);
  const [missions, claims, metrics] = await Promise.all([
    listActiveMissions(db),
    listClaims(db, userId),
    missionMetrics(db, userId, new Date(`${today}T00:00:00Z`)),
  ]);
  const claimed = new Set(claims.map((c) => `${c.missionKey}|${c.period}`));
  return missions.map((m) => {
    const progress = Math.min(metrics[m.metric], m.target);
    return {
      key: m.key,
      kind: m.kind,
      metric: m.metric,
      credits: m.credits,
      target: m.target,
      progress,
      completed: progress >= m.target,
      claimed: claimed.has(`${m.key}|${periodOf(m.kind, now)}`),
    };
  });
}

/** Claims a completed mission's credits (§8 messages for every refusal). */
export async function claimMission(deps: RewardsDeps, userId: string, key: string, now = new Date()): Promise<{ credits: number; missions: MissionDto[] }> {
  const mission = (await listMissions(deps.db, userId, now)).find((m) => m.key === key);
  if (!mission) throw new AppError('MISSION_NOT_FOUND');
  if (mission.claimed) throw new AppError(mission.kind === 'daily' ? 'MISSION_ALREADY_COMPLETED' : 'MISSION_ALREADY_CLAIMED');
  if (!mission.completed) throw new AppError('MISSION_NOT_COMPLETED');
  const period = periodOf(mission.kind, now);
  try {
    await deps.db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      // A second tab claiming at the same moment loses here.
      if (!(await insertClaim(tx, { userId, missionKey: key, period, credits: mission.credits }))) {
        throw new AppError(mission.kind === 'daily' ? 'MISSION_ALREADY_COMPLETED' : 'MISSION_ALREADY_CLAIMED');
      }
      const grant = await grantCredits(tx, {
        userId,
        sourceKind: 'mission',
        sourceId: `mission:${userId}:${key}:${period}`,
        amount: mission.credits,
        note: `Mission: ${key}`,
      });
      if (!grant.granted) throw new AppError('UNLOCK_REWARD_FAILED');
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('UNLOCK_REWARD_FAILED', { cause: err });
  }
  await publishCreditsChanged(deps, userId);
  return { credits: mission.credits, missions: await listMissions(deps.db, userId, now) };
}
