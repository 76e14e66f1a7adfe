/**
 * Replicate's predictions API (https://replicate.com/docs/reference/http#predictions.create):
 * `POST {base}/v1/predictions` with `{ version: 'owner/name', input, webhook?,
 * webhook_events_filter? }` and `Authorization: Bearer <token>` answers a prediction `{ id, status,
 * output, error, urls }`; `GET /v1/predictions/{id}` polls it (starting → processing → succeeded |
 * failed | canceled); `POST /v1/predictions/{id}/cancel` cancels. With a webhook secret configured,
 * Replicate calls our webhook when the prediction completes and the waiting task wakes at once;
 * polling stays the fallback (a webhook may be lost, or land on another node). The entry's output
 * paths read the finished prediction (`output`, `output[]`).
 */
import type { ModelEntry } from '@tessera/shared/generation/models';
import { z } from 'zod';
import type { ProviderTask, RunContext } from '../provider.ts';
import { HostedProvider, type HostedDeps, SubmitRefused } from './hostedProvider.ts';
import { requestJson } from './http.ts';
import type { PredictionWaiters } from './replicateWebhook.ts';

const zPrediction = z.object({
  id: z.string(),
  status: z.enum(['starting', 'processing', 'succeeded', 'failed', 'canceled']),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
});

export interface ReplicateOptions {
  token: string;
  baseUrl: string;
  /** Where Replicate should POST completion webhooks; undefined = poll only. */
  webhookUrl: string | undefined;
  waiters: PredictionWaiters;
}

export class ReplicateProvider extends HostedProvider {
  readonly name = 'replicate' as const;

  constructor(
    deps: HostedDeps,
    private readonly options: ReplicateOptions,
  ) {
    super(deps);
  }

  private headers() {
    return { authorization: `Bearer ${this.options.token}` };
  }

  protected async call(model: ModelEntry, params: Record<string, unknown>, _task: ProviderTask, ctx: RunContext): Promise<unknown> {
    ctx.reportProgress(5, 'submitting');
    const { webhookUrl } = this.options;
    const body = { version: model.remoteId, input: params, ...(webhookUrl ? { webhook: webhookUrl, webhook_events_filter: ['completed'] } : {}) };
    let prediction: z.infer<typeof zPrediction>;
    try {
      prediction = zPrediction.parse(
        await requestJson({ method: 'POST', url: `${this.options.baseUrl}/v1/predictions`, headers: this.headers(), body, idempotent: false }, ctx.signal, this.deps.http),
      );
    } catch (error) {
      throw ctx.signal.aborted ? error : new SubmitRefused(error);
    }
    const id = prediction.id;
    try {
      while (prediction.status === 'starting' || prediction.status === 'processing') {
        ctx.reportProgress(prediction.status === 'processing' ? 40 : 15, prediction.status === 'processing' ? 'generating' : 'queued');
        // With webhooks on, poll slowly and let the webhook wake us; without, poll at pollMs.
        await this.options.waiters.wait(id, webhookUrl ? this.deps.pollMs * 10 : this.deps.pollMs, ctx.signal);
        prediction = zPrediction.parse(
          await requestJson({ method: 'GET', url: `${this.options.baseUrl}/v1/predictions/${encodeURIComponent(id)}`, headers: this.headers(), idempotent: true }, ctx.signal, this.deps.http),
        );
      }
      if (prediction.status !== 'succeeded') throw new Error(`replicate prediction ${prediction.status}: ${String(prediction.error ?? '')}`);
      return prediction;
    } catch (error) {
      if (ctx.signal.aborted) await this.cancel(id);
      throw error;
    }
  }

  /** Best effort: the task is over for us whatever Replicate answers. */
  private async cancel(id: string): Promise<void> {
    await requestJson(
      { method: 'POST', url: `${this.options.baseUrl}/v1/predictions/${encodeURIComponent(id)}/cancel`, headers: this.headers(), idempotent: true },
      AbortSignal.timeout(10_000),
      { ...this.deps.http, retries: 1 },
    ).catch(() => undefined);
  }
}
