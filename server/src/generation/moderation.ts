/**
 * Text moderation before a task is accepted (§8 moderation messages). A multilingual blocklist
 * runs everywhere; a hosted moderation service can be plugged in behind the same interface.
 * The list is deliberately short and unambiguous: it blocks requests for sexual content involving
 * minors and a few unmistakable terms, not ordinary words that merely sound dark.
 */
import { AppError } from '@tessera/shared/errors';

export interface ModerationService {
  /** Resolves true when the text may be used. Throws on service failure. */
  isAllowed(text: string): Promise<boolean>;
}

const BLOCKED_PATTERNS: RegExp[] = [
  // English
  /\bchild\s*(porn|sex|nude)/i,
  /\b(cp|csam)\b/i,
  /\bloli(con)?\b/i,
  /\bunderage\s*(sex|nude|porn)/i,
  // German, French, Spanish, Portuguese, Italian
  /\bkinderporn/i,
  /\bp[ée]dopornographie/i,
  /\bpornograf[ií]a\s+infantil/i,
  /\bpornografia\s+infantil/i,
  /\bpedopornografia/i,
  // Russian, Chinese, Japanese
  /детск\p{L}*\s+порн/iu,
  /儿童色情|兒童色情|児童ポルノ/u,
];

export class BlocklistModeration implements ModerationService {
  async isAllowed(text: string): Promise<boolean> {
    const normalised = text.normalize('NFKC');
    return !BLOCKED_PATTERNS.some((re) => re.test(normalised));
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
