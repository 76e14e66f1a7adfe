/**
 * `npm run worker`: generation workers as a separate process against the same PostgreSQL
 * (ARCHITECTURE §5). No app HTTP and no sockets here (only the health and metrics port,
 * workerHealth.ts): task events go to the app nodes through
 * Postgres NOTIFY (realtime/pgRelay.ts), which push them to the users' sockets; the other way, a
 * NOTIFY sent when a task is queued wakes its idle loops at once (generation/worker.ts). A worker killed
 * mid-task loses nothing: its lease expires and the reaper (in any process) re-queues the task.
 */
import { connect } from '@tessera/db/connect';
import pg from 'pg';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { createHostedProviders } from './generation/providers/hosted/modelCatalog.ts';
import { createWorkerPool } from './generation/workers.ts';
import { loggerOptions } from './lib/logRedaction.ts';
import { WebhookDispatcher } from './modules/api/webhooks/dispatcher.ts';
import { openMediaStorage } from './media/openStorage.ts';
import { pgPublisher } from './realtime/pgRelay.ts';
import { Realtime } from './realtime/realtime.ts';
import { exitOnStartupFailure } from './startupFailure.ts';
import { createMetrics } from './plugins/metrics.ts';
import { startWorkerHealth } from './workerHealth.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino(loggerOptions({ level: config.logLevel, base: { role: 'worker' } }));
  if (!config.databaseUrl) {
    throw new ConfigError('npm run worker needs DATABASE_URL: separate worker processes share a PostgreSQL database (embedded PGlite is single-process; its app runs workers in process).');
  }
  const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize ?? config.workerConcurrency + 2 });
  const notifyPool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
  notifyPool.on('error', () => {});
  const realtime = new Realtime();
  realtime.useRelay(pgPublisher(notifyPool), (err) => logger.warn({ err }, 'event relay failed'));

  const concurrency = Math.max(1, config.workerConcurrency);
  const hosted = createHostedProviders(config);
  hosted.catalog.startReloading(database.db, (err) => logger.warn({ err }, 'model catalogue reload failed'));
  const metrics = createMetrics({ db: database.db, database, role: 'worker' });
  const workers = createWorkerPool(
    // config: its DATABASE_URL also carries the NOTIFY that wakes the pool when a task is queued.
    { db: database.db, realtime, storage: await openMediaStorage(config), config },
    logger,
    {
      concurrency,
      ...config.workerTiming,
      ...(config.engineThreads ? { engineThreads: config.engineThreads } : {}),
      // Replicate webhooks land on app nodes, not here: these tasks poll.
      hosted: hosted.providers,
      metrics,
    },
  );
  workers.start();
  // API tasks' signed webhooks go out from every worker process too (modules/api/webhooks/dispatcher.ts).
  const webhooks = new WebhookDispatcher({ db: database.db, config, logger });
  webhooks.start();
  let stopping = false;
  const health =
    config.workerHealthPort > 0
      ? await startWorkerHealth({
          port: config.workerHealthPort,
          host: config.host,
          database,
          metrics,
          metricsToken: config.metricsToken,
          workerId: workers.workerId,
          isStopping: () => stopping,
        })
      : null;
  logger.info({ workerId: workers.workerId, concurrency, healthPort: config.workerHealthPort || null }, 'worker started');

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Running tasks get the grace period to finish; the rest go back to the queue at once.
    logger.info({ signal, graceMs: config.workerStopGraceMs }, 'worker stopping');
    await workers.stop(config.workerStopGraceMs);
    await webhooks.stop();
    hosted.catalog.stop();
    health?.close();
    await notifyPool.end();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => exitOnStartupFailure(error));
