/** What the developer API tests share: a key made the way the studio makes one, and calls with it. */
import type { CreatedApiKey } from '@tessera/shared/api';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { multipartBody, rpc, signUpTestUser, type TestUser } from './harness.ts';

/** A new key of `user`, through the studio's tRPC call. */
export async function createKey(app: FastifyInstance, user: TestUser, name = 'test key'): Promise<CreatedApiKey> {
  const res = await rpc(app, user.cookie, 'apiKeys.create', { name });
  if (res.status !== 200) throw new Error(`apiKeys.create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.result.data as CreatedApiKey;
}

/** A signed-up account with one key. */
export async function keyedUser(app: FastifyInstance): Promise<{ user: TestUser; key: string; keyId: string }> {
  const user = await signUpTestUser(app);
  const created = await createKey(app, user);
  return { user, key: created.secret, keyId: created.key.id };
}

/** A request to /api/v1 with `key` (X-API-Key), as a script sends it: no cookie, no Origin. */
export function api(app: FastifyInstance, key: string | null, method: 'GET' | 'POST', path: string, payload?: unknown, headers: Record<string, string> = {}, extra: Partial<InjectOptions> = {}) {
  return app.inject({
    method,
    url: `/api/v1${path}`,
    headers: { ...(key ? { 'x-api-key': key } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    ...extra,
  });
}

/** POST /api/v1/media with one file. */
export function apiUpload(app: FastifyInstance, key: string, data: Buffer, filename = 'photo.png', contentType = 'image/png') {
  const body = multipartBody(filename, contentType, data);
  return app.inject({ method: 'POST', url: '/api/v1/media', headers: { ...body.headers, 'x-api-key': key }, payload: body.payload });
}

/** The account's api_credits as GET /api/v1/balance answers them. */
export async function apiBalanceOf(app: FastifyInstance, key: string): Promise<{ used: number; total: number; remaining: number }> {
  const res = await api(app, key, 'GET', '/balance');
  if (res.statusCode !== 200) throw new Error(`balance: ${res.statusCode} ${res.body}`);
  return res.json();
}
