import { describe, expect, it } from 'vitest';
import {
  AppError,
  ERROR_CATALOGUE,
  formatForbiddenUsage,
  httpErrorBody,
  httpStatusOf,
  parseForbiddenUsage,
} from './errors.ts';

describe('wire codes (§8)', () => {
  it.each([
    ['PARSE_ERROR', 400],
    ['BAD_REQUEST', 400],
    ['UNAUTHORIZED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['METHOD_NOT_SUPPORTED', 405],
    ['TIMEOUT', 408],
    ['CONFLICT', 409],
    ['PRECONDITION_FAILED', 412],
    ['PAYLOAD_TOO_LARGE', 413],
    ['UNPROCESSABLE_CONTENT', 422],
    ['TOO_MANY_REQUESTS', 429],
    ['CLIENT_CLOSED_REQUEST', 499],
    ['INTERNAL_SERVER_ERROR', 500],
    ['NOT_IMPLEMENTED', 501],
  ])('%s answers %i', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });

  it('maps an unknown code to 500', () => {
    expect(httpStatusOf('SOMETHING_NEW')).toBe(500);
  });
});

describe('catalogue', () => {
  it('keeps the spec wording of the auth messages', () => {
    expect(ERROR_CATALOGUE.EMAIL_PASSWORD_REQUIRED.message).toBe('Email and password are required.');
    expect(ERROR_CATALOGUE.INVALID_CREDENTIALS.message).toBe('Incorrect username or password.');
    expect(ERROR_CATALOGUE.EMAIL_REGISTERED.message).toBe('The email has been registered.');
  });

  it('has no two entries with the same message and code', () => {
    const seen = new Set<string>();
    for (const { code, message } of Object.values(ERROR_CATALOGUE)) {
      const key = `${code}:${message}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('builds an HTTP error body in the tRPC shape', () => {
    expect(httpErrorBody('NOT_FOUND', '/api/nope')).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'Not found.',
        data: { code: 'NOT_FOUND', httpStatus: 404, appCode: 'NOT_FOUND', path: '/api/nope' },
      },
    });
  });
});

describe('forbidden usage messages', () => {
  it('round-trips app::usageType::message', () => {
    const text = formatForbiddenUsage({ app: 'tessera', usageType: 'credits' }, 'Not enough credits. Please add more.');
    expect(text).toBe('tessera::credits::Not enough credits. Please add more.');
    expect(parseForbiddenUsage(text)).toEqual({
      app: 'tessera',
      usageType: 'credits',
      message: 'Not enough credits. Please add more.',
    });
  });

  it('keeps separators inside the message', () => {
    expect(parseForbiddenUsage('a::b::c::d')?.message).toBe('c::d');
  });

  it('returns null for plain messages', () => {
    expect(parseForbiddenUsage('Video generating')).toBeNull();
    expect(parseForbiddenUsage('::credits::x')).toBeNull();
  });

  it('AppError carries the usage prefix and status', () => {
    const err = new AppError('NOT_ENOUGH_CREDITS', { usage: { app: 'tessera', usageType: 'credits' } });
    expect(err.message).toBe('tessera::credits::Not enough credits. Please add more.');
    expect(err.wireCode).toBe('FORBIDDEN');
    expect(err.httpStatus).toBe(403);
  });
});
