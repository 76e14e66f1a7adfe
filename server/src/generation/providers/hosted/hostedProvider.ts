/**
 * What the hosted adapters share: which model a task runs on (chosen once, in modelCatalog), the
 * fields they read from a task input, and downloading a provider's result file through the
 * SSRF-safe fetcher into a ProducedOutput with its real size (and duration for videos).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CATALOGUE } from '@tessera/shared/errors';
import { GENERATION_KINDS, isGenerationKind } from '@tessera/shared/generation';
import type { ModelEntry, ModelProvider } from '@tessera/shared/generation/models';
import sharp from 'sharp';
import type { ImageFetcher } from '../../../media/safeFetch.ts';
import { probeVideo } from '../../../media/probe.ts';
import { runFfmpeg } from '../../engine/video/ffmpeg.ts';
import { type GenerationProvider, type ProducedOutput, ProviderError, type ProviderTask, type RunContext } from '../provider.ts';
import type { HttpPolicy } from './http.ts';

/** Everything an adapter needs besides its own credentials. */
export interface HostedDeps {
  /** The SSRF-safe fetcher (with the tests' narrow allow-list when they set one). */
  download: ImageFetcher;
  http: HttpPolicy;
  /** Time between status polls. */
  pollMs: number;
  /** The task's model, or null when another provider (or the local engine) serves it. */
  modelFor(task: Pick<ProviderTask, 'kind' | 'input'>, provider: ModelProvider): ModelEntry | null;
}

/** Result files: generous limits for videos, still bounded. */
const DOWNLOAD = { timeoutMs: 120_000, maxBytes: 500 * 1024 * 1024, acceptTypes: ['image/', 'video/', 'audio/'] } as const;

/** The fields of a task input the adapters map onto provider parameters. */
export interface TaskFields {
  prompt: string;
  aspectRatio: string | undefined;
  seed: number | undefined;
  /** Storage key of the input image, if the kind has one. */
  image: string | undefined;
  durationS: number | undefined;
  resolution: string | undefined;
}

export function taskFields(input: unknown): TaskFields {
  const record = input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const str = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : undefined);
  const num = (key: string) => (typeof record[key] === 'number' ? (record[key] as number) : undefined);
  return {
    prompt: str('prompt') ?? '',
    aspectRatio: str('aspectRatio'),
    seed: num('seed'),
    image: str('image'),
    durationS: num('durationS') ?? num('duration'),
    resolution: str('resolution'),
  };
}

/** A stored input as a data: URI (fal and Replicate both accept them for file inputs). */
export async function dataUri(ctx: RunContext, key: string): Promise<string> {
  const data = await ctx.loadMedia(key);
  const meta = await sharp(data).metadata();
  return `data:image/${meta.format ?? 'png'};base64,${data.toString('base64')}`;
}

/** Turns image bytes into an output after checking they are an image. */
export async function imageOutput(data: Buffer): Promise<ProducedOutput> {
  const meta = await sharp(data).metadata();
  if (!meta.width || !meta.height || !meta.format) throw new Error('provider result is not an image');
  const contentType = meta.format === 'jpeg' ? 'image/jpeg' : `image/${meta.format}`;
  return { data, contentType, mediaType: 'image', width: meta.width, height: meta.height };
}

/**
 * Downloads a result URL through the SSRF-safe fetcher; videos are probed with ffprobe, so a
 * result that is not a playable video fails the task instead of being stored.
 */
export async function downloadOutput(deps: HostedDeps, url: string, signal: AbortSignal): Promise<ProducedOutput> {
  const fetched = await deps.download(url, DOWNLOAD);
  signal.throwIfAborted();
  if (fetched.contentType.startsWith('image/')) return imageOutput(fetched.data);
  if (fetched.contentType.startsWith('audio/')) return { data: fetched.data, contentType: fetched.contentType, mediaType: 'audio' };
  const dir = await mkdtemp(join(tmpdir(), 'tessera-hosted-'));
  try {
    const path = join(dir, 'result.mp4');
    await writeFile(path, fetched.data);
    const probe = await probeVideo(path);
    // The poster (the creation's thumbnail) is a frame 40% into the clip, as the local engine's.
    const posterPath = join(dir, 'poster.png');
    const at = (probe.durationS * 0.4).toFixed(3);
    await runFfmpeg(
      ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-nostats', '-ss', at, '-i', `file:${path}`, '-frames:v', '1', '-update', '1', '-c:v', 'png', `file:${posterPath}`],
      1,
      { signal },
    );
    const poster = await readFile(posterPath);
    return { data: fetched.data, contentType: 'video/mp4', mediaType: 'video', width: probe.width, height: probe.height, durationS: probe.durationS, poster };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Base class: a hosted provider serves exactly the tasks modelFor gives it. */
export abstract class HostedProvider implements GenerationProvider {
  abstract readonly name: ModelProvider;
  constructor(protected readonly deps: HostedDeps) {}

  supports(kind: string, input?: unknown): boolean {
    return this.deps.modelFor({ kind, input }, this.name) !== null;
  }

  async run(task: ProviderTask, ctx: RunContext): Promise<ProducedOutput[]> {
    const model = this.deps.modelFor(task, this.name);
    if (!model) throw new Error(`${this.name} does not serve ${task.kind}`);
    return this.runModel(model, task, ctx);
  }

  protected abstract runModel(model: ModelEntry, task: ProviderTask, ctx: RunContext): Promise<ProducedOutput[]>;

  /**
   * Sends the job to the provider. A video job the provider would not take (after the retries)
   * fails with §8's "Video submit task error"; other kinds keep their own failure message.
   */
  protected async submit<T>(task: ProviderTask, ctx: RunContext, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (ctx.signal.aborted || !isGenerationKind(task.kind) || GENERATION_KINDS[task.kind].output !== 'video') throw error;
      throw new ProviderError('VIDEO_SUBMIT_ERROR', ERROR_CATALOGUE.VIDEO_SUBMIT_ERROR.message);
    }
  }
}
