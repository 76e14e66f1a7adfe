/**
 * What a dialog can say about a failed feed call: the server's §8 message for answers about the
 * request (4xx: "Email has not been verified yet.", a field issue such as "Title is required."),
 * or null for failures that are not the user's (5xx, network), where the dialog's own text fits better.
 */
import { TRPCClientError } from '@trpc/client';

export function serverMessage(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as { httpStatus?: number; issues?: { message?: string }[] } | undefined;
  const status = data?.httpStatus ?? 0;
  if (status < 400 || status >= 500) return null;
  return data?.issues?.find((issue) => issue.message)?.message ?? (error.message || null);
}
