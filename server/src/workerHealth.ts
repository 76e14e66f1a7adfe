/**
 * The health and metrics port of a separate worker process (`npm run worker`), which serves no
 * HTTP otherwise: `GET /healthz` — 200 while the database answers and the worker is not stopping,
 * else 503 — for container and Kubernetes probes; `GET /metrics` — its Prometheus registry
 * (provider timings and failures, queue gauges, Node's defaults), under the same scrape rule as
 * web nodes (METRICS_TOKEN, else private networks only).
 */
import { createServer, type Server } from 'node:http';
import type { DatabaseHandle } from '@tessera/db/connect';
import { mayScrape, type Metrics } from './plugins/metrics.ts';

export interface WorkerHealthOptions {
  port: number;
  host: string;
  database: DatabaseHandle;
  metrics: Metrics;
  metricsToken: string | undefined;
  workerId: string;
  isStopping: () => boolean;
}

export function startWorkerHealth(opts: WorkerHealthOptions): Promise<Server> {
  const server = createServer((req, res) => {
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/healthz') {
      void opts.database.ping().then(
        (ok) => {
          const status = opts.isStopping() ? 'stopping' : ok ? 'ok' : 'degraded';
          send(status === 'ok' ? 200 : 503, 'application/json', JSON.stringify({ status, workerId: opts.workerId, database: { ok } }));
        },
        () => send(503, 'application/json', JSON.stringify({ status: 'degraded', workerId: opts.workerId, database: { ok: false } })),
      );
      return;
    }
    if (req.method === 'GET' && path === '/metrics' && mayScrape(opts.metricsToken, req.headers, req.socket.remoteAddress ?? '')) {
      void opts.metrics.registry.metrics().then(
        (text) => send(200, opts.metrics.registry.contentType, text),
        () => send(500, 'text/plain', 'metrics failed'),
      );
      return;
    }
    send(404, 'application/json', JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found.' } }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve(server));
  });
}
