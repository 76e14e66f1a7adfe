/** What other areas may use of the admin console's data (auth). They import this file, never admin.repo.ts. */
export { isUserBanned } from './admin.repo.ts';
