/** What makes two API requests "the same" for an Idempotency-Key, and which answers are kept. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canonicalJson, idempotencyKeyOf, isReplayable, requestHashOf } from './idempotency.ts';

describe('requestHashOf', () => {
  it('is the same for the same fields in another order, at any depth', () => {
    const a = requestHashOf('POST', '/api/v1/generations/text-to-image', { prompt: 'fox', background: { type: 'color', color: '#fff' } });
    const b = requestHashOf('post', '/api/v1/generations/text-to-image', { background: { color: '#fff', type: 'color' }, prompt: 'fox' });
    expect(a).toBe(b);
    expect(canonicalJson({ b: [2, { d: 1, c: null }], a: undefined })).toBe('{"b":[2,{"c":null,"d":1}]}');
  });

  it('differs for another body, path or method', () => {
    const base = requestHashOf('POST', '/api/v1/generations/text-to-image', { prompt: 'fox' });
    expect(requestHashOf('POST', '/api/v1/generations/text-to-image', { prompt: 'fox ' })).not.toBe(base);
    expect(requestHashOf('POST', '/api/v1/generations/text-to-video', { prompt: 'fox' })).not.toBe(base);
    expect(requestHashOf('PUT', '/api/v1/generations/text-to-image', { prompt: 'fox' })).not.toBe(base);
    expect(requestHashOf('POST', '/api/v1/generations/text-to-image', ['fox'])).not.toBe(requestHashOf('POST', '/api/v1/generations/text-to-image', { 0: 'fox' }));
  });
});

describe('idempotencyKeyOf', () => {
  it('reads the header, trimmed, and refuses an empty, long or non-ASCII key as invalid input', () => {
    expect(idempotencyKeyOf({})).toBeNull();
    expect(idempotencyKeyOf({ 'idempotency-key': ' 5f0c-order-12 ' })).toBe('5f0c-order-12');
    expect(idempotencyKeyOf({ 'idempotency-key': 'k'.repeat(255) })).toHaveLength(255);
    for (const bad of ['', '   ', 'k'.repeat(256), 'clé']) expect(() => idempotencyKeyOf({ 'idempotency-key': bad })).toThrow(z.ZodError);
  });
});

describe('isReplayable', () => {
  it('keeps successes and client errors, not "try again" answers', () => {
    expect([201, 200, 400, 403, 404, 422].every(isReplayable)).toBe(true);
    expect([429, 500, 502, 503].some(isReplayable)).toBe(false);
  });
});
