import { describe, expect, it } from 'vitest';
import { effectiveUserGroup, parseUserGroup, randomUserGroup, userGroupBand } from './userGroup.ts';

describe('user groups (§3, §5)', () => {
  it.each([
    [101, 'A'],
    [110, 'A'],
    [111, 'B'],
    [125, 'C'],
    [131, 'D'],
    [150, 'E'],
    [151, 'F'],
    [160, 'F'],
    [100, 'B'],
    [161, 'B'],
    [null, 'B'],
    [120.5, 'B'],
  ])('group %s is band %s', (group, band) => {
    expect(userGroupBand(group)).toBe(band);
  });

  it('parses only plain in-range cookie values', () => {
    expect(parseUserGroup('133')).toBe(133);
    expect(parseUserGroup(' 101 ')).toBe(101);
    expect(parseUserGroup('100')).toBeNull();
    expect(parseUserGroup('1e2')).toBeNull();
    expect(parseUserGroup('abc')).toBeNull();
    expect(parseUserGroup(undefined)).toBeNull();
  });

  it('draws random groups inside 101–160, both ends reachable', () => {
    expect(randomUserGroup(() => 0)).toBe(101);
    expect(randomUserGroup(() => 0.999999)).toBe(160);
    for (let i = 0; i < 200; i++) {
      const g = randomUserGroup();
      expect(g).toBeGreaterThanOrEqual(101);
      expect(g).toBeLessThanOrEqual(160);
    }
  });

  it('lets the server group override the cookie, and a bad cookie fall back to random', () => {
    expect(effectiveUserGroup({ serverGroup: 150, cookieValue: '101' })).toBe(150);
    expect(effectiveUserGroup({ cookieValue: '101' })).toBe(101);
    expect(effectiveUserGroup({ cookieValue: '999', random: () => 0 })).toBe(101);
  });
});
