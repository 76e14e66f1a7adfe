/**
 * Health of a web node, for balancers, orchestrators and monitoring:
 *
 * - `GET /api/health/live` — liveness: the process answers (its event loop turns). Never checks
 *   dependencies, so an outage of PostgreSQL does not make an orchestrator restart every node.
 * - `GET /api/ready` — readiness: this node can serve — PostgreSQL answers, Redis answers when it
 *   is configured (without it events between nodes are lost), the media store answers, and the
 *   node is not draining (after SIGTERM it says 503 so balancers stop sending it new work while
 *   it finishes what it has).
 * - `GET /api/health` — the same checks as readiness, kept at the address monitors already use.
 *
 * The body lists each check: `{ status: 'ok' | 'degraded' | 'draining', database, redis?, storage }`.
 * Never rate limited (plugins/security.ts) and never shed (plugins/metrics.ts).
 */
import type { DatabaseHandle } from '@tessera/db/connect';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MediaStorage } from '../media/storage.ts';

/** A key no file has: reading it proves the store answers without touching user data. */
const STORAGE_PROBE_KEY = 'u/health/readiness-probe.png';
const CHECK_TIMEOUT_MS = 2000;

export interface HealthDeps {
  database: DatabaseHandle;
  storage: MediaStorage;
  /** null: no Redis configured. */
  redisHealthy: () => Promise<boolean | null>;
}

async function within<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS)));
  try {
    return await Promise.race([work.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealth(app: FastifyInstance, deps: HealthDeps): { drain(): void; isDraining(): boolean } {
  let draining = false;
  const checks = async () => {
    const [database, redis, storage] = await Promise.all([
      within(deps.database.ping(), false),
      within(deps.redisHealthy(), false),
      within(
        deps.storage.get(STORAGE_PROBE_KEY).then((found) => {
          found?.stream.destroy();
          return true;
        }),
        false,
      ),
    ]);
    return { database: { kind: deps.database.kind, ok: database }, ...(redis === null ? {} : { redis: { ok: redis } }), storage: { ok: storage } };
  };
  const ready = async (_req: FastifyRequest, reply: FastifyReply) => {
    const found = await checks();
    const ok = found.database.ok && found.storage.ok && (!('redis' in found) || Boolean(found.redis?.ok));
    const status = draining ? 'draining' : ok ? 'ok' : 'degraded';
    return reply
      .status(status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status, ...found });
  };
  const quiet = { config: { rateLimit: false as const }, logLevel: 'warn' as const };
  app.get('/api/health/live', quiet, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/api/ready', quiet, ready);
  app.get('/api/health', quiet, ready);
  return {
    drain: () => {
      draining = true;
    },
    isDraining: () => draining,
  };
}
