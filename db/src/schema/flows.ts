/**
 * Flow runs (issue 24). The flow itself — steps, inputs, wires and each step's last run — lives
 * in the project's Yjs document (shared/src/flows/document.ts); a row here is one "run" click:
 * what it was asked to run, the plan, who pays, and whether it is still going. Its steps' tasks
 * are ordinary generation tasks that carry the run (generation_tasks.flow_run_id) and the step
 * they make (generation_tasks.canvas_node_id), so holds, refunds, progress and the exactly-once
 * write into the document are the canvas's own.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { projects } from './projects.ts';

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

/**
 * Flow templates (issue 24, shared/src/flows/templates.ts): a flow saved apart from its project —
 * its nodes and edges (positions relative to its top-left), never its run records. Seen by the
 * members of the project it was saved in and by its owner; by everyone once published
 * (`visibility` 'public', on the explore feed). `sample_keys` are the media a template saved
 * "with sample media" keeps (its inputs' files and the preview): a project it is inserted into
 * records them as its media, so its members may see them.
 */
export const flowTemplates = pgTable(
  'flow_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The project it was saved in; its members see it there. Null once that project is gone. */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    graph: jsonb('graph').$type<{ nodes: unknown[]; edges: unknown[] }>().notNull(),
    withMedia: boolean('with_media').notNull().default(false),
    sampleKeys: text('sample_keys').array().notNull().default(sql`'{}'::text[]`),
    /** What its last step makes ('image', 'video' or 'text'): the explore feed filters on it. */
    output: text('output').notNull(),
    previewKey: text('preview_key'),
    previewMediaType: text('preview_media_type', { enum: ['image', 'video'] }),
    visibility: text('visibility', { enum: ['project', 'public'] })
      .notNull()
      .default('project'),
    /** How many times it was inserted into a project or started as one. */
    uses: integer('uses').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The three reads: a project's templates, an owner's (list and the per-owner limit), and the
  // explore feed's two keyset orders over published ones.
  (t) => [
    index('flow_templates_project_idx').on(t.projectId, t.createdAt),
    index('flow_templates_owner_idx').on(t.ownerId, t.createdAt),
    index('flow_templates_public_popular_idx').on(t.uses.desc(), t.id.desc()).where(sql`${t.visibility} = 'public'`),
    index('flow_templates_public_new_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.visibility} = 'public'`),
  ],
);
