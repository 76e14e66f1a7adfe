/**
 * OpenAI's images API: `POST {base}/images/generations` with `{ model, prompt, n, size }` and
 * `Authorization: Bearer <key>` answers `{ created, data: [{ b64_json }] }` (gpt-image models
 * always answer base64; DALL·E models are asked for it with `response_format`). A request the
 * API refuses for its content (`code: content_policy_violation`) fails with the catalogue's
 * sensitive-content message rather than a generic failure. The call is synchronous, so a cancel
 * aborts the request itself.
 */
import { ERROR_CATALOGUE } from '@tessera/shared/errors';
import type { ModelEntry } from '@tessera/shared/generation/models';
import { z } from 'zod';
import { ProviderError, type ProducedOutput, type ProviderTask, type RunContext } from '../provider.ts';
import { HostedProvider, type HostedDeps, imageOutput, taskFields } from './hostedProvider.ts';
import { ProviderHttpError, requestJson } from './http.ts';

const zImages = z.object({ data: z.array(z.object({ b64_json: z.string().min(1) })).min(1) });
const zErrorBody = z.object({ error: z.object({ code: z.string().nullish() }) });

/** gpt-image sizes by our aspect ratios (square, landscape, portrait). */
function sizeFor(aspectRatio: string | undefined): string {
  if (aspectRatio === '16:9' || aspectRatio === '4:3') return '1536x1024';
  if (aspectRatio === '9:16' || aspectRatio === '3:4') return '1024x1536';
  return '1024x1024';
}

export class OpenAiImagesProvider extends HostedProvider {
  readonly name = 'openai' as const;

  constructor(
    deps: HostedDeps,
    private readonly credentials: { apiKey: string; baseUrl: string },
  ) {
    super(deps);
  }

  protected async runModel(model: ModelEntry, task: ProviderTask, ctx: RunContext): Promise<ProducedOutput[]> {
    const f = taskFields(task.input);
    ctx.reportProgress(10, 'generating');
    const body = {
      model: model.remoteId,
      prompt: f.prompt,
      n: 1,
      size: sizeFor(f.aspectRatio),
      ...(model.remoteId.startsWith('dall-e') ? { response_format: 'b64_json' } : {}),
    };
    let answer: unknown;
    try {
      answer = await requestJson(
        // Image generation takes tens of seconds; the policy's timeout is per attempt.
        { method: 'POST', url: `${this.credentials.baseUrl}/images/generations`, headers: { authorization: `Bearer ${this.credentials.apiKey}` }, body, idempotent: false },
        ctx.signal,
        { ...this.deps.http, timeoutMs: Math.max(this.deps.http.timeoutMs, 180_000) },
      );
    } catch (error) {
      const code = error instanceof ProviderHttpError ? zErrorBody.safeParse(error.body).data?.error.code : undefined;
      if (code === 'content_policy_violation' || code === 'moderation_blocked') {
        throw new ProviderError('SENSITIVE_CONTENT', ERROR_CATALOGUE.SENSITIVE_CONTENT.message);
      }
      throw error;
    }
    const [image] = zImages.parse(answer).data;
    ctx.reportProgress(90, 'storing');
    return [await imageOutput(Buffer.from(image!.b64_json, 'base64'))];
  }
}
