/**
 * What a failed console call says, for showing inline next to the form or list that made it:
 * the §8 catalogue message the server sent (e.g. "Template already exists.") and, for a rejected
 * input, the field issues (`data.issues`, see server/src/trpc/errorFormatter.ts).
 */
import { UNKNOWN_ERROR_MESSAGE } from '@tessera/shared/errors';

export interface FieldIssue {
  path: string;
  message: string;
}

export interface DescribedError {
  message: string;
  appCode: string | null;
  issues: FieldIssue[];
}

export function describeError(error: unknown): DescribedError {
  const e = (typeof error === 'object' && error ? error : {}) as { message?: unknown; data?: unknown };
  const data = (typeof e.data === 'object' && e.data ? e.data : {}) as { appCode?: unknown; issues?: unknown };
  const issues = Array.isArray(data.issues)
    ? data.issues.filter((i): i is FieldIssue => typeof i === 'object' && i !== null && typeof i.path === 'string' && typeof i.message === 'string')
    : [];
  return {
    message: typeof e.message === 'string' && e.message ? e.message : UNKNOWN_ERROR_MESSAGE,
    appCode: typeof data.appCode === 'string' ? data.appCode : null,
    issues,
  };
}

/** Issues keyed by their first path segment (the form field), first message wins. */
export function issuesByField(issues: readonly FieldIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.split('.')[0] ?? '';
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}
