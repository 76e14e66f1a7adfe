import { describe, expect, it } from 'vitest';
import { defaultSort, feedInput, parseSort, tagSearchPath, withSort } from './feedParams.ts';

describe('the ?sort= switch', () => {
  it('leads /explore with trending and every other list with the newest', () => {
    expect(defaultSort('explore')).toBe('trending');
    for (const view of ['all', 'video', 'image', 'tagDetail', 'author'] as const) expect(defaultSort(view), view).toBe('new');
  });

  it('reads a known sort from the URL and falls back to the view default for anything else', () => {
    expect(parseSort('new', 'explore')).toBe('new');
    expect(parseSort('trending', 'all')).toBe('trending');
    expect(parseSort(null, 'explore')).toBe('trending');
    expect(parseSort('', 'all')).toBe('new');
    expect(parseSort('TRENDING', 'all')).toBe('new');
    expect(parseSort('popular', 'explore')).toBe('trending');
  });

  it('writes only a non-default sort, keeping the other params', () => {
    const search = new URLSearchParams('sort=new&popup=signUp');
    expect(withSort(search, 'trending', 'explore').toString()).toBe('popup=signUp');
    expect(withSort(search, 'trending', 'all').toString()).toBe('sort=trending&popup=signUp');
    expect(withSort(new URLSearchParams(), 'new', 'explore').toString()).toBe('sort=new');
    // The input is not changed in place.
    expect(search.toString()).toBe('sort=new&popup=signUp');
  });
});

describe('feed inputs per view', () => {
  it('filters /video and /image by category and /tag-detail by its tag', () => {
    expect(feedInput('explore', 'trending')).toEqual({ sort: 'trending' });
    expect(feedInput('all', 'new')).toEqual({ sort: 'new' });
    expect(feedInput('video', 'new')).toEqual({ sort: 'new', category: 'video' });
    expect(feedInput('image', 'trending')).toEqual({ sort: 'trending', category: 'image' });
    expect(feedInput('tagDetail', 'new', 'sunset')).toEqual({ sort: 'new', tag: 'sunset' });
    // A tag outside the tag view does not filter.
    expect(feedInput('all', 'new', 'sunset')).toEqual({ sort: 'new' });
  });

  it('turns a typed tag search into its tag page, normalized like stored tags', () => {
    expect(tagSearchPath('  #Sunset   Beach ')).toBe('/tag-detail/sunset%20beach');
    expect(tagSearchPath('cats')).toBe('/tag-detail/cats');
    expect(tagSearchPath(' ## ')).toBeNull();
    expect(tagSearchPath('')).toBeNull();
  });
});
