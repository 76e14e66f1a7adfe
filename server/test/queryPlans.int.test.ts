/**
 * Issue 25: every list, feed, search and admin query keeps an index plan that stops at its LIMIT
 * on large tables. The tables are seeded with 50k tasks and creations (queryPlans.ts), each query
 * runs through its repo function with the SQL it sends recorded, and each statement's
 * EXPLAIN ANALYZE must have no sequential scan of a big table and no node reading more rows than
 * a page needs. Timings are the benchmark's business (bench/queries.ts), never asserted here.
 * Also: the feed_tag_counts triggers agree with a full recount through publish, edit, ban, unban
 * and account deletion.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './harness.ts';
import { captureQueries, explainQuery, planProblems, QUERIES, seedLargeTables, statementsOf, tagCountsDrift, tagItemsDrift } from './queryPlans.ts';
import { listUserTasks } from '../src/generation/tasks.repo.ts';
import { listTrending } from '../src/modules/feed/feed.repo.ts';

const ROWS = 50_000;
/** Rows any node of a page's plan may read: a page, trending's 500-item window and its candidates. */
const ROW_BUDGET = 3_000;

let testDb: TestDatabase;
let pool: pg.Pool;
let capture: ReturnType<typeof captureQueries>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  pool = new pg.Pool({ connectionString: testDb.url, max: 2 })
    // An idle client cut by the server (a dropped database, a terminated backend) must not crash the test process.
    .on('error', () => undefined);
  capture = captureQueries(pool);
  const client = await pool.connect();
  try {
    await seedLargeTables(client, ROWS);
  } finally {
    client.release();
  }
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await testDb?.drop();
});

describe('query plans at 50k rows', () => {
  it.each(QUERIES.map((query) => [query.name, query] as const))('%s uses an index plan that stops at the LIMIT', async (_name, query) => {
    const statements = await statementsOf(capture, query);
    expect(statements.length).toBeGreaterThan(0);
    const client = await pool.connect();
    try {
      for (const statement of statements) {
        const { plan } = await explainQuery(client, statement);
        expect(planProblems(plan, ROW_BUDGET), statement.sql).toEqual([]);
      }
    } finally {
      client.release();
    }
  });

  it('flags the old shapes: a sort of every row, an aggregation of every creation', async () => {
    const client = await pool.connect();
    try {
      for (const name of ['creation.list (user with 10 % of rows)', 'feed.tags', 'admin.tasks.list', 'feed.list new, rare tag', 'admin.users.lookup (prefix)']) {
        const before = QUERIES.find((query) => query.name === name)?.before;
        expect(before).toBeTruthy();
        expect(planProblems((await explainQuery(client, before as string)).plan, ROW_BUDGET), name).not.toEqual([]);
      }
    } finally {
      client.release();
    }
  });

  it('trending ranks exactly as scoring every row would', async () => {
    const now = new Date();
    const everyRow = (await capture.db.execute(sql`
      select c.id from creations c join users u on u.id = c.user_id
      where c.publish_status = 'published' and c.visibility = 'public' and u.banned_at is null
      order by ((c.like_count * 3 + c.view_count + 1)::float8 / power(greatest(0, extract(epoch from (${now.toISOString()}::timestamptz - c.published_at))::float8 / 3600) + 2, 1.5)) desc, c.id desc
      limit 60
    `)) as unknown as { rows: { id: string }[] };
    const pages = [];
    for (const offset of [0, 20, 40]) pages.push(...(await listTrending(capture.db, { viewerId: null, limit: 20, now, offset })).map((row) => row.id));
    expect(pages).toEqual(everyRow.rows.map((row) => row.id));

    const tagged = (await capture.db.execute(sql`
      select c.id from creations c join users u on u.id = c.user_id
      where c.publish_status = 'published' and c.visibility = 'public' and u.banned_at is null and c.tags @> '["tag1"]'
      order by ((c.like_count * 3 + c.view_count + 1)::float8 / power(greatest(0, extract(epoch from (${now.toISOString()}::timestamptz - c.published_at))::float8 / 3600) + 2, 1.5)) desc, c.id desc
      limit 30
    `)) as unknown as { rows: { id: string }[] };
    const taggedPages = [];
    for (const offset of [0, 15]) taggedPages.push(...(await listTrending(capture.db, { viewerId: null, tag: 'tag1', limit: 15, now, offset })).map((row) => row.id));
    expect(tagged.rows.length).toBe(30);
    expect(taggedPages).toEqual(tagged.rows.map((row) => row.id));
  });

  it('task.list still puts queued and running first, then the newest', async () => {
    const tasks = await listUserTasks(capture.db, 'qp-0', 5);
    expect(tasks.map((task) => task.status)).toEqual(['running', 'succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(tasks.slice(1).map((task) => task.createdAt.getTime())).toEqual(
      tasks
        .slice(1)
        .map((task) => task.createdAt.getTime())
        .sort((a, b) => b - a),
    );
  });

  it('feed_tag_counts and feed_tag_items follow publish, edit, ban, unban and account deletion', async () => {
    const db = capture.db;
    expect(await tagCountsDrift(db)).toEqual([]);
    expect(await tagItemsDrift(db)).toEqual([]);
    await db.execute(sql`update creations set published_at = published_at - interval '1 day' where id = md5('qp-creation-1')::uuid`);
    await db.execute(sql`update creations set publish_status = 'published', tags = '["fresh", "fresh", "common"]' where id = md5('qp-creation-8')::uuid`);
    await db.execute(sql`update creations set tags = '["edited"]' where id = md5('qp-creation-0')::uuid`);
    await db.execute(sql`update creations set visibility = 'unlisted' where id = md5('qp-creation-2')::uuid`);
    await db.execute(sql`update users set banned_at = now() where id = 'qp-11'`);
    await db.execute(sql`update users set banned_at = null where id = 'qp-7'`);
    await db.execute(sql`update creations set like_count = like_count + 1 where id = md5('qp-creation-4')::uuid`);
    await db.execute(sql`delete from creations where id = md5('qp-creation-6')::uuid`);
    await db.transaction(async (tx) => {
      // Deleting an account removes its ledger entries too (credit_entries is append-only otherwise).
      await tx.execute(sql`set local tessera.ledger_delete = 'allow'`);
      await tx.execute(sql`delete from users where id = 'qp-13'`);
    });
    expect(await tagCountsDrift(db)).toEqual([]);
    expect(await tagItemsDrift(db)).toEqual([]);
  });
});
