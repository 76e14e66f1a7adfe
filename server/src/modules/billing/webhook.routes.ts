/**
 * POST /api/billing/stripe/webhook — Stripe's events. The raw body is verified against the
 * `stripe-signature` header (bad or stale signatures: 400, nothing changes). Each event id is
 * processed once. Payloads are treated as hints: the subscription or invoice is fetched again
 * from Stripe and its current state applied, so duplicates, delays and reordering are harmless.
 * A failure answers 500 and leaves the event unmarked, so Stripe delivers it again.
 */
import { httpErrorBody } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.ts';
import { eventProcessed, markEventProcessed } from './billing.repo.ts';
import { applyInvoice, ForeignBillingObjectError, syncSubscription } from './billing.service.ts';

export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe/webhook';

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
]);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed']);

type Loose = Record<string, unknown>;

export async function stripeWebhookRoutes(app: FastifyInstance, opts: { services: AppServices }): Promise<void> {
  const { services } = opts;
  const stripe = services.stripe;
  const secret = services.config.billing.stripe?.webhookSecret;
  // The signature covers the exact bytes: keep the body raw in this plugin's scope.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  async function handleEvent(type: string, object: Loose): Promise<void> {
    if (!stripe) return;
    const id = typeof object.id === 'string' ? object.id : null;
    const sync = (subscriptionId: string) => syncSubscription(services.billing, 'stripe', subscriptionId, () => stripe.fetchSubscription(subscriptionId));
    if (type === 'checkout.session.completed' && id) {
      const subscriptionId = typeof object.subscription === 'string' ? object.subscription : await stripe.fetchCheckoutSubscriptionId(id);
      if (subscriptionId) await sync(subscriptionId);
    } else if (SUBSCRIPTION_EVENTS.has(type) && id) {
      await sync(id);
    } else if (INVOICE_EVENTS.has(type) && id) {
      const invoice = await stripe.fetchInvoice(id);
      await sync(invoice.subscriptionId);
      await applyInvoice(services.billing, 'stripe', invoice);
    }
  }

  // Stripe is no browser and signs every call (stripe-signature): no Origin to check.
  app.post(STRIPE_WEBHOOK_PATH, { config: { originCheck: false } }, async (req, reply) => {
    if (!stripe || !secret) return reply.code(404).send(httpErrorBody('NOT_FOUND', STRIPE_WEBHOOK_PATH));
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) {
      return reply.code(400).send(httpErrorBody('WEBHOOK_SIGNATURE_INVALID', STRIPE_WEBHOOK_PATH));
    }
    let event;
    try {
      event = stripe.verifyEvent(req.body, signature, secret);
    } catch {
      return reply.code(400).send(httpErrorBody('WEBHOOK_SIGNATURE_INVALID', STRIPE_WEBHOOK_PATH));
    }
    if (await eventProcessed(services.db, event.id)) return { received: true, duplicate: true };

    try {
      await handleEvent(event.type, event.data.object as unknown as Loose);
    } catch (err) {
      // Not ours (another app on the same Stripe account): acknowledged, nothing changes.
      if (!(err instanceof ForeignBillingObjectError)) throw err;
      req.log.info({ err, eventId: event.id }, 'stripe event for an object outside this app');
    }
    await markEventProcessed(services.db, event.id, event.type);
    return { received: true };
  });
}
