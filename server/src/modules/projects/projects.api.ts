/**
 * What other areas may use of projects' data (collab, realtime, generation, canvas, chat, the
 * account link). They import this file, never projects.repo.ts.
 */
export { findRole, moveProjects, recordProjectMedia } from './projects.repo.ts';
