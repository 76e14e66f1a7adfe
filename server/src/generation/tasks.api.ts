/** What other areas may use of the generation task queue (canvas). They import this file, never tasks.repo.ts. */
export { findRequesterName, findTask, type TaskStatus } from './tasks.repo.ts';
