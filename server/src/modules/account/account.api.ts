/** What other areas may use of account deletion's data (auth sessions). They import this file, never account.repo.ts. */
export { isDeletedSessionToken } from './account.repo.ts';
