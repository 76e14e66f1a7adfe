/**
 * Copying a local media folder (DATA_DIR/media) into an S3 bucket, for moving a deployment from
 * MEDIA_STORE=local to s3. Idempotent: an object already in the bucket with the same size is
 * skipped, so an interrupted copy is simply run again. Files are streamed, a few at a time.
 */
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { S3Storage } from './s3Storage.ts';
import { contentTypeOfKey, isValidKey } from './storage.ts';

export interface CopyCounts {
  copied: number;
  skipped: number;
  /** Files whose path is no media key (temporary files of an interrupted write, strays): left alone. */
  ignored: number;
}

const PARALLEL = 4;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

export async function copyFolderToBucket(root: string, bucket: S3Storage, onFile?: (key: string, outcome: 'copied' | 'skipped') => void): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, skipped: 0, ignored: 0 };
  const running = new Set<Promise<void>>();
  for await (const path of filesUnder(root)) {
    const key = relative(root, path).split(sep).join('/');
    if (!isValidKey(key)) {
      counts.ignored += 1;
      continue;
    }
    const job = (async () => {
      const [local, remote] = await Promise.all([stat(path), bucket.sizeOf(key)]);
      const outcome = remote === local.size ? 'skipped' : 'copied';
      if (outcome === 'copied') await bucket.putFile(key, path, contentTypeOfKey(key));
      counts[outcome] += 1;
      onFile?.(key, outcome);
    })();
    running.add(job);
    void job.finally(() => running.delete(job)).catch(() => {});
    if (running.size >= PARALLEL) await Promise.race(running);
  }
  await Promise.all(running);
  return counts;
}
