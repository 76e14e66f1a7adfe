import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { isValidKey, LocalDiskStorage, ownerOfKey } from './storage.ts';

describe('media storage keys', () => {
  it.each(['u/abc/gen-1-0.png', 'u/A_b-9/x.mp4'])('accepts %s', (key) => expect(isValidKey(key)).toBe(true));
  it.each(['../etc/passwd', 'u/abc/../../x.png', 'u/abc/x.svg', 'u/abc/x.png/', '/u/abc/x.png', 'u/a b/x.png', 'u/abc/x.PNG.exe'])(
    'refuses %s',
    (key) => expect(isValidKey(key)).toBe(false),
  );
  it('knows the owner from the key', () => {
    expect(ownerOfKey('u/user123/a.png')).toBe('user123');
    expect(ownerOfKey('nope')).toBeNull();
  });
});

describe('LocalDiskStorage', () => {
  it('stores, reads back, replaces and deletes', async () => {
    const storage = new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'tessera-media-')));
    await storage.put('u/me/a.png', Buffer.from('one'), 'image/png');
    await storage.put('u/me/a.png', Buffer.from('two!'), 'image/png');
    const got = await storage.get('u/me/a.png');
    expect(got?.size).toBe(4);
    expect(await text(got!.stream)).toBe('two!');
    await storage.delete('u/me/a.png');
    expect(await storage.get('u/me/a.png')).toBeNull();
    await expect(storage.put('../x.png', Buffer.from(''), 'image/png')).rejects.toThrow(/invalid storage key/);
  });
});
