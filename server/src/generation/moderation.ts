/**
 * Text moderation before a task is accepted (§8 moderation messages). The offline multilingual
 * filter (@tessera/shared/moderation: CSAM, explicit sexual content, graphic violence, weapons
 * instructions in the studio's 19 languages) runs everywhere; a hosted moderation service can be
 * plugged in behind the same interface, on top of it.
 */
import { AppError } from '@tessera/shared/errors';
import { checkText } from '@tessera/shared/moderation';

export interface ModerationService {
  /** Resolves true when the text may be used. Throws on service failure. */
  isAllowed(text: string): Promise<boolean>;
}

/** The offline filter (shared/src/moderation/textFilter.ts); synchronous and cheap once warmed. */
export class BlocklistModeration implements ModerationService {
  isAllowed(text: string): Promise<boolean> {
    return Promise.resolve(checkText(text).allowed);
  }
}

/**
 * A hosted moderation service speaking the OpenAI moderation protocol
 * (`POST {url}` with `{ model, input }` → `{ results: [{ flagged }] }`), which OpenAI and several
 * self-hostable moderation servers implement. Runs after the blocklist (which costs nothing).
 */
export class HostedModeration implements ModerationService {
  constructor(private readonly opts: { url: string; apiKey?: string | undefined; model?: string | undefined; timeoutMs?: number; fetch?: typeof fetch }) {}

  async isAllowed(text: string): Promise<boolean> {
    const response = await (this.opts.fetch ?? fetch)(this.opts.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}) },
      body: JSON.stringify({ model: this.opts.model ?? 'omni-moderation-latest', input: text }),
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5_000),
    });
    if (!response.ok) throw new Error(`moderation service answered ${response.status}`);
    const body = (await response.json()) as { results?: { flagged?: unknown }[] };
    const results = body.results;
    if (!Array.isArray(results) || results.length === 0 || results.some((r) => typeof r.flagged !== 'boolean')) {
      throw new Error('moderation service answered an unexpected body');
    }
    return results.every((r) => r.flagged === false);
  }
}

/** Every service in turn; the first refusal wins. */
export class ModerationChain implements ModerationService {
  constructor(private readonly services: ModerationService[]) {}

  async isAllowed(text: string): Promise<boolean> {
    for (const service of this.services) if (!(await service.isAllowed(text))) return false;
    return true;
  }
}

/** The blocklist, followed by the hosted service when `MODERATION_URL` is set. */
export function createModeration(config: { moderation: { url: string; apiKey: string | undefined; model: string | undefined } | undefined }): ModerationService {
  const blocklist = new BlocklistModeration();
  return config.moderation ? new ModerationChain([blocklist, new HostedModeration(config.moderation)]) : blocklist;
}

/** Throws the catalogue error when any text is refused, or when the service itself fails. */
export async function moderateTexts(service: ModerationService, texts: (string | undefined)[]): Promise<void> {
  for (const text of texts) {
    if (!text) continue;
    let allowed: boolean;
    try {
      allowed = await service.isAllowed(text);
    } catch (cause) {
      throw new AppError('MODERATION_ERROR', { cause });
    }
    if (!allowed) throw new AppError('SENSITIVE_TEXT');
  }
}
