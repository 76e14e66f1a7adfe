import { describe, expect, it } from 'vitest';
import { addTags, normalizeTag, publishBlocker, TAG_MAX_LENGTH, TAGS_MAX } from './publishRules.ts';

describe('publishBlocker (§4)', () => {
  it('lets a finished, unprotected creation be published', () => {
    expect(publishBlocker({})).toBeNull();
    expect(publishBlocker({ status: 'ready' })).toBeNull();
    expect(publishBlocker({ status: 'succeeded', isProtected: false })).toBeNull();
    expect(publishBlocker({ status: 'unpublished' })).toBeNull();
  });

  it('blocks a video still being processed, before any other reason', () => {
    expect(publishBlocker({ status: 'processing' })).toBe('processing');
    expect(publishBlocker({ status: 'running', isProtected: true })).toBe('processing');
    expect(publishBlocker({ status: 'queued' })).toBe('processing');
  });

  it('refuses protected content', () => {
    expect(publishBlocker({ isProtected: true })).toBe('protected');
    expect(publishBlocker({ status: 'ready', isProtected: true })).toBe('protected');
  });

  it('refuses any other publish status (already published, in review, rejected, failed)', () => {
    for (const status of ['published', 'reviewing', 'rejected', 'failed', '']) expect(publishBlocker({ status }), status).toBe('status');
  });
});

describe('publish tags', () => {
  it('normalizes what was typed', () => {
    expect(normalizeTag('  #Sunset   Beach ')).toBe('sunset beach');
    expect(normalizeTag('x'.repeat(40))).toHaveLength(TAG_MAX_LENGTH);
  });

  it('adds comma-separated tags without blanks or repeats, up to the limit', () => {
    expect(addTags([], 'cat, #Cat, , dog')).toEqual(['cat', 'dog']);
    expect(addTags(['a', 'b', 'c', 'd'], 'e, f')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(addTags(['a', 'b', 'c', 'd', 'e'], 'f')).toHaveLength(TAGS_MAX);
  });
});
