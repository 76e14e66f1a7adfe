/**
 * POST /api/providers/replicate/webhook — Replicate's completion callbacks. Replicate signs each
 * delivery the Standard Webhooks way: HMAC-SHA256, keyed with the base64 part of the `whsec_`
 * secret, over `${webhook-id}.${webhook-timestamp}.${raw body}`; `webhook-signature` holds
 * space-separated `v1,<base64>` entries, one match is enough. Stale timestamps (more than five
 * minutes off) are refused against replays. A verified delivery only wakes the task waiting on
 * that prediction: the task then fetches the prediction from Replicate itself, so the payload is
 * a hint and a duplicate is harmless.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { httpErrorBody } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sleep } from './http.ts';

export const REPLICATE_WEBHOOK_PATH = '/api/providers/replicate/webhook';

/** Replays older (or newer) than this are refused. */
const TOLERANCE_S = 5 * 60;

/** Tasks waiting on predictions in this process, woken by webhooks. */
export class PredictionWaiters {
  private readonly waiting = new Map<string, Set<() => void>>();

  /** Resolves after `ms`, or as soon as `wake(id)` is called; rejects when `signal` aborts. */
  async wait(id: string, ms: number, signal: AbortSignal): Promise<void> {
    const woken = new AbortController();
    const wakers = this.waiting.get(id) ?? new Set();
    const wake = () => woken.abort();
    wakers.add(wake);
    this.waiting.set(id, wakers);
    try {
      await sleep(ms, AbortSignal.any([signal, woken.signal]));
    } catch (error) {
      if (signal.aborted) throw error;
    } finally {
      wakers.delete(wake);
      if (wakers.size === 0) this.waiting.delete(id);
    }
  }

  /** Wakes whoever waits on `id` here; false when nobody does (another node, or already done). */
  wake(id: string): boolean {
    const wakers = this.waiting.get(id);
    if (!wakers) return false;
    for (const wake of wakers) wake();
    return true;
  }
}

/** Verifies a Standard Webhooks signature; true only for a fresh, correctly signed body. */
export function verifyReplicateSignature(
  secret: string,
  headers: { id: string | undefined; timestamp: string | undefined; signature: string | undefined },
  body: Buffer,
  nowS = Math.floor(Date.now() / 1000),
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowS - Number(timestamp)) > TOLERANCE_S) return false;
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
  return signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const zDelivery = z.object({ id: z.string().min(1).max(200), status: z.string() });

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function replicateWebhookRoutes(app: FastifyInstance, opts: { secret: string | undefined; waiters: PredictionWaiters }): Promise<void> {
  // The signature covers the exact bytes: keep the body raw in this plugin's scope.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  // Replicate is no browser and signs every call (webhook-signature): no Origin to check.
  app.post(REPLICATE_WEBHOOK_PATH, { config: { originCheck: false } }, async (req, reply) => {
    if (!opts.secret) return reply.code(404).send(httpErrorBody('NOT_FOUND', REPLICATE_WEBHOOK_PATH));
    const body = req.body;
    const signed =
      Buffer.isBuffer(body) &&
      verifyReplicateSignature(
        opts.secret,
        { id: first(req.headers['webhook-id']), timestamp: first(req.headers['webhook-timestamp']), signature: first(req.headers['webhook-signature']) },
        body,
      );
    if (!signed) return reply.code(400).send(httpErrorBody('WEBHOOK_SIGNATURE_INVALID', REPLICATE_WEBHOOK_PATH));
    let delivery: z.infer<typeof zDelivery>;
    try {
      delivery = zDelivery.parse(JSON.parse(body.toString('utf8')));
    } catch {
      return reply.code(400).send(httpErrorBody('INCORRECT_PARAMETER', REPLICATE_WEBHOOK_PATH));
    }
    opts.waiters.wake(delivery.id);
    return reply.code(200).send({ received: true });
  });
}
