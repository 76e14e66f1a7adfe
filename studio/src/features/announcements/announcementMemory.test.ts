// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { DISMISSED_ANNOUNCEMENTS_KEY, dismissedAnnouncementIds, isAnnouncementDismissed, rememberAnnouncementDismissed } from './announcementMemory.ts';

beforeEach(() => localStorage.clear());

describe('announcement dismissal memory', () => {
  it('shows an announcement until the visitor closes it, then never again in this browser', () => {
    expect(isAnnouncementDismissed('launch-1')).toBe(false);
    rememberAnnouncementDismissed('launch-1');
    expect(isAnnouncementDismissed('launch-1')).toBe(true);
    // A new announcement has a new id, and shows.
    expect(isAnnouncementDismissed('launch-2')).toBe(false);
  });

  it('keeps each id once, newest last, and forgets the oldest beyond fifty', () => {
    rememberAnnouncementDismissed('a');
    rememberAnnouncementDismissed('b');
    rememberAnnouncementDismissed('a');
    expect(dismissedAnnouncementIds()).toEqual(['b', 'a']);
    for (let i = 0; i < 60; i++) rememberAnnouncementDismissed(`n${i}`);
    const ids = dismissedAnnouncementIds();
    expect(ids).toHaveLength(50);
    expect(ids.at(-1)).toBe('n59');
    expect(isAnnouncementDismissed('b')).toBe(false);
  });

  it('treats damaged or foreign values as nothing dismissed, and repairs them on the next close', () => {
    localStorage.setItem(DISMISSED_ANNOUNCEMENTS_KEY, '{broken');
    expect(isAnnouncementDismissed('x')).toBe(false);
    localStorage.setItem(DISMISSED_ANNOUNCEMENTS_KEY, JSON.stringify({ x: true }));
    expect(isAnnouncementDismissed('x')).toBe(false);
    localStorage.setItem(DISMISSED_ANNOUNCEMENTS_KEY, JSON.stringify(['x', 3, null]));
    expect(dismissedAnnouncementIds()).toEqual(['x']);
    rememberAnnouncementDismissed('y');
    expect(JSON.parse(localStorage.getItem(DISMISSED_ANNOUNCEMENTS_KEY)!)).toEqual(['x', 'y']);
  });

  it('never throws when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(isAnnouncementDismissed('a', blocked)).toBe(false);
    expect(() => rememberAnnouncementDismissed('a', blocked)).not.toThrow();
    expect(isAnnouncementDismissed('a', null)).toBe(false);
  });
});
