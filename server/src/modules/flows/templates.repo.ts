/** Flow templates (db/src/schema/flows.ts): saved flows, shared in a project or published. */
import type { Database } from '@tessera/db/connect';
import { flowTemplates, users } from '@tessera/db/schema';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';

export interface TemplateRecord {
  id: string;
  ownerId: string;
  projectId: string | null;
  name: string;
  description: string;
  graph: unknown;
  withMedia: boolean;
  sampleKeys: string[];
  output: string;
  previewKey: string | null;
  previewMediaType: 'image' | 'video' | null;
  visibility: 'project' | 'public';
  uses: number;
  publishedAt: Date | null;
  createdAt: Date;
  author: { name: string; image: string | null; banned: boolean };
  /** published_at to the microsecond (a JS Date keeps milliseconds only), for keyset cursors. */
  cursorAt: string | null;
}

const columns = {
  id: flowTemplates.id,
  ownerId: flowTemplates.ownerId,
  projectId: flowTemplates.projectId,
  name: flowTemplates.name,
  description: flowTemplates.description,
  graph: flowTemplates.graph,
  withMedia: flowTemplates.withMedia,
  sampleKeys: flowTemplates.sampleKeys,
  output: flowTemplates.output,
  previewKey: flowTemplates.previewKey,
  previewMediaType: flowTemplates.previewMediaType,
  visibility: flowTemplates.visibility,
  uses: flowTemplates.uses,
  publishedAt: flowTemplates.publishedAt,
  createdAt: flowTemplates.createdAt,
  author: { name: users.name, image: users.image, banned: sql<boolean>`${users.bannedAt} is not null`.mapWith(Boolean) },
  cursorAt: sql<string | null>`to_char(${flowTemplates.publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

const selectTemplates = (db: Database) => db.select(columns).from(flowTemplates).innerJoin(users, eq(users.id, flowTemplates.ownerId));

export interface NewTemplate {
  ownerId: string;
  projectId: string;
  name: string;
  description: string;
  graph: { nodes: unknown[]; edges: unknown[] };
  withMedia: boolean;
  sampleKeys: string[];
  output: string;
  previewKey: string | null;
  previewMediaType: 'image' | 'video' | null;
}

export async function insertTemplate(db: Database, row: NewTemplate): Promise<string> {
  const [inserted] = await db.insert(flowTemplates).values(row).returning({ id: flowTemplates.id });
  if (!inserted) throw new Error('flow templates: insert returned no row');
  return inserted.id;
}

export async function countOwnedTemplates(db: Database, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(flowTemplates).where(eq(flowTemplates.ownerId, ownerId));
  return row?.n ?? 0;
}

export async function findTemplate(db: Database, id: string): Promise<TemplateRecord | null> {
  const [row] = await selectTemplates(db).where(eq(flowTemplates.id, id));
  return row ?? null;
}

/** Templates saved in the project, and the caller's own wherever they were saved; newest first. */
export async function listProjectTemplates(db: Database, projectId: string, userId: string, limit: number): Promise<TemplateRecord[]> {
  return selectTemplates(db)
    .where(or(eq(flowTemplates.projectId, projectId), eq(flowTemplates.ownerId, userId)))
    .orderBy(desc(flowTemplates.createdAt), desc(flowTemplates.id))
    .limit(limit);
}

export type ExploreCursor = { sort: 'popular'; uses: number; id: string } | { sort: 'new'; at: string; id: string };

/** Published templates of authors who are not banned, most used or newest first, after `after`. */
export async function listPublicTemplates(
  db: Database,
  q: { sort: 'popular' | 'new'; output?: string; after?: ExploreCursor; limit: number },
): Promise<TemplateRecord[]> {
  const filters = [eq(flowTemplates.visibility, 'public'), isNull(users.bannedAt)];
  if (q.output) filters.push(eq(flowTemplates.output, q.output));
  if (q.after?.sort === 'popular') filters.push(sql`(${flowTemplates.uses}, ${flowTemplates.id}) < (${q.after.uses}, ${q.after.id}::uuid)`);
  if (q.after?.sort === 'new') filters.push(sql`(${flowTemplates.publishedAt}, ${flowTemplates.id}) < (${q.after.at}::timestamptz, ${q.after.id}::uuid)`);
  const order = q.sort === 'popular' ? [desc(flowTemplates.uses), desc(flowTemplates.id)] : [desc(flowTemplates.publishedAt), desc(flowTemplates.id)];
  return selectTemplates(db)
    .where(and(...filters))
    .orderBy(...order)
    .limit(q.limit);
}

export async function updateTemplate(db: Database, id: string, patch: { name?: string; description?: string }): Promise<void> {
  await db
    .update(flowTemplates)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(flowTemplates.id, id));
}

/** Shows the template on the explore feed (dated now) or takes it back to its project. */
export async function setPublished(db: Database, id: string, published: boolean): Promise<void> {
  await db
    .update(flowTemplates)
    .set(published ? { visibility: 'public', publishedAt: sql`now()`, updatedAt: sql`now()` } : { visibility: 'project', publishedAt: null, updatedAt: sql`now()` })
    .where(eq(flowTemplates.id, id));
}

export async function deleteTemplate(db: Database, id: string): Promise<void> {
  await db.delete(flowTemplates).where(eq(flowTemplates.id, id));
}

export async function countUse(db: Database, id: string): Promise<void> {
  await db
    .update(flowTemplates)
    .set({ uses: sql`${flowTemplates.uses} + 1` })
    .where(eq(flowTemplates.id, id));
}

