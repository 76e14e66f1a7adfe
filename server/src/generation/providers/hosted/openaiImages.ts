/**
 * OpenAI's images API (https://platform.openai.com/docs/api-reference/images/create):
 * `POST {base}/images/generations` with the entry's parameters (`{ model, prompt, n, size }`) and
 * `Authorization: Bearer <key>` answers `{ created, data: [{ b64_json }] }` (gpt-image models
 * always answer base64). A request refused for its content (`code: content_policy_violation` or
 * `moderation_blocked`) fails with the catalogue's moderation message (hostedProvider.ts). The call
 * is synchronous, so a cancel aborts the request itself.
 */
import type { ModelEntry } from '@tessera/shared/generation/models';
import type { ProviderTask, RunContext } from '../provider.ts';
import { HostedProvider, type HostedDeps, SubmitRefused } from './hostedProvider.ts';
import { requestJson } from './http.ts';

export class OpenAiImagesProvider extends HostedProvider {
  readonly name = 'openai' as const;

  constructor(
    deps: HostedDeps,
    private readonly credentials: { apiKey: string; baseUrl: string },
  ) {
    super(deps);
  }

  protected async call(_model: ModelEntry, params: Record<string, unknown>, _task: ProviderTask, ctx: RunContext): Promise<unknown> {
    ctx.reportProgress(10, 'generating');
    try {
      return await requestJson(
        // Image generation takes tens of seconds; the policy's timeout is per attempt.
        { method: 'POST', url: `${this.credentials.baseUrl}/images/generations`, headers: { authorization: `Bearer ${this.credentials.apiKey}` }, body: params, idempotent: false },
        ctx.signal,
        { ...this.deps.http, timeoutMs: Math.max(this.deps.http.timeoutMs, 180_000) },
      );
    } catch (error) {
      throw ctx.signal.aborted ? error : new SubmitRefused(error);
    }
  }
}
