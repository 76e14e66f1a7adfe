/** The project document's rows: its stored Yjs state, its snapshots, and what the card shows. */
import type { Database } from '@tessera/db/connect';
import { projectDocuments, projects, projectSnapshots, users } from '@tessera/db/schema';
import type { ProjectSnapshotDto } from '@tessera/shared/projects';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';

/** Snapshots kept per project (older ones are deleted when a new one is taken). */
export const SNAPSHOTS_KEPT = 50;

/** The stored `Y.encodeStateAsUpdate` of a project's document, or null when it was never stored. */
export async function loadDocumentState(db: Database, projectId: string): Promise<Uint8Array | null> {
  const [row] = await db.select({ state: projectDocuments.state }).from(projectDocuments).where(eq(projectDocuments.projectId, projectId)).limit(1);
  return row ? new Uint8Array(row.state) : null;
}

export interface StoreDocumentInput {
  projectId: string;
  now: Date;
  /** When this node last wrote the row (null: never, or not since it loaded the document). */
  writtenAt: Date | null;
  /** Take a periodic snapshot when the newest one is older than this (or there is none). */
  snapshotOlderThan: Date;
  /**
   * Produces what to write, given the stored state when someone else wrote the row since
   * `writtenAt` (null otherwise). Runs while the rows are locked.
   */
  prepare(writtenElsewhere: Uint8Array | null): { state: Uint8Array; autoCoverUrl: string | null };
}

/**
 * Stores a document in one transaction: its state, the project's `updated_at` and automatic
 * cover, and a periodic snapshot when the last one is old enough. The project row is locked
 * first (the order a project delete takes), then the document row, so two nodes storing the
 * same document take turns. Returns false, storing nothing, when the project no longer exists.
 */
export async function storeDocument(db: Database, input: StoreDocumentInput): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, input.projectId)).for('update');
    if (!project) return false;
    const [current] = await tx
      .select({ updatedAt: projectDocuments.updatedAt })
      .from(projectDocuments)
      .where(eq(projectDocuments.projectId, input.projectId))
      .for('update');
    const writtenElsewhere = current && current.updatedAt.getTime() !== input.writtenAt?.getTime() ? await loadDocumentState(tx, input.projectId) : null;
    const { state: update, autoCoverUrl } = input.prepare(writtenElsewhere);
    const state = Buffer.from(update);
    await tx.update(projects).set({ updatedAt: input.now, autoCoverUrl }).where(eq(projects.id, input.projectId));
    await tx
      .insert(projectDocuments)
      .values({ projectId: input.projectId, state, updatedAt: input.now })
      .onConflictDoUpdate({ target: projectDocuments.projectId, set: { state, updatedAt: input.now } });
    const [latest] = await tx
      .select({ createdAt: projectSnapshots.createdAt })
      .from(projectSnapshots)
      .where(eq(projectSnapshots.projectId, input.projectId))
      .orderBy(desc(projectSnapshots.createdAt))
      .limit(1);
    if (!latest || latest.createdAt < input.snapshotOlderThan) {
      await insertSnapshotInside(tx, input.projectId, state, 'periodic', input.now);
    }
    return true;
  });
}

/** Takes a snapshot of `state` (and drops the oldest beyond SNAPSHOTS_KEPT). */
export async function insertSnapshot(db: Database, projectId: string, state: Uint8Array, reason: ProjectSnapshotDto['reason'], now: Date): Promise<void> {
  await db.transaction(async (tx) => insertSnapshotInside(tx as unknown as Database, projectId, Buffer.from(state), reason, now));
}

async function insertSnapshotInside(tx: Database, projectId: string, state: Uint8Array, reason: ProjectSnapshotDto['reason'], now: Date): Promise<void> {
  await tx.insert(projectSnapshots).values({ projectId, state, reason, createdAt: now });
  const kept = tx
    .select({ id: projectSnapshots.id })
    .from(projectSnapshots)
    .where(eq(projectSnapshots.projectId, projectId))
    .orderBy(desc(projectSnapshots.createdAt), desc(projectSnapshots.id))
    .limit(SNAPSHOTS_KEPT);
  await tx.delete(projectSnapshots).where(and(eq(projectSnapshots.projectId, projectId), notInArray(projectSnapshots.id, kept)));
}

/** A project's snapshots, newest first (without their state). */
export async function listSnapshots(db: Database, projectId: string): Promise<ProjectSnapshotDto[]> {
  const rows = await db
    .select({ id: projectSnapshots.id, createdAt: projectSnapshots.createdAt, reason: projectSnapshots.reason })
    .from(projectSnapshots)
    .where(eq(projectSnapshots.projectId, projectId))
    .orderBy(desc(projectSnapshots.createdAt), desc(projectSnapshots.id));
  return rows.map((row) => ({ id: row.id, createdAt: row.createdAt.toISOString(), reason: row.reason }));
}

/** One snapshot's state, if it belongs to the project. */
export async function findSnapshotState(db: Database, projectId: string, snapshotId: string): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ state: projectSnapshots.state })
    .from(projectSnapshots)
    .where(and(eq(projectSnapshots.projectId, projectId), eq(projectSnapshots.id, snapshotId)))
    .limit(1);
  return row ? new Uint8Array(row.state) : null;
}

/** Whether the project exists (a direct connection never creates documents for deleted projects). */
export async function projectExists(db: Database, projectId: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(projects).where(eq(projects.id, projectId)).limit(1);
  return Boolean(row);
}

/** A user's display name (shown to collaborators). */
export async function findUserName(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? null;
}
