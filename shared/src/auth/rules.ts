/**
 * Auth rules both the server and the studio agree on, without zod: the studio's entry imports
 * these (bench/bundle); auth.ts re-exports them beside the schemas.
 */

/** Passwords: at least 8 characters; long passphrases welcome (see credentials.ts for the full rule). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** A browser id from a fingerprint (§3 "Device identity"), stored locally by the studio. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const isDeviceId = (value: unknown): value is string => typeof value === 'string' && DEVICE_ID_PATTERN.test(value);

/** Derives the numeric device number sent beside the id: a stable 32-bit FNV-1a of the id. */
export function deviceNumber(deviceId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < deviceId.length; i++) {
    hash ^= deviceId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Key of the selected project in local storage; sign-out removes it (§2). */
export const SELECTED_PROJECT_STORAGE_KEY = 'tessera.selectedProject';
/** Number of anonymous sign-in attempts before the studio gives up (§9). */
export const ANONYMOUS_SIGN_IN_ATTEMPTS = 3;

/** A provider reported by GET /api/auth/providers. */
export interface AuthProvider {
  id: string;
  name: string;
  type: 'credentials' | 'oauth' | 'anonymous';
}
export type ProvidersResponse = Record<string, AuthProvider>;
const PROVIDER_TYPES: readonly string[] = ['credentials', 'oauth', 'anonymous'];

/** True when `value` has the shape of GET /api/auth/providers. */
export function isProvidersResponse(value: unknown): value is ProvidersResponse {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((p: unknown) => {
    if (!p || typeof p !== 'object') return false;
    const { id, name, type } = p as Record<string, unknown>;
    return typeof id === 'string' && typeof name === 'string' && typeof type === 'string' && PROVIDER_TYPES.includes(type);
  });
}

/** Where a sign-in may send the user afterwards: same-origin paths only (no open redirects). */
export function safeCallbackPath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}
