/**
 * Device identity (§3): a browser id from a fingerprint, stored locally so it stays stable even
 * when the fingerprint drifts. FingerprintJS (MIT) runs fully offline; its monitoring ping is off.
 */
import { isDeviceId } from '@tessera/shared/auth/rules';

const STORAGE_KEY = 'tessera.deviceId';

export async function getDeviceId(): Promise<string> {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isDeviceId(stored)) return stored;
  } catch {
    // Storage can be disabled (private mode); fall through to a fresh id.
  }
  let id: string;
  try {
    const { load } = await import('@fingerprintjs/fingerprintjs');
    const agent = await load({ monitoring: false });
    id = (await agent.get()).visitorId;
  } catch {
    id = crypto.randomUUID().replaceAll('-', '');
  }
  try {
    localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Not persisted; the next visit fingerprints again.
  }
  return id;
}
