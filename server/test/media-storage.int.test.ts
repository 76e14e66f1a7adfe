/**
 * One contract for every media store (local disk and S3, the latter against s3rver): what the
 * server relies on must hold for both. Then the app itself on MEDIA_STORE=s3: an upload lands in
 * the bucket and comes back through /api/media with the same owner checks as on disk.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { UploadPartCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyFolderToBucket } from '../src/media/copyToBucket.ts';
import { openMediaStorage } from '../src/media/openStorage.ts';
import { S3Storage } from '../src/media/s3Storage.ts';
import { LocalDiskStorage, type MediaStorage } from '../src/media/storage.ts';
import { describeStartupFailure } from '../src/startupFailure.ts';
import { buildTestApp, signInAnonymously, uploadFile } from './harness.ts';
import { type S3StandIn, startS3StandIn } from './s3StandIn.ts';

let s3: S3StandIn;
let scratch: string;
beforeAll(async () => {
  s3 = await startS3StandIn();
  scratch = mkdtempSync(join(tmpdir(), 'tessera-store-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const sha256 = async (stream: NodeJS.ReadableStream) => {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

const stores: [string, () => MediaStorage][] = [
  ['LocalDiskStorage', () => new LocalDiskStorage(join(scratch, 'media'))],
  ['S3Storage', () => new S3Storage(s3.settings)],
];

describe.each(stores)('%s', (_name, make) => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = make();
  });

  it('stores, reads back, replaces and deletes', async () => {
    await storage.put('u/alice/a.png', Buffer.from('one'), 'image/png');
    await storage.put('u/alice/a.png', Buffer.from('two!'), 'image/png');
    const got = await storage.get('u/alice/a.png');
    expect(got?.size).toBe(4);
    expect(await text(got!.stream)).toBe('two!');
    await storage.delete('u/alice/a.png');
    expect(await storage.get('u/alice/a.png')).toBeNull();
  });

  it('answers null for a missing key and deletes one quietly', async () => {
    expect(await storage.get('u/alice/never.png')).toBeNull();
    await expect(storage.delete('u/alice/never.png')).resolves.toBeUndefined();
  });

  it('refuses keys outside the pattern before touching the store', async () => {
    for (const key of ['../x.png', 'u/alice/../../x.png', 'u/alice/x.svg']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/invalid storage key/);
    }
    await expect(storage.deleteOwner('../alice')).rejects.toThrow(/invalid owner id/);
  });

  it('deletes everything of one owner and nothing of another', async () => {
    await Promise.all([
      storage.put('u/bob/1.png', Buffer.from('1'), 'image/png'),
      storage.put('u/bob/2.mp4', Buffer.from('2'), 'video/mp4'),
      storage.put('u/bobby/3.png', Buffer.from('3'), 'image/png'),
    ]);
    await storage.deleteOwner('bob');
    expect(await storage.get('u/bob/1.png')).toBeNull();
    expect(await storage.get('u/bob/2.mp4')).toBeNull();
    const kept = await storage.get('u/bobby/3.png');
    expect(kept && (await text(kept.stream))).toBe('3');
  });

  it('stores a large file from disk and streams it back intact', async () => {
    const source = join(scratch, `big-${_name}.bin`);
    const data = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < data.length; i += 4096) data[i] = i % 251;
    writeFileSync(source, data);
    const send = storage instanceof S3Storage ? vi.spyOn(storage.client, 'send') : null;
    await storage.putFile('u/carol/big.mp4', source, 'video/mp4');
    const got = await storage.get('u/carol/big.mp4');
    expect(got?.size).toBe(data.length);
    expect(await sha256(got!.stream)).toBe(createHash('sha256').update(data).digest('hex'));
    if (send) {
      // Sent as a multipart upload in 5 MiB parts read from the file, never as one 12 MiB body.
      const parts = send.mock.calls.map(([command]) => command).filter((c) => c instanceof UploadPartCommand);
      expect(parts.length).toBe(3);
      send.mockRestore();
    }
  });
});

describe('npm run media:to-s3', () => {
  it('copies a media folder into the bucket once, then skips what is there with the same size', async () => {
    const root = join(scratch, 'to-s3');
    mkdirSync(join(root, 'u', 'dave'), { recursive: true });
    writeFileSync(join(root, 'u', 'dave', 'a.png'), 'aaaa');
    writeFileSync(join(root, 'u', 'dave', 'b.mp4'), 'bbbbbbbb');
    writeFileSync(join(root, 'u', 'dave', 'a.png.123.456.tmp'), 'half');
    const bucket = new S3Storage(s3.settings);
    await bucket.put('u/dave/b.mp4', Buffer.from('old'), 'video/mp4');
    expect(await copyFolderToBucket(root, bucket)).toEqual({ copied: 2, skipped: 0, ignored: 1 });
    const b = await bucket.get('u/dave/b.mp4');
    expect(b && (await text(b.stream))).toBe('bbbbbbbb');
    expect(await copyFolderToBucket(root, bucket)).toEqual({ copied: 0, skipped: 2, ignored: 1 });
  });
});

describe('the app on MEDIA_STORE=s3', () => {
  it('stores uploads in the bucket and serves them to their owner only', async () => {
    const t = await buildTestApp({ config: { mediaStore: { kind: 's3', ...s3.settings } } });
    try {
      const [owner, stranger] = await Promise.all([signInAnonymously(t.app), signInAnonymously(t.app)]);
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a0' } }).png().toBuffer();
      const res = await uploadFile(t.app, owner.cookie, png, 'photo.png', 'image/png');
      expect(res.statusCode).toBe(200);
      const { url, key } = res.json() as { url: string; key: string };
      // In the bucket itself, not on this node's disk: another node reads the same object.
      const direct = new S3Storage(s3.settings);
      expect((await direct.get(key))?.size).toBeGreaterThan(0);
      expect(await new LocalDiskStorage(join(t.config.dataDir, 'media')).get(key)).toBeNull();
      const mine = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
      expect(mine.statusCode).toBe(200);
      expect((await sharp(mine.rawPayload).metadata()).width).toBe(64);
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('does not start when the bucket is missing, with one clear reason', async () => {
    const failure = await openMediaStorage({ dataDir: scratch, mediaStore: { kind: 's3', ...s3.settings, bucket: 'no-such-bucket' } }).catch((error: unknown) => error);
    expect(describeStartupFailure(failure)).toBe(
      'the media bucket "no-such-bucket" does not exist. Check S3_ENDPOINT, S3_BUCKET, S3_REGION and the S3 keys, or set MEDIA_STORE=local',
    );
  });
});
