/**
 * My creations: recorded when a task succeeds (in the completing transaction), listed newest
 * first, opened, deleted (files too), and downloaded — watermarked for free users (§6).
 */
import type { Database } from '@tessera/db/connect';
import type { TaskOutput } from '@tessera/db/schema';
import type { CreationDto, CreationListInput, CreationPage } from '@tessera/shared/creations';
import { AppError } from '@tessera/shared/errors';
import { GENERATION_KINDS, type GenerationKind, isGenerationKind, parseImageRef, readField } from '@tessera/shared/generation';
import { derivativeKeys } from '../../media/derivatives.ts';
import { contentTypeOfKey, type MediaStorage } from '../../media/storage.ts';
import {
  type CreationRecord,
  deleteCreation as deleteCreationRow,
  deleteMediaObjects,
  findCreation,
  creationIdsOfTask,
  findCreationIdByMediaKey,
  insertCreations,
  isMediaKeyInUse,
  listCreations,
} from './creations.repo.ts';

const mediaUrl = (key: string) => `/api/media/${key}`;

export function toCreationDto(row: CreationRecord): CreationDto {
  return {
    id: row.id,
    kind: row.kind as GenerationKind,
    rpcName: row.rpcName,
    prompt: row.prompt,
    params: row.params,
    engine: row.engine,
    url: mediaUrl(row.mediaKey),
    thumbnailUrl: mediaUrl(row.thumbnailKey ?? row.mediaKey),
    downloadUrl: `/api/creations/${row.id}/download`,
    mediaType: row.mediaType,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    parentId: row.parentId,
    taskId: row.taskId,
    templateId: row.templateId,
    publishStatus: row.publishStatus,
    copyProtected: row.copyProtected,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Task input as shown back to the user: image keys become media URLs. */
function displayParams(kind: GenerationKind, input: Record<string, unknown>): Record<string, unknown> {
  const params = structuredClone(input);
  // A hosted model stays in the parameters (a remix runs on it again); the local engine is the default anyway.
  if (params.model === 'local') delete params.model;
  // The template's recipe is the engine's business; the user sees which template it was.
  const template = params.template as { id?: unknown; name?: unknown } | undefined;
  if (template) params.template = { id: template.id, name: template.name };
  for (const field of GENERATION_KINDS[kind].imageFields) {
    const path = field.split('.');
    const last = path.pop() as string;
    const holder = path.length ? readField(params, path.join('.')) : params;
    const value = holder && typeof holder === 'object' ? (holder as Record<string, unknown>)[last] : undefined;
    if (typeof value === 'string' && parseImageRef(value)?.kind === 'key') (holder as Record<string, unknown>)[last] = mediaUrl(value);
  }
  return params;
}

/** Called inside the transaction that completes the task. */
export async function recordCreations(
  tx: Database,
  task: { id: string; userId: string; kind: string; rpcName: string; input: unknown },
  outputs: TaskOutput[],
  engine: string,
): Promise<string[]> {
  if (!isGenerationKind(task.kind)) return [];
  const input = (task.input ?? {}) as Record<string, unknown>;
  const source = readField(input, 'image');
  const sourceRef = typeof source === 'string' ? parseImageRef(source) : null;
  const parentId = sourceRef?.kind === 'key' ? await findCreationIdByMediaKey(tx, task.userId, sourceRef.key) : null;
  await insertCreations(
    tx,
    outputs.map((output, index) => ({
      userId: task.userId,
      taskId: task.id,
      outputIndex: index,
      kind: task.kind,
      rpcName: task.rpcName,
      prompt: typeof input.prompt === 'string' ? input.prompt : null,
      params: displayParams(task.kind as GenerationKind, input),
      engine,
      mediaKey: output.key,
      thumbnailKey: output.thumbnailKey ?? null,
      mediaType: output.mediaType,
      contentType: output.contentType ?? contentTypeOfKey(output.key),
      width: output.width ?? null,
      height: output.height ?? null,
      parentId,
      templateId: typeof readField(input, 'template.id') === 'string' ? (readField(input, 'template.id') as string) : null,
    })),
  );
  return creationIdsOfTask(tx, task.id);
}

function encodeCursor(row: CreationRecord): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) throw new AppError('INCORRECT_PARAMETER');
  return { createdAt, id };
}

export async function listMyCreations(db: Database, userId: string, input: CreationListInput): Promise<CreationPage> {
  const limit = input.limit ?? 24;
  const rows = await listCreations(db, {
    userId,
    ...(input.kind ? { kind: input.kind } : {}),
    ...(input.cursor ? { after: decodeCursor(input.cursor) } : {}),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toCreationDto), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** A creation of the caller's; others' creations do not exist for them. */
export async function getMyCreation(db: Database, userId: string, id: string): Promise<CreationRecord> {
  const row = await findCreation(db, id);
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND');
  return row;
}

/** Deletes the creation and its files (unless another creation still shows them). */
export async function deleteMyCreation(deps: { db: Database; storage: MediaStorage }, userId: string, id: string): Promise<{ id: string }> {
  const row = await deleteCreationRow(deps.db, id, userId);
  if (!row) throw new AppError('NOT_FOUND');
  const keys = [row.mediaKey, ...(row.thumbnailKey ? [row.thumbnailKey] : [])];
  const unused: string[] = [];
  for (const key of keys) if (!(await isMediaKeyInUse(deps.db, key))) unused.push(key);
  await deleteMediaObjects(deps.db, unused);
  // With the derivatives made of them (public views, marked downloads).
  for (const key of unused.flatMap((k) => [k, ...derivativeKeys(k)])) await deps.storage.delete(key);
  return { id: row.id };
}
