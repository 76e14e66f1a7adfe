/**
 * Earned credits (spec §1, §8): missions, invites and the daily check-in — the amounts both
 * sides show, the inputs the server accepts, and the check-in streak rule.
 */

/** §8 "you helped your friend get 10 free credits": what a friend gets for joining with a code. */
export const INVITE_FRIEND_CREDITS = 10;
/** §8 "a 50-credit subscription reward": what the inviter gets when the friend first subscribes. */
export const INVITE_SUBSCRIBE_CREDITS = 50;
/** A friend may enter a code this long after registering; later they are "already registered" (§8). */
export const INVITE_SIGNUP_WINDOW_DAYS = 7;

/**
 * Daily check-in: 5 credits a day, 20 on every 7th day in a row. The day is the server's UTC
 * date, so a streak means "one check-in per UTC day without a gap" wherever the user lives.
 */
export const CHECK_IN_DAILY_CREDITS = 5;
export const CHECK_IN_STREAK_DAYS = 7;
export const CHECK_IN_STREAK_CREDITS = 20;

/** Credits for the check-in that makes a streak `streak` days long (1-based). */
export function checkInCredits(streak: number): number {
  return streak > 0 && streak % CHECK_IN_STREAK_DAYS === 0 ? CHECK_IN_STREAK_CREDITS : CHECK_IN_DAILY_CREDITS;
}

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Invite codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

/** An invite code as typed (spaces, lower case) in its stored form, or null when it cannot be one. */
export function normalizeInviteCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return /^[A-Z0-9]{4,32}$/.test(code) ? code : null;
}

/** What entering an invite code did (the §8 messages for each case are in the error catalogue). */
export type InviteRedeemStatus =
  /** A new user: the friend got INVITE_FRIEND_CREDITS. */
  | 'rewarded'
  /** Already registered, not subscribed: no sign-up reward, but subscribing still rewards the inviter. */
  | 'registered'
  /** The reward went to this e-mail or device before: linked, no credits. */
  | 'alreadyRewarded';

export const MISSION_KINDS = ['once', 'daily'] as const;
export type MissionKind = (typeof MISSION_KINDS)[number];

/** The progress facts missions are measured on. */
export const MISSION_METRICS = ['emailVerified', 'imagesCreated', 'toolsUsed', 'friendsInvited', 'checkInStreak', 'imagesToday', 'subscribed'] as const;
export type MissionMetric = (typeof MISSION_METRICS)[number];

export interface MissionDto {
  key: string;
  kind: MissionKind;
  metric: MissionMetric;
  credits: number;
  target: number;
  progress: number;
  completed: boolean;
  claimed: boolean;
}


export interface CheckInState {
  /** Today's UTC day. */
  today: string;
  checkedInToday: boolean;
  /** Consecutive days up to today (or yesterday, when today is not checked in yet). */
  streak: number;
  /** Credits today's check-in gives (or gave). */
  todayCredits: number;
  /** The 7 days of the current streak week: day number 1–7, credits, done. */
  week: { day: number; credits: number; done: boolean }[];
}
