import { describe, expect, it } from 'vitest';
import { isValidKey, ownerOfKey } from './storage.ts';

// The stores themselves: one contract for disk and S3 in server/test/media-storage.int.test.ts.
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
