/**
 * What the hosted adapters share. A run is the same for every provider and model:
 *   1. the task's model (chosen once, in modelCatalog) maps the task input onto the provider's
 *      parameters (mapping.ts): media become short-lived signed links the provider fetches,
 *      computed inputs (`$speech`, `$lastFrame`) are made and stored first;
 *   2. the adapter sends it with its wire protocol (`call`) under the model's timeout;
 *   3. the answer's result files are downloaded through the SSRF-safe fetcher and probed
 *      (sharp / ffprobe), so a result that is not a real image, video or sound fails the task;
 *   4. the entry's `post` step runs (a cut-out put on the chosen background, a continuation
 *      appended to its source, a sound laid on the source video).
 * Refusals for content (a provider's moderation, or a result it flagged) become the §8
 * moderation messages; other failures the kind's own failure message (the worker maps them).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_CATALOGUE } from '@tessera/shared/errors';
import { type Background, GENERATION_KINDS, isGenerationKind, readField, type SPEECH_VOICES } from '@tessera/shared/generation';
import type { ModelEntry, ModelProvider } from '@tessera/shared/generation/models';
import sharp from 'sharp';
import type { ImageFetcher } from '../../../media/safeFetch.ts';
import { probeVideo } from '../../../media/probe.ts';
import { VIDEO_FPS, x264Args } from '../../engine/mediaProfile.ts';
import { runFfmpeg } from '../../engine/video/ffmpeg.ts';
import { synthesizeSpeech } from '../../engine/video/speech.ts';
import { type GenerationProvider, type ProducedOutput, ProviderError, type ProviderTask, type RunContext } from '../provider.ts';
import type { HttpPolicy } from './http.ts';
import { ProviderHttpError } from './http.ts';
import { runAiShortPipeline, type Pipeline } from './aiShortsPipeline.ts';
import { fetchResult, FFMPEG, imageOutput, inTemp, videoOutput } from './results.ts';
import { buildParams, extractFiles, extractText, flaggedUnsafe, type MappingContext } from './mapping.ts';

/** Everything an adapter needs besides its own credentials. */
export interface HostedDeps {
  /** The SSRF-safe fetcher (with the tests' narrow allow-list when they set one). */
  download: ImageFetcher;
  http: HttpPolicy;
  /** Time between status polls. */
  pollMs: number;
  /** The task's model, or null when another provider (or the local engine) serves it. */
  modelFor(task: Pick<ProviderTask, 'kind' | 'input'>, provider: ModelProvider): ModelEntry | null;
  /** The catalogue and every configured hosted provider, for pipelines that run several models. */
  pipeline?: Pipeline;
}

/** A provider's refusal of the request for its content, as our §8 moderation error; else null. */
export function moderationRefusal(failure: unknown): ProviderError | null {
  const error = failure instanceof SubmitRefused ? failure.cause : failure;
  const text = error instanceof ProviderHttpError ? JSON.stringify(error.body ?? '') : error instanceof Error ? error.message : '';
  // fal: `{ detail: [{ type: 'content_policy_violation' }] }`; OpenAI: `code: moderation_blocked`;
  // Replicate: a failed prediction whose error says NSFW / sensitive (E005).
  if (/content_policy_violation|moderation_blocked|\bnsfw\b|flagged as sensitive|\bE005\b/i.test(text)) {
    return new ProviderError('SENSITIVE_TEXT', ERROR_CATALOGUE.SENSITIVE_TEXT.message);
  }
  return null;
}

/** The task's chosen background as a picture of `width`×`height` (white when none was chosen). */
async function backgroundPicture(background: Background | undefined, width: number, height: number, ctx: RunContext): Promise<ReturnType<typeof sharp>> {
  let base: ReturnType<typeof sharp>;
  if (!background || background.type === 'color') {
    base = sharp({ create: { width, height, channels: 3, background: background?.color ?? '#ffffff' } });
  } else if (background.type === 'gradient') {
    const rad = ((background.angle - 90) * Math.PI) / 180;
    const x = 50 + Math.cos(rad) * 50;
    const y = 50 + Math.sin(rad) * 50;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="${100 - x}%" y1="${100 - y}%" x2="${x}%" y2="${y}%"><stop offset="0" stop-color="${background.from}"/><stop offset="1" stop-color="${background.to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
    base = sharp(Buffer.from(svg));
  } else {
    base = sharp(await ctx.loadMedia(background.image)).resize(width, height, { fit: 'cover' });
  }
  return base;
}

/** The cut-out `subject` (PNG with alpha) on the task's chosen background. */
async function onBackground(subject: Buffer, background: Background | undefined, ctx: RunContext): Promise<Buffer> {
  const { width = 1, height = 1 } = await sharp(subject).metadata();
  return (await backgroundPicture(background, width, height, ctx)).composite([{ input: subject }]).png().toBuffer();
}

/**
 * A cut-out video (a WebM/MOV with an alpha channel) on the chosen background, as H.264 (MP4
 * has no alpha). A clip without alpha simply covers the background: it is already composed.
 */
async function videoOnBackground(video: ProducedOutput, background: Background | undefined, ctx: RunContext): Promise<Buffer> {
  const width = video.width ?? 1;
  const height = video.height ?? 1;
  const picture = await (await backgroundPicture(background, width, height, ctx)).png().toBuffer();
  return inTemp(async (dir) => {
    const [v, b, out] = [join(dir, 'cutout.video'), join(dir, 'background.png'), join(dir, 'out.mp4')];
    await writeFile(v, video.data);
    await writeFile(b, picture);
    await runFfmpeg(
      [...FFMPEG, '-loop', '1', '-i', `file:${b}`, '-i', `file:${v}`, '-filter_complex', '[0:v][1:v]overlay=shortest=1:format=auto,format=yuv420p[v]', '-map', '[v]', '-map', '1:a?', '-c:v', 'libx264', ...x264Args(), '-c:a', 'aac', '-movflags', '+faststart', `file:${out}`],
      1,
      { signal: ctx.signal },
    );
    return readFile(out);
  });
}

/** The source video followed by the model's continuation, at the source's size (video extension). */
async function appendToSource(source: Buffer, clip: Buffer, signal: AbortSignal): Promise<Buffer> {
  return inTemp(async (dir) => {
    const [a, b, out] = [join(dir, 'a.mp4'), join(dir, 'b.mp4'), join(dir, 'out.mp4')];
    await writeFile(a, source);
    await writeFile(b, clip);
    const probe = await probeVideo(a);
    const fit = `scale=${probe.width}:${probe.height}:force_original_aspect_ratio=decrease,pad=${probe.width}:${probe.height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${VIDEO_FPS},format=yuv420p`;
    await runFfmpeg(
      [...FFMPEG, '-i', `file:${a}`, '-i', `file:${b}`, '-filter_complex', `[0:v]${fit}[v0];[1:v]${fit}[v1];[v0][v1]concat=n=2:v=1:a=0[v]`, '-map', '[v]', '-c:v', 'libx264', ...x264Args(), '-movflags', '+faststart', `file:${out}`],
      1,
      { signal },
    );
    return readFile(out);
  });
}

/** The model's sound on the source video: over its own sound at `volume`, or replacing it. */
async function muxSound(source: Buffer, sound: Buffer, input: unknown, signal: AbortSignal): Promise<Buffer> {
  return inTemp(async (dir) => {
    const [v, s, out] = [join(dir, 'v.mp4'), join(dir, 's.audio'), join(dir, 'out.mp4')];
    await writeFile(v, source);
    await writeFile(s, sound);
    const volume = Number(readField(input, 'volume') ?? 0.8);
    const keep = readField(input, 'keepOriginalAudio') !== false && (await probeVideo(v)).hasAudio;
    const graph = keep ? `[1:a]volume=${volume}[fx];[0:a][fx]amix=inputs=2:duration=first[a]` : `[1:a]volume=${volume},apad[a]`;
    await runFfmpeg([...FFMPEG, '-i', `file:${v}`, '-i', `file:${s}`, '-filter_complex', graph, '-map', '0:v', '-map', '[a]', '-c:v', 'copy', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', `file:${out}`], 1, { signal });
    return readFile(out);
  });
}

/** The last frame of a video, as a PNG (video extension continues from it). */
async function lastFrame(video: Buffer, signal: AbortSignal): Promise<Buffer> {
  return inTemp(async (dir) => {
    const [v, out] = [join(dir, 'v.mp4'), join(dir, 'last.png')];
    await writeFile(v, video);
    await runFfmpeg([...FFMPEG, '-sseof', '-0.25', '-i', `file:${v}`, '-update', '1', '-frames:v', '1', '-c:v', 'png', `file:${out}`], 1, { signal });
    return readFile(out);
  });
}

/** Base class: a hosted provider serves exactly the tasks modelFor gives it. */
export abstract class HostedProvider implements GenerationProvider {
  abstract readonly name: ModelProvider;
  constructor(protected readonly deps: HostedDeps) {}

  supports(kind: string, input?: unknown): boolean {
    return this.deps.modelFor({ kind, input }, this.name) !== null;
  }

  /** Creations record the model, not only the provider. */
  labelFor(task: Pick<ProviderTask, 'kind' | 'input'>): string {
    return this.deps.modelFor(task, this.name)?.id ?? this.name;
  }

  /**
   * Sends the parameters with the provider's protocol and resolves with its answer (the JSON
   * the entry's output paths read). Aborts with `signal` and cancels at the provider then.
   */
  protected abstract call(model: ModelEntry, params: Record<string, unknown>, task: ProviderTask, ctx: RunContext): Promise<unknown>;

  async run(task: ProviderTask, ctx: RunContext): Promise<ProducedOutput[]> {
    const model = this.deps.modelFor(task, this.name);
    if (!model) throw new Error(`${this.name} does not serve ${task.kind}`);
    // AI shorts is a pipeline of models (script, pictures, clips, speech, music) around this one.
    if (task.kind === 'ai_shorts' && this.deps.pipeline) return [await runAiShortPipeline(this.deps.pipeline, model, task, ctx)];
    const { outputs } = await this.runEntry(model, task, ctx);
    return this.post(model, task, outputs, ctx);
  }

  /**
   * Runs `model` on `task`'s input: the task's own model, or a pipeline step's (whose `kind` is
   * the step). Answers the checked result files, or the text of a text model (a script).
   */
  async runEntry(model: ModelEntry, task: ProviderTask, ctx: RunContext): Promise<{ outputs: ProducedOutput[]; text: string }> {
    // The model's own time limit ends the run like a cancel does, then fails it (refunded).
    const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(model.timeoutS * 1000)]);
    const runCtx: RunContext = { ...ctx, signal };
    ctx.reportProgress(3, 'preparing');
    const params = await buildParams(model, this.mappingContext(task, runCtx));
    let answer: unknown;
    try {
      answer = await this.submit(task, runCtx, () => this.call(model, params, task, runCtx));
    } catch (error) {
      if (!ctx.signal.aborted && signal.aborted) throw new Error(`${model.id} took longer than ${model.timeoutS} s`);
      throw moderationRefusal(error) ?? error;
    }
    if (model.output.text) return { outputs: [], text: extractText(model, answer) };
    if (flaggedUnsafe(model, answer)) throw new ProviderError('SENSITIVE_IMAGE', ERROR_CATALOGUE.SENSITIVE_IMAGE.message);
    const files = extractFiles(model, answer);
    if (!files.length) throw new Error(`${model.id} answered without a result file`);
    ctx.reportProgress(90, 'downloading');
    const outputs: ProducedOutput[] = [];
    for (const file of files) outputs.push(await fetchResult(this.deps, file, signal));
    return { outputs, text: '' };
  }

  /** Links, computed inputs and template text for the mapping of one task. */
  private mappingContext(task: ProviderTask, ctx: RunContext): MappingContext {
    const url = (key: string) => {
      if (!ctx.mediaUrl) throw new Error('hosted providers need signed media links');
      return ctx.mediaUrl(key);
    };
    const scratch = async (name: string, data: Buffer, contentType: string) => {
      if (!ctx.putScratch) throw new Error('hosted providers need scratch storage');
      return url(await ctx.putScratch(name, data, contentType));
    };
    return {
      input: task.input,
      url,
      computed: async (name) => {
        if (name === '$sourceSeconds') return readField(task.input, 'source.durationS');
        if (name === '$speech') {
          const text = readField(task.input, 'text');
          if (typeof text !== 'string') return undefined;
          const voice = (readField(task.input, 'voice') ?? 'female') as (typeof SPEECH_VOICES)[number];
          ctx.reportProgress(5, 'speaking');
          return scratch('speech.wav', (await synthesizeSpeech(text, voice, ctx.signal)).wav, 'audio/wav');
        }
        if (name === '$lastFrame') {
          const video = readField(task.input, 'video');
          if (typeof video !== 'string') return undefined;
          return scratch('last-frame.png', await lastFrame(await ctx.loadMedia(video), ctx.signal), 'image/png');
        }
        throw new Error(`unknown computed input ${name}`);
      },
    };
  }

  protected async post(model: ModelEntry, task: ProviderTask, outputs: ProducedOutput[], ctx: RunContext): Promise<ProducedOutput[]> {
    const [first] = outputs;
    if (!model.post || !first) return outputs;
    ctx.reportProgress(94, 'finishing');
    const video = readField(task.input, 'video');
    switch (model.post) {
      case 'background': {
        const background = readField(task.input, 'background') as Background | undefined;
        if (first.mediaType === 'video') return [await videoOutput(await videoOnBackground(first, background, ctx), ctx.signal)];
        if (first.mediaType !== 'image') return outputs;
        return [await imageOutput(await onBackground(first.data, background, ctx))];
      }
      case 'append':
        if (typeof video !== 'string' || first.mediaType !== 'video') return outputs;
        return [await videoOutput(await appendToSource(await ctx.loadMedia(video), first.data, ctx.signal), ctx.signal)];
      case 'mux':
        if (typeof video !== 'string' || first.mediaType !== 'audio') return outputs;
        return [await videoOutput(await muxSound(await ctx.loadMedia(video), first.data, task.input, ctx.signal), ctx.signal)];
    }
  }

  /**
   * Sends the job to the provider. A video job the provider would not take (after the retries)
   * fails with §8's "Video submit task error"; other kinds keep their own failure message.
   */
  protected async submit<T>(task: ProviderTask, ctx: RunContext, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (ctx.signal.aborted || moderationRefusal(error) || !isGenerationKind(task.kind) || GENERATION_KINDS[task.kind].output !== 'video') throw error;
      if (error instanceof SubmitRefused) throw new ProviderError('VIDEO_SUBMIT_ERROR', ERROR_CATALOGUE.VIDEO_SUBMIT_ERROR.message);
      throw error;
    }
  }
}

/** The provider refused to take the job at all (as opposed to the model failing later). */
export class SubmitRefused extends Error {
  override name = 'SubmitRefused';
  constructor(override readonly cause: unknown) {
    super('the provider refused the job');
  }
}
