/**
 * The daily check-in: one grant per user per UTC day (the server's day, so a streak means one
 * check-in per UTC date without a gap). Idempotent under double clicks and several tabs: the
 * check_ins primary key (user, day) admits one row, and the grant's source id
 * `check_in:<user>:<day>` admits one grant.
 */
import type { Database } from '@tessera/db/connect';
import { type CheckInState, CHECK_IN_STREAK_DAYS, checkInCredits, utcDay } from '@tessera/shared/rewards';
import { publishCreditsChanged } from '../credits/credits.events.ts';
import { grantCredits } from '../credits/credits.service.ts';
import type { RewardsDeps } from './invites.service.ts';
import { insertCheckIn, recentCheckIns } from './rewards.repo.ts';

const dayBefore = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));

export async function getCheckIn(db: Database, userId: string, now = new Date()): Promise<CheckInState> {
  const today = utcDay(now);
  const [last] = await recentCheckIns(db, userId, 1);
  const checkedInToday = last?.day === today;
  // A streak survives until a whole UTC day passes without a check-in.
  const alive = last && (checkedInToday || last.day === dayBefore(today));
  const streak = alive ? last.streak : 0;
  const todayStreak = checkedInToday ? streak : streak + 1;
  // The week shown: the 7-day block the current streak is in.
  const done = checkedInToday ? ((streak - 1) % CHECK_IN_STREAK_DAYS) + 1 : streak % CHECK_IN_STREAK_DAYS;
  const weekStart = todayStreak - (((todayStreak - 1) % CHECK_IN_STREAK_DAYS) + 1) + 1;
  const week = Array.from({ length: CHECK_IN_STREAK_DAYS }, (_, i) => ({
    day: i + 1,
    credits: checkInCredits(weekStart + i),
    done: i < done,
  }));
  return { today, checkedInToday, streak, todayCredits: checkInCredits(todayStreak), week };
}

/** Checks in for today; a second call the same day changes nothing and says so. */
export async function checkIn(deps: RewardsDeps, userId: string, now = new Date()): Promise<CheckInState & { granted: number }> {
  const before = await getCheckIn(deps.db, userId, now);
  if (before.checkedInToday) return { ...before, granted: 0 };
  const streak = before.streak + 1;
  const credits = checkInCredits(streak);
  const granted = await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    if (!(await insertCheckIn(tx, { userId, day: before.today, streak, credits }))) return 0;
    const grant = await grantCredits(tx, {
      userId,
      sourceKind: 'check_in',
      sourceId: `check_in:${userId}:${before.today}`,
      amount: credits,
      note: 'Daily check-in',
    });
    return grant.granted ? credits : 0;
  });
  if (granted > 0) await publishCreditsChanged(deps, userId);
  return { ...(await getCheckIn(deps.db, userId, now)), granted };
}
