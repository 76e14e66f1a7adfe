/**
 * §4: an unauthenticated visitor outside /app gets an anonymous sign-in (device id, derived
 * device number, version v1, no redirect), after checking the providers list, retried up to
 * three times.
 *
 * "Only when no session cookie exists": the session cookie is httpOnly, so script cannot read
 * it. We use the next best signal: the session read succeeded and returned no session. A read
 * that failed (network, server down) never triggers an anonymous sign-in.
 */
import { ANONYMOUS_SIGN_IN_ATTEMPTS, deviceNumber, isProvidersResponse } from '@tessera/shared/auth/rules';
import { getDeviceId } from '../../lib/device.ts';

export function needsAnonymousSignIn(opts: { pathname: string; sessionPending: boolean; hasSession: boolean; sessionError: boolean }) {
  return !opts.sessionPending && !opts.hasSession && !opts.sessionError && !opts.pathname.includes('/app');
}

async function attempt(): Promise<boolean> {
  const providersRes = await fetch('/api/auth/providers', { credentials: 'same-origin' });
  if (!providersRes.ok) throw new Error(`providers: ${providersRes.status}`);
  const providers: unknown = await providersRes.json();
  if (!isProvidersResponse(providers)) throw new Error('providers: unexpected response');
  if (!providers['anonymous-user']) return false;
  const deviceId = await getDeviceId();
  const res = await fetch('/api/auth/sign-in/anonymous', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ deviceId, deviceNo: deviceNumber(deviceId), version: 'v1' }),
  });
  if (!res.ok) throw new Error(`anonymous sign-in: ${res.status}`);
  return true;
}

/** Returns true when a session was created. Waits 0.5 s, then 1 s between attempts. */
export async function signInAnonymously(attempts = ANONYMOUS_SIGN_IN_ATTEMPTS, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  for (let i = 0; i < attempts; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i === attempts - 1) {
        console.warn('[tessera] anonymous sign-in failed', error);
        return false;
      }
      await wait(500 * 2 ** i);
    }
  }
  return false;
}
