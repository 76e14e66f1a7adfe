/**
 * POST /api/media/upload (multipart, one file field): any session, anonymous included.
 * Images (≤ 20 MB) are re-encoded, then moderated (SENSITIVE_IMAGE) when image moderation is on; videos (≤ 100 MB, MP4/MOV/WebM, 3–30 s) are probed with
 * ffprobe. Answers `{ key, url, width, height, contentType, sizeBytes }` (+ `durationS` for videos). Multipart parsing is
 * registered inside this plugin only, so no other route accepts multipart bodies.
 *
 * An upload is never held in memory: it streams to a temporary file (removed however the request
 * ends), its type is judged from the first bytes and its size counted as it arrives (receive.ts).
 * Uploads in progress are capped per session and per IP; one over a cap answers 429 before its
 * body is read.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../modules/auth/auth.ts';
import { loadSession } from '../modules/auth/session.ts';
import { checkVideoFile, cleanImage } from './ingest.ts';
import { insertMediaObject } from './media.repo.ts';
import { receiveUpload } from './receive.ts';
import type { MediaStorage } from './storage.ts';
import { type StoredImage, storeImage } from './store.ts';
import type { SlotLimit, WindowCounter } from '../plugins/sharedCounters.ts';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Videos may be larger (§5: lip-sync videos up to 100 MB). */
export const MAX_VIDEO_UPLOAD_BYTES = 100 * 1024 * 1024;
/** Multipart boundaries and part headers around the one file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** A client refused for too many uploads may try again after this long. */
const RETRY_AFTER_S = 5;

export interface UploadRouteOptions {
  auth: Auth;
  storage: MediaStorage;
  db: Database;
  /** Where uploads stream to while they are checked (emptied as each request ends). */
  tmpDir: string;
  /** Uploads in progress at once per session and per client IP. */
  limits: { perSession: number; perIp: number };
  /** Where uploads in progress are counted: shared by every node unless it is the memory one. */
  slots: WindowCounter;
  /** Image moderation (generation/imageModeration.ts): throws SENSITIVE_IMAGE for a refused picture, before it is stored. */
  checkImage?: (data: Buffer) => Promise<void>;
}

/** A slot held longer than this (a node that died mid-upload) is freed. */
const UPLOAD_LEASE_MS = 10 * 60_000;

/** What an upload answers: the media key image and video fields take, and the file's facts. */
export type StoredUpload = StoredImage & { durationS?: number };

/** Where an upload is checked and stored: what both upload routes (studio and /api/v1/media) need. */
export type UploadDeps = Omit<UploadRouteOptions, 'auth'>;

/**
 * Multipart parsing for the routes of the calling plugin only, and a connection closed after an
 * upload refused before its body was read (instead of reading the rest).
 */
export async function registerUploadParsing(app: FastifyInstance, tmpDir: string): Promise<void> {
  // One byte over the video cap, so receiveUpload sees the excess and refuses it (busboy would cut the file short silently).
  await app.register(multipart, { limits: { fileSize: MAX_VIDEO_UPLOAD_BYTES + 1, files: 1, fields: 5 } });
  await mkdir(tmpDir, { recursive: true });
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
}

/**
 * Receives the one file of a multipart request for `userId` while holding an upload slot under
 * every key of `slots` (429 with Retry-After when one is full), checks it and stores it.
 */
export async function receiveAndStoreUpload(request: FastifyRequest, reply: FastifyReply, opts: UploadDeps, userId: string, slots: SlotLimit[]): Promise<StoredUpload> {
  if (!request.isMultipart()) throw new AppError('IMAGE_UPLOAD_FAILED');
  const declared = Number(request.headers['content-length']);
  if (declared > MAX_VIDEO_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const release = await opts.slots.acquire(slots, UPLOAD_LEASE_MS);
  if (!release) {
    reply.header('retry-after', String(RETRY_AFTER_S));
    throw new AppError('TOO_MANY_REQUESTS');
  }
  let tmpPath: string | undefined;
  try {
    const file = await request.file();
    if (!file) throw new AppError('IMAGE_REQUIRED');
    const received = await receiveUpload(file.file, opts.tmpDir, { image: MAX_UPLOAD_BYTES, video: MAX_VIDEO_UPLOAD_BYTES });
    tmpPath = received.path;
    if (received.kind === 'image') {
      const image = await cleanImage(received.path);
      await opts.checkImage?.(image.data);
      return await storeImage(opts, userId, image, 'upload');
    }
    const video = await checkVideoFile(received.path);
    const key = `u/${userId}/up-${randomUUID()}.${video.ext}`;
    await opts.storage.putFile(key, received.path, video.contentType);
    const { width, height, durationS } = video.probe;
    const sizeBytes = received.sizeBytes;
    await insertMediaObject(opts.db, { key, userId, origin: 'upload', contentType: video.contentType, sizeBytes, width, height, durationS });
    return { key, url: `/api/media/${key}`, width, height, durationS, contentType: video.contentType, sizeBytes };
  } finally {
    await release();
    if (tmpPath) await rm(tmpPath, { force: true });
  }
}

export async function uploadRoutes(app: FastifyInstance, opts: UploadRouteOptions): Promise<void> {
  await registerUploadParsing(app, opts.tmpDir);
  app.post('/api/media/upload', async (request, reply) => {
    const session = await loadSession(opts.auth, request.headers);
    if (!session) throw new AppError('UNAUTHORIZED');
    return receiveAndStoreUpload(request, reply, opts, session.user.id, [
      { key: `upload:session:${session.sessionId}`, max: opts.limits.perSession },
      { key: `upload:ip:${request.ip}`, max: opts.limits.perIp },
    ]);
  });
}
