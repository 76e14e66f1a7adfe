import { describe, expect, it } from 'vitest';
import type { Peer } from '../engine/types.ts';
import { colorForUser, initialsOf, PRESENCE_COLORS, presenceAvatars } from './presenceList.ts';

const peer = (clientId: number, id: string, name: string): Peer => ({ clientId, user: { id, name, color: '#000000' }, cursor: null, selection: [], view: null, drag: null });

describe('presenceAvatars (who is here)', () => {
  it('shows each collaborator once, never me, sorted by name', () => {
    const { visible, overflow } = presenceAvatars([peer(9, 'b', 'Bea Bauer'), peer(3, 'me', 'Me'), peer(4, 'a', 'Ada'), peer(2, 'b', 'Bea Bauer')], 'me');
    expect(visible.map((a) => a.user.name)).toEqual(['Ada', 'Bea Bauer']);
    // Bea has two tabs: following her uses the lower (older) client id.
    expect(visible[1]!.clientId).toBe(2);
    expect(visible[1]!.initials).toBe('BB');
    expect(overflow).toBe(0);
  });

  it('counts the people past the visible ones', () => {
    const peers = Array.from({ length: 8 }, (_, i) => peer(i, `u${i}`, `User ${i}`));
    const { visible, overflow } = presenceAvatars(peers, null, 5);
    expect(visible).toHaveLength(5);
    expect(overflow).toBe(3);
  });

  it('skips awareness states without a user (a client still starting)', () => {
    const broken = { clientId: 1, cursor: null, selection: [], view: null } as unknown as Peer;
    expect(presenceAvatars([broken], null).visible).toEqual([]);
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first and last word', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  grace   brewster hopper ')).toBe('GH');
    expect(initialsOf('émile')).toBe('É');
    expect(initialsOf('')).toBe('?');
  });
});

describe('colorForUser', () => {
  it('gives a user the same palette colour every time', () => {
    expect(colorForUser('user-1')).toBe(colorForUser('user-1'));
    expect(PRESENCE_COLORS).toContain(colorForUser('user-2'));
    const colours = new Set(Array.from({ length: 50 }, (_, i) => colorForUser(`user-${i}`)));
    expect(colours.size).toBeGreaterThan(5);
  });
});
