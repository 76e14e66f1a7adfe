/**
 * POST /api/providers/fal/webhook — fal's completion callbacks (requests submitted with
 * `?fal_webhook=<url>`, https://docs.fal.ai/model-apis/model-endpoints/webhooks). fal signs each
 * delivery with Ed25519: the signature (hex, `X-Fal-Webhook-Signature`) covers
 * `${request id}\n${user id}\n${timestamp}\n${hex SHA-256 of the raw body}` from the
 * `X-Fal-Webhook-Request-Id`, `-User-Id` and `-Timestamp` headers, and verifies with one of the
 * public keys fal publishes as a JWKS (FAL_WEBHOOK_JWKS_URL, cached for a day and re-read once
 * when no key matches, so a key rotation is picked up). Timestamps more than five minutes off are
 * refused against replays. A verified delivery only wakes the task waiting on that request: the
 * task then reads the result from fal's queue itself, so the payload is a hint and a duplicate is
 * harmless; polling stays the fallback.
 */
import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';
import { httpErrorBody } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PredictionWaiters } from './replicateWebhook.ts';

export const FAL_WEBHOOK_PATH = '/api/providers/fal/webhook';

const TOLERANCE_S = 5 * 60;
const JWKS_TTL_MS = 24 * 60 * 60 * 1000;

const zJwks = z.object({ keys: z.array(z.object({ kty: z.string(), crv: z.string().optional(), x: z.string().optional() }).loose()) });

/** fal's public keys, fetched from the JWKS URL and cached. */
export class FalKeys {
  private keys: KeyObject[] = [];
  private fetchedAt = 0;

  constructor(private readonly url: string) {}

  async get(refresh = false): Promise<KeyObject[]> {
    if (!refresh && this.keys.length && Date.now() - this.fetchedAt < JWKS_TTL_MS) return this.keys;
    const res = await fetch(this.url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`fal JWKS answered ${res.status}`);
    const jwks = zJwks.parse(await res.json());
    this.keys = jwks.keys
      .filter((key) => key.kty === 'OKP' && key.crv === 'Ed25519' && key.x)
      .map((key) => createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.x! }, format: 'jwk' }));
    this.fetchedAt = Date.now();
    return this.keys;
  }
}

export interface FalWebhookHeaders {
  requestId: string | undefined;
  userId: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

/** True when one of `keys` signed this fresh delivery. */
export function verifyFalSignature(keys: readonly KeyObject[], headers: FalWebhookHeaders, body: Buffer, nowS = Math.floor(Date.now() / 1000)): boolean {
  const { requestId, userId, timestamp, signature } = headers;
  if (!requestId || !userId || !timestamp || !signature || !/^\d+$/.test(timestamp) || !/^(?:[0-9a-f]{2})+$/i.test(signature)) return false;
  if (Math.abs(nowS - Number(timestamp)) > TOLERANCE_S) return false;
  const message = Buffer.from(`${requestId}\n${userId}\n${timestamp}\n${createHash('sha256').update(body).digest('hex')}`);
  const given = Buffer.from(signature, 'hex');
  return keys.some((key) => verify(null, message, key, given));
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function falWebhookRoutes(app: FastifyInstance, opts: { keys: FalKeys | undefined; waiters: PredictionWaiters }): Promise<void> {
  // The signature covers the exact bytes: keep the body raw in this plugin's scope.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  // fal is no browser and signs every call: no Origin to check.
  app.post(FAL_WEBHOOK_PATH, { config: { originCheck: false } }, async (req, reply) => {
    const { keys } = opts;
    if (!keys) return reply.code(404).send(httpErrorBody('NOT_FOUND', FAL_WEBHOOK_PATH));
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const headers: FalWebhookHeaders = {
      requestId: first(req.headers['x-fal-webhook-request-id']),
      userId: first(req.headers['x-fal-webhook-user-id']),
      timestamp: first(req.headers['x-fal-webhook-timestamp']),
      signature: first(req.headers['x-fal-webhook-signature']),
    };
    let signed: boolean;
    try {
      // A key fal rotated in since the last fetch: read the set again once.
      signed = verifyFalSignature(await keys.get(), headers, body) || verifyFalSignature(await keys.get(true), headers, body);
    } catch (err) {
      req.log.warn({ err }, 'fal webhook keys unavailable');
      return reply.code(503).send(httpErrorBody('TRY_AGAIN_LATER', FAL_WEBHOOK_PATH));
    }
    if (!signed) return reply.code(400).send(httpErrorBody('WEBHOOK_SIGNATURE_INVALID', FAL_WEBHOOK_PATH));
    opts.waiters.wake(headers.requestId!);
    return reply.code(200).send({ received: true });
  });
}
