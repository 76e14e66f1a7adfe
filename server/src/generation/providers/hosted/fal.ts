/**
 * fal.ai through its queue protocol (https://docs.fal.ai/model-apis/model-endpoints/queue):
 * `POST {base}/{model}` submits the model's parameters and answers `{ request_id, status_url,
 * response_url, cancel_url }`; `GET status_url` reports IN_QUEUE, IN_PROGRESS or COMPLETED;
 * `GET response_url` returns the model's output, or an error status with `{ detail }`;
 * `PUT cancel_url` cancels. Auth is `Authorization: Key <FAL_KEY>`. With FAL_WEBHOOKS on, the
 * submit carries `?fal_webhook=<our URL>` and fal's signed callback (falWebhook.ts) wakes the task
 * at once; polling (slower then) stays the fallback. A canceled or timed-out task's
 * request is canceled at fal too. What the parameters and output are is the catalogue entry's
 * business (mapping.ts).
 */
import type { ModelEntry } from '@tessera/shared/generation/models';
import { z } from 'zod';
import type { ProviderTask, RunContext } from '../provider.ts';
import { HostedProvider, type HostedDeps, SubmitRefused } from './hostedProvider.ts';
import { requestJson } from './http.ts';
import type { PredictionWaiters } from './replicateWebhook.ts';

const zSubmitted = z.object({ request_id: z.string(), status_url: z.url(), response_url: z.url(), cancel_url: z.url() });
const zStatus = z.object({ status: z.string(), queue_position: z.number().optional() });

export class FalProvider extends HostedProvider {
  readonly name = 'fal' as const;

  constructor(
    deps: HostedDeps,
    private readonly credentials: { key: string; baseUrl: string },
    private readonly webhook: { url: string | undefined; waiters: PredictionWaiters },
  ) {
    super(deps);
  }

  private headers() {
    return { authorization: `Key ${this.credentials.key}` };
  }

  protected async call(model: ModelEntry, params: Record<string, unknown>, _task: ProviderTask, ctx: RunContext): Promise<unknown> {
    ctx.reportProgress(5, 'submitting');
    let submitted: z.infer<typeof zSubmitted>;
    try {
      submitted = zSubmitted.parse(
        await requestJson({ method: 'POST', url: this.submitUrl(model), headers: this.headers(), body: params, idempotent: false }, ctx.signal, this.deps.http),
      );
    } catch (error) {
      throw ctx.signal.aborted ? error : new SubmitRefused(error);
    }
    try {
      for (;;) {
        const status = zStatus.parse(await requestJson({ method: 'GET', url: submitted.status_url, headers: this.headers(), idempotent: true }, ctx.signal, this.deps.http));
        if (status.status === 'COMPLETED') break;
        ctx.reportProgress(status.status === 'IN_PROGRESS' ? 40 : 15, status.status === 'IN_PROGRESS' ? 'generating' : 'queued');
        // With webhooks on, poll slowly and let the webhook wake us; without, poll at pollMs.
        await this.webhook.waiters.wait(submitted.request_id, this.webhook.url ? this.deps.pollMs * 10 : this.deps.pollMs, ctx.signal);
      }
      // A failed request completes too; its result answers with an error status and `detail`.
      return await requestJson({ method: 'GET', url: submitted.response_url, headers: this.headers(), idempotent: true }, ctx.signal, this.deps.http);
    } catch (error) {
      if (ctx.signal.aborted) await this.cancel(submitted.cancel_url);
      throw error;
    }
  }

  private submitUrl(model: ModelEntry): string {
    const url = `${this.credentials.baseUrl}/${model.remoteId}`;
    return this.webhook.url ? `${url}?fal_webhook=${encodeURIComponent(this.webhook.url)}` : url;
  }

  /** Best effort: the task is over for us whatever fal answers. */
  private async cancel(url: string): Promise<void> {
    await requestJson({ method: 'PUT', url, headers: this.headers(), idempotent: true }, AbortSignal.timeout(10_000), { ...this.deps.http, retries: 1 }).catch(() => undefined);
  }
}
