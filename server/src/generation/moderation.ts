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
