/**
 * Flow runs (issue 24). The flow itself — steps, inputs, wires and each step's last run — lives
 * in the project's Yjs document (shared/src/flows/document.ts); a row here is one "run" click:
 * what it was asked to run, the plan, who pays, and whether it is still going. Its steps' tasks
 * are ordinary generation tasks that carry the run (generation_tasks.flow_run_id) and the step
 * they make (generation_tasks.canvas_node_id), so holds, refunds, progress and the exactly-once
 * write into the document are the canvas's own.
 */
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const flowRunStatus = pgEnum('flow_run_status', ['running', 'succeeded', 'failed', 'canceled']);

export const flowRuns = pgTable(
  'flow_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: text('project_id').notNull(),
    /** Who started it: their credits pay for its steps. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `{ kind: 'all' }`, `{ kind: 'step', stepId }` or `{ kind: 'downstream', stepId }`. */
    scope: jsonb('scope').notNull(),
    /** The plan when started: `{ run: stepIds, reuse: stepIds }`. */
    plan: jsonb('plan').$type<{ run: string[]; reuse: string[] }>().notNull(),
    /** The price shown and confirmed before the run started. */
    estimatedCost: integer('estimated_cost').notNull(),
    status: flowRunStatus('status').notNull().default('running'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('flow_runs_project_idx').on(t.projectId, t.createdAt), index('flow_runs_running_idx').on(t.status, t.createdAt)],
);
