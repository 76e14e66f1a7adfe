/**
 * A project's history: the periodic snapshots the persistence extension takes, and restoring
 * one. A restore is an ordinary edit of the live document, so every connected collaborator sees
 * it at once, and it is itself undoable by restoring the snapshot taken just before it.
 */
import type { Database } from '@tessera/db/connect';
import { CANVAS_META, nodesOf } from '@tessera/shared/canvas';
import { AppError } from '@tessera/shared/errors';
import { canEdit, type ProjectSnapshotDto, type RestoreSnapshotInput } from '@tessera/shared/projects';
import * as Y from 'yjs';
import { findRole } from '../modules/projects/projects.api.ts';
import type { CollabService } from './collab.types.ts';
import { findSnapshotState, insertSnapshot, listSnapshots } from './collab.repo.ts';

export interface HistoryDeps {
  db: Database;
  collab: CollabService | null;
  now?: () => Date;
}

/** Every snapshot of a project, newest first; members only. */
export async function listProjectSnapshots(deps: HistoryDeps, userId: string, projectId: string): Promise<ProjectSnapshotDto[]> {
  if (!(await findRole(deps.db, projectId, userId))) throw new AppError('PROJECT_NOT_FOUND');
  return listSnapshots(deps.db, projectId);
}

/**
 * Brings the canvas back to a snapshot (owners and editors). The current canvas is kept first as
 * a `restore` snapshot, so a restore never loses anything.
 */
export async function restoreProjectSnapshot(deps: HistoryDeps, userId: string, input: RestoreSnapshotInput): Promise<void> {
  const role = await findRole(deps.db, input.projectId, userId);
  if (!role) throw new AppError('PROJECT_NOT_FOUND');
  if (!canEdit(role)) throw new AppError('PROJECT_READ_ONLY');
  const collab = deps.collab;
  if (!collab) throw new AppError('SERVICE_UNAVAILABLE');
  const snapshot = await findSnapshotState(deps.db, input.projectId, input.snapshotId);
  if (!snapshot) throw new AppError('NOT_FOUND');
  const current = await collab.encodeState(input.projectId);
  if (current) await insertSnapshot(deps.db, input.projectId, current, 'restore', (deps.now ?? (() => new Date()))());
  const source = new Y.Doc();
  Y.applyUpdate(source, snapshot);
  await collab.transact(input.projectId, (doc) => replaceContent(doc, source));
  source.destroy();
}

/**
 * Makes `doc`'s nodes and settings equal to `source`'s, as edits (deletes and writes) rather than
 * by swapping documents, so connected clients receive the change like any other.
 */
export function replaceContent(doc: Y.Doc, source: Y.Doc): void {
  const nodes = nodesOf(doc);
  const wanted = nodesOf(source);
  for (const id of [...nodes.keys()]) if (!wanted.has(id)) nodes.delete(id);
  // Every field as stored (not re-validated): a restore brings back exactly what was there.
  wanted.forEach((node, id) => {
    const copy = new Y.Map<unknown>();
    for (const [key, value] of Object.entries(node.toJSON())) copy.set(key, value);
    nodes.set(id, copy);
  });
  const meta = doc.getMap<unknown>(CANVAS_META);
  const sourceMeta = source.getMap<unknown>(CANVAS_META);
  for (const key of [...meta.keys()]) if (!sourceMeta.has(key)) meta.delete(key);
  for (const [key, value] of sourceMeta.entries()) meta.set(key, value instanceof Y.AbstractType ? value.toJSON() : value);
}
