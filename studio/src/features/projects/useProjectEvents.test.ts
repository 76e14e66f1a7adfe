import { describe, expect, it } from 'vitest';
import { isOnProjectPage, lostAccess } from './useProjectEvents.ts';

const P = '0b7c2f7e-8a39-4d4b-9a53-2f3f3c1f7a10';

describe('project:changed reactions', () => {
  it('takes the project away from me only when it is deleted or I am among the removed', () => {
    expect(lostAccess({ projectId: P, change: 'deleted' }, 'me')).toBe(true);
    expect(lostAccess({ projectId: P, change: 'members', removed: ['me'] }, 'me')).toBe(true);
    expect(lostAccess({ projectId: P, change: 'members', removed: ['bob'] }, 'me')).toBe(false);
    expect(lostAccess({ projectId: P, change: 'members' }, 'me')).toBe(false);
    expect(lostAccess({ projectId: P, change: 'meta' }, 'me')).toBe(false);
    expect(lostAccess({ projectId: P, change: 'members', removed: ['me'] }, undefined)).toBe(false);
  });

  it("knows the project's own pages, in any language", () => {
    expect(isOnProjectPage(`/app/canvas/${P}`, P)).toBe(true);
    expect(isOnProjectPage(`/de/app/canvas/${P}`, P)).toBe(true);
    expect(isOnProjectPage(`/app/canvas/${P}/`, P)).toBe(true);
    expect(isOnProjectPage(`/app/canvas/${P}x`, P)).toBe(false);
    expect(isOnProjectPage('/app/canvas/other', P)).toBe(false);
    expect(isOnProjectPage('/app/projects', P)).toBe(false);
  });
});
