import { describe, expect, it } from 'vitest';
import { PROFILE_NAME_MAX, safeProfileName, zProfileName } from './profile.ts';

describe('profile names', () => {
  it('takes ordinary names in any script, emoji sequences included', () => {
    for (const name of ['Ada Lovelace', '李小龍', 'Zoë 👩‍👩‍👧', 'x'.repeat(PROFILE_NAME_MAX)]) expect(zProfileName.safeParse(name).success).toBe(true);
  });

  it('refuses empty, over-long, control and bidi-override names', () => {
    for (const name of ['  ', 'x'.repeat(PROFILE_NAME_MAX + 1), 'Ada\nAdmin', 'Ada\u0000', 'Ada\u202eevil', 'a\u2066b']) expect(zProfileName.safeParse(name).success).toBe(false);
  });

  it('cleans a name it cannot refuse (an identity provider’s) instead', () => {
    expect(safeProfileName('Ada\n\tLovelace', 'Guest')).toBe('Ada Lovelace');
    expect(safeProfileName('x'.repeat(200_000), 'Guest')).toHaveLength(PROFILE_NAME_MAX);
    expect(safeProfileName('\u202e', 'Guest')).toBe('Guest');
    expect(safeProfileName(undefined, 'Guest')).toBe('Guest');
  });
});
