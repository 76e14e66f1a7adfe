/** Welcome grants per client network (welcome_networks) and the refusals admins see (welcome_refusals). */
import type { Database } from '@tessera/db/connect';
import { creditGrants, users, welcomeNetworks, welcomeRefusals } from '@tessera/db/schema';
import type { WelcomeTrialState } from '@tessera/shared/credits';
import { and, desc, eq, gte, max, notLike, sql, sum } from 'drizzle-orm';

/** Whether a welcome grant with this source id exists (the device or address already had its share). */
export async function welcomeGrantExists(db: Database, sourceId: string): Promise<boolean> {
  const rows = await db
    .select({ id: creditGrants.id })
    .from(creditGrants)
    .where(and(eq(creditGrants.sourceKind, 'welcome'), eq(creditGrants.sourceId, sourceId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether the user holds a trial grant (a welcome grant for a device or a user: not the e-mail
 * bonus; an account made from a guest holds the guest's), else why not: its device already had
 * one, or the network's share (welcome.service.ts) did not allow it.
 */
export async function welcomeTrialState(db: Database, userId: string): Promise<WelcomeTrialState> {
  const own = await db
    .select({ id: creditGrants.id })
    .from(creditGrants)
    .where(and(eq(creditGrants.userId, userId), eq(creditGrants.sourceKind, 'welcome'), notLike(creditGrants.sourceId, 'email:%')))
    .limit(1);
  if (own.length > 0) return 'granted';
  const [user] = await db.select({ deviceId: users.deviceId }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.deviceId && (await welcomeGrantExists(db, `device:${user.deviceId}`)) ? 'device' : 'network';
}

/**
 * Takes one of the network's `perWindow` welcome grants, atomically: a window older than
 * `windowStart` starts over. False (and nothing changed) when the window's share is used up.
 */
export async function claimWelcomeSlot(db: Database, p: { network: string; now: Date; windowStart: Date; perWindow: number }): Promise<boolean> {
  const expired = sql`${welcomeNetworks.windowStartedAt} <= ${p.windowStart.toISOString()}::timestamptz`;
  const rows = await db
    .insert(welcomeNetworks)
    .values({ network: p.network, windowStartedAt: p.now, granted: 1 })
    .onConflictDoUpdate({
      target: welcomeNetworks.network,
      set: {
        windowStartedAt: sql`CASE WHEN ${expired} THEN ${p.now.toISOString()}::timestamptz ELSE ${welcomeNetworks.windowStartedAt} END`,
        granted: sql`CASE WHEN ${expired} THEN 1 ELSE ${welcomeNetworks.granted} + 1 END`,
      },
      setWhere: sql`${expired} OR ${welcomeNetworks.granted} < ${p.perWindow}`,
    })
    .returning({ granted: welcomeNetworks.granted });
  return rows.length > 0;
}

/** Counts one refused welcome grant for the network on `now`'s UTC day. */
export async function recordWelcomeRefusal(db: Database, network: string, now: Date): Promise<void> {
  await db
    .insert(welcomeRefusals)
    .values({ network, day: now.toISOString().slice(0, 10), count: 1, lastRefusedAt: now })
    .onConflictDoUpdate({
      target: [welcomeRefusals.network, welcomeRefusals.day],
      set: { count: sql`${welcomeRefusals.count} + 1`, lastRefusedAt: now },
    });
}

export interface WelcomeRefusalRow {
  network: string;
  refused: number;
  lastRefusedAt: Date;
}

/** Networks with the most refused welcome grants on or after the UTC day `sinceDay`, most first. */
export async function topWelcomeRefusals(db: Database, sinceDay: string, limit: number): Promise<WelcomeRefusalRow[]> {
  const refused = sum(welcomeRefusals.count).mapWith(Number);
  const rows = await db
    .select({ network: welcomeRefusals.network, refused, lastRefusedAt: max(welcomeRefusals.lastRefusedAt) })
    .from(welcomeRefusals)
    .where(gte(welcomeRefusals.day, sinceDay))
    .groupBy(welcomeRefusals.network)
    .orderBy(desc(refused), welcomeRefusals.network)
    .limit(limit);
  return rows.map((r) => ({ network: r.network, refused: r.refused, lastRefusedAt: r.lastRefusedAt ?? new Date(0) }));
}
