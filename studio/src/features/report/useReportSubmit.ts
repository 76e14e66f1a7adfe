/**
 * The report call. The server has none yet: reporting arrives with the explore feed, whose
 * content is what gets reported. When it does, this hook returns
 * `useMutation(trpc.report.create.mutationOptions({ meta: { skipError: true } })).mutateAsync`
 * and the popup's submit button comes alive.
 */
import { TRPCClientError } from '@trpc/client';

export const REPORT_REASONS = ['spam', 'sexual', 'violence', 'hate', 'copyright', 'misleading', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX = 500;

export interface ReportInput {
  contentId: string;
  reason: ReportReason;
  details?: string;
}

export type ReportSubmit = (input: ReportInput) => Promise<void>;

export function useReportSubmit(): ReportSubmit | null {
  return null;
}

/** §8 "Report already exists.": the server answers a second report of the same content with CONFLICT. */
export function isReportExistsError(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'CONFLICT';
}
