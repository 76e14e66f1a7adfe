/** The only place that queries media_objects. */
import type { Database } from '@tessera/db/connect';
import { mediaObjects } from '@tessera/db/schema';

export async function insertMediaObject(
  db: Database,
  row: { key: string; userId: string; origin: string; contentType: string; sizeBytes: number; width?: number; height?: number },
): Promise<void> {
  await db
    .insert(mediaObjects)
    .values(row)
    .onConflictDoUpdate({ target: mediaObjects.key, set: { sizeBytes: row.sizeBytes, contentType: row.contentType } });
}
