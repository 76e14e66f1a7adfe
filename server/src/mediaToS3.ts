/**
 * `npm run media:to-s3`: copies DATA_DIR/media into the bucket that MEDIA_STORE=s3 and the S3_*
 * settings name (docs/deployment.md, Media in S3). Safe to run again; prints what it did.
 */
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { copyFolderToBucket } from './media/copyToBucket.ts';
import { S3Storage } from './media/s3Storage.ts';
import { exitOnStartupFailure } from './startupFailure.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.mediaStore.kind !== 's3') throw new ConfigError('npm run media:to-s3 needs MEDIA_STORE=s3 and the S3_* settings of the target bucket.');
  const bucket = new S3Storage(config.mediaStore);
  await bucket.check();
  const root = join(config.dataDir, 'media');
  console.log(`Copying ${root} to s3://${bucket.bucket} …`);
  const counts = await copyFolderToBucket(root, bucket);
  bucket.close();
  console.log(`Done: ${counts.copied} copied, ${counts.skipped} already there (same size), ${counts.ignored} ignored (not media keys).`);
}

main().catch((error: unknown) => exitOnStartupFailure(error));
