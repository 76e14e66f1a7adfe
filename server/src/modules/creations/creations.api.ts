/** What other areas may use of creations' data (feed, canvas, generation, the account link). They import this file, never creations.repo.ts. */
export { creationsOfTask, type CreationRecord, findCreation, isCopyProtectedMedia, moveCreations, publishedUseOfMedia } from './creations.repo.ts';
