/**
 * API key format: `tsk_` + 40 base62 characters of randomness + a 6-character base62 CRC32 of
 * them, like GitHub's tokens: the prefix lets logs and secret scanners recognise a key, the
 * checksum lets a scanner tell a real key from a look-alike offline, and the server refuses a
 * mistyped key without a database round trip. Only the SHA-256 of a key is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_PREFIX, API_KEY_VISIBLE_CHARS } from '@tessera/shared/api';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 40;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`);

function base62(value: number, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function checksum(body: string): string {
  return base62(crc32(body), CHECKSUM_LENGTH);
}

/** A new key (its secret) with what is stored of it. */
export function newApiKey(): { secret: string; hash: string; prefix: string } {
  // Rejection sampling keeps every character uniform (256 is not a multiple of 62).
  let body = '';
  while (body.length < BODY_LENGTH) {
    for (const byte of randomBytes(BODY_LENGTH)) if (byte < 248 && body.length < BODY_LENGTH) body += BASE62[byte % 62];
  }
  const secret = `${API_KEY_PREFIX}${body}${checksum(body)}`;
  return { secret, hash: hashApiKey(secret), prefix: visiblePart(secret) };
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** What lists and logs show of a key. */
export function visiblePart(secret: string): string {
  return secret.slice(0, API_KEY_PREFIX.length + API_KEY_VISIBLE_CHARS);
}

/** Whether a string is shaped like a key and its checksum matches. */
export function isWellFormedApiKey(value: string): boolean {
  if (!KEY_PATTERN.test(value)) return false;
  const body = value.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + BODY_LENGTH);
  return value.endsWith(checksum(body));
}
