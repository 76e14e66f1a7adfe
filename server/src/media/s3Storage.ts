/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2…) behind the same
 * MediaStorage interface as the local disk: every node of a deployment reads every node's media.
 * Keys are the same `u/<userId>/<name>.<ext>` and validated the same way before any request.
 *
 * Client and commands: AWS SDK for JavaScript v3, `@aws-sdk/client-s3` (GetObject, PutObject,
 * HeadObject, HeadBucket, DeleteObject, ListObjectsV2, DeleteObjects) and `@aws-sdk/lib-storage`'s
 * `Upload` (multipart upload of a stream, a few parts of 5 MiB in memory at a time) —
 * https://docs.aws.amazon.com/AWSJavaScriptSDK/v3/latest/client/s3/ and .../Package/-aws-sdk-lib-storage/.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isValidKey, type MediaStorage, type StoredObject } from './storage.ts';

export interface S3Settings {
  /** Omit for AWS itself; MinIO/R2/B2 and the test server give theirs. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
}

const OWNER_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** DeleteObjects takes at most 1,000 keys per request. */
const DELETE_BATCH = 1000;

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

/** ECONNREFUSED and the like for network failures, else the S3 error's name. */
function reasonOf(error: unknown): string {
  const failure = error as { code?: unknown; name?: unknown };
  return typeof failure.code === 'string' ? failure.code : typeof failure.name === 'string' ? failure.name : String(error);
}

export class S3Storage implements MediaStorage {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: the SDK's default CRC32 on every upload (since
      // client-s3 3.729) is refused by many S3-compatible servers; "Data Integrity Protections
      // for Amazon S3" (AWS SDKs reference guide) and aws/aws-sdk-js-v3 issue #6819.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private checked(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return key;
  }

  /** Start-up check: the bucket exists and these credentials may use it. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      const reason = status === 404 ? 'does not exist' : status === 403 || status === 401 ? 'refuses these credentials' : `is not reachable (${reasonOf(error)})`;
      throw new S3UnavailableError(`the media bucket "${this.bucket}" ${reason}`);
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.checked(key), Body: data, ContentType: contentType, ContentLength: data.length }));
  }

  /** A multipart upload read from the file: at most `queueSize` parts of 5 MiB in memory at a time. */
  async putFile(key: string, sourcePath: string, contentType: string): Promise<void> {
    const params = { Bucket: this.bucket, Key: this.checked(key), Body: createReadStream(sourcePath), ContentType: contentType };
    await new Upload({ client: this.client, params, queueSize: 2 }).done();
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
      if (!(out.Body instanceof Readable)) throw new Error('S3 GetObject: expected a Node.js stream body');
      return { stream: out.Body, size: out.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The stored size, or null when the object is absent (the migration's skip test). */
  async sizeOf(key: string): Promise<number | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
      return out.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }

  async deleteOwner(userId: string): Promise<void> {
    if (!OWNER_ID.test(userId)) throw new Error(`invalid owner id: ${userId}`);
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `u/${userId}/`, ContinuationToken: token, MaxKeys: DELETE_BATCH }));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        const out = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
        const failed = out.Errors ?? [];
        if (failed.length > 0) throw new Error(`S3 DeleteObjects: ${failed.length} of ${keys.length} not deleted (${failed[0]?.Code ?? 'unknown'})`);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}

/** The bucket cannot be used: start-up fails with this message on one line. */
export class S3UnavailableError extends Error {
  override name = 'S3UnavailableError';
}
