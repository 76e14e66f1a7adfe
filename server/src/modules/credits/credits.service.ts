/**
 * The credits ledger's rules (ARCHITECTURE §4): grants, holds resolved exactly once, expiry,
 * and the §3 usage summary. Every function takes the db it works on — the task queue passes
 * its own transaction so inserting a task and holding its credits commit together.
 *
 * Ledger identity (checked by the tests): per user and usage type,
 *   Σ grant entries                       = summary.total
 *   Σ hold − Σ release + Σ expire entries = summary.used
 * once the expiry sweep has reached every past-due grant. Zero-credit holds write no entries
 * (entry amounts are positive by constraint) but still get their hold row.
 */
import type { Database } from '@tessera/db/connect';
import {
  type CreditHistoryPage,
  type CreditSummary,
  type SubUsageRecord,
  type UsageType,
  ANONYMOUS_TRIAL_CREDITS,
  VERIFIED_EMAIL_BONUS_CREDITS,
} from '@tessera/shared/credits';
import { AppError } from '@tessera/shared/errors';
import {
  endGrantsAt,
  expireDueGrants,
  type GrantSourceKind,
  holdFromGrants,
  insertEntries,
  insertGrant,
  listEntries,
  lockAllocationGrants,
  type NewEntry,
  resolveHold,
  returnToGrant,
  sumGrants,
} from './credits.repo.ts';

import { mayGrantWelcome, type WelcomeNetwork } from './welcome.service.ts';

export type { CreditSummary, UsageType } from '@tessera/shared/credits';

/** The `app` part of §8's `app::usageType::message` for ledger errors. */
export const CREDITS_APP = 'tessera';

const EXPIRED_NOTE = 'Credits expired';

function assertAmount(amount: number, min: number): void {
  if (!Number.isSafeInteger(amount) || amount < min) throw new AppError('INCORRECT_PARAMETER', { message: `Invalid credit amount: ${amount}` });
}

/**
 * Holds `amount` for a task inside the caller's transaction (db may be a transaction). Consumes
 * the soonest-expiring unexpired grants first (NULL expiry last), writes one hold entry + the
 * credit_holds row + allocations. Throws AppError('NOT_ENOUGH_CREDITS', usage) when available <
 * amount. Never overdraws under concurrency: the user's spendable grants are locked FOR UPDATE
 * in one deterministic order before they are counted. amount 0 (free tasks) still creates the
 * hold row so capture/release stay exactly-once.
 */
export async function holdCredits(
  db: Database,
  p: { userId: string; taskId: string; amount: number; note: string; usageType?: UsageType },
): Promise<void> {
  assertAmount(p.amount, 0);
  const usageType = p.usageType ?? 'credits';
  // One statement: a refusal writes nothing and leaves the caller's transaction usable.
  const { covered, held } = await holdFromGrants(db, { taskId: p.taskId, userId: p.userId, usageType, amount: p.amount, note: p.note });
  if (!covered) throw new AppError('NOT_ENOUGH_CREDITS', { usage: { app: CREDITS_APP, usageType } });
  // Task ids are fresh UUIDs: a second hold is a bug in the caller, never a user error.
  if (!held) throw new Error(`credits: task ${p.taskId} already has a hold`);
}

/**
 * Captures a task's hold: exactly once. Returns true if this call captured it, false if it was
 * already captured/released (or never held). Writes a capture entry.
 */
export async function captureHold(db: Database, taskId: string): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const hold = await resolveHold(tx, taskId, 'captured');
    if (!hold) return false;
    if (hold.amount > 0) {
      await insertEntries(tx, [{ userId: hold.userId, usageType: hold.usageType, kind: 'capture', amount: hold.amount, taskId, note: null }]);
    }
    return true;
  });
}

/**
 * Releases a task's hold back to the grants it came from; the part that belongs to grants
 * expired meanwhile is expired right away, with an expire entry. Exactly once; returns true if
 * this call released it.
 */
export async function releaseHold(db: Database, taskId: string): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const hold = await resolveHold(tx, taskId, 'released');
    if (!hold) return false;
    if (hold.amount === 0) return true;
    let expired = 0;
    for (const a of await lockAllocationGrants(tx, taskId)) {
      if (a.grantExpired) expired += a.amount;
      else await returnToGrant(tx, a.grantId, a.amount);
    }
    const entries: NewEntry[] = [{ userId: hold.userId, usageType: hold.usageType, kind: 'release', amount: hold.amount, taskId, note: null }];
    // The grant already has its own expire entry (one per grant, unique index), so this one
    // is tied to the task instead: it may span several expired grants.
    if (expired > 0) entries.push({ userId: hold.userId, usageType: hold.usageType, kind: 'expire', amount: expired, taskId, note: EXPIRED_NOTE });
    await insertEntries(tx, entries);
    return true;
  });
}

export type GrantSource = GrantSourceKind;

/** Adds a grant; one per (sourceKind, sourceId): a duplicate returns { granted: false } and changes nothing. */
export async function grantCredits(
  db: Database,
  p: {
    userId: string;
    sourceKind: GrantSource;
    sourceId: string;
    amount: number;
    expiresAt?: Date | null;
    note: string;
    usageType?: UsageType;
  },
): Promise<{ granted: boolean; grantId: string | null }> {
  assertAmount(p.amount, 1);
  const usageType = p.usageType ?? 'credits';
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const grantId = await insertGrant(tx, {
      userId: p.userId,
      usageType,
      sourceKind: p.sourceKind,
      sourceId: p.sourceId,
      amount: p.amount,
      expiresAt: p.expiresAt ?? null,
      note: p.note,
    });
    if (!grantId) return { granted: false, grantId: null };
    await insertEntries(tx, [{ userId: p.userId, usageType, kind: 'grant', amount: p.amount, grantId, note: p.note }]);
    return { granted: true, grantId };
  });
}

/**
 * Ends grants before their expiry: the period they were granted for is over sooner than planned
 * (a renewal started the next one, a subscription ended). Their unspent remainder stops being
 * spendable at `at`; the expiry sweep writes it off. Returns how many grants changed.
 */
export async function endGrantsEarly(db: Database, p: { sourceKind: GrantSource; sourceIds: string[]; at: Date }): Promise<number> {
  return endGrantsAt(db, p.sourceKind, p.sourceIds, p.at);
}

/**
 * Writes off the unused remainder of grants whose expiry passed (expire entries). Returns how
 * many grants expired. `now` injectable for tests.
 */
export async function expireGrants(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const expired = await expireDueGrants(tx, now);
    await insertEntries(
      tx,
      expired
        .filter((g) => g.writtenOff > 0)
        .map((g) => ({ userId: g.userId, usageType: g.usageType, kind: 'expire' as const, amount: g.writtenOff, grantId: g.id, note: EXPIRED_NOTE })),
    );
    return expired.length;
  });
}

/** §3 credit summary: total = sum of grant amounts; used = captured + held + expired; remaining = max(0, total − used). */
export async function getCreditSummary(db: Database, userId: string, usageType: UsageType = 'credits'): Promise<CreditSummary> {
  const { total, remaining } = await sumGrants(db, userId, usageType, new Date());
  const used = total - remaining;
  return { used, total, remaining: Math.max(0, total - used) };
}

/** The user's ledger entries, newest first, `limit` per page. */
export async function getCreditHistory(
  db: Database,
  userId: string,
  opts: { cursor?: number | undefined; limit: number },
): Promise<CreditHistoryPage> {
  const limit = Math.min(Math.max(Math.trunc(opts.limit), 1), 100);
  // One extra row says whether an older page exists without a count query.
  const rows = await listEntries(db, userId, { beforeId: opts.cursor, limit: limit + 1 });
  const page = rows.slice(0, limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: r.amount,
      usageType: r.usageType,
      note: r.note,
      taskId: r.taskId,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * Trial credits for a new user, once per device (`device:<id>`), or once per user when the
 * studio sent no device id — and, for a sign-up from a client network (`from`), within that
 * network's share (welcome.service.ts). Returns whether credits were granted.
 */
export async function grantAnonymousTrial(db: Database, user: { id: string; deviceId: string | null }, from: WelcomeNetwork | null = null): Promise<boolean> {
  const sourceId = user.deviceId ? `device:${user.deviceId}` : `user:${user.id}`;
  if (from && !(await mayGrantWelcome(db, sourceId, from))) return false;
  const result = await grantCredits(db, { userId: user.id, sourceKind: 'welcome', sourceId, amount: ANONYMOUS_TRIAL_CREDITS, note: 'Welcome credits' });
  return result.granted;
}

/**
 * Bonus for a verified e-mail, once per address whichever account verifies it. Call it when an
 * address becomes verified (and publishCreditsChanged after the commit). Returns whether
 * credits were granted.
 */
export async function grantVerifiedEmailBonus(db: Database, userId: string, email: string): Promise<boolean> {
  const result = await grantCredits(db, {
    userId,
    sourceKind: 'welcome',
    sourceId: `email:${email.trim().toLowerCase()}`,
    amount: VERIFIED_EMAIL_BONUS_CREDITS,
    note: 'Verified e-mail bonus',
  });
  return result.granted;
}

/** §3 usage records (subUsage.getSubUsage): totalCount and useCount per usage type. */
export async function getSubUsage(
  db: Database,
  userId: string,
  appName: string,
  usageTypes: readonly UsageType[],
): Promise<{ usageList: SubUsageRecord[] }> {
  const usageList: SubUsageRecord[] = [];
  for (const usageType of usageTypes) {
    const summary = await getCreditSummary(db, userId, usageType);
    usageList.push({ appName, usageType, totalCount: summary.total, useCount: summary.used });
  }
  return { usageList };
}

/**
 * Welcome grants for a user just created (better-auth's user.create.after hook):
 *  - the trial, once per device and within the share of the network it came from (`from`) —
 *    except for a registered account made from an anonymous session, which keeps that
 *    session's credits through the account link instead;
 *  - the verified-e-mail bonus when the address arrives verified (Google sign-ins).
 * No credits:changed event: the new user has no socket yet.
 */
export async function grantWelcomeCredits(
  db: Database,
  user: { id: string; email: string; emailVerified: boolean; deviceId: string | null; isAnonymous: boolean; fromAnonymousSession: boolean },
  from: WelcomeNetwork | null = null,
): Promise<void> {
  if (user.isAnonymous || !user.fromAnonymousSession) await grantAnonymousTrial(db, user, from);
  if (!user.isAnonymous && user.emailVerified) await grantVerifiedEmailBonus(db, user.id, user.email);
}
