/**
 * The generation task queue (ARCHITECTURE §5). Postgres is the queue: workers claim queued
 * tasks with FOR UPDATE SKIP LOCKED and hold a lease they renew with heartbeats; a reaper puts
 * tasks whose lease expired back in the queue (up to max_attempts) or fails them.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const taskStatus = pgEnum('generation_task_status', ['queued', 'running', 'succeeded', 'failed', 'canceled']);

export interface TaskOutput {
  /** Storage key of the produced media. */
  key: string;
  mediaType: 'image' | 'video' | 'audio';
  width?: number;
  height?: number;
  durationS?: number;
  contentType?: string;
  /** Storage key of a small preview image. */
  thumbnailKey?: string;
}

export const generationTasks = pgTable(
  'generation_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Creation kind from shared/generation (`text_to_image`, `upscale` …). */
    kind: text('kind').notNull(),
    /** The public RPC that created it (`text2Image.create` …). */
    rpcName: text('rpc_name').notNull(),
    /** Input after validation with the kind's zod schema. */
    input: jsonb('input').notNull(),
    cost: integer('cost').notNull(),
    status: taskStatus('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    stage: text('stage').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    workerId: text('worker_id'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    outputs: jsonb('outputs').$type<TaskOutput[]>().notNull().default([]),
    projectId: text('project_id'),
    /** Canvas tasks: the node waiting for the result, and when the result was written into it. */
    canvasNodeId: text('canvas_node_id'),
    canvasAppliedAt: timestamp('canvas_applied_at', { withTimezone: true }),
    /** Developer API tasks (issue 19): the key that made it (it spends `api_credits`) and where its outcome is posted. */
    apiKeyId: uuid('api_key_id'),
    callbackUrl: text('callback_url'),
    /** A flow step's task (issue 24): the run it belongs to; canvas_node_id is then the step's id. */
    flowRunId: uuid('flow_run_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Queue order: workers take the earliest queue_at. It is created_at, plus the plan's queue
     * delay for unmetered (UNLIMITED) images — a slower queue that still cannot starve.
     */
    queueAt: timestamp('queue_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('generation_tasks_claim_idx').on(t.status, t.queueAt),
    index('generation_tasks_user_idx').on(t.userId, t.status, t.createdAt),
    // Newest-first lists (a user's tasks, the admin console): ascending, read backwards.
    index('generation_tasks_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('generation_tasks_created_idx').on(t.createdAt, t.id),
    index('generation_tasks_status_created_idx').on(t.status, t.createdAt, t.id),
    index('generation_tasks_project_idx').on(t.projectId, t.createdAt).where(sql`${t.projectId} IS NOT NULL`),
    index('generation_tasks_api_key_idx').on(t.apiKeyId, t.createdAt).where(sql`${t.apiKeyId} IS NOT NULL`),
    index('generation_tasks_lease_idx').on(t.leaseExpiresAt).where(sql`${t.status} = 'running'`),
    check('generation_tasks_progress_range', sql`${t.progress} >= 0 AND ${t.progress} <= 100`),
    check('generation_tasks_cost_nonnegative', sql`${t.cost} >= 0`),
  ],
);
