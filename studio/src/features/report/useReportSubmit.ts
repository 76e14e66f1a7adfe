/**
 * The report call (report.create). A second report of the same content answers CONFLICT
 * "Report already exists." (§8), which the dialog shows as its own state; either way the content
 * page learns that the viewer has reported it.
 */
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportInput, type ReportReason } from '@tessera/shared/feed';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useTRPC } from '../../lib/trpc.ts';

export { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason };

export type ReportSubmit = (input: ReportInput) => Promise<void>;

/** §8 "Report already exists.": the server answers a second report of the same content with CONFLICT. */
export function isReportExistsError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data = error.data as { code?: string; appCode?: string } | undefined;
  return data?.appCode === 'REPORT_EXISTS' || data?.code === 'CONFLICT';
}

export function useReportSubmit(): ReportSubmit {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const report = useMutation(
    trpc.report.create.mutationOptions({
      meta: { skipError: true },
      onSettled: (_data, error, input) => {
        if (!error || isReportExistsError(error)) void queryClient.invalidateQueries({ queryKey: trpc.feed.get.queryKey({ id: input.contentId }) });
      },
    }),
  );
  return async (input) => {
    await report.mutateAsync(input);
  };
}
