/** Auth rules both the server and the studio agree on. */
import { z } from 'zod';

/** Passwords: at least 8 characters; long passphrases welcome (see credentials.ts for the full rule). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const zEmail = z.string().trim().toLowerCase().pipe(z.email());
export const zPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/** A browser id from a fingerprint (§3 "Device identity"), stored locally by the studio. */
export const zDeviceId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,128}$/, 'deviceId must be 8–128 URL-safe characters');

/** Body the studio sends with an anonymous sign-in (§4). */
export const zAnonymousSignInBody = z.object({
  deviceId: zDeviceId.optional(),
  deviceNo: z.number().int().nonnegative().optional(),
  version: z.literal('v1').optional(),
});
export type AnonymousSignInBody = z.infer<typeof zAnonymousSignInBody>;

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

/** Providers reported by GET /api/auth/providers. */
export const zAuthProvider = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['credentials', 'oauth', 'anonymous']),
});
export const zProvidersResponse = z.record(z.string(), zAuthProvider);
export type ProvidersResponse = z.infer<typeof zProvidersResponse>;

/** Where a sign-in may send the user afterwards: same-origin paths only (no open redirects). */
export function safeCallbackPath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}
