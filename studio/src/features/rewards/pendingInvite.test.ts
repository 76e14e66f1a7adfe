import { describe, expect, it, vi } from 'vitest';
import {
  INVITE_STORAGE_KEY,
  normalizeInviteCode,
  readPendingInvite,
  redeemPendingInvite,
  rememberTypedInvite,
  storePendingInvite,
  takeInviteParam,
} from './pendingInvite.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('pending invite', () => {
  it('normalizes codes the way the server does and rejects what cannot be one', () => {
    expect(normalizeInviteCode(' ab3k9xyz ')).toBe('AB3K9XYZ');
    expect(normalizeInviteCode('no spaces')).toBeNull();
    expect(normalizeInviteCode('ab')).toBeNull();
    expect(normalizeInviteCode(null)).toBeNull();
  });

  it('takes ?invite= out of the URL, keeping the other parameters, and stores the code', () => {
    const storage = memoryStorage();
    expect(takeInviteParam('?invite=abcd2345&utm=x', storage)).toBe('?utm=x');
    expect(storage.map.get(INVITE_STORAGE_KEY)).toBe('ABCD2345');
    expect(takeInviteParam('?invite=WXYZ6789', storage)).toBe('');
    expect(readPendingInvite(storage)).toBe('WXYZ6789');
    expect(takeInviteParam('?kind=image', storage)).toBeNull();
    expect(takeInviteParam('', storage)).toBeNull();
  });

  it('does not store a malformed code from a link', () => {
    const storage = memoryStorage();
    expect(takeInviteParam('?invite=%3Cscript%3E', storage)).toBe('');
    expect(readPendingInvite(storage)).toBeNull();
    expect(storePendingInvite('', storage)).toBe(false);
  });

  it('redeems once and clears the code whatever the outcome', async () => {
    const storage = memoryStorage();
    storePendingInvite('abcd2345', storage);
    const redeem = vi.fn(async () => ({ status: 'rewarded' as const, credits: 10, message: null }));
    expect(await redeemPendingInvite(redeem, storage)).toEqual({ code: 'ABCD2345', ok: true, answer: { status: 'rewarded', credits: 10, message: null } });
    expect(redeem).toHaveBeenCalledWith('ABCD2345');
    expect(readPendingInvite(storage)).toBeNull();
    // Nothing stored: nothing to call.
    expect(await redeemPendingInvite(redeem, storage)).toBeNull();
    expect(redeem).toHaveBeenCalledTimes(1);

    storePendingInvite('ZZZZ9999', storage);
    const failing = vi.fn(async () => {
      throw new Error('Please enter the correct invite code.');
    });
    expect(await redeemPendingInvite(failing, storage)).toEqual({ code: 'ZZZZ9999', ok: false, message: 'Please enter the correct invite code.' });
    expect(readPendingInvite(storage)).toBeNull();
  });

  it('survives storage that is not available', async () => {
    expect(readPendingInvite(null)).toBeNull();
    expect(storePendingInvite('ABCD2345', null)).toBe(false);
    expect(await redeemPendingInvite(async () => ({ status: 'rewarded', credits: 10, message: null }), null)).toBeNull();
  });

  it('keeps what the sign-up field held: a code, nothing, or refuses what cannot be a code', () => {
    const storage = memoryStorage();
    storePendingInvite('ABCD2345', storage);
    expect(rememberTypedInvite(' wxyz6789 ', storage)).toBe(true);
    expect(readPendingInvite(storage)).toBe('WXYZ6789');
    expect(rememberTypedInvite('not a code!', storage)).toBe(false);
    expect(readPendingInvite(storage)).toBe('WXYZ6789');
    // Emptying the field forgets the code a link brought.
    expect(rememberTypedInvite('  ', storage)).toBe(true);
    expect(readPendingInvite(storage)).toBeNull();
  });
});
