/** What other areas may use of the generation task queue (canvas, metrics). They import this file, never tasks.repo.ts. */
export { findRequesterName, findTask, type TaskStatus } from './tasks.repo.ts';
export { activeTaskCounts } from './queueStats.repo.ts';
