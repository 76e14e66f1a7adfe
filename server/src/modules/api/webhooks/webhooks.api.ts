/** What other areas may use of the webhook outbox (the task queue queues outcomes). They import this file, never deliveries.repo.ts. */
export { enqueueTaskWebhook } from './deliveries.repo.ts';
