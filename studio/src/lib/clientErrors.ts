/**
 * The client's reactions to failed calls (§8), decided in one place. `classifyError` is pure
 * and tested; `reactToError` performs the reaction (toast, log-in popup, …).
 */
import { parseForbiddenUsage, PRO_FEATURE_USAGE_TYPE, UNKNOWN_ERROR_MESSAGE } from '@tessera/shared/errors';

/** Thrown by our fetch wrapper when an API call gets an HTML page instead of JSON. */
export class HtmlResponseError extends Error {
  override name = 'HtmlResponseError';
  constructor(readonly status: number) {
    super(`Unexpected HTML response (${status})`);
  }
}

export type ErrorReaction =
  | { kind: 'silent' }
  | { kind: 'signIn' }
  /** §8 USER_DELETED: the session's account no longer exists. */
  | { kind: 'userDeleted' }
  | { kind: 'siteUpdated' }
  | { kind: 'contactSupport' }
  | { kind: 'upgrade'; infoType: 'VideoUsage' | 'ProFeature'; message: string }
  | { kind: 'outOfCredits'; message: string }
  | { kind: 'concurrency'; message: string }
  | { kind: 'usage'; app: string; usageType: string; message: string }
  | { kind: 'toast'; message: string };

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  data?: unknown;
}

function isAbort(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as ErrorLike;
    if (e.name === 'AbortError') return true;
    current = e.cause;
  }
  return false;
}

function findHtmlError(error: unknown): HtmlResponseError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if (current instanceof HtmlResponseError) return current;
    current = (current as ErrorLike).cause;
  }
  return null;
}

export function classifyError(error: unknown): ErrorReaction {
  if (isAbort(error)) return { kind: 'silent' };

  const html = findHtmlError(error);
  if (html) return html.status === 403 || html.status === 502 ? { kind: 'siteUpdated' } : { kind: 'contactSupport' };

  const e = (error ?? {}) as ErrorLike;
  const message = typeof e.message === 'string' ? e.message : '';
  const data = (typeof e.data === 'object' && e.data ? e.data : {}) as { code?: string; appCode?: string };

  switch (data.code) {
    case 'UNAUTHORIZED':
      return message === 'USER_DELETED' || data.appCode === 'USER_DELETED' ? { kind: 'userDeleted' } : { kind: 'signIn' };
    case 'INTERNAL_SERVER_ERROR':
      return { kind: 'toast', message: message || UNKNOWN_ERROR_MESSAGE };
  }
  if (data.appCode === 'PRO_FEATURE') return { kind: 'upgrade', infoType: 'ProFeature', message: parseForbiddenUsage(message)?.message ?? message };
  if (data.appCode === 'VIDEO_GENERATING' || data.appCode === 'PARALLEL_TASK_LIMIT') return { kind: 'concurrency', message };
  if (data.appCode === 'NOT_ENOUGH_CREDITS') return { kind: 'outOfCredits', message: parseForbiddenUsage(message)?.message ?? message };
  if (data.code === 'FORBIDDEN') {
    const usage = parseForbiddenUsage(message);
    if (usage) {
      if (usage.usageType === 'video') return { kind: 'upgrade', infoType: 'VideoUsage', message: usage.message };
      if (usage.usageType === PRO_FEATURE_USAGE_TYPE) return { kind: 'upgrade', infoType: 'ProFeature', message: usage.message };
      return { kind: 'usage', ...usage };
    }
  }
  return { kind: 'toast', message: message || UNKNOWN_ERROR_MESSAGE };
}
