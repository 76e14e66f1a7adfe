import type { ContentDetail } from '@tessera/shared/feed';
import { describe, expect, it } from 'vitest';
import { applyLike } from './useContentLike.ts';

const detail = (liked: boolean, likeCount: number) => ({ id: 'c1', liked, likeCount }) as ContentDetail;

describe('applyLike (the optimistic heart)', () => {
  it('counts a like and an unlike once', () => {
    expect(applyLike(detail(false, 0), true)).toMatchObject({ liked: true, likeCount: 1 });
    expect(applyLike(detail(true, 5), false)).toMatchObject({ liked: false, likeCount: 4 });
  });

  it('leaves the count alone when the state does not change, and never goes below zero', () => {
    const liked = detail(true, 3);
    expect(applyLike(liked, true)).toBe(liked);
    expect(applyLike(detail(true, 0), false)).toMatchObject({ liked: false, likeCount: 0 });
  });
});
