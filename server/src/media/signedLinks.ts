/**
 * Short-lived links to stored media for hosted model providers, which fetch a task's inputs
 * themselves: `{PUBLIC_URL}/api/media/<key>?exp=<unix s>&sig=<hmac>`. The signature is an
 * HMAC-SHA256 of the key and expiry under a key derived from AUTH_SECRET, so a link opens exactly
 * one file until it expires and cannot be widened to another. They work on the local disk store
 * and on S3 alike (the app streams the file), so providers never need bucket credentials.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Long enough for a provider's queue to reach the job; short enough to be useless when leaked. */
export const MEDIA_LINK_TTL_S = 2 * 60 * 60;

function linkKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('tessera media links v1').digest();
}

function signature(secret: string, key: string, exp: number): string {
  return createHmac('sha256', linkKey(secret)).update(`${key}\n${exp}`).digest('base64url');
}

export interface MediaLinks {
  url(key: string, ttlS?: number): string;
}

export function createMediaLinks(opts: { publicUrl: string; secret: string; now?: () => number }): MediaLinks {
  const now = opts.now ?? Date.now;
  return {
    url(key, ttlS = MEDIA_LINK_TTL_S) {
      const exp = Math.floor(now() / 1000) + ttlS;
      return `${opts.publicUrl.replace(/\/+$/, '')}/api/media/${key}?exp=${exp}&sig=${signature(opts.secret, key, exp)}`;
    },
  };
}

/** True when `sig` signs `key` until `exp` and `exp` has not passed. */
export function verifyMediaLink(secret: string, key: string, exp: unknown, sig: unknown, now = Date.now()): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
  if (Number(exp) * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, key, Number(exp)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
