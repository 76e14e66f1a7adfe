/** What other areas may use of users' data (projects, rewards, system, the account link). They import this file, never users.repo.ts. */
export { countUsers, findUserById, inheritAnonymousProfile } from './users.repo.ts';
