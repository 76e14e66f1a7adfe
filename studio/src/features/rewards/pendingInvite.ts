/**
 * Invite links (§8): a visitor who arrives with `?invite=CODE` (or types a code while signing
 * up) keeps it in local storage until they have an e-mail account; then it is redeemed once.
 * The stored code is cleared before the call, so a failure never repeats on every page load.
 */
import { type InviteRedeemStatus, normalizeInviteCode as normalizeCode } from '@tessera/shared/rewards';

export const INVITE_STORAGE_KEY = 'tessera.inviteCode';
export const INVITE_PARAM = 'invite';

type CodeStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function localStore(): CodeStorage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled (privacy mode, sandboxed frame): invite links simply do nothing.
    return null;
  }
}

/** The code in the server's canonical form (trimmed, upper case), or null when it cannot be one. */
export function normalizeInviteCode(raw: string | null | undefined): string | null {
  return normalizeCode(raw ?? '');
}

export function readPendingInvite(storage: CodeStorage | null = localStore()): string | null {
  return normalizeInviteCode(storage?.getItem(INVITE_STORAGE_KEY));
}

/** Keeps a code for later; returns false (and keeps nothing) when it is not a possible code. */
export function storePendingInvite(raw: string, storage: CodeStorage | null = localStore()): boolean {
  const code = normalizeInviteCode(raw);
  if (!code || !storage) return false;
  storage.setItem(INVITE_STORAGE_KEY, code);
  return true;
}

export function clearPendingInvite(storage: CodeStorage | null = localStore()): void {
  storage?.removeItem(INVITE_STORAGE_KEY);
}

/**
 * Takes `?invite=CODE` out of a location's search string: stores the code and returns the search
 * without the parameter ('' or '?…'), or null when there was no such parameter.
 */
export function takeInviteParam(search: string, storage: CodeStorage | null = localStore()): string | null {
  const params = new URLSearchParams(search);
  if (!params.has(INVITE_PARAM)) return null;
  storePendingInvite(params.get(INVITE_PARAM) ?? '', storage);
  params.delete(INVITE_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export interface InviteRedeemAnswer {
  status: InviteRedeemStatus;
  credits: number;
  message: string | null;
}

export type PendingInviteOutcome = { code: string; ok: true; answer: InviteRedeemAnswer } | { code: string; ok: false; message: string };

/** Redeems the stored code, if any, exactly once; null when there was nothing to redeem. */
export async function redeemPendingInvite(
  redeem: (code: string) => Promise<InviteRedeemAnswer>,
  storage: CodeStorage | null = localStore(),
): Promise<PendingInviteOutcome | null> {
  const code = readPendingInvite(storage);
  clearPendingInvite(storage);
  if (!code) return null;
  try {
    return { code, ok: true, answer: await redeem(code) };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    return { code, ok: false, message };
  }
}

/**
 * What the sign-up form's invite field held when the visitor continued: a code to keep, nothing
 * (an emptied field forgets a code from a link), or null when it cannot be a code.
 */
export function rememberTypedInvite(raw: string, storage: CodeStorage | null = localStore()): boolean {
  if (!raw.trim()) {
    clearPendingInvite(storage);
    return true;
  }
  return storePendingInvite(raw, storage) || !storage;
}
