/**
 * §3: the credit summary of a usage record — remaining = total − used, never below 0 — from the
 * usage list of subUsage.getSubUsage (§7), which the studio reads for a signed-in user.
 */
import type { CreditSummary, SubUsageRecord, UsageType } from '@tessera/shared/credits';

export function summaryOfUsage(usageList: readonly SubUsageRecord[] | undefined, usageType: UsageType = 'credits'): CreditSummary | undefined {
  const record = usageList?.find((r) => r.usageType === usageType);
  if (!record) return undefined;
  return { used: record.useCount, total: record.totalCount, remaining: Math.max(0, record.totalCount - record.useCount) };
}
