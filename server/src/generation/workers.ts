/** Builds the worker pool for a running app: providers, output storage, settings. */
import { AppError, ERROR_CATALOGUE } from '@tessera/shared/errors';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { insertMediaObject } from '../media/media.api.ts';
import { createMediaLinks } from '../media/signedLinks.ts';
import type { AppServices } from '../services.ts';
import { EnginePool, type ToolRunner } from './engine/enginePool.ts';
import { moderateImage } from './imageModeration.ts';
import { LocalEngineProvider } from './providers/localEngine.ts';
import { type GenerationProvider, ProviderError } from './providers/provider.ts';
import { type OutputStore, WorkerPool, type WorkerPoolOptions } from './worker.ts';
import type { ProducedOutput } from './providers/provider.ts';

/** Longest side of a creation's preview. */
const THUMB_SIDE = 384;

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'video/mp4': 'mp4', 'audio/mpeg': 'mp3' };

/** Providers in order of preference: configured hosted APIs (hosted/modelCatalog.ts) ahead of the local engine. */
export function defaultProviders(engine: ToolRunner, hosted: GenerationProvider[] = []): GenerationProvider[] {
  return [...hosted, new LocalEngineProvider(engine)];
}

/**
 * Outputs are stored under a key derived from the task id and output index, so a task re-run
 * after a crash overwrites its own file instead of leaving a second one.
 */
export function outputStore(services: Pick<AppServices, 'storage' | 'db'>): OutputStore {
  return async (task, output, index) => {
    const ext = EXTENSIONS[output.contentType] ?? 'bin';
    const key = `u/${task.userId}/gen-${task.id}-${index}.${ext}`;
    await services.storage.put(key, output.data, output.contentType);
    await insertMediaObject(services.db, {
      key,
      userId: task.userId,
      origin: 'generation',
      contentType: output.contentType,
      sizeBytes: output.data.length,
      ...(output.width ? { width: output.width } : {}),
      ...(output.height ? { height: output.height } : {}),
      ...(output.durationS ? { durationS: output.durationS } : {}),
    });
    let thumbnailKey: string | undefined;
    // Images are their own source; videos bring a poster frame.
    const still = output.mediaType === 'image' ? output.data : output.poster;
    if (still) {
      thumbnailKey = `u/${task.userId}/gen-${task.id}-${index}-thumb.webp`;
      const thumb = await sharp(still).resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
      await services.storage.put(thumbnailKey, thumb, 'image/webp');
      await insertMediaObject(services.db, { key: thumbnailKey, userId: task.userId, origin: 'thumbnail', contentType: 'image/webp', sizeBytes: thumb.length });
    }
    return {
      key,
      mediaType: output.mediaType,
      contentType: output.contentType,
      ...(thumbnailKey ? { thumbnailKey } : {}),
      ...(output.width ? { width: output.width } : {}),
      ...(output.height ? { height: output.height } : {}),
      ...(output.durationS ? { durationS: output.durationS } : {}),
    };
  };
}

/**
 * Image moderation of results (imageModeration.ts): a produced image, or a video's poster frame,
 * scoring at or over `threshold` fails the task with SENSITIVE_IMAGE. Runs on `engine`'s threads
 * (inline without an engine: pools built with stand-in providers in tests).
 */
export function outputCheck(engine: ToolRunner | undefined, threshold: number): (output: ProducedOutput) => Promise<void> {
  return async (output) => {
    const still = output.mediaType === 'image' ? output.data : output.poster;
    if (!still) return;
    try {
      await moderateImage(engine, still, threshold);
    } catch (error) {
      // The worker reports a ProviderError's catalogue code and message as the task's failure.
      if (error instanceof AppError) throw new ProviderError(error.catalogueCode, error.message);
      throw error;
    }
  };
}

/** Reads a stored input image for a provider. */
export function mediaLoader(services: Pick<AppServices, 'storage'>): (key: string) => Promise<Buffer> {
  return async (key) => {
    const object = await services.storage.get(key);
    if (!object) throw new ProviderError('IMAGE_NOT_FOUND', ERROR_CATALOGUE.IMAGE_NOT_FOUND.message);
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
}

/**
 * With a PostgreSQL URL in `services.config` the pool also LISTENs for tasks queued by other
 * processes (worker.ts); without one (PGlite, or a test's bare services) it is woken in process
 * and polls.
 */
export function createWorkerPool(
  services: Pick<AppServices, 'db' | 'realtime' | 'storage'> & {
    config?: Pick<AppServices['config'], 'databaseUrl'> & Partial<Pick<AppServices['config'], 'publicUrl' | 'authSecret' | 'imageModerationThreshold'>>;
  },
  logger: FastifyBaseLogger,
  opts: {
    concurrency: number;
    providers?: GenerationProvider[];
    /** Configured hosted providers, used ahead of the local engine (ignored with `providers`). */
    hosted?: GenerationProvider[];
    /** Threads of the local engine's pool (default: one per core but one). */
    engineThreads?: number;
    leaseMs?: number;
    heartbeatMs?: number;
    pollMs?: number;
    reapMs?: number;
    workerId?: string;
    /** After a task settled here: the app writes canvas results into project documents. */
    onSettled?: (taskId: string) => Promise<unknown>;
    /** Provider timings and failures for this process's metrics. */
    metrics?: WorkerPoolOptions['metrics'];
  },
): WorkerPool {
  const { providers, hosted, engineThreads, ...rest } = opts;
  // The engine's threads start lazily, on the first tool run.
  const engine = providers ? null : new EnginePool(engineThreads ? { threads: engineThreads } : {});
  const threshold = services.config?.imageModerationThreshold;
  return new WorkerPool({
    db: services.db,
    realtime: services.realtime,
    providers: providers ?? defaultProviders(engine as EnginePool, hosted),
    store: outputStore(services),
    ...(threshold !== undefined ? { checkOutput: outputCheck(engine ?? undefined, threshold) } : {}),
    loadMedia: mediaLoader(services),
    // Hosted providers fetch inputs through signed links to this deployment's public URL.
    ...(services.config?.publicUrl && services.config.authSecret
      ? { mediaUrl: createMediaLinks({ publicUrl: services.config.publicUrl, secret: services.config.authSecret }).url }
      : {}),
    scratch: { put: (key, data, contentType) => services.storage.put(key, data, contentType), delete: (key) => services.storage.delete(key) },
    logger,
    ...(services.config?.databaseUrl ? { databaseUrl: services.config.databaseUrl } : {}),
    ...(engine ? { onStop: () => engine.close() } : {}),
    ...rest,
  });
}
