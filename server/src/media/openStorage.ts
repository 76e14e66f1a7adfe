/** The media store chosen by MEDIA_STORE, checked before the server or a worker starts serving. */
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { S3Storage } from './s3Storage.ts';
import { LocalDiskStorage, type MediaStorage } from './storage.ts';

/** Local disk under DATA_DIR/media, or the S3 bucket once it answered (else S3UnavailableError). */
export async function openMediaStorage(config: Pick<Config, 'dataDir' | 'mediaStore'>): Promise<MediaStorage> {
  if (config.mediaStore.kind === 'local') return new LocalDiskStorage(join(config.dataDir, 'media'));
  const storage = new S3Storage(config.mediaStore);
  await storage.check();
  return storage;
}
