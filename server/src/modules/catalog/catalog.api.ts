/** What other areas may use of the catalogue's data (generation). They import this file, never catalog.repo.ts. */
export { bumpTemplateUsage } from './catalog.repo.ts';
