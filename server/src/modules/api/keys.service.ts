/**
 * API keys (issue 19): created, named, listed and revoked by a signed-in user in the studio; a
 * request to /api/v1 or /api/mcp carries one. Revocation is a column the per-request lookup
 * reads, so it holds at once on every node; no node caches a key.
 */
import type { Database } from '@tessera/db/connect';
import { API_KEY_HEADER, API_TRIAL_CREDITS, type ApiKeyView, type CreatedApiKey, MAX_API_KEYS } from '@tessera/shared/api';
import { AppError } from '@tessera/shared/errors';
import { grantCredits } from '../credits/credits.service.ts';
import { hashApiKey, isWellFormedApiKey, newApiKey } from './keys.ts';
import { countLiveKeys, findLiveKey, insertApiKey, listKeysWithUsage, lockUserKeys, revokeKey as revokeKeyRow, touchKey } from './keys.repo.ts';

/** Who an API request acts for. */
export interface ApiCaller {
  userId: string;
  keyId: string;
  /** `tsk_AbCd1234`: safe to log. */
  keyPrefix: string;
}

const TRIAL_NOTE = 'API trial';

export async function listApiKeys(db: Database, userId: string): Promise<ApiKeyView[]> {
  return (await listKeysWithUsage(db, userId)).map((k) => ({
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    usage: { tasks: Number(k.tasks), credits: Number(k.credits) },
  }));
}

/** Creates a key; an account's first key also brings its one-time API trial credits. */
export async function createApiKey(db: Database, userId: string, name: string): Promise<CreatedApiKey> {
  const made = newApiKey();
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    await lockUserKeys(tx, userId);
    if ((await countLiveKeys(tx, userId)) >= MAX_API_KEYS) throw new AppError('API_KEY_LIMIT');
    const row = await insertApiKey(tx, { userId, name, prefix: made.prefix, hash: made.hash });
    const trial = await grantCredits(tx, {
      userId,
      usageType: 'api_credits',
      sourceKind: 'api_trial',
      sourceId: `user:${userId}`,
      amount: API_TRIAL_CREDITS,
      note: TRIAL_NOTE,
    });
    return {
      secret: made.secret,
      trialCredits: trial.granted ? API_TRIAL_CREDITS : 0,
      key: {
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: null,
        revokedAt: null,
        usage: { tasks: 0, credits: 0 },
      },
    };
  });
}

export async function revokeApiKey(db: Database, userId: string, id: string): Promise<void> {
  if (!(await revokeKeyRow(db, userId, id))) throw new AppError('NOT_FOUND');
}

/** The key a request carries: `X-API-Key: tsk_…` or `Authorization: Bearer tsk_…`. */
export function keyOfRequest(headers: Record<string, string | string[] | undefined>): string | null {
  const direct = headers[API_KEY_HEADER];
  if (typeof direct === 'string' && direct.trim()) return direct.trim();
  const authorization = headers.authorization;
  if (typeof authorization !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1] ?? null;
}

/**
 * The caller of an API request, or AppError('INVALID_API_KEY') (401): no key, a malformed or
 * unknown one, a revoked one, or one whose owner is banned or gone.
 */
export async function authenticateApiKey(db: Database, headers: Record<string, string | string[] | undefined>, now = new Date()): Promise<ApiCaller> {
  const secret = keyOfRequest(headers);
  if (!secret || !isWellFormedApiKey(secret)) throw new AppError('INVALID_API_KEY');
  const key = await findLiveKey(db, hashApiKey(secret));
  if (!key || key.isAnonymous) throw new AppError('INVALID_API_KEY');
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > 60_000) await touchKey(db, key.id, now);
  return { userId: key.userId, keyId: key.id, keyPrefix: key.prefix };
}
