/**
 * buildApp: the one place the server is assembled, used by main.ts and by every test.
 * Order matters and is fixed: infrastructure (security headers, cookies, rate limit) →
 * services (auth, realtime) → error handling → routes (health, auth, tRPC, studio). Fastify
 * gives each route the error handler in place when the route is added, so the handler must be
 * set before any route.
 */
import type { DatabaseHandle } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import { RPC_MAX_BATCH_CALLS } from '@tessera/shared/routes';
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { createCollab } from './collab/collab.service.ts';
import type { DocumentLoader } from './collab/persistence.extension.ts';
import type { Config } from './config.ts';
import { join } from 'node:path';
import { moderateImage } from './generation/imageModeration.ts';
import { createModeration } from './generation/moderation.ts';
import { createHostedProviders, type HostedSetup } from './generation/providers/hosted/modelCatalog.ts';
import { replicateWebhookRoutes } from './generation/providers/hosted/replicateWebhook.ts';
import { FalKeys, falWebhookRoutes } from './generation/providers/hosted/falWebhook.ts';
import type { GenerationProvider } from './generation/providers/provider.ts';
import { loggerOptions } from './lib/logRedaction.ts';
import { createWorkerPool } from './generation/workers.ts';
import { applyCanvasOutcome, reconcileCanvasProject, settledProjectTask } from './modules/canvas/canvasOutcome.ts';
import { FLOW_SWEEP_MS, sweepFlowRuns } from './modules/flows/flows.service.ts';
import { WebhookDispatcher, type WebhookDispatcherOptions } from './modules/api/webhooks/dispatcher.ts';
import { importRoutes } from './media/import.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { optimizeRoutes } from './media/optimize.routes.ts';
import { openMediaStorage } from './media/openStorage.ts';
import { uploadRoutes } from './media/upload.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { restApiRoutes } from './modules/api/rest.routes.ts';
import { mcpRoutes } from './modules/api/mcp/mcp.routes.ts';
import { previewRoutes } from './modules/catalog/preview.routes.ts';
import { PreviewRenderer } from './modules/catalog/previews.ts';
import { EnginePool } from './generation/engine/enginePool.ts';
import { createAuth } from './modules/auth/auth.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { downloadRoutes } from './modules/creations/download.routes.ts';
import { createMailer, devMailboxEnabled, MailOutbox } from './modules/mail/mail.ts';
import { mailboxRoutes } from './modules/mail/mailbox.routes.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerUserGroupCookie } from './plugins/userGroupCookie.ts';
import { createWindowCounter } from './plugins/sharedCounters.ts';
import { registerHealth } from './plugins/health.ts';
import { createMetrics, registerMetrics } from './plugins/metrics.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerStudio } from './plugins/studio.ts';
import { UpgradeDispatcher } from './plugins/upgrade.ts';
import { pgSubscribe, type RelayedEvent } from './realtime/pgRelay.ts';
import { Realtime } from './realtime/realtime.ts';
import type { AppServices } from './services.ts';
import { createGateways } from './modules/billing/gateways.ts';
import { stripeWebhookRoutes } from './modules/billing/webhook.routes.ts';
import { createContextFactory } from './trpc/context.ts';
import { trpcFastifyPlugin } from './trpc/fastifyPlugin.ts';
import { type AppRouter, appRouter } from './trpc/router.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    upgrades: UpgradeDispatcher;
    /** Readiness: main.ts marks the node draining on SIGTERM. */
    health: { drain(): void; isDraining(): boolean };
  }
}

export interface BuildAppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Generation providers; the local engine by default. Tests pass stand-ins for hosted APIs. */
  providers?: GenerationProvider[];
  /** Hosted model providers; built from the config by default. Tests pass ones that poll faster. */
  hosted?: HostedSetup;
  /** Reads stored project documents for the collaboration server; tests make it fail. */
  collabLoader?: DocumentLoader;
  /** The clock of the per-account sign-in throttle; tests move it past a lock. */
  now?: () => Date;
  /** Where log lines go instead of stdout; tests read them. */
  logStream?: DestinationStream;
  /** The API webhook dispatcher's timings and resolver; tests retry in milliseconds. */
  webhooks?: WebhookDispatcherOptions;
}

/** Long batched GET URLs carry every input in one path parameter. */
const MAX_PARAM_LENGTH = 16_384;

export async function buildApp(deps: BuildAppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    // Credentials and the values of failed queries are censored (lib/logRedaction.ts).
    logger: {
      ...loggerOptions({
        level: config.logLevel,
        ...(config.env === 'development' && process.stdout.isTTY && !deps.logStream ? { transport: { target: 'pino-pretty' } } : {}),
      }),
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Oversized headers, broken URLs and other requests refused before any route answer in the
    // catalogue shape too.
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  });

  // 1. Infrastructure.
  const counter = await createWindowCounter(config, database.db, (err) => app.log.error({ err }, 'rate limit store error'));
  app.addHook('onClose', async () => counter.close());
  await registerSecurity(app, config, counter);
  const metrics = createMetrics({ db: database.db, database, role: 'web' });
  await registerMetrics(app, metrics, { token: config.metricsToken, maxEventLoopDelayMs: config.loadShedEventLoopDelayMs });

  // 2. Services.
  const outbox = new MailOutbox(createMailer(config, database.db, app.log), app.log);
  const auth = createAuth({ db: database.db, config, outbox, log: app.log });
  const realtime = new Realtime();
  const gateways = createGateways(config, database.db);
  // Engine work done while answering requests (accept-time face checks, catalogue previews), on
  // one thread of its own, started lazily, so it never blocks this event loop.
  const engine = new EnginePool({ threads: 1, idleTimeoutMs: 5 * 60_000 });
  const hosted = deps.hosted ?? createHostedProviders(config);
  const services: AppServices = {
    config,
    database,
    db: database.db,
    auth,
    realtime,
    moderation: createModeration(config),
    storage: await openMediaStorage(config),
    engine,
    workers: null,
    billing: { db: database.db, realtime, gateway: gateways.gateway },
    stripe: gateways.stripe,
    collab: null,
    outbox,
    models: hosted.catalog,
    counters: counter,
  };
  app.decorate('services', services);
  // Every node re-reads the admin console's catalogue changes (modelCatalog.ts).
  app.addHook('onReady', async () => hosted.catalog.startReloading(database.db, (err) => app.log.warn({ err }, 'model catalogue reload failed')));
  app.addHook('onClose', async () => hosted.catalog.stop());
  if (config.workerConcurrency > 0) {
    const workers = createWorkerPool(services, app.log, {
      concurrency: config.workerConcurrency,
      ...config.workerTiming,
      ...(config.engineThreads ? { engineThreads: config.engineThreads } : {}),
      ...(deps.providers ? { providers: deps.providers } : { hosted: hosted.providers }),
      // A canvas task's result goes into its project document as soon as it settles here.
      onSettled: (taskId) => applyCanvasOutcome(services, taskId),
      metrics,
    });
    services.workers = workers;
    app.addHook('onReady', async () => workers.start());
    // API tasks' signed webhooks go out wherever task workers run (modules/api/webhooks/dispatcher.ts).
    const webhooks = new WebhookDispatcher({ db: database.db, config, logger: app.log }, deps.webhooks);
    app.addHook('onReady', async () => webhooks.start());
    app.addHook('onClose', async () => webhooks.stop());
  }
  realtime.attach({ server: app.server, auth, db: database.db, trustedOrigins: config.trustedOrigins });
  if (config.redisUrl) await realtime.useRedis(config.redisUrl, (err) => app.log.error({ err }, 'realtime redis error'), config.redisPrefix);
  // Separate worker processes (npm run worker) relay their events through Postgres.
  const databaseUrl = config.databaseUrl;
  if (databaseUrl) {
    // Their canvas tasks' results are written here (they have no collaboration server); every
    // node hears the event and the claim in canvas.repo lets one of them write.
    const relayed = (event: RelayedEvent) => {
      const taskId = settledProjectTask(event);
      if (taskId) void applyCanvasOutcome(services, taskId).catch((err) => app.log.error({ err, taskId }, 'canvas outcome failed'));
    };
    await realtime.listenToRelay((deliver) =>
      pgSubscribe(
        databaseUrl,
        (event) => {
          deliver(event);
          relayed(event);
        },
        (err) => app.log.error({ err }, 'event relay error'),
      ),
    );
  }
  // A project document that loads gets every canvas result it missed (restarts, crashes).
  app.addHook('onReady', async () => {
    services.collab?.onDocumentLoaded((projectId) => {
      void reconcileCanvasProject(services, projectId).catch((err) => app.log.error({ err, projectId }, 'canvas reconcile failed'));
    });
  });
  const upgrades = new UpgradeDispatcher(app.server);
  realtime.route(upgrades);
  app.decorate('upgrades', upgrades);
  const collab = await createCollab({
    db: database.db,
    auth,
    trustedOrigins: config.trustedOrigins,
    log: app.log,
    ...(config.redisUrl ? { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix } : {}),
    ...(deps.collabLoader ? { load: deps.collabLoader } : {}),
  });
  services.collab = collab;
  collab.route(upgrades);
  // Flow runs waiting for a free slot (or left by a node that stopped mid-advance) go on (issue 24).
  const flowSweep = setInterval(() => void sweepFlowRuns(services).catch((err) => app.log.error({ err }, 'flow sweep failed')), FLOW_SWEEP_MS);
  flowSweep.unref();
  app.addHook('preClose', async () => clearInterval(flowSweep));
  // preClose, not onClose: Fastify waits for every open socket before its onClose hooks run, so
  // open WebSockets (collaboration and Socket.IO alike) would hold a shutdown forever. Closing
  // the collaboration server stores every open document; realtime.close is safe to repeat.
  app.addHook('preClose', async () => {
    await collab.close();
    await realtime.close();
  });
  // Catalogue previews render once per template, on the request-side engine thread.
  const previews = new PreviewRenderer(engine, join(config.dataDir, 'cache', 'previews'));
  app.addHook('onClose', async () => {
    await engine.close();
    await services.workers?.stop();
    await realtime.close();
    await outbox.close();
  });

  // 3. Errors and fallbacks, before any route (routes keep the error handler they were added with).
  let studioBuilt = false;
  registerErrorHandling(app, { spaFallback: () => studioBuilt });
  registerUserGroupCookie(app);
  await registerCompression(app);

  // 4. Routes.
  app.decorate('health', registerHealth(app, { database, storage: services.storage, redisHealthy: () => realtime.redisHealthy() }));
  await app.register(authRoutes, { auth, config, db: database.db, ...(deps.now ? { now: deps.now } : {}) });
  await app.register(mailboxRoutes, { db: database.db, auth, enabled: devMailboxEnabled(config) });
  await app.register(trpcFastifyPlugin<AppRouter>, {
    prefix: '/api/trpc',
    trpcOptions: {
      router: appRouter,
      // The studio's batch link sends at most this many calls per request (shared/routes).
      maxBatchSize: RPC_MAX_BATCH_CALLS,
      // Further calls of a batch count against the same per-IP limiter the request passed.
      createContext: createContextFactory(services, app.createRateLimit()),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof AppError)) app.log.error({ err: error.cause ?? error, path }, 'rpc failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  await app.register(mediaRoutes, { auth, storage: services.storage, db: database.db, linkSecret: config.authSecret });
  // Image moderation of uploads and imports, on the request-side engine thread (imageModeration.ts).
  const imageThreshold = config.imageModerationThreshold;
  const checkImage = imageThreshold === undefined ? undefined : (data: Buffer) => moderateImage(engine, data, imageThreshold);
  const uploads = {
    storage: services.storage,
    db: database.db,
    tmpDir: join(config.dataDir, 'tmp', 'uploads'),
    limits: config.uploadLimits,
    slots: counter,
    ...(checkImage ? { checkImage } : {}),
  };
  await app.register(uploadRoutes, { auth, ...uploads });
  await app.register(restApiRoutes, { services, uploads });
  await app.register(importRoutes, { auth, storage: services.storage, db: database.db, checkImage });
  await app.register(optimizeRoutes, { auth, storage: services.storage, db: database.db, cacheDir: join(config.dataDir, 'cache', 'optimize') });
  await app.register(stripeWebhookRoutes, { services });
  await app.register(replicateWebhookRoutes, { secret: config.hosted.replicate?.webhookSecret, waiters: hosted.waiters });
  const falJwks = config.hosted.fal?.webhookJwksUrl;
  await app.register(falWebhookRoutes, { keys: falJwks ? new FalKeys(falJwks) : undefined, waiters: hosted.waiters });
  await app.register(downloadRoutes, { auth, storage: services.storage, db: database.db });
  await app.register(analyticsRoutes, { auth, db: database.db, config });
  await app.register(previewRoutes, { db: database.db, previews });
  await app.register(mcpRoutes, { services });
  studioBuilt = await registerStudio(app, config.studioDist);

  return app;
}
