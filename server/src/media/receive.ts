/**
 * Receiving an uploaded file without holding it in memory: the part streams to a temporary file,
 * its type is read from the first bytes, and a type we never accept is refused right there,
 * before the rest is read. Each kind has its own size cap, counted while the bytes arrive, so an
 * oversized file is refused as soon as it passes the cap. Nothing here buffers more than the
 * first few kilobytes.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@tessera/shared/errors';
import { fileTypeFromBuffer } from 'file-type';
import { isAcceptedImageType, isAcceptedVideoType } from './ingest.ts';

/** What file-type reads to tell a type (its `reasonableDetectionSizeInBytes`, not exported). */
const SNIFF_BYTES = 4100;

export type UploadKind = 'image' | 'video';

export interface ReceivedUpload {
  kind: UploadKind;
  /** The temporary file holding the bytes; the caller removes it. */
  path: string;
  sizeBytes: number;
}

/**
 * Streams `part` (a multipart file stream) into a new file under `dir`. Throws, having removed
 * anything it wrote and destroyed `part` (which stops reading the request): IMAGE_VALIDATION_FAILED
 * or VIDEO_VALIDATION_FAILED for a type we do not accept, PAYLOAD_TOO_LARGE once the bytes pass
 * `caps[kind]`.
 */
export async function receiveUpload(part: Readable & { truncated?: boolean }, dir: string, caps: Record<UploadKind, number>): Promise<ReceivedUpload> {
  const chunks = part[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let path: string | undefined;
  try {
    const head: Buffer[] = [];
    let size = 0;
    let ended = false;
    while (size < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      size += next.value.length;
    }
    const first = Buffer.concat(head);
    const mime = (await fileTypeFromBuffer(first))?.mime ?? '';
    const kind: UploadKind | null = isAcceptedImageType(mime) ? 'image' : isAcceptedVideoType(mime) ? 'video' : null;
    if (!kind) throw new AppError(mime.startsWith('video/') ? 'VIDEO_VALIDATION_FAILED' : 'IMAGE_VALIDATION_FAILED');
    const cap = caps[kind];
    const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE');
    if (size > cap) throw tooLarge();

    path = join(dir, `${randomUUID()}.upload`);
    async function* rest(): AsyncGenerator<Buffer> {
      yield first;
      if (ended) return;
      for (;;) {
        const next = await chunks.next();
        if (next.done) return;
        size += next.value.length;
        if (size > cap) throw tooLarge();
        yield next.value;
      }
    }
    await pipeline(Readable.from(rest(), { objectMode: false }), createWriteStream(path, { flags: 'wx' }));
    // The multipart parser's own limit cuts a file short instead of failing it.
    if (part.truncated) throw tooLarge();
    return { kind, path, sizeBytes: size };
  } catch (error) {
    part.destroy();
    if (path) await rm(path, { force: true });
    throw error;
  }
}
