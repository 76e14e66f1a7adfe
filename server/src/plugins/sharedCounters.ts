/**
 * Counters every node of a deployment shares, for the limits that must hold across nodes (the
 * request rate limit and its per-call counting of tRPC batches; uploads in progress per session
 * and per IP): N nodes behind a balancer must not allow N times the limit.
 *
 * - `redis`: one Lua call per hit (INCR, and PEXPIRE on the window's first hit) — atomic, one
 *   round trip; keys are `<REDIS_PREFIX>rl:<key>` and expire with their window.
 * - `postgres`: one upsert per hit on `rate_limit_windows` (a fixed window per key, reset when it
 *   has ended); ended windows are swept now and then.
 * - `memory`: this process only — embedded mode (PGlite is one process anyway) and tests.
 *
 * `RATE_LIMIT_STORE=auto` (the default) takes Redis when `REDIS_URL` is set, PostgreSQL in
 * production on `DATABASE_URL`, else memory (see docs/configuration.md).
 */
import type { Database } from '@tessera/db/connect';
import { sql } from 'drizzle-orm';
import { createClient } from 'redis';
import type { Config } from '../config.ts';

export interface WindowHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** One limit of a concurrency slot: at most `max` holders of `key` at once. */
export interface SlotLimit {
  key: string;
  max: number;
}

export interface WindowCounter {
  readonly kind: 'redis' | 'postgres' | 'memory';
  hit(key: string, windowMs: number): Promise<WindowHit>;
  /** The current window's state without counting (0 when none is open). */
  peek(key: string, windowMs: number): Promise<WindowHit>;
  /**
   * Takes a slot under every key at once, or none when any key is at its limit (null). The
   * returned release gives them back (safe to call twice). A holder that dies without releasing
   * (a crashed node) frees its slots after `leaseMs`.
   */
  acquire(limits: readonly SlotLimit[], leaseMs: number): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}

/** Makes a release callable twice without giving slots back twice. */
function once(release: () => Promise<void>): () => Promise<void> {
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await release();
  };
}

const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { n, ttl }`;

const ACQUIRE_SCRIPT = `
for i, k in ipairs(KEYS) do
  if tonumber(redis.call('GET', k) or '0') >= tonumber(ARGV[i + 1]) then return 0 end
end
for i, k in ipairs(KEYS) do
  redis.call('INCR', k)
  redis.call('PEXPIRE', k, ARGV[1])
end
return 1`;

const RELEASE_SCRIPT = `
for i, k in ipairs(KEYS) do
  if redis.call('DECR', k) <= 0 then redis.call('DEL', k) end
end
return 1`;

export async function redisWindowCounter(url: string, prefix: string, onError: (err: unknown) => void): Promise<WindowCounter> {
  const client = createClient({ url });
  client.on('error', onError);
  await client.connect();
  const name = (key: string) => `${prefix}rl:${key}`;
  return {
    kind: 'redis',
    async hit(key, windowMs) {
      const [count, ttlMs] = (await client.eval(HIT_SCRIPT, { keys: [name(key)], arguments: [String(windowMs)] })) as [number, number];
      return { count, ttlMs };
    },
    async peek(key) {
      const [count, ttlMs] = await Promise.all([client.get(name(key)), client.pTTL(name(key))]);
      return { count: Number(count ?? 0), ttlMs: Math.max(0, ttlMs) };
    },
    async acquire(limits, leaseMs) {
      const keys = limits.map((l) => `${prefix}slot:${l.key}`);
      const taken = await client.eval(ACQUIRE_SCRIPT, { keys, arguments: [String(leaseMs), ...limits.map((l) => String(l.max))] });
      if (Number(taken) !== 1) return null;
      return once(async () => {
        await client.eval(RELEASE_SCRIPT, { keys, arguments: [] });
      });
    },
    async close() {
      // A client that lost its server would wait for it to come back before a graceful close.
      if (client.isReady) await client.close().catch(() => undefined);
      else client.destroy();
    },
  };
}

/** Ended windows older than this are deleted by the sweep. */
const SWEEP_EVERY_MS = 5 * 60_000;

/** Rolls back a slot transaction: some key was at its limit. */
class SlotsFull extends Error {}

export function postgresWindowCounter(db: Database): WindowCounter {
  const sweep = setInterval(() => {
    void db.execute(sql`delete from rate_limit_windows where ends_at < now() - interval '1 minute'`).catch(() => undefined);
  }, SWEEP_EVERY_MS);
  sweep.unref();
  const row = (rows: unknown) => {
    const [first] = (rows as { rows?: { count: number; ttl_ms: number }[] }).rows ?? (rows as { count: number; ttl_ms: number }[]);
    return { count: Number(first?.count ?? 0), ttlMs: Math.max(0, Number(first?.ttl_ms ?? 0)) };
  };
  return {
    kind: 'postgres',
    async hit(key, windowMs) {
      const window = `${windowMs} milliseconds`;
      return row(
        await db.execute(sql`
          insert into rate_limit_windows (key, count, ends_at) values (${key}, 1, now() + ${window}::interval)
          on conflict (key) do update set
            count = case when rate_limit_windows.ends_at <= now() then 1 else rate_limit_windows.count + 1 end,
            ends_at = case when rate_limit_windows.ends_at <= now() then now() + ${window}::interval else rate_limit_windows.ends_at end
          returning count, (extract(epoch from ends_at - now()) * 1000)::int as ttl_ms`),
      );
    },
    async peek(key) {
      return row(await db.execute(sql`select count, (extract(epoch from ends_at - now()) * 1000)::int as ttl_ms from rate_limit_windows where key = ${key} and ends_at > now()`));
    },
    // Slots live in the same table under `slot:` keys: the count is the holders, ends_at the lease.
    async acquire(limits, leaseMs) {
      const lease = `${leaseMs} milliseconds`;
      const sorted = [...limits].sort((a, b) => a.key.localeCompare(b.key));
      const taken = await db
        .transaction(async (tx) => {
          for (const { key, max } of sorted) {
            const { count } = row(
              await tx.execute(sql`
                insert into rate_limit_windows (key, count, ends_at) values (${`slot:${key}`}, 1, now() + ${lease}::interval)
                on conflict (key) do update set
                  count = case when rate_limit_windows.ends_at <= now() then 1 else rate_limit_windows.count + 1 end,
                  ends_at = now() + ${lease}::interval
                returning count, 0 as ttl_ms`),
            );
            if (count > max) throw new SlotsFull();
          }
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof SlotsFull) return false;
          throw err;
        });
      if (!taken) return null;
      return once(async () => {
        for (const { key } of sorted) await db.execute(sql`update rate_limit_windows set count = greatest(count - 1, 0) where key = ${`slot:${key}`}`);
      });
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

export function memoryWindowCounter(): WindowCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const slots = new Map<string, number>();
  const open = (key: string, now: number) => {
    const w = windows.get(key);
    return w && w.endsAt > now ? w : null;
  };
  return {
    kind: 'memory',
    async hit(key, windowMs) {
      const now = Date.now();
      const w = open(key, now) ?? { count: 0, endsAt: now + windowMs };
      w.count += 1;
      windows.set(key, w);
      if (windows.size > 50_000) for (const [k, v] of windows) if (v.endsAt <= now) windows.delete(k);
      return { count: w.count, ttlMs: w.endsAt - now };
    },
    async peek(key) {
      const now = Date.now();
      const w = open(key, now);
      return w ? { count: w.count, ttlMs: w.endsAt - now } : { count: 0, ttlMs: 0 };
    },
    async acquire(limits) {
      if (limits.some(({ key, max }) => (slots.get(key) ?? 0) >= max)) return null;
      for (const { key } of limits) slots.set(key, (slots.get(key) ?? 0) + 1);
      return once(async () => {
        for (const { key } of limits) {
          const left = (slots.get(key) ?? 1) - 1;
          if (left > 0) slots.set(key, left);
          else slots.delete(key);
        }
      });
    },
    async close() {},
  };
}

/** The store `RATE_LIMIT_STORE` names (see the module comment for `auto`). */
export async function createWindowCounter(
  config: Pick<Config, 'rateLimitStore' | 'redisUrl' | 'redisPrefix' | 'databaseUrl' | 'env'>,
  db: Database,
  onError: (err: unknown) => void,
): Promise<WindowCounter> {
  const wanted =
    config.rateLimitStore !== 'auto'
      ? config.rateLimitStore
      : config.redisUrl
        ? 'redis'
        : config.databaseUrl && config.env === 'production'
          ? 'postgres'
          : 'memory';
  if (wanted === 'redis') {
    if (!config.redisUrl) throw new Error('RATE_LIMIT_STORE=redis needs REDIS_URL');
    return redisWindowCounter(config.redisUrl, config.redisPrefix, onError);
  }
  if (wanted === 'postgres') {
    if (!config.databaseUrl) throw new Error('RATE_LIMIT_STORE=postgres needs DATABASE_URL');
    return postgresWindowCounter(db);
  }
  return memoryWindowCounter();
}

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A `store` for @fastify/rate-limit over a shared counter. The plugin constructs the class
 * itself (`new Store(options)`), so the counter is bound in a closure. Keys are namespaced per
 * route group by the plugin's `keyGenerator` and our prefix.
 */
export function rateLimitStore(counter: WindowCounter, namespace = 'req') {
  return class SharedRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number): void {
      counter.hit(`${namespace}:${key}`, timeWindow).then(
        (hit) => cb(null, { current: hit.count, ttl: hit.ttlMs }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    read(key: string, cb: Callback, timeWindow: number): void {
      counter.peek(`${namespace}:${key}`, timeWindow).then(
        (hit) => cb(null, { current: hit.count, ttl: hit.ttlMs }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    /** A route with limits of its own counts apart from the global limit. */
    child(routeOptions: { method: string | string[]; url: string }): SharedRateLimitStore {
      return new (rateLimitStore(counter, `${namespace}:${String(routeOptions.method)}:${routeOptions.url}`))();
    }
  };
}
