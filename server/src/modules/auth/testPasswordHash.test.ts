import { describe, expect, it } from 'vitest';
import { testPasswordHash } from './testPasswordHash.ts';

describe('testPasswordHash', () => {
  it('hashes in better-auth’s salt:key form, salted per hash, and verifies only the same password', async () => {
    const first = await testPasswordHash.hash('correct horse battery');
    const second = await testPasswordHash.hash('correct horse battery');
    expect(first).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(second).not.toBe(first);
    expect(await testPasswordHash.verify({ hash: first, password: 'correct horse battery' })).toBe(true);
    expect(await testPasswordHash.verify({ hash: first, password: 'correct horse batterY' })).toBe(false);
    // NFKC: the same password typed with a composed or a decomposed accent.
    const accented = await testPasswordHash.hash('caf\u00e9 au lait');
    expect(await testPasswordHash.verify({ hash: accented, password: 'cafe\u0301 au lait' })).toBe(true);
    expect(await testPasswordHash.verify({ hash: 'not-a-hash', password: 'x' })).toBe(false);
  });
});
