/**
 * Analytics user properties (§3) pushed to the tag-manager data layer (§7): a tag manager, when
 * one is installed on the page, reads `window.dataLayer`; without one the array is simply kept.
 * The e-mail never goes out in clear: only the SHA-256 of its lowercase form.
 */
import { isPaidUser, type SubLog } from '@tessera/shared/plans';
import { userGroupBand } from '@tessera/shared/users';

export interface AnalyticsUser {
  id: string;
  email: string | null;
  isAnonymous: boolean;
  userGroup: number | null;
  /** The subscription log, once known (signed-in users only). */
  subLog?: Pick<SubLog, 'isSub' | 'currentPlan' | 'otherPlan'> | null;
  /** Credits left, once known. */
  remainingCredits?: number | null;
}

export type UserStatus = 'anon' | 'free' | 'expired' | 'other';

/**
 * §3 user_status: anon without an e-mail; `other` while a paid period runs (§4 paid user);
 * `expired` for former subscribers whose plan lapsed; `free` otherwise.
 */
export function userStatusOf(user: Pick<AnalyticsUser, 'email' | 'isAnonymous' | 'subLog'>, now = new Date()): UserStatus {
  if (user.isAnonymous || !user.email) return 'anon';
  const log = user.subLog;
  if (!log?.isSub) return 'free';
  const plans = [...(log.currentPlan ? [log.currentPlan] : []), ...log.otherPlan];
  return isPaidUser(plans, now) ? 'other' : 'expired';
}

export interface UserPropertiesEvent {
  event: 'user_properties';
  user_id: string | null;
  anonymous_id: string | null;
  user_status: UserStatus;
  user_group: number | null;
  user_group_band: string;
  email_sha256: string | null;
  remaining_credits: number | null;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Lowercase hex SHA-256 of `text` (Web Crypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** §3 user properties of the current visitor. */
export async function userPropertiesOf(user: AnalyticsUser): Promise<UserPropertiesEvent> {
  const signedIn = !user.isAnonymous && Boolean(user.email);
  return {
    event: 'user_properties',
    user_id: signedIn ? user.id : null,
    anonymous_id: signedIn ? null : user.id,
    user_status: userStatusOf(user),
    user_group: user.userGroup,
    user_group_band: userGroupBand(user.userGroup),
    email_sha256: signedIn && user.email ? await sha256Hex(user.email.trim().toLowerCase()) : null,
    remaining_credits: user.remainingCredits ?? null,
  };
}

export async function pushUserProperties(user: AnalyticsUser, target: Window = window): Promise<void> {
  const event = await userPropertiesOf(user);
  target.dataLayer ??= [];
  target.dataLayer.push(event);
}
