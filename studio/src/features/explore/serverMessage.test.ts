import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { serverMessage } from './serverMessage.ts';

/** A client error as the tRPC link builds it from the server's §7 error shape. */
const rpcError = (message: string, data: Record<string, unknown>) =>
  TRPCClientError.from({ error: { code: -32600, message, data } } as unknown as Parameters<typeof TRPCClientError.from>[0]);

describe('serverMessage', () => {
  it("says the server's message for answers about the request", () => {
    expect(serverMessage(rpcError('Email has not been verified yet.', { code: 'FORBIDDEN', httpStatus: 403, appCode: 'EMAIL_NOT_VERIFIED' }))).toBe(
      'Email has not been verified yet.',
    );
    expect(serverMessage(rpcError('Report already exists.', { code: 'CONFLICT', httpStatus: 409 }))).toBe('Report already exists.');
  });

  it('prefers the first field issue of a validation error', () => {
    const error = rpcError('incorrect parameter', { code: 'BAD_REQUEST', httpStatus: 400, issues: [{ path: 'title', message: 'Title is required.' }] });
    expect(serverMessage(error)).toBe('Title is required.');
  });

  it('leaves server failures and non-RPC errors to the dialog text', () => {
    expect(serverMessage(rpcError('UNKNOWN ERROR', { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 }))).toBeNull();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeNull();
    expect(serverMessage(null)).toBeNull();
  });
});
