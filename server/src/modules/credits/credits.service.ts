/**
 * The credits ledger's rules (ARCHITECTURE §4): grants, holds resolved exactly once, expiry,
 * and the §3 usage summary. Every function takes the db it works on — the task queue passes
 * its own transaction so inserting a task and holding its credits commit together.
 *
 * A hold debits the user's balance row (credit_balances) and nothing else; it is allocated to
 * grants when captured, or by the expiry sweep while still held.
 *
 * Ledger identity (checked by the tests): per user and usage type,
 *   Σ grant entries                       = summary.total
 *   Σ hold − Σ release + Σ expire entries = summary.used
 * once the expiry sweep has reached every past-due grant. Zero-credit holds write no entries
 * (entry amounts are positive by constraint) but still get their hold row.
 */
import type { Database } from '@tessera/db/connect';
import {
  type CreditBadge,
  type CreditHistoryPage,
  type CreditSummary,
  type SubUsageRecord,
  type UsageType,
  ANONYMOUS_TRIAL_CREDITS,
  VERIFIED_EMAIL_BONUS_CREDITS,
} from '@tessera/shared/credits';
import { AppError } from '@tessera/shared/errors';
import {
  addToBalance,
  allocateFromGrants,
  endGrantsAt,
  expireUserGrants,
  findHoldOwner,
  type GrantSourceKind,
  holdFromBalance,
  insertEntries,
  insertFreeHold,
  insertGrant,
  isDuplicateHold,
  listEntries,
  lockAllocationGrants,
  lockBalance,
  lockDueBalances,
  lockUnallocatedHolds,
  markAllocated,
  type NewEntry,
  resolveHold,
  returnToGrant,
  sumGrants,
} from './credits.repo.ts';

import { welcomeTrialState } from './welcome.repo.ts';
import { mayGrantWelcome, type WelcomeNetwork } from './welcome.service.ts';

export type { CreditSummary, UsageType } from '@tessera/shared/credits';

/** The `app` part of §8's `app::usageType::message` for ledger errors. */
export const CREDITS_APP = 'tessera';

const EXPIRED_NOTE = 'Credits expired';
/** Users one expiry sweep takes at most (one transaction); the next sweep takes the rest. */
const EXPIRY_SWEEP_USERS = 500;

function assertAmount(amount: number, min: number): void {
  if (!Number.isSafeInteger(amount) || amount < min) throw new AppError('INCORRECT_PARAMETER', { message: `Invalid credit amount: ${amount}` });
}

/**
 * Holds `amount` for a task inside the caller's transaction (db may be a transaction): one
 * conditional UPDATE of the user's balance row plus the hold row and its entry, in one statement
 * (credits.repo holdFromBalance). The hold is allocated to grants later — soonest-expiring first
 * (NULL expiry last) — when it is captured, or by the expiry sweep while still held. Throws
 * AppError('NOT_ENOUGH_CREDITS', usage) when available < amount. Never overdraws under
 * concurrency: the conditional UPDATE re-checks the balance a concurrent hold left. When one of
 * the user's grants is past its expiry the fast path refuses; the user's expiries are then swept
 * here (a past-due grant is never spent) and the hold is tried once more. amount 0 (free tasks)
 * still creates the hold row so capture/release stay exactly-once.
 */
export async function holdCredits(
  db: Database,
  p: { userId: string; taskId: string; amount: number; note: string; usageType?: UsageType },
): Promise<void> {
  assertAmount(p.amount, 0);
  const usageType = p.usageType ?? 'credits';
  const hold = { taskId: p.taskId, userId: p.userId, usageType, amount: p.amount, note: p.note };
  try {
    if (p.amount === 0) return await insertFreeHold(db, hold);
    // One statement: a refusal writes nothing and leaves the caller's transaction usable.
    if (await holdFromBalance(db, hold)) return;
    if ((await sweepIfDue(db, p.userId, usageType)) && (await holdFromBalance(db, hold))) return;
  } catch (error) {
    // Task ids are fresh UUIDs: a second hold is a bug in the caller, never a user error.
    if (isDuplicateHold(error)) throw new Error(`credits: task ${p.taskId} already has a hold`, { cause: error });
    throw error;
  }
  throw new AppError('NOT_ENOUGH_CREDITS', { usage: { app: CREDITS_APP, usageType } });
}

/** Sweeps the user's expiries if one is due (a savepoint inside the caller's transaction); true if it did. */
async function sweepIfDue(db: Database, userId: string, usageType: string): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const balance = await lockBalance(tx, userId, usageType);
    if (!balance?.due) return false;
    await sweepUser(tx, userId, usageType, balance.now);
    return true;
  });
}

/**
 * One user's expiry sweep; the caller holds the balance row lock. The held holds not yet
 * allocated take their grants first (as if they had been allocated when made: soonest expiry
 * first), so an expiring grant loses only what no hold is using; then the due grants are written
 * off with an expire entry each. Returns how many grants expired.
 */
async function sweepUser(tx: Database, userId: string, usageType: string, now: Date): Promise<number> {
  for (const hold of await lockUnallocatedHolds(tx, userId, usageType)) {
    await allocate(tx, { userId, usageType, amount: hold.amount, taskId: hold.taskId });
    await markAllocated(tx, hold.taskId);
  }
  const expired = await expireUserGrants(tx, userId, usageType, now);
  await insertEntries(
    tx,
    expired
      .filter((g) => g.writtenOff > 0)
      .map((g) => ({ userId, usageType, kind: 'expire' as const, amount: g.writtenOff, grantId: g.id, note: EXPIRED_NOTE })),
  );
  return expired.length;
}

/** allocateFromGrants, which must cover the amount: the balance row guarantees the grants hold it. */
async function allocate(tx: Database, a: { userId: string; usageType: string; amount: number; taskId: string | null }): Promise<void> {
  const taken = await allocateFromGrants(tx, a);
  if (taken !== a.amount) throw new Error(`credits: grants of ${a.userId} cover ${taken} of a ${a.amount}-credit hold`);
}

/**
 * Resolves a hold exactly once, with its user's balance row locked first (the ledger's lock
 * order: balance, then holds, then grants). Returns null if it was already resolved or never held.
 */
async function resolve(tx: Database, taskId: string, status: 'captured' | 'released') {
  const owner = await findHoldOwner(tx, taskId);
  if (!owner) return null;
  await lockBalance(tx, owner.userId, owner.usageType);
  return resolveHold(tx, taskId, status);
}

/**
 * Captures a task's hold: exactly once. Returns true if this call captured it, false if it was
 * already captured/released (or never held). A hold not yet allocated takes its credits from
 * the grants now (soonest expiry first). Writes a capture entry.
 */
export async function captureHold(db: Database, taskId: string): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const hold = await resolve(tx, taskId, 'captured');
    if (!hold) return false;
    if (hold.amount > 0) {
      if (!hold.allocated) await allocate(tx, { userId: hold.userId, usageType: hold.usageType, amount: hold.amount, taskId: null });
      await insertEntries(tx, [{ userId: hold.userId, usageType: hold.usageType, kind: 'capture', amount: hold.amount, taskId, note: null }]);
    }
    return true;
  });
}

/**
 * Releases a task's hold: exactly once; returns true if this call released it. A hold not yet
 * allocated goes back to the balance; an allocated one back to the grants it came from, and the
 * part that belongs to grants expired meanwhile is expired right away, with an expire entry.
 */
export async function releaseHold(db: Database, taskId: string): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const hold = await resolve(tx, taskId, 'released');
    if (!hold) return false;
    if (hold.amount === 0) return true;
    let expired = 0;
    if (hold.allocated) {
      for (const a of await lockAllocationGrants(tx, taskId)) {
        if (a.grantExpired) expired += a.amount;
        else await returnToGrant(tx, a.grantId, a.amount);
      }
    }
    await addToBalance(tx, hold.userId, hold.usageType, hold.amount - expired);
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
 * Writes off the unused remainder of grants whose expiry passed (expire entries), user by user
 * (balance rows whose next_expiry is due). Returns how many grants expired. `now` injectable for tests.
 */
export async function expireGrants(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    let expired = 0;
    for (const b of await lockDueBalances(tx, now, EXPIRY_SWEEP_USERS)) expired += await sweepUser(tx, b.userId, b.usageType, now);
    return expired;
  });
}

/** §3 credit summary: total = sum of grant amounts; used = captured + held + expired; remaining = max(0, total − used). */
export async function getCreditSummary(db: Database, userId: string, usageType: UsageType = 'credits'): Promise<CreditSummary> {
  const { total, remaining } = await sumGrants(db, userId, usageType, new Date());
  const used = total - remaining;
  return { used, total, remaining: Math.max(0, total - used) };
}

/** credits.summary: the §3 summary and whether (and why not) the account got the welcome trial. */
export async function getCreditBadge(db: Database, userId: string): Promise<CreditBadge> {
  const [summary, trial] = await Promise.all([getCreditSummary(db, userId), welcomeTrialState(db, userId)]);
  return { ...summary, trial };
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
