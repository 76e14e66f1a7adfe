/**
 * User groups of spec §3/§5: a three-digit number 101–160 in six bands of ten. A missing or
 * invalid group falls back to band B; a visitor without a valid group cookie gets a random one.
 */

export const USER_GROUP_MIN = 101;
export const USER_GROUP_MAX = 160;
/** Name of the cookie carrying the group of a visitor (§9: about two years). */
export const USER_GROUP_COOKIE = 'user-group';
export const USER_GROUP_COOKIE_MAX_AGE_S = 63_072_000;

export const USER_GROUP_BANDS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type UserGroupBand = (typeof USER_GROUP_BANDS)[number];
export const DEFAULT_USER_GROUP_BAND: UserGroupBand = 'B';

export function isValidUserGroup(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= USER_GROUP_MIN && value <= USER_GROUP_MAX;
}

/** Parses a cookie or header value; anything but a plain in-range integer is invalid. */
export function parseUserGroup(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{3}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return isValidUserGroup(value) ? value : null;
}

export function userGroupBand(group: number | null | undefined): UserGroupBand {
  if (!isValidUserGroup(group)) return DEFAULT_USER_GROUP_BAND;
  return USER_GROUP_BANDS[Math.floor((group - USER_GROUP_MIN) / 10)] ?? DEFAULT_USER_GROUP_BAND;
}

/** A uniformly random group; `random` returns [0, 1) like Math.random. */
export function randomUserGroup(random: () => number = Math.random): number {
  const span = USER_GROUP_MAX - USER_GROUP_MIN + 1;
  return USER_GROUP_MIN + Math.min(span - 1, Math.floor(random() * span));
}

/**
 * §5: the cookie group is accepted only if valid, else a random one; a signed-in user's server
 * group overrides both.
 */
export function effectiveUserGroup(opts: {
  serverGroup?: number | null;
  cookieValue?: string | null;
  random?: () => number;
}): number {
  if (isValidUserGroup(opts.serverGroup)) return opts.serverGroup;
  return parseUserGroup(opts.cookieValue) ?? randomUserGroup(opts.random);
}
