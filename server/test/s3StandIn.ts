/**
 * An S3-compatible server for the tests: s3rver (MIT, pure JavaScript, in this process) on a free
 * port with one empty bucket in a temporary folder. Path-style, any keys (it checks signatures
 * against its own fixed pair, S3RVER/S3RVER). docs/decisions.md says why this one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/media/s3Storage.ts';

export interface S3StandIn {
  settings: S3Settings;
  close(): Promise<void>;
}

export async function startS3StandIn(bucket = 'tessera-media'): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'tessera-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    settings: { endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
