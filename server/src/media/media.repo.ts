/** The only place that queries media_objects. */
import type { Database } from '@tessera/db/connect';
import { mediaObjects, projectMedia, projectMembers } from '@tessera/db/schema';
import { and, eq } from 'drizzle-orm';

export async function insertMediaObject(
  db: Database,
  row: { key: string; userId: string; origin: string; contentType: string; sizeBytes: number; width?: number; height?: number; durationS?: number },
): Promise<void> {
  await db
    .insert(mediaObjects)
    .values(row)
    .onConflictDoUpdate({ target: mediaObjects.key, set: { sizeBytes: row.sizeBytes, contentType: row.contentType } });
}

export interface MediaObjectInfo {
  key: string;
  userId: string | null;
  contentType: string;
  width: number | null;
  height: number | null;
  /** Length of a stored video or audio file (probed when stored). */
  durationS: number | null;
  sizeBytes: number;
  createdAt: Date;
  isPublic: boolean;
}

export async function findMediaObject(db: Database, key: string): Promise<MediaObjectInfo | null> {
  const [row] = await db
    .select({
      key: mediaObjects.key,
      userId: mediaObjects.userId,
      contentType: mediaObjects.contentType,
      width: mediaObjects.width,
      height: mediaObjects.height,
      durationS: mediaObjects.durationS,
      sizeBytes: mediaObjects.sizeBytes,
      createdAt: mediaObjects.createdAt,
      isPublic: mediaObjects.isPublic,
    })
    .from(mediaObjects)
    .where(eq(mediaObjects.key, key))
    .limit(1);
  return row ?? null;
}

/** True when `userId` is a member of a project whose canvas shows `key` (see project_media). */
export async function isSharedThroughProject(db: Database, key: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ projectId: projectMedia.projectId })
    .from(projectMedia)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, projectMedia.projectId), eq(projectMembers.userId, userId)))
    .where(eq(projectMedia.mediaKey, key))
    .limit(1);
  return Boolean(row);
}
