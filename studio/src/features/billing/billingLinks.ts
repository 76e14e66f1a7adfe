/** Small pure helpers of the billing screens. */

/** A same-origin path from a return URL, or null (never send the user to another site). */
export function sameOriginPath(url: string | null, origin: string = window.location.origin): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
  } catch {
    return null;
  }
}

const KNOWN_STATUSES = new Set(['active', 'trialing', 'past_due', 'canceled']);

/** The label key (`subscription.status.*`) of a §4 subscription status; the rarer ones read as inactive. */
export function statusKey(status: string): string {
  return KNOWN_STATUSES.has(status) ? status : 'other';
}
