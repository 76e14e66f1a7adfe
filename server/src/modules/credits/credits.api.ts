/** What other areas may use of credits' data (the account link). They import this file, never credits.repo.ts. */
export { moveCredits } from './credits.repo.ts';
