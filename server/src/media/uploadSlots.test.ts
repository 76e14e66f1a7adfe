import { describe, expect, it } from 'vitest';
import { UploadSlots } from './uploadSlots.ts';

describe('UploadSlots', () => {
  it('refuses an upload over any of its limits and takes no slot for it', () => {
    const slots = new UploadSlots();
    const keys = (session: string) => [
      { key: `session:${session}`, max: 2 },
      { key: 'ip:1', max: 3 },
    ];
    const a1 = slots.tryAcquire(keys('a'));
    const a2 = slots.tryAcquire(keys('a'));
    expect(slots.tryAcquire(keys('a'))).toBeNull();
    expect(slots.tryAcquire(keys('b'))).not.toBeNull();
    expect(slots.tryAcquire(keys('c'))).toBeNull();
    expect(slots.count('session:c')).toBe(0);
    a1?.();
    a1?.();
    expect(slots.count('session:a')).toBe(1);
    expect(slots.count('ip:1')).toBe(2);
    a2?.();
    expect(slots.count('session:a')).toBe(0);
  });
});
