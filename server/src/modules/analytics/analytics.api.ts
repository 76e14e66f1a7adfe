/** What other areas may use of analytics' data (the account link). They import this file, never analytics.repo.ts. */
export { moveAnalyticsEvents } from './analytics.repo.ts';
