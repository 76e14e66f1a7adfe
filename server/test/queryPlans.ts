/**
 * Issue 25: the list, feed, search and admin queries at scale. Shared by the plan test
 * (queryPlans.int.test.ts, ~100k rows) and the benchmark (bench/queries.ts, 1M rows):
 *  - seedLargeTables: users, tasks, creations, likes, reports and audit rows from
 *    `INSERT … SELECT generate_series` (triggers and foreign-key checks off while seeding), then ANALYZE;
 *  - QUERIES: each list query called through its real repo function on a Drizzle instance whose
 *    logger records the SQL it sends (`captureQueries`), so the plans checked are the ones issued;
 *  - explainQuery / planProblems: `EXPLAIN (ANALYZE, FORMAT JSON)` of a captured statement and
 *    what is wrong with the plan — a sequential scan of a big table, or any node that reads more
 *    rows than a page needs (a sort over all rows, a scan that does not stop at the LIMIT).
 */
import * as schema from '@tessera/db/schema';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from '@tessera/db/connect';
import * as adminRepo from '../src/modules/admin/admin.repo.ts';
import * as creationsRepo from '../src/modules/creations/creations.repo.ts';
import * as creditsRepo from '../src/modules/credits/credits.repo.ts';
import * as feedRepo from '../src/modules/feed/feed.repo.ts';
import * as tasksRepo from '../src/generation/tasks.repo.ts';

/** The tables that grow with the data; a sequential scan of any of them is a regression. */
export const BIG_TABLES = ['creations', 'generation_tasks', 'users', 'admin_audit_log', 'content_likes', 'content_reports', 'credit_entries'];

/** Users in the seed; user `qp-0` owns a tenth of the tasks and creations (the "100k creations" user at 1M). */
const seedUsers = (rows: number) => Math.max(1000, Math.floor(rows / 5));

/** Fills the big tables with `rows` tasks and creations. The database must be empty of them. */
export async function seedLargeTables(client: pg.ClientBase, rows: number): Promise<void> {
  const users = seedUsers(rows);
  const owner = `CASE WHEN i % 10 = 0 THEN 'qp-0' ELSE 'qp-' || (1 + i % (${users} - 1)) END`;
  const at = `now() - i * interval '30 seconds'`;
  await client.query('BEGIN');
  // Seeding only: no per-row triggers (feed_tag_counts is rebuilt below) and no foreign-key checks.
  await client.query('SET LOCAL session_replication_role = replica');
  await client.query(`
    INSERT INTO users (id, name, email, is_anonymous, banned_at, created_at, updated_at)
    SELECT 'qp-' || i, 'Plans ' || i, 'qp' || i || '@plans.invalid', i % 10 = 9, CASE WHEN i = 7 THEN now() END, now(), now()
    FROM generate_series(0, ${users - 1}) i`);
  await client.query(`
    INSERT INTO generation_tasks (id, user_id, kind, rpc_name, input, cost, status, created_at, queue_at, updated_at)
    SELECT md5('qp-task-' || i)::uuid, ${owner}, (ARRAY['text_to_image', 'upscale', 'image_to_video'])[i % 3 + 1], 'text2Image.create', '{}',
      1, (CASE WHEN i < 5 THEN 'running' WHEN i % 50 = 0 THEN 'failed' ELSE 'succeeded' END)::generation_task_status, ${at}, ${at}, ${at}
    FROM generate_series(0, ${rows - 1}) i`);
  // 70 % published (1 in 20 of those unlisted), 10 % hidden; engagement is heavy-tailed: most
  // items have a few likes and views, one in a thousand has thousands.
  await client.query(`
    INSERT INTO creations (id, user_id, task_id, output_index, kind, rpc_name, params, engine, media_key, media_type, content_type,
      is_public, publish_status, visibility, title, tags, feed_category, published_at, like_count, view_count, created_at)
    SELECT md5('qp-creation-' || i)::uuid, ${owner}, md5('qp-task-' || i)::uuid, 0, (ARRAY['text_to_image', 'upscale', 'image_to_video'])[i % 3 + 1],
      'text2Image.create', '{}', 'local', 'qp/' || i || '.png', 'image', 'image/png', i % 10 < 7,
      CASE WHEN i % 10 < 7 THEN 'published' WHEN i % 10 = 7 THEN 'hidden' ELSE 'unpublished' END,
      CASE WHEN i % 20 = 3 THEN 'unlisted' ELSE 'public' END, 'Item ' || i,
      jsonb_build_array('tag' || (i % 500), CASE WHEN i % 2 = 0 THEN 'common' ELSE 'odd' END) || CASE WHEN i % 20000 = 11 THEN '["rare"]'::jsonb ELSE '[]' END,
      (ARRAY['video', 'image', 'effects'])[i % 3 + 1],
      CASE WHEN i % 10 < 8 THEN ${at} + interval '1 minute' END,
      CASE WHEN i % 1000 = 1 THEN 200 + i % 3000 ELSE (i::bigint * 7919 % 5)::int END,
      (i::bigint * 104729 % 20)::int + CASE WHEN i % 1000 = 1 THEN 1000 ELSE 0 END,
      ${at}
    FROM generate_series(0, ${rows - 1}) i`);
  // One like per creation, from many users; the viewer qp-1 liked every hundredth. Two reports on
  // each of the newest creations (a tenth of them), the first thousand open.
  await client.query(`
    INSERT INTO content_likes (creation_id, user_id)
    SELECT md5('qp-creation-' || i)::uuid, CASE WHEN i % 100 = 0 THEN 'qp-1' ELSE 'qp-' || (2 + i % (${users} - 2)) END
    FROM generate_series(0, ${rows - 1}) i`);
  await client.query(`
    INSERT INTO content_reports (creation_id, reporter_id, reason, status, created_at, resolved_at)
    SELECT md5('qp-creation-' || (i / 2))::uuid, 'qp-' || (2 + i % 2 + (i / 2) % (${users} - 3)), 'spam',
      CASE WHEN i < 2000 THEN 'open' ELSE 'dismissed' END, ${at}, CASE WHEN i >= 2000 THEN ${at} + interval '1 hour' END
    FROM generate_series(0, ${Math.floor(rows / 10) - 1}) i`);
  await client.query(`
    INSERT INTO content_report_groups (creation_id, status, last_activity_at)
    SELECT creation_id, status, max(greatest(created_at, resolved_at)) FROM content_reports GROUP BY creation_id, status`);
  // Credit history: a hold entry for half of the tasks.
  await client.query(`
    INSERT INTO credit_entries (user_id, kind, amount, task_id, note, created_at)
    SELECT ${owner}, 'hold', 1, md5('qp-task-' || i)::uuid, 'Text to image', ${at}
    FROM generate_series(${rows - 1}, 0, -2) i`);
  await client.query(`
    INSERT INTO admin_audit_log (admin_id, action, target_type, target_id, created_at)
    SELECT 'qp-3', (ARRAY['user.ban', 'catalog.template.update', 'content.hide'])[i % 3 + 1], 'user', 'qp-' || i, ${at}
    FROM generate_series(0, ${Math.floor(rows / 10) - 1}) i`);
  await client.query(`
    INSERT INTO feed_tag_counts (tag, count)
    SELECT t, count(*)::int FROM creations c JOIN users u ON u.id = c.user_id CROSS JOIN LATERAL jsonb_array_elements_text(c.tags) AS t
    WHERE c.publish_status = 'published' AND c.visibility = 'public' AND u.banned_at IS NULL GROUP BY t
    ON CONFLICT (tag) DO UPDATE SET count = excluded.count`);
  await client.query(`
    INSERT INTO feed_tag_items (tag, creation_id, published_at)
    SELECT DISTINCT t, c.id, c.published_at FROM creations c JOIN users u ON u.id = c.user_id CROSS JOIN LATERAL jsonb_array_elements_text(c.tags) AS t
    WHERE c.publish_status = 'published' AND c.visibility = 'public' AND u.banned_at IS NULL
    ON CONFLICT DO NOTHING`);
  await client.query('COMMIT');
  await client.query('ANALYZE');
}

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** A Drizzle database on `pool` that records every statement it sends, for EXPLAIN. */
export function captureQueries(pool: pg.Pool): { db: Database; take(): CapturedQuery[] } {
  let captured: CapturedQuery[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => captured.push({ sql: query, params }) } });
  return {
    db: db as unknown as Database,
    take() {
      const out = captured;
      captured = [];
      return out;
    },
  };
}

/** One list query as the app runs it; `before` is the statement it ran before issue 25, for the benchmark. */
export interface ListQuery {
  name: string;
  run(db: Database): Promise<unknown>;
  before?: string;
}

const newestCursor = { at: new Date(Date.now() - 3_600_000).toISOString(), id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' };
const trendingNow = new Date();

const OLD_TRENDING_SCORE = `((c.like_count * 3 + c.view_count + 1)::float8 / power(greatest(0, extract(epoch from (now() - c.published_at)) / 3600) + 2, 1.5))`;
const OLD_FEED_WHERE = `c.publish_status = 'published' AND c.visibility = 'public' AND u.banned_at IS NULL`;
const OLD_LIKED = `exists (select 1 from content_likes l where l.creation_id = c.id and l.user_id = 'qp-1')`;

/**
 * The list, feed, search and admin queries, with arguments for the seed above. A "before" keeps
 * the old statement's shape; where only the index changed it orders `DESC NULLS LAST`, which
 * mismatches the new indexes exactly as the old query mismatched the old ones.
 */
export const QUERIES: ListQuery[] = [
  {
    name: 'creation.list (user with 10 % of rows)',
    run: (db) => creationsRepo.listCreations(db, { userId: 'qp-0', limit: 21 }),
    before: `SELECT * FROM creations WHERE user_id = 'qp-0' ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 21`,
  },
  {
    name: 'creation.list, page 2 by kind',
    run: (db) => creationsRepo.listCreations(db, { userId: 'qp-0', kind: 'upscale', after: { createdAt: new Date(Date.now() - 3_600_000), id: newestCursor.id }, limit: 21 }),
  },
  {
    name: 'feed.list new',
    run: (db) => feedRepo.listNewest(db, { viewerId: 'qp-1', limit: 21 }),
    before: `SELECT c.*, ${OLD_LIKED} FROM creations c JOIN users u ON u.id = c.user_id WHERE ${OLD_FEED_WHERE} ORDER BY c.published_at DESC NULLS LAST, c.id DESC NULLS LAST LIMIT 21`,
  },
  { name: 'feed.list new, page 2', run: (db) => feedRepo.listNewest(db, { viewerId: 'qp-1', limit: 21, after: newestCursor }) },
  { name: 'feed.list new, category', run: (db) => feedRepo.listNewest(db, { viewerId: null, category: 'video', limit: 21 }) },
  { name: 'feed.list new, tag', run: (db) => feedRepo.listNewest(db, { viewerId: null, tag: 'common', limit: 21 }) },
  {
    name: 'feed.list new, rare tag',
    run: (db) => feedRepo.listNewest(db, { viewerId: null, tag: 'rare', limit: 21 }),
    before: `SELECT c.* FROM creations c JOIN users u ON u.id = c.user_id WHERE ${OLD_FEED_WHERE} AND c.tags @> '["rare"]'
      ORDER BY c.published_at DESC NULLS LAST, c.id DESC NULLS LAST LIMIT 21`,
  },
  { name: 'feed.list new, tag, page 2', run: (db) => feedRepo.listNewest(db, { viewerId: null, tag: 'common', limit: 21, after: newestCursor }) },
  { name: 'feed.list new, author', run: (db) => feedRepo.listNewest(db, { viewerId: null, authorId: 'qp-0', limit: 21 }) },
  {
    name: 'feed.list trending',
    run: (db) => feedRepo.listTrending(db, { viewerId: 'qp-1', limit: 21, now: trendingNow, offset: 0 }),
    before: `SELECT c.*, ${OLD_LIKED} FROM creations c JOIN users u ON u.id = c.user_id WHERE ${OLD_FEED_WHERE} ORDER BY ${OLD_TRENDING_SCORE} DESC, c.id DESC LIMIT 21`,
  },
  { name: 'feed.list trending, page 3', run: (db) => feedRepo.listTrending(db, { viewerId: 'qp-1', limit: 21, now: trendingNow, offset: 40 }) },
  { name: 'feed.list trending, rare tag', run: (db) => feedRepo.listTrending(db, { viewerId: null, tag: 'rare', limit: 21, now: trendingNow, offset: 0 }) },
  { name: 'feed.list trending, tag', run: (db) => feedRepo.listTrending(db, { viewerId: null, tag: 'tag1', limit: 21, now: trendingNow, offset: 0 }) },
  { name: 'feed.list trending, category', run: (db) => feedRepo.listTrending(db, { viewerId: null, category: 'image', limit: 21, now: trendingNow, offset: 0 }) },
  {
    name: 'feed.tags',
    run: (db) => feedRepo.topTags(db, 20),
    before: `SELECT t.tag, count(*)::int FROM creations c JOIN users u ON u.id = c.user_id CROSS JOIN LATERAL jsonb_array_elements_text(c.tags) AS t(tag)
      WHERE ${OLD_FEED_WHERE} GROUP BY t.tag ORDER BY count(*) DESC, t.tag ASC LIMIT 20`,
  },
  {
    name: 'task.list (user with 10 % of rows)',
    run: (db) => tasksRepo.listUserTasks(db, 'qp-0', 50),
    before: `SELECT * FROM generation_tasks WHERE user_id = 'qp-0' ORDER BY CASE WHEN status IN ('queued', 'running') THEN 0 ELSE 1 END, created_at DESC LIMIT 50`,
  },
  { name: 'credits.history (user with 10 % of rows)', run: (db) => creditsRepo.listEntries(db, 'qp-0', { limit: 21 }) },
  { name: 'credits.history, page 2', run: (db) => creditsRepo.listEntries(db, 'qp-0', { beforeId: 1000, limit: 21 }) },
  {
    name: 'admin.tasks.list',
    run: (db) => adminRepo.listTasks(db, { limit: 51 }),
    before: `SELECT t.*, u.email FROM generation_tasks t JOIN users u ON u.id = t.user_id ORDER BY t.created_at DESC NULLS LAST, t.id DESC NULLS LAST LIMIT 51`,
  },
  { name: 'admin.tasks.list, failed', run: (db) => adminRepo.listTasks(db, { status: 'failed', limit: 51 }) },
  { name: 'admin.tasks.list, by e-mail', run: (db) => adminRepo.listTasks(db, { user: 'QP5@plans.invalid', limit: 51 }) },
  {
    name: 'admin.creations.list',
    run: (db) => adminRepo.listCreations(db, { limit: 51 }),
    before: `SELECT c.*, u.email FROM creations c JOIN users u ON u.id = c.user_id ORDER BY c.created_at DESC NULLS LAST, c.id DESC NULLS LAST LIMIT 51`,
  },
  { name: 'admin.creations.list, hidden', run: (db) => adminRepo.listCreations(db, { publishStatus: 'hidden', limit: 51 }) },
  {
    name: 'admin.audit.list',
    run: (db) => adminRepo.listAuditRows(db, { limit: 51 }),
    before: `SELECT * FROM admin_audit_log ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 51`,
  },
  {
    // A prefix every seeded e-mail has: the old OR fetched and sorted all of them.
    name: 'admin.users.lookup (prefix)',
    run: (db) => adminRepo.lookupUsers(db, 'qp', 20),
    before: `SELECT * FROM users WHERE id = 'qp' OR (is_anonymous = false AND (lower(email) LIKE 'qp%' OR lower(name) LIKE 'qp%'))
      ORDER BY CASE WHEN id = 'qp' OR lower(email) = 'qp' THEN 0 ELSE 1 END, email LIMIT 20`,
  },
  { name: 'admin.reports.list (open)', run: (db) => adminRepo.listReportedContentIds(db, { status: 'open', limit: 21 }) },
];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

export interface ExplainedPlan {
  plan: PlanNode;
  executionMs: number;
}

/** EXPLAIN ANALYZE (it runs the statement) of one statement, with its parameters. */
export async function explainQuery(client: pg.ClientBase, query: CapturedQuery | string): Promise<ExplainedPlan> {
  const { sql: text, params } = typeof query === 'string' ? { sql: query, params: [] } : query;
  const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
  const [explained] = result.rows[0]?.['QUERY PLAN'] ?? [];
  if (!explained) throw new Error(`no plan for: ${text}`);
  return { plan: explained.Plan, executionMs: explained['Execution Time'] };
}

/**
 * What makes a plan grow with the data: a sequential scan of a big table, or a node that reads
 * more than `rowBudget` rows (counting those its filter dropped) — a sort over every row, or a
 * scan that does not stop at the LIMIT. Empty when the plan is fine.
 */
export function planProblems(plan: PlanNode, rowBudget: number): string[] {
  const problems: string[] = [];
  const walk = (node: PlanNode) => {
    const loops = node['Actual Loops'] || 1;
    const read = (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * loops;
    const what = `${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;
    if (node['Node Type'] === 'Seq Scan' && BIG_TABLES.includes(node['Relation Name'] ?? '')) problems.push(`${what} (${read} rows)`);
    else if (read > rowBudget) problems.push(`${what} reads ${read} rows`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return problems;
}

/** Runs `query` once through `capture` and returns the statements it sent. */
export async function statementsOf(capture: ReturnType<typeof captureQueries>, query: ListQuery): Promise<CapturedQuery[]> {
  capture.take();
  await query.run(capture.db);
  return capture.take();
}

/** Whether the feed_tag_counts kept by triggers equal a full recount (the old feed.tags aggregation). */
export async function tagCountsDrift(db: Database): Promise<{ tag: string; kept: number | null; actual: number | null }[]> {
  const result = (await db.execute(sql`
    with actual as (
      select t as tag, count(*)::int as n from creations c join users u on u.id = c.user_id
      cross join lateral jsonb_array_elements_text(c.tags) as t
      where c.publish_status = 'published' and c.visibility = 'public' and u.banned_at is null group by t
    )
    select coalesce(a.tag, k.tag) as tag, k.count as kept, a.n as actual
    from actual a full join (select * from feed_tag_counts where count <> 0) k on k.tag = a.tag
    where a.n is distinct from k.count
  `)) as unknown as { rows: { tag: string; kept: number | null; actual: number | null }[] };
  return result.rows;
}

/** Rows where feed_tag_items differs from the feed's creations and their tags (none when it is kept right). */
export async function tagItemsDrift(db: Database): Promise<{ tag: string; id: string }[]> {
  const result = (await db.execute(sql`
    with actual as (
      select distinct t as tag, c.id, c.published_at from creations c join users u on u.id = c.user_id
      cross join lateral jsonb_array_elements_text(c.tags) as t
      where c.publish_status = 'published' and c.visibility = 'public' and u.banned_at is null
    )
    select coalesce(a.tag, f.tag) as tag, coalesce(a.id, f.creation_id) as id
    from actual a full join feed_tag_items f on f.tag = a.tag and f.creation_id = a.id and f.published_at is not distinct from a.published_at
    where a.id is null or f.creation_id is null
  `)) as unknown as { rows: { tag: string; id: string }[] };
  return result.rows;
}
