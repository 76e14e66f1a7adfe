/** What other areas may use of the feed's data (the account link). They import this file, never feed.repo.ts. */
export { moveFeedEngagement } from './feed.repo.ts';
