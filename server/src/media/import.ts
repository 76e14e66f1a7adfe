/**
 * Importing an image from a URL: fetched through the SSRF-safe fetcher, then treated exactly
 * like an upload — the bytes are judged and re-encoded by cleanImage, stored under the user's
 * prefix, and recorded with origin `import`.
 */
import type { Database } from '@tessera/db/connect';
import { cleanImage } from './ingest.ts';
import { type ImageFetcher, safeFetchImage } from './safeFetch.ts';
import type { MediaStorage } from './storage.ts';
import { type StoredImage, storeImage } from './store.ts';

export type ImportedImage = StoredImage;

/**
 * Fetches `url` and stores it as a new media object owned by `userId`. Throws
 * INVALID_IMAGE_URL (refused URL or address), IMAGE_DOWNLOAD_FAILED (network, timeout, size,
 * non-image response) or IMAGE_VALIDATION_FAILED (the bytes are not an acceptable image).
 * `fetcher` is replaceable for tests; the app always uses the default.
 */
export async function importRemoteImage(
  deps: { db: Database; storage: MediaStorage; checkImage?: ((data: Buffer) => Promise<void>) | undefined },
  userId: string,
  url: string,
  fetcher: ImageFetcher = safeFetchImage,
): Promise<ImportedImage> {
  const fetched = await fetcher(url);
  const image = await cleanImage(fetched.data);
  // Image moderation, as for uploads (upload.routes.ts): SENSITIVE_IMAGE before anything is stored.
  await deps.checkImage?.(image.data);
  return storeImage(deps, userId, image, 'import');
}
