/**
 * The built-in local engine: real media made on the CPU, no downloads, no keys. Text-to-image
 * renders a procedural image seeded from the prompt (no image-generation model can be installed
 * here; results are labelled `local` so the studio says so); the tools use classical vision
 * (OpenCV) and small models shipped in npm packages (ESRGAN, selfie segmentation, face-api),
 * run in worker threads by the engine pool. Video kinds are rendered by ffmpeg (engine/video:
 * camera moves, procedural scenes and stylisation graphs, honestly not a video model).
 */
import {
  GENERATION_KINDS,
  type GenerationInput,
  IMAGE_STYLES,
  type ImageStyle,
  type GenerationKind,
  imageSizeFor,
  isGenerationKind,
  isTemplateKind,
  isVideoGenerationKind,
  type TemplateGenerationKind,
  type VideoGenerationKind,
  zLoraSnapshot,
  zTemplateSnapshot,
} from '@tessera/shared/generation';
import { videoSizeFor } from '@tessera/shared/generation/video';
import { runTemplate } from '../engine/effects/templates.ts';
import { renderTimeline } from '../engine/video/renderTimeline.ts';
import { runVideoKind } from '../engine/video/runVideoKind.ts';
import type { ToolRunner } from '../engine/enginePool.ts';
import type { ImageToolName, ToolArgs } from '../engine/tools.ts';
import type { GenerationProvider, ProducedOutput, ProviderTask, RunContext } from './provider.ts';
import { assertNotCopy } from './copyCheck.ts';
import { renderProceduralImage } from './proceduralImage.ts';

const isImageStyle = (style: string): style is ImageStyle => (IMAGE_STYLES as readonly string[]).includes(style) && style !== 'auto';

type Call = { [T in ImageToolName]: { tool: T; args: ToolArgs[T] } }[ImageToolName];
type Load = (key: string) => Promise<Buffer>;

/** Which tool makes each kind, with its arguments (input images read from storage). */
const TOOL_CALLS: { [K in Exclude<GenerationKind, 'text_to_image' | 'video_edit' | TemplateGenerationKind | VideoGenerationKind>]: (input: GenerationInput<K>, load: Load) => Promise<Call> } = {
  image_to_image: async (i, load) => ({
    tool: 'stylize',
    args: { image: await load(i.image), prompt: i.prompt, style: i.style, strength: i.strength, ...(i.seed !== undefined ? { seed: i.seed } : {}) },
  }),
  upscale: async (i, load) => ({ tool: 'upscale', args: { image: await load(i.image), scale: i.scale, mode: i.mode } }),
  uncrop: async (i, load) => ({ tool: 'uncrop', args: { image: await load(i.image), aspectRatio: i.aspectRatio, zoomOut: i.zoomOut } }),
  object_remover: async (i, load) => ({ tool: 'removeObject', args: { image: await load(i.image), mask: await load(i.mask) } }),
  inpaint: async (i, load) => ({
    tool: 'paint',
    args: { image: await load(i.image), mask: await load(i.mask), ...(i.prompt ? { prompt: i.prompt } : {}), ...(i.seed !== undefined ? { seed: i.seed } : {}) },
  }),
  background_remover: async (i, load) => ({ tool: 'removeBackground', args: { image: await load(i.image) } }),
  background_changer: async (i, load) => ({
    tool: 'changeBackground',
    args: { image: await load(i.image), background: i.background.type === 'image' ? { type: 'image', data: await load(i.background.image) } : i.background },
  }),
  face_swap: async (i, load) => ({ tool: 'faceSwap', args: { image: await load(i.image), face: await load(i.face) } }),
};

export class LocalEngineProvider implements GenerationProvider {
  readonly name = 'local';

  constructor(private readonly engine: ToolRunner) {}

  supports(kind: string): boolean {
    return isGenerationKind(kind);
  }

  async run(task: ProviderTask, ctx: RunContext): Promise<ProducedOutput[]> {
    if (!isGenerationKind(task.kind)) throw new Error(`local engine cannot make ${task.kind}`);
    if (task.kind === 'text_to_image') return [await this.textToImage(task.input, ctx)];
    if (isTemplateKind(task.kind)) return [await this.template(task.kind, task.input, ctx)];
    if (task.kind === 'video_edit') return [await this.videoEdit(task.input, ctx)];
    if (isVideoGenerationKind(task.kind)) return [await runVideoKind(task.kind, task.input, ctx, this.engine)];
    const kind = task.kind;
    const input = GENERATION_KINDS[kind].input.parse(task.input);
    ctx.reportProgress(5, 'loading');
    const call = await (TOOL_CALLS[kind] as (input: unknown, load: Load) => Promise<Call>)(input, ctx.loadMedia);
    ctx.signal.throwIfAborted();
    // The tool's own progress fills 10–95%.
    const image = await this.engine.run(call.tool, call.args as never, (fraction, stage) => ctx.reportProgress(10 + fraction * 85, stage), ctx.signal);
    // Never store (and charge for) the uploaded picture itself as a result. Every tool a kind
    // calls here takes its picture as `image`.
    const source = 'image' in call.args ? call.args.image : undefined;
    if (source) await assertNotCopy(call.tool, source, image.data);
    return [{ data: image.data, contentType: image.contentType, mediaType: 'image', width: image.width, height: image.height }];
  }

  /** Timeline export: one ffmpeg render of the timeline (sources were resolved to keys when accepted). */
  private async videoEdit(raw: unknown, ctx: RunContext): Promise<ProducedOutput> {
    const input = GENERATION_KINDS.video_edit.input.parse(raw);
    const { width, height } = videoSizeFor(input.aspectRatio, input.resolution);
    ctx.reportProgress(2, 'loading');
    const video = await renderTimeline(input.timeline, {
      width,
      height,
      loadMedia: ctx.loadMedia,
      progress: (fraction, stage) => ctx.reportProgress(5 + fraction * 90, stage),
      signal: ctx.signal,
    });
    return { data: video.data, contentType: video.contentType, mediaType: 'video', width, height, durationS: video.durationS, poster: video.poster };
  }

  /** Template kinds: the task carries the template's recipe as it was when the task was accepted. */
  private async template(kind: TemplateGenerationKind, raw: unknown, ctx: RunContext): Promise<ProducedOutput> {
    const input = GENERATION_KINDS[kind].input.parse(raw);
    const template = zTemplateSnapshot.parse((raw as { template?: unknown }).template);
    ctx.reportProgress(5, 'loading');
    const image = await ctx.loadMedia(input.image);
    const garment = kind === 'model_fitting' ? await ctx.loadMedia(GENERATION_KINDS.model_fitting.input.parse(raw).garment) : undefined;
    ctx.signal.throwIfAborted();
    return runTemplate(
      this.engine,
      kind,
      template,
      { image, ...(garment ? { garment } : {}) },
      (fraction, stage) => ctx.reportProgress(10 + fraction * 85, stage),
      ctx.signal,
    );
  }

  /**
   * sharp renders on libuv threads, so the picture stays off the event loop without the pool; a
   * LoRA style (copied into the task when accepted) is then applied by the stylize tool.
   */
  private async textToImage(raw: unknown, ctx: RunContext): Promise<ProducedOutput> {
    const input = GENERATION_KINDS.text_to_image.input.parse(raw);
    const loraRaw = (raw as { lora?: unknown }).lora;
    const lora = loraRaw === undefined ? null : zLoraSnapshot.parse(loraRaw);
    const { width, height } = imageSizeFor(input.aspectRatio);
    ctx.reportProgress(10, 'reading prompt');
    ctx.signal.throwIfAborted();
    ctx.reportProgress(40, 'rendering');
    const prompt = lora?.trigger ? `${input.prompt}, ${lora.trigger}` : input.prompt;
    const data = await renderProceduralImage({ prompt, seed: input.seed ?? 0, width, height });
    ctx.signal.throwIfAborted();
    if (lora && isImageStyle(lora.style)) {
      const styled = await this.engine.run(
        'stylize',
        { image: data, prompt, style: lora.style, strength: 0.85, seed: input.seed ?? 0 },
        (fraction, stage) => ctx.reportProgress(50 + fraction * 45, stage),
        ctx.signal,
      );
      return { data: styled.data, contentType: styled.contentType, mediaType: 'image', width: styled.width, height: styled.height };
    }
    ctx.reportProgress(90, 'encoding');
    return { data, contentType: 'image/png', mediaType: 'image', width, height };
  }
}
