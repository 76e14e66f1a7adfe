/**
 * The credits contract both sides agree on: the §3 usage summary, the history page, and the
 * welcome grants' sizes. How credits are kept is server business (ARCHITECTURE §4).
 */
import { z } from 'zod';

/** §3 usage types the ledger keeps separate balances for. */
export const USAGE_TYPES = ['credits', 'api_credits'] as const;
export type UsageType = (typeof USAGE_TYPES)[number];

/** §3 usage record: remaining = max(0, total − used). */
export interface CreditSummary {
  used: number;
  total: number;
  remaining: number;
}

/**
 * Whether an account got the trial (ANONYMOUS_TRIAL_CREDITS): `granted`; `device` when its device
 * already had one (for an earlier guest or account); `network` when the sign-in's network used its
 * share of welcome grants (or they are off).
 */
export const WELCOME_TRIAL_STATES = ['granted', 'device', 'network'] as const;
export type WelcomeTrialState = (typeof WELCOME_TRIAL_STATES)[number];

/** credits.summary: the §3 summary plus what the studio says about the welcome trial. */
export interface CreditBadge extends CreditSummary {
  trial: WelcomeTrialState;
}

/**
 * Trial credits for a new visitor, once per device (or per user when the studio sent no device
 * id). 30 buys several images (4 each, see ./costs.ts) — enough to try the product, too few to
 * farm by clearing cookies, since the device id survives that.
 */
export const ANONYMOUS_TRIAL_CREDITS = 30;

/**
 * Bonus for a verified e-mail, once per address: registering is worth more than staying a
 * guest, and the verification makes throwaway addresses costly.
 */
export const VERIFIED_EMAIL_BONUS_CREDITS = 100;

export const CREDIT_ENTRY_KINDS = ['grant', 'hold', 'capture', 'release', 'expire'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

export interface CreditHistoryEntry {
  id: number;
  kind: CreditEntryKind;
  /** Always positive; `kind` says which way it moved the balance. */
  amount: number;
  usageType: string;
  note: string | null;
  taskId: string | null;
  createdAt: string;
}

export interface CreditHistoryPage {
  entries: CreditHistoryEntry[];
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: number | null;
}

export const zCreditHistoryInput = z.object({
  cursor: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(100).default(20),
});
export type CreditHistoryInput = z.infer<typeof zCreditHistoryInput>;

export const zSubUsageInput = z.object({ appName: z.string().trim().min(1).max(64) });
export type SubUsageInput = z.infer<typeof zSubUsageInput>;

/** §3/§7 subUsage.getSubUsage: one record per usage type. */
export interface SubUsageRecord {
  appName: string;
  usageType: UsageType;
  totalCount: number;
  useCount: number;
}
