// A small, local imitation of the parts of Stripe's HTTP API the billing module uses, for tests.
// Point the official SDK at it: `new Stripe('sk_test_x', { host, port, protocol: 'http' })`.
//
// It speaks Stripe's wire format: form-encoded request bodies with bracket notation (GET/DELETE
// parameters in the query string), Bearer auth, JSON objects with `id`/`object`, Stripe's error
// shape `{ error: { type, message, code?, param? } }`, a `request-id` header, and Idempotency-Key
// replay (same key + same parameters → the first response again, `idempotent-replayed: true`;
// same key + different parameters → 400 idempotency_error).
//
// Objects follow API versions 2025-03-31 ("basil") and later: billing periods live on subscription
// items, an invoice's subscription is at `parent.subscription_details.subscription`, an invoice
// line's price at `pricing.price_details.price`. The pre-basil fields are included as well
// (`subscription.current_period_start/end`, `invoice.subscription`, `invoice.paid`,
// `lines.data[].price`) so parsers for either shape work.
//
// Deliberate simplifications (all documented where they happen):
//  - a billing period is 30 days for `month` prices and 365 days for `year` prices;
//  - a subscription has exactly one item; a plan change replaces that item's price;
//  - a proration invoice has one line whose amount is max(0, new − old price amount);
//  - only `proration_behavior: 'always_invoice'` bills immediately; other values just swap the price;
//  - events are the few the billing module listens to (no invoice.created/finalized,
//    invoice.payment_succeeded, payment_intent.*), and Stripe itself does not guarantee their order.
//
// Refunds: GET /v1/invoice_payments lists an invoice's PaymentIntent (one per paid invoice with an
// amount) and POST /v1/refunds refunds a PaymentIntent; listRefunds() shows what was refunded.
//
// Control methods (completeCheckout, advanceToPeriodEnd) mutate state like Stripe would and RETURN
// the events Stripe would emit without sending them; events emitted by API calls (subscription
// updates and cancellations) are queued for drainEvents(). Every event carries a deep copy of its
// object as it was at emission time, so tests can deliver stale payloads out of order.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInPrice {
  id: string;
  /** Amount in the smallest currency unit, in `currency`. */
  unitAmount: number;
  currency: string;
  interval: 'month' | 'year';
  /** Amounts in other currencies (lower-case ISO codes), like Stripe's `currency_options`. */
  currencyOptions?: Record<string, number>;
}

export type StripeEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  data: { object: Record<string, unknown> };
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
};

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** Parsed parameters: the form body for POST, the query string for GET/DELETE. */
  body: Record<string, unknown>;
  /** Lower-cased request headers (e.g. `idempotency-key`, `stripe-version`). */
  headers: Record<string, string>;
}

type Json = Record<string, unknown>;

interface CustomerState {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  deleted: boolean;
}

interface SessionState {
  id: string;
  customer: string | null;
  customerEmail: string | null;
  priceId: string;
  quantity: number;
  currency: string;
  amount: number;
  successUrl: string | null;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  allowPromotionCodes: boolean | null;
  status: 'open' | 'complete';
  paymentStatus: 'unpaid' | 'paid';
  subscription: string | null;
  invoice: string | null;
  created: number;
  expiresAt: number;
}

interface SubscriptionState {
  id: string;
  customer: string;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete';
  itemId: string;
  itemCreated: number;
  priceId: string;
  currency: string;
  metadata: Record<string, string>;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  cancellation: { comment: string | null; feedback: string | null; reason: string | null };
  created: number;
  periodStart: number;
  periodEnd: number;
  latestInvoice: string | null;
  pendingUpdate: Json | null;
}

interface InvoiceState {
  id: string;
  customer: string;
  subscription: string;
  subscriptionItem: string;
  status: 'paid' | 'open';
  amount: number;
  currency: string;
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  created: number;
  /** Invoice-level period. As in Stripe, for a renewal this is the period that just ENDED (and start = end for the first invoice). */
  periodStart: number;
  periodEnd: number;
  /** The line's period: the service period being billed. */
  lineStart: number;
  lineEnd: number;
  priceId: string;
  subscriptionMetadata: Record<string, string>;
  proration: boolean;
  paidAt: number | null;
  lineId: string;
  /** The PaymentIntent that paid it (a paid invoice with an amount), as in Stripe's invoice payments. */
  paymentIntent: string | null;
  invoicePaymentId: string;
}

interface RefundState {
  id: string;
  amount: number;
  currency: string;
  paymentIntent: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string; decline_code?: string },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, extra: { code?: string; param?: string } = {}, status = 400) =>
  new StripeHttpError(status, { type: 'invalid_request_error', message, ...extra });
const noSuch = (kind: string, id: string, param = 'id', status = 404) =>
  invalid(`No such ${kind}: '${id}'`, { code: 'resource_missing', param }, status);

const DAY = 86_400;
/** Approximation: Stripe uses calendar months/years; the stand-in uses 30 and 365 days. */
const periodLength = (interval: 'month' | 'year') => (interval === 'year' ? 365 : 30) * DAY;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function rid(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** Parses Stripe's form encoding (`a[b][0][c]=v`, `expand[]=x`) into nested objects; index-keyed objects become arrays (except under `metadata`). */
export function parseStripeForm(encoded: string): Record<string, unknown> {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const first = rawKey.indexOf('[');
    const segments = first < 0 ? [rawKey] : [rawKey.slice(0, first), ...Array.from(rawKey.slice(first).matchAll(/\[([^\]]*)\]/g), (m) => m[1] ?? '')];
    if (segments.some((s) => UNSAFE_KEYS.has(s))) continue;
    let cur: Json = root;
    segments.forEach((segment, i) => {
      const key = segment === '' ? String(Object.keys(cur).length) : segment;
      if (i === segments.length - 1) {
        cur[key] = value;
      } else {
        const next = cur[key];
        if (next === null || typeof next !== 'object') cur[key] = {};
        cur = cur[key] as Json;
      }
    });
  }
  return arrayify(root, false) as Json;
}

function arrayify(value: unknown, isMetadata: boolean): unknown {
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Json;
  const keys = Object.keys(obj);
  const out: Json = {};
  for (const k of keys) out[k] = arrayify(obj[k], k === 'metadata');
  if (!isMetadata && keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => out[k]);
  return out;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const rec = (v: unknown): Json | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const snapshot = <T>(v: T): T => structuredClone(v);

function parseBool(v: unknown, param: string): boolean | undefined {
  if (v === undefined) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw invalid(`Invalid boolean: ${String(v)}`, { param });
}

/** Stripe's metadata update semantics: keys merge, an empty value removes a key, `metadata=` clears everything. */
function mergeMetadata(current: Record<string, string>, update: unknown): Record<string, string> {
  if (update === undefined) return current;
  if (update === '') return {};
  const u = rec(update);
  if (!u) throw invalid('Invalid metadata: must be an object', { param: 'metadata' });
  const next = { ...current };
  for (const [k, v] of Object.entries(u)) {
    if (typeof v !== 'string') throw invalid(`Invalid metadata[${k}]`, { param: `metadata[${k}]` });
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}

export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  /** Test clock in unix seconds; starts at the real now. */
  now = Math.floor(Date.now() / 1000);

  private readonly prices = new Map<string, StandInPrice>();
  private readonly webhookSecret: string;
  private readonly webhookUrl: string | undefined;
  private server: Server | null = null;
  private baseUrl = '';
  private readonly customers = new Map<string, CustomerState>();
  private readonly sessions = new Map<string, SessionState>();
  private readonly subscriptions = new Map<string, SubscriptionState>();
  private readonly invoices = new Map<string, InvoiceState>();
  private readonly portalSessions = new Map<string, Json>();
  private readonly events = new Map<string, StripeEvent>();
  private readonly declining = new Set<string>();
  private readonly refunds = new Map<string, RefundState>();
  private readonly idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();
  private pending: StripeEvent[] = [];
  private apiVersion: string = Stripe.API_VERSION;
  /** The request currently being handled, for events' `request` field. */
  private currentRequest: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null };

  constructor(opts: { prices: StandInPrice[]; webhookSecret: string; webhookUrl?: string }) {
    for (const p of opts.prices) this.prices.set(p.id, { ...p, currency: p.currency.toLowerCase() });
    this.webhookSecret = opts.webhookSecret;
    this.webhookUrl = opts.webhookUrl;
  }

  // ---------------------------------------------------------------- lifecycle

  async start(): Promise<{ host: string; port: number; url: string }> {
    if (this.server) throw new Error('stripe stand-in: already started');
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    const { port } = server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
    return { host: '127.0.0.1', port, url: this.baseUrl };
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise<void>((resolve, reject) => {
      server.close((err) => (err ? reject(err) : resolve()));
      server.closeAllConnections();
    });
  }

  // ---------------------------------------------------------------- control methods

  /**
   * The customer pays on the hosted page. Marks the session complete, creates the subscription
   * (active, period from the clock) and its first invoice (paid), and returns
   * `checkout.session.completed`, `customer.subscription.created`, `invoice.paid`.
   *
   * With `{ fail: true }` (a declined card) Stripe Checkout does not complete: the customer stays on
   * the payment page, no subscription exists and no event of interest is sent — so this returns []
   * and leaves the session open (it can still be completed later).
   */
  completeCheckout(sessionId: string, opts: { fail?: boolean } = {}): StripeEvent[] {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`stripe stand-in: no checkout session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`stripe stand-in: checkout session ${sessionId} is ${session.status}`);
    if (opts.fail) return [];
    this.currentRequest = { id: null, idempotency_key: null };

    let customerId = session.customer;
    if (!customerId) {
      customerId = rid('cus_', 14);
      this.customers.set(customerId, { id: customerId, email: session.customerEmail, name: null, metadata: {}, created: this.now, deleted: false });
      session.customer = customerId;
    }
    const price = this.price(session.priceId);
    const sub: SubscriptionState = {
      id: rid('sub_'),
      customer: customerId,
      status: 'active',
      itemId: rid('si_', 14),
      itemCreated: this.now,
      priceId: price.id,
      currency: session.currency,
      metadata: { ...session.subscriptionMetadata },
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      cancellation: { comment: null, feedback: null, reason: null },
      created: this.now,
      periodStart: this.now,
      periodEnd: this.now + periodLength(price.interval),
      latestInvoice: null,
      pendingUpdate: null,
    };
    this.subscriptions.set(sub.id, sub);
    const invoice = this.createInvoice(sub, {
      billingReason: 'subscription_create',
      amount: session.amount,
      periodStart: this.now,
      periodEnd: this.now,
      lineStart: sub.periodStart,
      lineEnd: sub.periodEnd,
      proration: false,
      paid: true,
    });
    sub.latestInvoice = invoice.id;
    session.status = 'complete';
    session.paymentStatus = 'paid';
    session.subscription = sub.id;
    session.invoice = invoice.id;
    return [
      this.event('checkout.session.completed', this.renderSession(session)),
      this.event('customer.subscription.created', this.renderSubscription(sub)),
      this.event('invoice.paid', this.renderInvoice(invoice)),
    ];
  }

  /**
   * Moves the clock to the subscription's current_period_end + 1 s and runs the renewal:
   *  - cancel_at_period_end → status 'canceled', returns [customer.subscription.deleted];
   *  - card set to decline → the period moves on, a subscription_cycle invoice stays open, status
   *    'past_due', returns [customer.subscription.updated, invoice.payment_failed];
   *  - otherwise → the period moves on, a subscription_cycle invoice is paid, returns
   *    [customer.subscription.updated, invoice.paid].
   */
  advanceToPeriodEnd(subscriptionId: string): StripeEvent[] {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`stripe stand-in: no subscription ${subscriptionId}`);
    if (sub.status === 'canceled' || sub.status === 'incomplete') throw new Error(`stripe stand-in: subscription ${subscriptionId} is ${sub.status}`);
    this.now = Math.max(this.now, sub.periodEnd + 1);
    this.currentRequest = { id: null, idempotency_key: null };

    if (sub.cancelAtPeriodEnd) {
      sub.status = 'canceled';
      sub.endedAt = sub.periodEnd;
      sub.canceledAt ??= this.now;
      return [this.event('customer.subscription.deleted', this.renderSubscription(sub))];
    }

    const price = this.price(sub.priceId);
    const endedStart = sub.periodStart;
    const endedEnd = sub.periodEnd;
    sub.periodStart = endedEnd;
    sub.periodEnd = endedEnd + periodLength(price.interval);
    const paid = !this.declining.has(sub.customer);
    const invoice = this.createInvoice(sub, {
      billingReason: 'subscription_cycle',
      amount: this.amountIn(price, sub.currency),
      periodStart: endedStart,
      periodEnd: endedEnd,
      lineStart: sub.periodStart,
      lineEnd: sub.periodEnd,
      proration: false,
      paid,
    });
    sub.latestInvoice = invoice.id;
    sub.status = paid ? 'active' : 'past_due';
    return [
      this.event('customer.subscription.updated', this.renderSubscription(sub)),
      this.event(paid ? 'invoice.paid' : 'invoice.payment_failed', this.renderInvoice(invoice)),
    ];
  }

  /** Refunds made so far (POST /v1/refunds), oldest first, as Stripe renders them. */
  listRefunds(): Record<string, unknown>[] {
    return [...this.refunds.values()].map((r) => this.renderRefund(r));
  }

  /** Makes every later charge of this customer (renewals, prorations) decline, or succeed again. */
  setCardDeclines(customerId: string, declines: boolean): void {
    if (declines) this.declining.add(customerId);
    else this.declining.delete(customerId);
  }

  subscription(id: string): Record<string, unknown> | undefined {
    const sub = this.subscriptions.get(id);
    return sub && this.renderSubscription(sub);
  }

  invoice(id: string): Record<string, unknown> | undefined {
    const inv = this.invoices.get(id);
    return inv && this.renderInvoice(inv);
  }

  /** Events emitted by API calls (subscription updates/cancellations, proration invoices) since the last drain. */
  drainEvents(): StripeEvent[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  /**
   * A signed delivery: the body Stripe would POST (pretty-printed JSON, as Stripe sends) and its
   * headers. The signature timestamp defaults to the REAL wall clock (not `now`), since receivers
   * check it against their own clock with a 300 s tolerance; pass `timestamp` to make stale ones.
   */
  sign(event: StripeEvent, opts: { timestamp?: number; secret?: string } = {}): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: opts.secret ?? this.webhookSecret,
      timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
    });
    return {
      body,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
    };
  }

  /** POSTs a signed event to `webhookUrl`; returns the HTTP status. */
  async deliver(event: StripeEvent, opts: { timestamp?: number; secret?: string } = {}): Promise<number> {
    if (!this.webhookUrl) throw new Error('stripe stand-in: no webhookUrl configured');
    const { body, headers } = this.sign(event, opts);
    const res = await fetch(this.webhookUrl, { method: 'POST', body, headers });
    await res.arrayBuffer();
    return res.status;
  }

  // ---------------------------------------------------------------- HTTP

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    const params = method === 'POST' ? parseStripeForm(raw) : parseStripeForm(url.search.slice(1));
    this.requests.push({ method, path, body: params, headers });

    const requestId = rid('req_', 14);
    const idempotencyKey = headers['idempotency-key'] ?? null;
    const responseHeaders: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': headers['stripe-version'] ?? this.apiVersion,
    };
    const send = (status: number, body: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, { ...responseHeaders, ...extra });
      res.end(body);
    };

    // The hosted pages the session URLs point at: informational only.
    const page = /^\/(pay|portal|invoice)\/([A-Za-z0-9_]+)(?:\/pdf)?$/.exec(path);
    if (page && method === 'GET') {
      const id = page[2] ?? '';
      const known = page[1] === 'pay' ? this.sessions.has(id) : page[1] === 'portal' ? this.portalSessions.has(id) : this.invoices.has(id);
      res.writeHead(known ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Stripe stand-in</title><p>Stripe stand-in ${page[1] ?? ''} page for ${id}</p>`);
      return;
    }

    try {
      const auth = headers.authorization;
      if (!auth || !/^Bearer\s+\S+/.test(auth)) {
        throw invalid(
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
          {},
          401,
        );
      }
      const key = auth.replace(/^Bearer\s+/, '');
      if (!/^(sk|rk)_test_/.test(key)) throw invalid(`Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`, { code: 'api_key_invalid' }, 401);
      if (headers['stripe-version']) this.apiVersion = headers['stripe-version'];

      const fingerprint = `${method} ${path} ${raw}`;
      if (method === 'POST' && idempotencyKey) {
        const prior = this.idempotency.get(idempotencyKey);
        if (prior) {
          if (prior.fingerprint !== fingerprint) {
            throw new StripeHttpError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
          }
          send(prior.status, prior.body, { 'idempotency-key': idempotencyKey, 'idempotent-replayed': 'true' });
          return;
        }
      }

      this.currentRequest = { id: requestId, idempotency_key: idempotencyKey };
      let result: Json;
      try {
        result = this.route(method, path, params);
      } finally {
        this.currentRequest = { id: null, idempotency_key: null };
      }
      const expand = Array.isArray(params.expand) ? params.expand.filter((e): e is string => typeof e === 'string') : [];
      const body = JSON.stringify(this.expand(result, expand), null, 2);
      if (method === 'POST' && idempotencyKey) this.idempotency.set(idempotencyKey, { fingerprint, status: 200, body });
      send(200, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
    } catch (err) {
      if (err instanceof StripeHttpError) {
        const body = JSON.stringify({ error: { ...err.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } }, null, 2);
        // Stripe also stores (and replays) error responses for an idempotency key, except 5xx/auth errors.
        if (method === 'POST' && idempotencyKey && err.status === 400 && err.body.type !== 'idempotency_error') {
          this.idempotency.set(idempotencyKey, { fingerprint: `${method} ${path} ${raw}`, status: err.status, body });
        }
        send(err.status, body);
      } else {
        send(500, JSON.stringify({ error: { type: 'api_error', message: `stripe stand-in crashed: ${err instanceof Error ? err.message : String(err)}` } }));
      }
    }
  }

  private route(method: string, path: string, p: Json): Json {
    let m: RegExpExecArray | null;
    if (path === '/v1/customers' && method === 'POST') return this.createCustomer(p);
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const id = decodeURIComponent(m[1] ?? '');
      if (method === 'GET') return this.renderCustomer(this.customerOr404(id, true));
      if (method === 'POST') return this.updateCustomer(this.customerOr404(id), p);
      if (method === 'DELETE') return this.deleteCustomer(this.customerOr404(id));
    }
    if (path === '/v1/checkout/sessions' && method === 'POST') return this.renderSession(this.createSession(p));
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === 'GET') {
      const id = decodeURIComponent(m[1] ?? '');
      const session = this.sessions.get(id);
      if (!session) throw noSuch('checkout.session', id);
      return this.renderSession(session);
    }
    if (path === '/v1/subscriptions' && method === 'GET') return this.listSubscriptions(p);
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const id = decodeURIComponent(m[1] ?? '');
      const sub = this.subscriptions.get(id);
      if (method === 'GET' || method === 'POST' || method === 'DELETE') {
        if (!sub) throw noSuch('subscription', id);
        if (method === 'GET') return this.renderSubscription(sub);
        if (method === 'POST') return this.updateSubscription(sub, p);
        return this.cancelSubscription(sub, p);
      }
    }
    if ((m = /^\/v1\/invoices\/([^/]+)$/.exec(path)) && method === 'GET') {
      const id = decodeURIComponent(m[1] ?? '');
      const inv = this.invoices.get(id);
      if (!inv) throw noSuch('invoice', id);
      return this.renderInvoice(inv);
    }
    if ((m = /^\/v1\/prices\/([^/]+)$/.exec(path)) && method === 'GET') {
      const id = decodeURIComponent(m[1] ?? '');
      const price = this.prices.get(id);
      if (!price) throw noSuch('price', id);
      return this.renderPrice(price, false);
    }
    if ((m = /^\/v1\/events\/([^/]+)$/.exec(path)) && method === 'GET') {
      const id = decodeURIComponent(m[1] ?? '');
      const event = this.events.get(id);
      if (!event) throw noSuch('event', id);
      return snapshot(event) as unknown as Json;
    }
    if (path === '/v1/billing_portal/sessions' && method === 'POST') return this.createPortalSession(p);
    if (path === '/v1/invoice_payments' && method === 'GET') return this.listInvoicePayments(p);
    if (path === '/v1/refunds' && method === 'POST') return this.renderRefund(this.createRefund(p));
    throw invalid(`Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`, {}, 404);
  }

  // ---------------------------------------------------------------- customers

  private createCustomer(p: Json): Json {
    const customer: CustomerState = {
      id: rid('cus_', 14),
      email: str(p.email) ?? null,
      name: str(p.name) ?? null,
      metadata: mergeMetadata({}, p.metadata),
      created: this.now,
      deleted: false,
    };
    this.customers.set(customer.id, customer);
    return this.renderCustomer(customer);
  }

  private updateCustomer(c: CustomerState, p: Json): Json {
    if (p.email !== undefined) c.email = str(p.email) || null;
    if (p.name !== undefined) c.name = str(p.name) || null;
    c.metadata = mergeMetadata(c.metadata, p.metadata);
    return this.renderCustomer(c);
  }

  /** Like Stripe, deleting a customer cancels their subscriptions immediately. */
  private deleteCustomer(c: CustomerState): Json {
    c.deleted = true;
    for (const sub of this.subscriptions.values()) {
      if (sub.customer === c.id && sub.status !== 'canceled') {
        this.endSubscription(sub, null);
        this.pending.push(this.event('customer.subscription.deleted', this.renderSubscription(sub)));
      }
    }
    return { id: c.id, object: 'customer', deleted: true };
  }

  private customerOr404(id: string, allowDeleted = false): CustomerState {
    const c = this.customers.get(id);
    if (!c || (c.deleted && !allowDeleted)) throw noSuch('customer', id);
    return c;
  }

  private renderCustomer(c: CustomerState): Json {
    if (c.deleted) return { id: c.id, object: 'customer', deleted: true };
    return {
      id: c.id,
      object: 'customer',
      address: null,
      balance: 0,
      created: c.created,
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      discount: null,
      email: c.email,
      invoice_prefix: c.id.slice(4, 12).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: { ...c.metadata },
      name: c.name,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
  }

  // ---------------------------------------------------------------- checkout

  private createSession(p: Json): SessionState {
    const mode = str(p.mode);
    if (!mode) throw invalid('Missing required param: mode.', { code: 'parameter_missing', param: 'mode' });
    if (mode !== 'subscription') throw invalid(`The stand-in only implements mode=subscription (got '${mode}').`, { param: 'mode' });
    const customer = str(p.customer) ?? null;
    const customerEmail = str(p.customer_email) ?? null;
    if (customer && customerEmail) throw invalid('You may only specify one of these parameters: customer, customer_email.', { param: 'customer_email' });
    if (customer) this.customerOr404(customer, false);
    const items = Array.isArray(p.line_items) ? p.line_items : [];
    if (items.length === 0) throw invalid('Missing required param: line_items.', { code: 'parameter_missing', param: 'line_items' });
    if (items.length > 1) throw invalid('The stand-in supports a single line item.', { param: 'line_items' });
    const item = rec(items[0]) ?? {};
    const priceId = str(item.price);
    if (!priceId) throw invalid('Missing required param: line_items[0][price].', { code: 'parameter_missing', param: 'line_items[0][price]' });
    const price = this.prices.get(priceId);
    if (!price) throw noSuch('price', priceId, 'line_items[0][price]', 400);
    const quantity = item.quantity === undefined ? 1 : Number(item.quantity);
    if (!Number.isInteger(quantity) || quantity < 1) throw invalid('Invalid integer: line_items[0][quantity]', { param: 'line_items[0][quantity]' });
    const currency = (str(p.currency) ?? price.currency).toLowerCase();
    const unit = this.amountIn(price, currency, 'currency');
    const session: SessionState = {
      id: rid('cs_test_', 58),
      customer,
      customerEmail,
      priceId,
      quantity,
      currency,
      amount: unit * quantity,
      successUrl: str(p.success_url) ?? null,
      cancelUrl: str(p.cancel_url) ?? null,
      clientReferenceId: str(p.client_reference_id) ?? null,
      metadata: mergeMetadata({}, p.metadata),
      subscriptionMetadata: mergeMetadata({}, rec(p.subscription_data)?.metadata),
      allowPromotionCodes: parseBool(p.allow_promotion_codes, 'allow_promotion_codes') ?? null,
      status: 'open',
      paymentStatus: 'unpaid',
      subscription: null,
      invoice: null,
      created: this.now,
      expiresAt: this.now + DAY,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  private renderSession(s: SessionState): Json {
    const customer = s.customer ? this.customers.get(s.customer) : undefined;
    return {
      id: s.id,
      object: 'checkout.session',
      allow_promotion_codes: s.allowPromotionCodes,
      amount_subtotal: s.amount,
      amount_total: s.amount,
      billing_address_collection: null,
      cancel_url: s.cancelUrl,
      client_reference_id: s.clientReferenceId,
      created: s.created,
      currency: s.currency,
      customer: s.customer,
      customer_creation: s.customer ? null : 'always',
      customer_details: s.status === 'complete' ? { email: customer?.email ?? s.customerEmail, name: customer?.name ?? null, address: null, phone: null, tax_exempt: 'none', tax_ids: [] } : null,
      customer_email: s.customerEmail,
      discounts: [],
      expires_at: s.expiresAt,
      invoice: s.invoice,
      livemode: false,
      locale: null,
      metadata: { ...s.metadata },
      mode: 'subscription',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: s.paymentStatus,
      status: s.status,
      submit_type: null,
      subscription: s.subscription,
      success_url: s.successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: s.status === 'open' ? `${this.baseUrl}/pay/${s.id}` : null,
    };
  }

  // ---------------------------------------------------------------- subscriptions

  private listSubscriptions(p: Json): Json {
    const customer = str(p.customer);
    const status = str(p.status);
    const data = [...this.subscriptions.values()]
      .filter((s) => !customer || s.customer === customer)
      // Like Stripe, the default list leaves out canceled subscriptions; status=all includes them.
      .filter((s) => (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'))
      .sort((a, b) => b.created - a.created)
      .map((s) => this.renderSubscription(s));
    return { object: 'list', data, has_more: false, url: '/v1/subscriptions' };
  }

  private updateSubscription(sub: SubscriptionState, p: Json): Json {
    const allowedWhenCanceled = new Set(['metadata', 'cancellation_details', 'expand']);
    if (sub.status === 'canceled' && Object.keys(p).some((k) => !allowedWhenCanceled.has(k))) {
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const cancelAtPeriodEnd = parseBool(p.cancel_at_period_end, 'cancel_at_period_end');
    const details = p.cancellation_details === '' ? { comment: '', feedback: '' } : rec(p.cancellation_details);
    const itemsParam = p.items;
    const prorationBehavior = str(p.proration_behavior);
    const paymentBehavior = str(p.payment_behavior) ?? 'allow_incomplete';
    if (prorationBehavior !== undefined && !['always_invoice', 'create_prorations', 'none'].includes(prorationBehavior)) {
      throw invalid(`Invalid proration_behavior: must be one of always_invoice, create_prorations, or none`, { param: 'proration_behavior' });
    }
    if (!['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'].includes(paymentBehavior)) {
      throw invalid('Invalid payment_behavior', { param: 'payment_behavior' });
    }

    // Validate the plan change before mutating anything.
    let newPrice: StandInPrice | undefined;
    if (itemsParam !== undefined) {
      const items = Array.isArray(itemsParam) ? itemsParam : [];
      if (items.length !== 1) throw invalid('The stand-in supports exactly one entry in items (the existing item, with a new price).', { param: 'items' });
      const item = rec(items[0]) ?? {};
      const itemId = str(item.id);
      if (!itemId) throw invalid('The stand-in supports only replacing the existing item: pass items[0][id].', { param: 'items[0][id]' });
      if (itemId !== sub.itemId) throw invalid(`Invalid subscription item: '${itemId}' does not belong to subscription '${sub.id}'`, { param: 'items[0][id]' });
      const priceId = str(item.price);
      if (priceId) {
        newPrice = this.prices.get(priceId);
        if (!newPrice) throw noSuch('price', priceId, 'items[0][price]', 400);
        this.amountIn(newPrice, sub.currency, 'items[0][price]');
      }
    }

    const before = JSON.stringify(this.renderSubscription(sub));
    const emitted: StripeEvent[] = [];

    if (details) {
      if (details.comment !== undefined) sub.cancellation.comment = str(details.comment) || null;
      if (details.feedback !== undefined) sub.cancellation.feedback = str(details.feedback) || null;
    }
    if (cancelAtPeriodEnd !== undefined && sub.status !== 'canceled') {
      sub.cancelAtPeriodEnd = cancelAtPeriodEnd;
      if (cancelAtPeriodEnd) {
        sub.canceledAt = this.now;
        sub.cancellation.reason = 'cancellation_requested';
      } else {
        sub.canceledAt = null;
        sub.cancellation = { comment: null, feedback: null, reason: null };
      }
    }
    sub.metadata = mergeMetadata(sub.metadata, p.metadata);

    let invoice: InvoiceState | undefined;
    const target = newPrice;
    if (target && target.id !== sub.priceId) {
      const oldPrice = this.price(sub.priceId);
      // Approximation: one line of max(0, new − old) rather than Stripe's time-weighted credit/debit pair.
      const amount = Math.max(0, this.amountIn(target, sub.currency) - this.amountIn(oldPrice, sub.currency));
      const declines = this.declining.has(sub.customer) && amount > 0;
      if (prorationBehavior === 'always_invoice' && declines && paymentBehavior === 'error_if_incomplete') {
        // Stripe refuses the whole update: nothing changes and the call fails with a card error (402).
        throw new StripeHttpError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
      }
      const intervalChanged = oldPrice.interval !== target.interval;
      const apply = () => {
        sub.priceId = target.id;
        // A change of interval resets the billing cycle anchor to now; otherwise the period stays.
        if (intervalChanged) {
          sub.periodStart = this.now;
          sub.periodEnd = this.now + periodLength(target.interval);
        }
      };
      if (prorationBehavior === 'always_invoice') {
        const pendingOnly = declines && paymentBehavior === 'pending_if_incomplete';
        if (!pendingOnly) apply();
        invoice = this.createInvoice(sub, {
          billingReason: 'subscription_update',
          amount,
          periodStart: this.now,
          periodEnd: this.now,
          lineStart: intervalChanged && !pendingOnly ? sub.periodStart : this.now,
          lineEnd: sub.periodEnd,
          proration: true,
          paid: !declines,
          priceId: target.id,
        });
        sub.latestInvoice = invoice.id;
        if (invoice.status === 'open') {
          if (pendingOnly) {
            sub.pendingUpdate = { billing_cycle_anchor: null, expires_at: this.now + DAY, subscription_items: [{ id: sub.itemId, object: 'subscription_item', price: this.renderPrice(target, false), quantity: 1 }], trial_end: null, trial_from_plan: null };
          } else {
            sub.status = 'past_due'; // allow_incomplete / default_incomplete: the change applies, the invoice waits.
          }
        } else if (sub.status === 'past_due') {
          sub.status = 'active';
        }
      } else {
        // 'create_prorations' would leave pending invoice items for the next renewal; the stand-in does not bill them.
        apply();
      }
    }

    if (JSON.stringify(this.renderSubscription(sub)) !== before) emitted.push(this.event('customer.subscription.updated', this.renderSubscription(sub)));
    if (invoice) emitted.push(this.event(invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', this.renderInvoice(invoice)));
    this.pending.push(...emitted);
    return this.renderSubscription(sub);
  }

  private cancelSubscription(sub: SubscriptionState, p: Json): Json {
    if (sub.status === 'canceled') throw invalid(`No such subscription: '${sub.id}'`, { code: 'resource_missing', param: 'id' }, 404);
    const details = rec(p.cancellation_details);
    this.endSubscription(sub, details);
    this.pending.push(this.event('customer.subscription.deleted', this.renderSubscription(sub)));
    return this.renderSubscription(sub);
  }

  private endSubscription(sub: SubscriptionState, details: Json | undefined | null): void {
    sub.status = 'canceled';
    sub.canceledAt = this.now;
    sub.endedAt = this.now;
    sub.cancelAtPeriodEnd = false;
    sub.cancellation.reason = 'cancellation_requested';
    if (details?.comment !== undefined) sub.cancellation.comment = str(details.comment) || null;
    if (details?.feedback !== undefined) sub.cancellation.feedback = str(details.feedback) || null;
  }

  private renderSubscription(s: SubscriptionState): Json {
    const price = this.price(s.priceId);
    return {
      id: s.id,
      object: 'subscription',
      application: null,
      automatic_tax: { enabled: false, liability: null },
      billing_cycle_anchor: s.periodStart,
      billing_mode: { type: 'flexible' },
      cancel_at: s.cancelAtPeriodEnd ? s.periodEnd : null,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      canceled_at: s.canceledAt,
      cancellation_details: { ...s.cancellation },
      collection_method: 'charge_automatically',
      created: s.created,
      currency: s.currency,
      customer: s.customer,
      // Legacy (pre-basil) top-level period; the current shape has it on the item only.
      current_period_start: s.periodStart,
      current_period_end: s.periodEnd,
      default_payment_method: null,
      description: null,
      discounts: [],
      ended_at: s.endedAt,
      items: {
        object: 'list',
        data: [
          {
            id: s.itemId,
            object: 'subscription_item',
            created: s.itemCreated,
            current_period_start: s.periodStart,
            current_period_end: s.periodEnd,
            discounts: [],
            metadata: {},
            price: this.renderPrice(price, false),
            quantity: 1,
            subscription: s.id,
            tax_rates: [],
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${s.id}`,
      },
      latest_invoice: s.latestInvoice,
      livemode: false,
      metadata: { ...s.metadata },
      pending_update: s.pendingUpdate ? snapshot(s.pendingUpdate) : null,
      start_date: s.created,
      status: s.status,
      test_clock: null,
      trial_end: null,
      trial_start: null,
    };
  }

  // ---------------------------------------------------------------- invoices

  private createInvoice(
    sub: SubscriptionState,
    o: {
      billingReason: InvoiceState['billingReason'];
      amount: number;
      periodStart: number;
      periodEnd: number;
      lineStart: number;
      lineEnd: number;
      proration: boolean;
      paid: boolean;
      priceId?: string;
    },
  ): InvoiceState {
    const inv: InvoiceState = {
      id: rid('in_'),
      customer: sub.customer,
      subscription: sub.id,
      subscriptionItem: sub.itemId,
      status: o.paid ? 'paid' : 'open',
      amount: o.amount,
      currency: sub.currency,
      billingReason: o.billingReason,
      created: this.now,
      periodStart: o.periodStart,
      periodEnd: o.periodEnd,
      lineStart: o.lineStart,
      lineEnd: o.lineEnd,
      priceId: o.priceId ?? sub.priceId,
      subscriptionMetadata: { ...sub.metadata },
      proration: o.proration,
      paidAt: o.paid ? this.now : null,
      lineId: rid('il_'),
      paymentIntent: o.paid && o.amount > 0 ? rid('pi_') : null,
      invoicePaymentId: rid('inpay_'),
    };
    this.invoices.set(inv.id, inv);
    return inv;
  }

  private renderInvoice(i: InvoiceState): Json {
    const price = this.price(i.priceId);
    const paid = i.status === 'paid';
    const number = `${i.id.slice(3, 11).toUpperCase()}-0001`;
    return {
      id: i.id,
      object: 'invoice',
      account_country: 'US',
      amount_due: i.amount,
      amount_paid: paid ? i.amount : 0,
      amount_remaining: paid ? 0 : i.amount,
      attempt_count: i.amount > 0 ? 1 : 0,
      attempted: i.amount > 0 || paid,
      auto_advance: !paid,
      billing_reason: i.billingReason,
      collection_method: 'charge_automatically',
      created: i.created,
      currency: i.currency,
      customer: i.customer,
      discounts: [],
      hosted_invoice_url: `${this.baseUrl}/invoice/${i.id}`,
      invoice_pdf: `${this.baseUrl}/invoice/${i.id}/pdf`,
      lines: {
        object: 'list',
        data: [
          {
            id: i.lineId,
            object: 'line_item',
            amount: i.amount,
            currency: i.currency,
            description: i.proration ? `Remaining time on ${price.id} after plan change` : `1 × ${price.id}`,
            discount_amounts: [],
            discountable: true,
            discounts: [],
            invoice: i.id,
            livemode: false,
            metadata: {},
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: { invoice_item: null, proration: i.proration, proration_details: { credited_items: null }, subscription: i.subscription, subscription_item: i.subscriptionItem },
            },
            period: { start: i.lineStart, end: i.lineEnd },
            // Legacy (pre-basil) fields.
            price: this.renderPrice(price, false),
            proration: i.proration,
            subscription: i.subscription,
            type: 'subscription',
            pricing: { type: 'price_details', price_details: { price: price.id, product: this.productOf(price) }, unit_amount_decimal: String(this.amountIn(price, i.currency)) },
            quantity: 1,
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/invoices/${i.id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number,
      // Legacy (removed in basil) but harmless.
      paid,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: { ...i.subscriptionMetadata }, subscription: i.subscription } },
      period_end: i.periodEnd,
      period_start: i.periodStart,
      status: i.status,
      status_transitions: { finalized_at: i.created, marked_uncollectible_at: null, paid_at: i.paidAt, voided_at: null },
      // Legacy (pre-basil) pointer to the subscription.
      subscription: i.subscription,
      subtotal: i.amount,
      total: i.amount,
    };
  }

  // ---------------------------------------------------------------- invoice payments and refunds

  /**
   * GET /v1/invoice_payments (https://docs.stripe.com/api/invoice-payment/list): the payments of an
   * invoice, filtered by `invoice` and `status`. The stand-in has one PaymentIntent per paid invoice.
   */
  private listInvoicePayments(p: Json): Json {
    const invoice = str(p.invoice);
    const status = str(p.status);
    if (status !== undefined && !['canceled', 'open', 'paid'].includes(status)) throw invalid('Invalid status: must be one of canceled, open, or paid', { param: 'status' });
    const data = [...this.invoices.values()]
      .filter((i) => !invoice || i.id === invoice)
      .filter((i) => i.paymentIntent !== null || i.status === 'open')
      .filter((i) => !status || (status === 'paid' ? i.status === 'paid' : status === 'open' ? i.status === 'open' : false))
      .map((i) => this.renderInvoicePayment(i));
    return { object: 'list', data, has_more: false, url: '/v1/invoice_payments' };
  }

  private renderInvoicePayment(i: InvoiceState): Json {
    const paid = i.status === 'paid';
    return {
      id: i.invoicePaymentId,
      object: 'invoice_payment',
      amount_paid: paid ? i.amount : null,
      amount_requested: i.amount,
      created: i.created,
      currency: i.currency,
      invoice: i.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: i.paymentIntent },
      status: paid ? 'paid' : 'open',
      status_transitions: { canceled_at: null, paid_at: i.paidAt },
    };
  }

  /**
   * POST /v1/refunds (https://docs.stripe.com/api/refunds/create) with `payment_intent` (the stand-in
   * has no charges), optional `amount` (default: what is left to refund), `reason` (duplicate,
   * fraudulent, requested_by_customer) and `metadata`. Refunds succeed at once. Refunding more than
   * is left answers 400 `charge_already_refunded` (nothing left) or `amount_too_large`.
   */
  private createRefund(p: Json): RefundState {
    const intent = str(p.payment_intent);
    if (str(p.charge)) throw invalid('The stand-in refunds PaymentIntents only: pass payment_intent.', { param: 'charge' });
    if (!intent) throw invalid('Missing required param: payment_intent.', { code: 'parameter_missing', param: 'payment_intent' });
    const invoice = [...this.invoices.values()].find((i) => i.paymentIntent === intent);
    if (!invoice) throw noSuch('payment_intent', intent, 'payment_intent', 400);
    const reason = str(p.reason) ?? null;
    if (reason !== null && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw invalid('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', { param: 'reason' });
    }
    const refunded = [...this.refunds.values()].filter((r) => r.paymentIntent === intent).reduce((sum, r) => sum + r.amount, 0);
    const left = invoice.amount - refunded;
    if (left <= 0) throw invalid(`Charge for PaymentIntent ${intent} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid positive integer', { param: 'amount' });
    if (amount > left) throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, { code: 'amount_too_large', param: 'amount' });
    const refund: RefundState = { id: rid('re_'), amount, currency: invoice.currency, paymentIntent: intent, reason, metadata: mergeMetadata({}, p.metadata), created: this.now };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  private renderRefund(r: RefundState): Json {
    return {
      id: r.id,
      object: 'refund',
      amount: r.amount,
      balance_transaction: null,
      charge: null,
      created: r.created,
      currency: r.currency,
      destination_details: null,
      metadata: { ...r.metadata },
      payment_intent: r.paymentIntent,
      reason: r.reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
  }

  // ---------------------------------------------------------------- billing portal

  private createPortalSession(p: Json): Json {
    const customer = str(p.customer);
    if (!customer) throw invalid('Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
    this.customerOr404(customer);
    const id = rid('bps_');
    const session: Json = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_standin',
      created: this.now,
      customer,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: str(p.return_url) ?? null,
      url: `${this.baseUrl}/portal/${id}`,
    };
    this.portalSessions.set(id, session);
    return snapshot(session);
  }

  // ---------------------------------------------------------------- helpers

  private price(id: string): StandInPrice {
    const price = this.prices.get(id);
    if (!price) throw new Error(`stripe stand-in: unknown price ${id}`);
    return price;
  }

  private productOf(price: StandInPrice): string {
    return `prod_${price.id.replace(/^price_/, '')}`;
  }

  /** The price's amount in `currency` (its own currency or one of its currency options); a 400 if it has none. */
  private amountIn(price: StandInPrice, currency: string, param?: string): number {
    const cur = currency.toLowerCase();
    if (cur === price.currency) return price.unitAmount;
    const option = price.currencyOptions?.[cur];
    if (option === undefined) {
      if (param) throw invalid(`The price specified (${price.id}) does not support the currency '${cur}'.`, { param });
      throw new Error(`stripe stand-in: price ${price.id} has no amount in ${cur}`);
    }
    return option;
  }

  private renderPrice(p: StandInPrice, withCurrencyOptions: boolean): Json {
    const options = withCurrencyOptions
      ? Object.fromEntries([[p.currency, p.unitAmount], ...Object.entries(p.currencyOptions ?? {})].map(([c, a]) => [c, { custom_unit_amount: null, tax_behavior: 'unspecified', unit_amount: a, unit_amount_decimal: String(a) }]))
      : undefined;
    return {
      id: p.id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: 1_700_000_000,
      currency: p.currency,
      ...(options ? { currency_options: options } : {}),
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: this.productOf(p),
      recurring: { interval: p.interval, interval_count: 1, meter: null, usage_type: 'licensed' },
      tax_behavior: 'unspecified',
      type: 'recurring',
      unit_amount: p.unitAmount,
      unit_amount_decimal: String(p.unitAmount),
    };
  }

  private event(type: string, object: Json): StripeEvent {
    const event: StripeEvent = {
      id: rid('evt_'),
      object: 'event',
      type,
      created: this.now,
      api_version: this.apiVersion,
      livemode: false,
      data: { object: snapshot(object) },
      pending_webhooks: this.webhookUrl ? 1 : 0,
      request: { ...this.currentRequest },
    };
    this.events.set(event.id, event);
    return snapshot(event);
  }

  /** Applies `expand[]` paths (e.g. `latest_invoice`, `customer`, `data.subscription`) by replacing ids with the objects they name. */
  private expand(result: Json, paths: string[]): Json {
    const out = snapshot(result);
    for (const path of paths) this.expandAt(out, path.split('.'));
    return out;
  }

  private expandAt(node: unknown, segments: string[]): void {
    const obj = rec(node);
    const [head, ...rest] = segments;
    if (!obj || head === undefined) return;
    if (head === 'data' && Array.isArray(obj.data) && rest.length > 0) {
      for (const entry of obj.data) this.expandAt(entry, rest);
      return;
    }
    if (rest.length > 0) {
      this.expandAt(obj[head], rest);
      return;
    }
    const value = obj[head];
    if (typeof value === 'string') {
      const found = this.lookup(value);
      if (found) obj[head] = found;
    } else if (head === 'currency_options' && obj.object === 'price') {
      const price = this.prices.get(String(obj.id));
      if (price) obj.currency_options = this.renderPrice(price, true).currency_options;
    }
  }

  private lookup(id: string): Json | undefined {
    if (id.startsWith('cus_')) {
      const c = this.customers.get(id);
      return c && this.renderCustomer(c);
    }
    if (id.startsWith('sub_')) return this.subscription(id);
    if (id.startsWith('in_')) return this.invoice(id);
    if (id.startsWith('cs_')) {
      const s = this.sessions.get(id);
      return s && this.renderSession(s);
    }
    if (this.prices.has(id)) return this.renderPrice(this.price(id), false);
    return undefined;
  }
}
