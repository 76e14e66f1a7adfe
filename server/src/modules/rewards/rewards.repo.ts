/** The only place that queries missions, invites and check-ins (db/src/schema/rewards.ts). */
import type { Database } from '@tessera/db/connect';
import { billingInvoices, checkIns, generationTasks, inviteCodes, inviteRedemptions, missionClaims, missions, users } from '@tessera/db/schema';
import type { MissionKind, MissionMetric } from '@tessera/shared/rewards';
import { and, asc, count, countDistinct, desc, eq, gte, isNull, max, notInArray, sql } from 'drizzle-orm';

export interface MissionRow {
  key: string;
  kind: MissionKind;
  metric: MissionMetric;
  target: number;
  credits: number;
}

export async function listActiveMissions(db: Database): Promise<MissionRow[]> {
  const rows = await db.select().from(missions).where(eq(missions.active, true)).orderBy(asc(missions.sortOrder));
  return rows.map((r) => ({ key: r.key, kind: r.kind as MissionKind, metric: r.metric as MissionMetric, target: r.target, credits: r.credits }));
}

export async function listClaims(db: Database, userId: string): Promise<{ missionKey: string; period: string }[]> {
  return db.select({ missionKey: missionClaims.missionKey, period: missionClaims.period }).from(missionClaims).where(eq(missionClaims.userId, userId));
}

/** Records a claim; false when this (user, mission, period) was claimed already. */
export async function insertClaim(tx: Database, c: { userId: string; missionKey: string; period: string; credits: number }): Promise<boolean> {
  const rows = await tx.insert(missionClaims).values(c).onConflictDoNothing().returning({ key: missionClaims.missionKey });
  return rows.length > 0;
}

/** Kinds that count as "tools" for the try-three-tools mission: everything but plain generation. */
const GENERATORS = ['text_to_image', 'image_to_image'];

/** The facts missions are measured on. */
export async function missionMetrics(db: Database, userId: string, todayStart: Date): Promise<Record<MissionMetric, number>> {
  const succeeded = and(eq(generationTasks.userId, userId), eq(generationTasks.status, 'succeeded'));
  const [user] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
  const [images] = await db.select({ n: count() }).from(generationTasks).where(succeeded);
  const [tools] = await db
    .select({ n: countDistinct(generationTasks.kind) })
    .from(generationTasks)
    .where(and(succeeded, notInArray(generationTasks.kind, GENERATORS)));
  const [today] = await db
    .select({ n: count() })
    .from(generationTasks)
    .where(and(succeeded, gte(generationTasks.finishedAt, todayStart)));
  const [friends] = await db.select({ n: count() }).from(inviteRedemptions).where(eq(inviteRedemptions.inviterId, userId));
  const [streak] = await db.select({ n: max(checkIns.streak) }).from(checkIns).where(eq(checkIns.userId, userId));
  const [paid] = await db
    .select({ n: count() })
    .from(billingInvoices)
    .where(and(eq(billingInvoices.userId, userId), eq(billingInvoices.status, 'paid')));
  return {
    emailVerified: user?.verified ? 1 : 0,
    imagesCreated: images?.n ?? 0,
    toolsUsed: tools?.n ?? 0,
    imagesToday: today?.n ?? 0,
    friendsInvited: friends?.n ?? 0,
    checkInStreak: streak?.n ?? 0,
    subscribed: (paid?.n ?? 0) > 0 ? 1 : 0,
  };
}

export async function findInviteCode(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ code: inviteCodes.code }).from(inviteCodes).where(eq(inviteCodes.userId, userId)).limit(1);
  return row?.code ?? null;
}

/** Saves a code for the user unless they have one or the code is taken; returns the user's code then. */
export async function saveInviteCode(db: Database, userId: string, code: string): Promise<string | null> {
  await db.insert(inviteCodes).values({ userId, code }).onConflictDoNothing();
  return findInviteCode(db, userId);
}

export async function inviterOfCode(db: Database, code: string): Promise<string | null> {
  const [row] = await db.select({ userId: inviteCodes.userId }).from(inviteCodes).where(eq(inviteCodes.code, code)).limit(1);
  return row?.userId ?? null;
}

export async function findRedemption(db: Database, inviteeId: string) {
  const [row] = await db.select().from(inviteRedemptions).where(eq(inviteRedemptions.inviteeId, inviteeId)).limit(1);
  return row ?? null;
}

/**
 * Records a redemption. With status `rewarded` the partial unique indexes allow one per e-mail
 * and per device: false when one of them (or this invitee's own row) exists already.
 */
export async function insertRedemption(
  tx: Database,
  r: { inviteeId: string; inviterId: string; code: string; email: string; deviceId: string | null; status: string; friendCredits: number },
): Promise<boolean> {
  const rows = await tx.insert(inviteRedemptions).values(r).onConflictDoNothing().returning({ id: inviteRedemptions.inviteeId });
  return rows.length > 0;
}

/** Marks the inviter's subscription reward for this friend as given; returns the inviter once. */
export async function takeSubscribeReward(tx: Database, inviteeId: string): Promise<string | null> {
  const rows = await tx
    .update(inviteRedemptions)
    .set({ subscribeRewardedAt: new Date() })
    .where(and(eq(inviteRedemptions.inviteeId, inviteeId), isNull(inviteRedemptions.subscribeRewardedAt)))
    .returning({ inviterId: inviteRedemptions.inviterId });
  return rows[0]?.inviterId ?? null;
}

export async function inviteStats(db: Database, inviterId: string) {
  const [row] = await db
    .select({
      joined: count(),
      rewarded: sql<number>`count(*) filter (where ${inviteRedemptions.status} = 'rewarded')::int`,
      subscribed: sql<number>`count(${inviteRedemptions.subscribeRewardedAt})::int`,
    })
    .from(inviteRedemptions)
    .where(eq(inviteRedemptions.inviterId, inviterId));
  return { joined: row?.joined ?? 0, rewarded: row?.rewarded ?? 0, subscribed: row?.subscribed ?? 0 };
}

export async function recentCheckIns(db: Database, userId: string, limit: number): Promise<{ day: string; streak: number; credits: number }[]> {
  return db
    .select({ day: checkIns.day, streak: checkIns.streak, credits: checkIns.credits })
    .from(checkIns)
    .where(eq(checkIns.userId, userId))
    .orderBy(desc(checkIns.day))
    .limit(limit);
}

/** Records today's check-in; false when the user checked in today already (another tab). */
export async function insertCheckIn(tx: Database, c: { userId: string; day: string; streak: number; credits: number }): Promise<boolean> {
  const rows = await tx.insert(checkIns).values(c).onConflictDoNothing().returning({ day: checkIns.day });
  return rows.length > 0;
}

export async function hasSubscribed(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(billingInvoices)
    .where(and(eq(billingInvoices.userId, userId), eq(billingInvoices.status, 'paid')));
  return (row?.n ?? 0) > 0;
}
