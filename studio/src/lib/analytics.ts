/**
 * Analytics user properties (§3) pushed to the tag-manager data layer (§7): a tag manager, when
 * one is installed on the page, reads `window.dataLayer`; without one the array is simply kept.
 * The e-mail never goes out in clear: only the SHA-256 of its lowercase form.
 */
import { userGroupBand } from '@tessera/shared/users';

export interface AnalyticsUser {
  id: string;
  email: string | null;
  isAnonymous: boolean;
  userGroup: number | null;
}

export interface UserPropertiesEvent {
  event: 'user_properties';
  user_id: string | null;
  anonymous_id: string | null;
  user_status: 'anon' | 'free';
  user_group: number | null;
  user_group_band: string;
  email_sha256: string | null;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** §3 user properties of the current visitor (paid statuses arrive with billing). */
export async function userPropertiesOf(user: AnalyticsUser): Promise<UserPropertiesEvent> {
  const signedIn = !user.isAnonymous && Boolean(user.email);
  return {
    event: 'user_properties',
    user_id: signedIn ? user.id : null,
    anonymous_id: signedIn ? null : user.id,
    user_status: signedIn ? 'free' : 'anon',
    user_group: user.userGroup,
    user_group_band: userGroupBand(user.userGroup),
    email_sha256: signedIn && user.email ? await sha256Hex(user.email.trim().toLowerCase()) : null,
  };
}

export async function pushUserProperties(user: AnalyticsUser, target: Window = window): Promise<void> {
  const event = await userPropertiesOf(user);
  target.dataLayer ??= [];
  target.dataLayer.push(event);
}
