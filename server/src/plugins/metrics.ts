/**
 * Prometheus metrics (prom-client) and load shedding.
 *
 * `GET /metrics` (text exposition format) on web nodes, and on worker processes at their health
 * port (worker.ts). Scrapers authenticate with `Authorization: Bearer <METRICS_TOKEN>`; without a
 * token configured only loopback and private-network addresses may scrape (a Prometheus inside
 * the cluster), never the public internet.
 *
 * What is measured:
 * - `http_request_duration_seconds{method,route,status_code}` — every answered request, by route
 *   pattern (not raw URL, so ids do not explode the label set);
 * - `tessera_tasks{kind,state}` and `tessera_queue_depth` / `tessera_queue_oldest_age_seconds` —
 *   read from PostgreSQL at scrape time (queued and running tasks only: an index range);
 * - `tessera_provider_duration_seconds{provider,kind,outcome}` and
 *   `tessera_provider_errors_total{provider,kind,code}` — observed where workers run providers;
 * - `tessera_db_pool_connections{state}` — the PostgreSQL pool (total, idle, waiting, max);
 * - Node's defaults: event-loop delay (`nodejs_eventloop_lag_*`), heap, GC, handles.
 *
 * Each app (and each worker process) has a registry of its own, so tests that build many apps in
 * one process do not collide.
 *
 * Load shedding (@fastify/under-pressure): while the event loop lags more than
 * LOAD_SHED_EVENT_LOOP_DELAY_MS, requests are answered 503 `TRY_AGAIN_LATER` with Retry-After,
 * except health, readiness and metrics.
 */
import type { IncomingHttpHeaders } from 'node:http';
import underPressure from '@fastify/under-pressure';
import type { Database, DatabaseHandle } from '@tessera/db/connect';
import { httpErrorBody } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { isPrivateAddress } from '../lib/network.ts';
import { activeTaskCounts } from '../generation/tasks.api.ts';

export interface Metrics {
  registry: Registry;
  providerDuration: Histogram<'provider' | 'kind' | 'outcome'>;
  providerErrors: Counter<'provider' | 'kind' | 'code'>;
}

/** A registry with Node's defaults, the task and queue gauges (from `db`) and the provider series. */
export function createMetrics(opts: { db: Database; database?: DatabaseHandle; role: 'web' | 'worker' }): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ role: opts.role });
  collectDefaultMetrics({ register: registry });
  const tasks = new Gauge({ name: 'tessera_tasks', help: 'Queued and running generation tasks', labelNames: ['kind', 'state'], registers: [registry] });
  const depth = new Gauge({ name: 'tessera_queue_depth', help: 'Tasks waiting for a worker', registers: [registry] });
  const age = new Gauge({ name: 'tessera_queue_oldest_age_seconds', help: 'Age of the oldest queued task', registers: [registry] });
  // One scrape reads the queue once; the three gauges share it.
  let reading: Promise<void> | null = null;
  const readQueue = () =>
    (reading ??= activeTaskCounts(opts.db)
      .then(({ byKind, queued, oldestQueuedAgeS }) => {
        tasks.reset();
        for (const row of byKind) tasks.set({ kind: row.kind, state: row.status }, row.count);
        depth.set(queued);
        age.set(oldestQueuedAgeS);
      })
      .finally(() => {
        reading = null;
      }));
  for (const gauge of [tasks, depth, age]) (gauge as unknown as { collect: () => Promise<void> }).collect = readQueue;
  const pool = opts.database?.poolStats;
  if (pool) {
    new Gauge({
      name: 'tessera_db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = pool();
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });
  }
  return {
    registry,
    providerDuration: new Histogram({
      name: 'tessera_provider_duration_seconds',
      help: 'Time a provider took per task',
      labelNames: ['provider', 'kind', 'outcome'],
      buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600],
      registers: [registry],
    }),
    providerErrors: new Counter({ name: 'tessera_provider_errors_total', help: 'Provider failures by §8 code', labelNames: ['provider', 'kind', 'code'], registers: [registry] }),
  };
}

/** Whether a scrape may read the metrics. */
export function mayScrape(token: string | undefined, headers: IncomingHttpHeaders, ip: string): boolean {
  if (token) return headers.authorization === `Bearer ${token}`;
  return isPrivateAddress(ip);
}

const UNMETERED = new Set(['/metrics', '/api/health', '/api/health/live', '/api/ready']);

/** Request timing, `GET /metrics` and load shedding on a web node. */
export async function registerMetrics(app: FastifyInstance, metrics: Metrics, opts: { token: string | undefined; maxEventLoopDelayMs: number }): Promise<void> {
  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (UNMETERED.has(route)) return;
    http.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { rateLimit: false }, logLevel: 'warn' }, async (request, reply) => {
    if (!mayScrape(opts.token, request.headers, request.ip)) return reply.code(404).send(httpErrorBody('NOT_FOUND', '/metrics'));
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  if (opts.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: opts.maxEventLoopDelayMs,
      // Sampled ten times a second, so shedding starts and stops within 100 ms of the lag.
      sampleInterval: 100,
      retryAfter: 5,
      exposeStatusRoute: false,
      pressureHandler: (request, reply, type, value) => {
        if (UNMETERED.has(request.routeOptions.url ?? '')) return;
        request.log.warn({ type, value }, 'shedding load');
        void reply.code(503).header('retry-after', '5');
        // under-pressure sends a non-null return as the answer; undefined lets the request through.
        const body = httpErrorBody('TRY_AGAIN_LATER', request.url);
        return { error: { ...body.error, data: { ...body.error.data, httpStatus: 503 } } } as unknown as undefined;
      },
    });
  }
}
