/** Builds the worker pool for a running app: providers, output storage, settings. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppServices } from '../services.ts';
import { LocalEngineProvider } from './providers/localEngine.ts';
import type { GenerationProvider } from './providers/provider.ts';
import { type OutputStore, WorkerPool } from './worker.ts';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'video/mp4': 'mp4', 'audio/mpeg': 'mp3' };

/** Providers in order of preference; hosted APIs join ahead of the local engine when configured. */
export function defaultProviders(): GenerationProvider[] {
  return [new LocalEngineProvider()];
}

/**
 * Outputs are stored under a key derived from the task id and output index, so a task re-run
 * after a crash overwrites its own file instead of leaving a second one.
 */
export function outputStore(services: Pick<AppServices, 'storage'>): OutputStore {
  return async (task, output, index) => {
    const ext = EXTENSIONS[output.contentType] ?? 'bin';
    const key = `u/${task.userId}/gen-${task.id}-${index}.${ext}`;
    await services.storage.put(key, output.data, output.contentType);
    return {
      key,
      mediaType: output.mediaType,
      ...(output.width ? { width: output.width } : {}),
      ...(output.height ? { height: output.height } : {}),
      ...(output.durationS ? { durationS: output.durationS } : {}),
    };
  };
}

export function createWorkerPool(
  services: Pick<AppServices, 'db' | 'realtime' | 'storage'>,
  logger: FastifyBaseLogger,
  opts: { concurrency: number; providers?: GenerationProvider[]; leaseMs?: number; heartbeatMs?: number; pollMs?: number; reapMs?: number; workerId?: string },
): WorkerPool {
  return new WorkerPool({
    db: services.db,
    realtime: services.realtime,
    providers: opts.providers ?? defaultProviders(),
    store: outputStore(services),
    logger,
    ...opts,
  });
}
