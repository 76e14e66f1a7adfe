/** The only place that queries media_objects. */
import type { Database } from '@tessera/db/connect';
import { mediaObjects } from '@tessera/db/schema';
import { eq } from 'drizzle-orm';

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
      isPublic: mediaObjects.isPublic,
    })
    .from(mediaObjects)
    .where(eq(mediaObjects.key, key))
    .limit(1);
  return row ?? null;
}
