import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { classifyError, HtmlResponseError } from './clientErrors.ts';

function rpcError(message: string, data: Record<string, unknown>) {
  return new TRPCClientError(message, { result: { error: { code: -32000, message, data } } as never });
}

describe('classifyError (§8 client reactions)', () => {
  it('passes aborts silently, however deep', () => {
    const abort = new DOMException('aborted', 'AbortError');
    expect(classifyError(abort)).toEqual({ kind: 'silent' });
    expect(classifyError(new TRPCClientError('x', { cause: abort }))).toEqual({ kind: 'silent' });
  });

  it('asks to refresh when an API call gets an HTML 403 or 502 page', () => {
    expect(classifyError(new TRPCClientError('x', { cause: new HtmlResponseError(502) }))).toEqual({ kind: 'siteUpdated' });
    expect(classifyError(new TRPCClientError('x', { cause: new HtmlResponseError(403) }))).toEqual({ kind: 'siteUpdated' });
  });

  it('offers support for other HTML error pages', () => {
    expect(classifyError(new TRPCClientError('x', { cause: new HtmlResponseError(500) }))).toEqual({ kind: 'contactSupport' });
  });

  it('opens sign-in on UNAUTHORIZED', () => {
    expect(classifyError(rpcError('Please sign in', { code: 'UNAUTHORIZED', httpStatus: 401 }))).toEqual({ kind: 'signIn' });
  });

  it('tells a deleted account (USER_DELETED) apart from a plain UNAUTHORIZED', () => {
    expect(classifyError(rpcError('USER_DELETED', { code: 'UNAUTHORIZED', httpStatus: 401, appCode: 'USER_DELETED' }))).toEqual({ kind: 'userDeleted' });
    expect(classifyError(rpcError('USER_DELETED', { code: 'UNAUTHORIZED', httpStatus: 401 }))).toEqual({ kind: 'userDeleted' });
    expect(classifyError(rpcError('USER_DELETED', { code: 'BAD_REQUEST', httpStatus: 400 }))).toEqual({ kind: 'toast', message: 'USER_DELETED' });
  });

  it('falls back to UNKNOWN ERROR for internal errors without a message', () => {
    expect(classifyError(rpcError('', { code: 'INTERNAL_SERVER_ERROR' }))).toEqual({ kind: 'toast', message: 'UNKNOWN ERROR' });
  });

  it('parses forbidden usage messages', () => {
    expect(classifyError(rpcError('tessera::credits::Not enough credits. Please add more.', { code: 'FORBIDDEN' }))).toEqual({
      kind: 'usage',
      app: 'tessera',
      usageType: 'credits',
      message: 'Not enough credits. Please add more.',
    });
    expect(classifyError(rpcError('tessera::video::Limit reached', { code: 'FORBIDDEN' }))).toEqual({
      kind: 'upgrade',
      infoType: 'VideoUsage',
      message: 'Limit reached',
    });
  });

  it('routes pro-feature and video-generating errors to their popups', () => {
    expect(classifyError(rpcError('Paid plan', { code: 'FORBIDDEN', appCode: 'PRO_FEATURE' }))).toMatchObject({ kind: 'upgrade', infoType: 'ProFeature' });
    // §8's app::usageType::message form: the popup shows the message part, with or without the appCode.
    const proFeature = 'tessera::pro_feature::This feature needs a paid plan.';
    expect(classifyError(rpcError(proFeature, { code: 'FORBIDDEN', appCode: 'PRO_FEATURE' }))).toEqual({ kind: 'upgrade', infoType: 'ProFeature', message: 'This feature needs a paid plan.' });
    expect(classifyError(rpcError(proFeature, { code: 'FORBIDDEN' }))).toEqual({ kind: 'upgrade', infoType: 'ProFeature', message: 'This feature needs a paid plan.' });
    expect(classifyError(rpcError('Video generating', { code: 'CONFLICT', appCode: 'VIDEO_GENERATING' }))).toMatchObject({ kind: 'concurrency' });
  });

  it('opens the upgrade popup when credits run out and the concurrency popup at the parallel limit', () => {
    expect(
      classifyError(rpcError('tessera::credits::Not enough credits. Please add more.', { code: 'FORBIDDEN', appCode: 'NOT_ENOUGH_CREDITS' })),
    ).toEqual({ kind: 'outOfCredits', message: 'Not enough credits. Please add more.' });
    expect(
      classifyError(rpcError('Parallel task limit reached. Please wait for some tasks to complete.', { code: 'TOO_MANY_REQUESTS', appCode: 'PARALLEL_TASK_LIMIT' })),
    ).toEqual({ kind: 'concurrency', message: 'Parallel task limit reached. Please wait for some tasks to complete.' });
  });

  it('shows other messages as they are', () => {
    expect(classifyError(rpcError('Incorrect Parameter', { code: 'BAD_REQUEST' }))).toEqual({ kind: 'toast', message: 'Incorrect Parameter' });
    expect(classifyError(new Error('boom'))).toEqual({ kind: 'toast', message: 'boom' });
  });
});
