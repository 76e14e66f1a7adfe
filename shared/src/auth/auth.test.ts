import { describe, expect, it } from 'vitest';
import { deviceNumber, safeCallbackPath, zDeviceId } from './auth.ts';

describe('auth rules', () => {
  it('derives a stable 32-bit device number', () => {
    expect(deviceNumber('abc12345')).toBe(deviceNumber('abc12345'));
    expect(deviceNumber('abc12345')).not.toBe(deviceNumber('abc12346'));
    expect(deviceNumber('x'.repeat(100))).toBeLessThan(2 ** 32);
  });

  it('accepts only URL-safe device ids of sane length', () => {
    expect(zDeviceId.safeParse('d8f2a9c01b').success).toBe(true);
    expect(zDeviceId.safeParse('short').success).toBe(false);
    expect(zDeviceId.safeParse('has space in it').success).toBe(false);
  });

  it('keeps callbacks on our own origin', () => {
    expect(safeCallbackPath('/app/canvas?x=1')).toBe('/app/canvas?x=1');
    expect(safeCallbackPath('https://evil.example')).toBe('/');
    expect(safeCallbackPath('//evil.example')).toBe('/');
    expect(safeCallbackPath('/\\evil.example')).toBe('/');
    expect(safeCallbackPath(undefined, '/home')).toBe('/home');
  });
});
