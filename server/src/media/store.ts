/** Storing an accepted image as a new media object of its user (uploads and URL imports). */
import { randomUUID } from 'node:crypto';
import type { Database } from '@tessera/db/connect';
import type { CleanImage } from './ingest.ts';
import { insertMediaObject } from './media.repo.ts';
import type { MediaStorage } from './storage.ts';

/** What upload and import answer. */
export interface StoredImage {
  key: string;
  url: string;
  width: number;
  height: number;
  contentType: string;
  sizeBytes: number;
}

const PREFIX = { upload: 'up', import: 'im' } as const;

export async function storeImage(
  deps: { db: Database; storage: MediaStorage },
  userId: string,
  image: CleanImage,
  origin: keyof typeof PREFIX,
): Promise<StoredImage> {
  const key = `u/${userId}/${PREFIX[origin]}-${randomUUID()}.${image.ext}`;
  await deps.storage.put(key, image.data, image.contentType);
  const sizeBytes = image.data.length;
  await insertMediaObject(deps.db, { key, userId, origin, contentType: image.contentType, sizeBytes, width: image.width, height: image.height });
  return { key, url: `/api/media/${key}`, width: image.width, height: image.height, contentType: image.contentType, sizeBytes };
}
