/**
 * The analytics constants without the schemas: the studio's tracker imports these and stays
 * free of zod on the home page (bench/bundle); analytics.ts re-exports them.
 */
/** §7: the first-party collector the studio's batches go to. */
export const ANALYTICS_COLLECT_PATH = '/api/analytics/collect';
/** Most events one batch may carry; the studio flushes earlier. */
export const MAX_BATCH_EVENTS = 50;
/** §9: sign-up / log-in events fire once per auth method within this window. */
export const AUTH_TRACKING_DEBOUNCE_MS = 5_000;
/** §9: a click remembered for the next page's events ("last-click bridge") is valid this long. */
export const LAST_CLICK_VALIDITY_MS = 10_000;

export const AUTH_METHODS = ['Google', 'email', 'Facebook'] as const;
export const USER_STATUSES = ['anon', 'free', 'expired', 'other'] as const;
/** §3 subscription properties: subscribe_type. */
export const SUBSCRIBE_TYPES = ['weekly', 'monthly', 'annually'] as const;
/** §3 sub_button_click / sub_submit period. */
export const SUB_PERIODS = ['monthly', 'yearly', 'forever'] as const;
