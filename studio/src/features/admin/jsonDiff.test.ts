import { describe, expect, it } from 'vitest';
import { deepEqual, formatLeaf, jsonDiff } from './jsonDiff.ts';

describe('jsonDiff', () => {
  it('lists only the leaves that changed, with their paths', () => {
    const before = { id: 'glow', name: 'Glow', cost: 2, options: { speed: 1, mode: 'a' }, tags: ['x', 'y'] };
    const after = { id: 'glow', name: 'Glow 2', cost: 2, options: { speed: 1.5, mode: 'a', loop: true }, tags: ['x'] };
    expect(jsonDiff(before, after)).toEqual([
      { path: 'name', kind: 'changed', before: 'Glow', after: 'Glow 2' },
      { path: 'options.speed', kind: 'changed', before: 1, after: 1.5 },
      { path: 'options.loop', kind: 'added', after: true },
      { path: 'tags[1]', kind: 'removed', before: 'y' },
    ]);
  });

  it('shows every field of a created row as added and of a deleted row as removed', () => {
    expect(jsonDiff(null, { id: 'a', sortOrder: 0 })).toEqual([
      { path: 'id', kind: 'added', after: 'a' },
      { path: 'sortOrder', kind: 'added', after: 0 },
    ]);
    expect(jsonDiff({ id: 'a' }, null)).toEqual([{ path: 'id', kind: 'removed', before: 'a' }]);
  });

  it('reports nothing for equal values and a whole-value change for scalars or changed shapes', () => {
    expect(jsonDiff({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    expect(jsonDiff({ remaining: 10 }, { remaining: 35 })).toEqual([{ path: 'remaining', kind: 'changed', before: 10, after: 35 }]);
    expect(jsonDiff({ a: [1] }, { a: { 0: 1 } })).toEqual([{ path: 'a', kind: 'changed', before: [1], after: { 0: 1 } }]);
    expect(jsonDiff(null, 'x')).toEqual([{ path: '', kind: 'changed', before: null, after: 'x' }]);
  });

  it('compares deeply and formats leaves for display', () => {
    expect(deepEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(formatLeaf('text')).toBe('text');
    expect(formatLeaf({ a: 1 })).toBe('{"a":1}');
    expect(formatLeaf(null)).toBe('null');
    expect(formatLeaf(undefined)).toBe('');
  });
});
