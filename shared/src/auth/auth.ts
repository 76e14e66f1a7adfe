/** Auth schemas the server validates with; the zod-free rules they build on live in rules.ts. */
import { z } from 'zod';
import { DEVICE_ID_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './rules.ts';

export * from './rules.ts';

export const zEmail = z.string().trim().toLowerCase().pipe(z.email());
export const zPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/** A browser id from a fingerprint (§3 "Device identity"), stored locally by the studio. */
export const zDeviceId = z.string().regex(DEVICE_ID_PATTERN, 'deviceId must be 8–128 URL-safe characters');

/** Body the studio sends with an anonymous sign-in (§4). */
export const zAnonymousSignInBody = z.object({
  deviceId: zDeviceId.optional(),
  deviceNo: z.number().int().nonnegative().optional(),
  version: z.literal('v1').optional(),
});
export type AnonymousSignInBody = z.infer<typeof zAnonymousSignInBody>;

/** Providers reported by GET /api/auth/providers. */
export const zAuthProvider = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['credentials', 'oauth', 'anonymous']),
});
export const zProvidersResponse = z.record(z.string(), zAuthProvider);
