/** What other areas may use of media_objects (generation, projects, users). They import this file, never media.repo.ts. */
export { findMediaObject, insertMediaObject, type MediaObjectInfo } from './media.repo.ts';
