/** Start: config → database (migrated) → app → listen. */
import { connect } from '@tessera/db/connect';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { exitOnStartupFailure } from './startupFailure.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, ...(config.databasePoolSize ? { poolSize: config.databasePoolSize } : {}) });
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainDelayMs: config.drainDelayMs }, 'shutting down');
    try {
      // Readiness answers 503 first, so balancers stop sending new work; the delay lets them notice.
      app.health.drain();
      if (config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
      // Stops accepting, finishes requests in flight, stores every open project document and
      // closes this node's WebSockets (their clients reconnect to another node) before the
      // database closes.
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Tessera is running at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => exitOnStartupFailure(error));
