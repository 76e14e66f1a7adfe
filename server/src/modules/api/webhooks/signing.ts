/**
 * Webhook signatures as Standard Webhooks defines them (https://www.standardwebhooks.com/,
 * spec: github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md):
 * the signed content is `<webhook-id>.<webhook-timestamp>.<body>`, signed with HMAC-SHA256 keyed
 * by the base64-decoded part of the secret after `whsec_`, sent as `webhook-signature: v1,<base64>`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@tessera/shared/api';

/** Random bytes in a new secret: the standard asks for 24 to 64. */
const SECRET_BYTES = 24;

/** A new signing secret: `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The HMAC key a `whsec_…` secret stands for. */
export function secretKey(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new Error('webhook secret without the whsec_ prefix');
  return Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
}

/** The `webhook-signature` header value: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`. */
export function signWebhook(secret: string, id: string, timestampS: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestampS}.${body}`).digest('base64');
  return `v1,${mac}`;
}

