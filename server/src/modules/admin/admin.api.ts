/** What other areas may use of the admin console's data (auth) and audit log (billing). They import this file, never admin.repo.ts. */
export { isUserBanned } from './admin.repo.ts';
export { recordAudit, SYSTEM_ACTOR } from './audit.ts';
