import { describe, expect, it } from 'vitest';
import { inputProblem, isStorableText, MAX_INPUT_DEPTH } from './inputGuard.ts';

describe('isStorableText', () => {
  it.each(['', 'plain', 'emoji 👩🏽‍🎨', '夏の企画', 'مشروع', '\uD83D\uDE00'])('accepts %j', (text) => {
    expect(isStorableText(text)).toBe(true);
  });
  it.each(['a\u0000b', '\uD83D', 'x\uDE00', '\uDE00\uD83D'])('refuses %j', (text) => {
    expect(isStorableText(text)).toBe(false);
  });
});

describe('inputProblem', () => {
  it('finds unstorable text in nested values and keys', () => {
    expect(inputProblem({ a: [{ b: 'ok' }, 'fine'] })).toBeNull();
    expect(inputProblem({ a: [{ b: 'no\u0000' }] })).toBe('unsafe-text');
    expect(inputProblem({ ['k\uD800']: 1 })).toBe('unsafe-text');
  });
  it('refuses nesting past the limit without recursing', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inputProblem(deep)).toBe('too-deep');
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) fine = { fine };
    expect(inputProblem(fine)).toBeNull();
  });
  it('leaves buffers alone', () => {
    expect(inputProblem(Buffer.from([0, 0xd8]))).toBeNull();
  });
});
