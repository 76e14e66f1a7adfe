/**
 * fal.ai through its queue protocol: `POST {base}/{model}` submits and answers
 * `{ request_id, status_url, response_url, cancel_url }`; `GET status_url` reports IN_QUEUE,
 * IN_PROGRESS or COMPLETED; `GET response_url` returns the model's output (`images[]` or
 * `video`), or an error status with `{ detail }`; `PUT cancel_url` cancels. Auth is
 * `Authorization: Key <FAL_KEY>`. A canceled task's request is canceled at fal too.
 */
import type { ModelEntry } from '@tessera/shared/generation/models';
import { z } from 'zod';
import type { ProducedOutput, ProviderTask, RunContext } from '../provider.ts';
import { dataUri, downloadOutput, HostedProvider, type HostedDeps, taskFields } from './hostedProvider.ts';
import { requestJson, sleep } from './http.ts';

const zSubmitted = z.object({ request_id: z.string(), status_url: z.url(), response_url: z.url(), cancel_url: z.url() });
const zStatus = z.object({ status: z.string(), queue_position: z.number().optional(), error: z.unknown().optional() });
const zFile = z.object({ url: z.string() });
const zResult = z.object({ images: z.array(zFile).optional(), video: zFile.optional(), audio: zFile.optional() });

/** fal's named image sizes by our aspect ratios. */
const IMAGE_SIZE: Record<string, string> = { '1:1': 'square_hd', '4:3': 'landscape_4_3', '3:4': 'portrait_4_3', '16:9': 'landscape_16_9', '9:16': 'portrait_16_9' };

export class FalProvider extends HostedProvider {
  readonly name = 'fal' as const;

  constructor(
    deps: HostedDeps,
    private readonly credentials: { key: string; baseUrl: string },
  ) {
    super(deps);
  }

  private headers() {
    return { authorization: `Key ${this.credentials.key}` };
  }

  /** The model's parameters from a task input (fal's documented argument names). */
  private async arguments(task: ProviderTask, ctx: RunContext): Promise<Record<string, unknown>> {
    const f = taskFields(task.input);
    const args: Record<string, unknown> = { prompt: f.prompt };
    if (f.seed !== undefined) args.seed = f.seed;
    if (task.kind === 'text_to_image') {
      args.image_size = IMAGE_SIZE[f.aspectRatio ?? '1:1'] ?? 'square_hd';
      args.num_images = 1;
    } else {
      if (f.aspectRatio) args.aspect_ratio = f.aspectRatio;
      if (f.durationS !== undefined) args.duration = String(f.durationS);
      if (f.resolution) args.resolution = f.resolution;
    }
    if (f.image) args.image_url = await dataUri(ctx, f.image);
    return args;
  }

  protected async runModel(model: ModelEntry, task: ProviderTask, ctx: RunContext): Promise<ProducedOutput[]> {
    ctx.reportProgress(5, 'submitting');
    const body = await this.arguments(task, ctx);
    const submitted = zSubmitted.parse(
      await this.submit(task, ctx, () =>
        requestJson({ method: 'POST', url: `${this.credentials.baseUrl}/${model.remoteId}`, headers: this.headers(), body, idempotent: false }, ctx.signal, this.deps.http),
      ),
    );
    try {
      for (;;) {
        const status = zStatus.parse(await requestJson({ method: 'GET', url: submitted.status_url, headers: this.headers(), idempotent: true }, ctx.signal, this.deps.http));
        if (status.status === 'COMPLETED') break;
        ctx.reportProgress(status.status === 'IN_PROGRESS' ? 40 : 15, status.status === 'IN_PROGRESS' ? 'generating' : 'queued');
        await sleep(this.deps.pollMs, ctx.signal);
      }
      // A failed request completes too; its result answers with an error status and `detail`.
      const result = zResult.parse(await requestJson({ method: 'GET', url: submitted.response_url, headers: this.headers(), idempotent: true }, ctx.signal, this.deps.http));
      const url = result.video?.url ?? result.images?.[0]?.url ?? result.audio?.url;
      if (!url) throw new Error('fal result has no output file');
      ctx.reportProgress(90, 'downloading');
      return [await downloadOutput(this.deps, url, ctx.signal)];
    } catch (error) {
      if (ctx.signal.aborted) await this.cancel(submitted.cancel_url);
      throw error;
    }
  }

  /** Best effort: the task is over for us whatever fal answers. */
  private async cancel(url: string): Promise<void> {
    await requestJson({ method: 'PUT', url, headers: this.headers(), idempotent: true }, AbortSignal.timeout(10_000), { ...this.deps.http, retries: 1 }).catch(() => undefined);
  }
}
