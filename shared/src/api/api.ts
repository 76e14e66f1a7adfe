/**
 * The developer API (issue 19) as both sides see it: key format, limits, the studio's key and
 * webhook RPC inputs, the REST paths of each creation kind and the webhook signature headers.
 *
 * Product decisions (docs/api.md):
 *  - API calls spend `api_credits`, studio calls `credits` — the same ledger, another usage type.
 *  - Paid plans grant a monthly `api_credits` allowance with their credits (catalogue usageList);
 *    every signed-in account gets API_TRIAL_CREDITS once, when it creates its first key.
 *  - API tasks are always metered: an unmetered plan's free images are a studio perk.
 */
import { z } from 'zod';
import { GENERATION_KINDS, type GenerationKind } from '../generation/generation.ts';

/** Every key starts with this, so logs and secret scanners can recognise one. */
export const API_KEY_PREFIX = 'tsk_';
/** What the owner and the logs see of a key: the prefix and this many characters after it. */
export const API_KEY_VISIBLE_CHARS = 8;
/** Live (not revoked) keys one account may have. */
export const MAX_API_KEYS = 20;
/** API credits an account gets once, on its first key, to try the API. */
export const API_TRIAL_CREDITS = 100;
/** The header that carries a key (`Authorization: Bearer tsk_…` is accepted too). */
export const API_KEY_HEADER = 'x-api-key';
/** Stripe-style idempotency on creates; answers are kept this long. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_HOURS = 24;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Standard Webhooks headers (https://www.standardwebhooks.com/): id, unix seconds, `v1,<base64 HMAC-SHA256>`. */
export const WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_EVENTS = ['task.succeeded', 'task.failed', 'task.canceled'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const zApiKeyName = z.string().trim().min(1).max(60);
export const zCreateApiKeyInput = z.object({ name: zApiKeyName });
export const zApiKeyIdInput = z.object({ id: z.uuid() });

/** A key as its owner sees it in the dashboard; the secret itself only in CreatedApiKey. */
export interface ApiKeyView {
  id: string;
  name: string;
  /** `tsk_AbCd1234…`: identifies the key without revealing it. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  usage: { tasks: number; credits: number };
}

export interface CreatedApiKey {
  key: ApiKeyView;
  /** The whole key, shown once. */
  secret: string;
  /** API credits granted with this key (the one-time trial on a first key), else 0. */
  trialCredits: number;
}

/** The REST path segment of a kind: `text_to_image` → `text-to-image`. */
export const kindSlug = (kind: GenerationKind): string => kind.replaceAll('_', '-');

const KIND_BY_SLUG = new Map(Object.keys(GENERATION_KINDS).map((kind) => [kindSlug(kind as GenerationKind), kind as GenerationKind]));

/** The kind a REST path segment names, or null. */
export const kindOfSlug = (slug: string): GenerationKind | null => KIND_BY_SLUG.get(slug) ?? null;
