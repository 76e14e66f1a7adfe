/**
 * Every environment variable the server reads, parsed once with zod. README lists them all.
 * Embedded mode (no DATABASE_URL) needs none of them.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './media/s3Storage.ts';
import { type Announcement, zAnnouncementEnv } from './modules/system/announcement.ts';

const zBool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** MODERATION_IMAGE_THRESHOLD's default (docs/configuration.md). */
export const DEFAULT_IMAGE_MODERATION_THRESHOLD = 0.7;

const zOptionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const zEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: zOptionalString,
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: zOptionalString,
  /** Connections per process in the PostgreSQL pool (app default 10; worker default WORKER_CONCURRENCY + 2). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  PUBLIC_URL: zOptionalString.pipe(z.url().optional()),
  AUTH_SECRET: zOptionalString.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: zBool,
  COUNTRY_HEADER: zOptionalString,
  DEFAULT_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('US'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  UPLOADS_PER_SESSION: z.coerce.number().int().positive().default(3),
  UPLOADS_PER_IP: z.coerce.number().int().positive().default(6),
  STUDIO_DIST: zOptionalString,
  GOOGLE_CLIENT_ID: zOptionalString,
  GOOGLE_CLIENT_SECRET: zOptionalString,
  ADMIN_EMAILS: zOptionalString,
  REDIS_URL: zOptionalString.pipe(z.url().optional()),
  /** Prefix of every Redis key and channel of ours, so deployments can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{0,64}$/)
    .default('tessera:'),
  RATE_LIMIT_STORE: z.enum(['auto', 'memory', 'redis', 'postgres']).default('auto'),
  /** Load shedding: answer 503 + Retry-After while the event loop lags more than this (0: off). */
  LOAD_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
  /** Bearer token for GET /metrics; unset: only loopback and private-network scrapers. */
  METRICS_TOKEN: zOptionalString,
  /** On SIGTERM: readiness says 503 this long before the node stops accepting (balancers notice). */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** `npm run worker`: the health and metrics port (0: none). */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65_535).default(3001),
  /** `npm run worker` on SIGTERM: how long running tasks may finish before they are handed back. */
  WORKER_STOP_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(2),
  MODERATION_URL: zOptionalString.pipe(z.url().optional()),
  MODERATION_API_KEY: zOptionalString,
  MODERATION_MODEL: zOptionalString,
  /**
   * Image moderation (uploads and generated results): refuse a picture whose porn + hentai
   * probabilities reach this (0–1), or `off`. Default 0.7; off by default under NODE_ENV=test.
   */
  MODERATION_IMAGE_THRESHOLD: zOptionalString.pipe(z.union([z.literal('off'), z.string().regex(/^\d*\.?\d+$/u).transform(Number).pipe(z.number().min(0).max(1))]).optional()),
  ENGINE_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Test-only: smaller, faster renders for the test suite; never set in production. Read by
   * generation/engine/mediaProfile.ts (engine threads render too); listed here to be validated.
   */
  ENGINE_MEDIA_PROFILE: zOptionalString.pipe(z.enum(['product', 'test']).default('product')),
  WORKER_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
  WORKER_HEARTBEAT_MS: z.coerce.number().int().min(100).default(5_000),
  WORKER_REAP_MS: z.coerce.number().int().min(100).default(5_000),
  SMTP_URL: zOptionalString.pipe(z.url().optional()),
  MAIL_FROM: zOptionalString,
  AUTH_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  AUTH_SIGN_IN_LIMIT: z.coerce.number().int().positive().default(10),
  AUTH_SIGN_UP_LIMIT: z.coerce.number().int().positive().default(5),
  AUTH_SEND_CODE_LIMIT: z.coerce.number().int().positive().default(3),
  AUTH_CHECK_CODE_LIMIT: z.coerce.number().int().positive().default(5),
  WELCOME_CREDITS_PER_NETWORK: z.coerce.number().int().min(0).default(3),
  WELCOME_CREDITS_WINDOW_HOURS: z.coerce.number().positive().default(24),
  SIGN_IN_ACCOUNT_FAILURES: z.coerce.number().int().positive().default(5),
  SIGN_IN_ACCOUNT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  SIGN_IN_ACCOUNT_LOCK_SECONDS: z.coerce.number().int().positive().default(60),
  SIGN_IN_ACCOUNT_MAX_LOCK_SECONDS: z.coerce.number().int().positive().default(900),
  STRIPE_SECRET_KEY: zOptionalString,
  STRIPE_WEBHOOK_SECRET: zOptionalString,
  STRIPE_API_BASE: zOptionalString.pipe(z.url().optional()),
  TEST_CHECKOUT: z.enum(['true', 'false', '1', '0', '']).optional(),
  ANNOUNCEMENT_JSON: zAnnouncementEnv,
  OPENAI_API_KEY: zOptionalString,
  OPENAI_BASE_URL: zOptionalString.pipe(z.url().optional()),
  OPENAI_MODEL: zOptionalString,
  OPENAI_IMAGES: zBool,
  /** Read by media/binaries.ts (engine threads spawn ffmpeg too); listed here to be validated. */
  FFMPEG_PATH: zOptionalString,
  FFPROBE_PATH: zOptionalString,
  FAL_KEY: zOptionalString,
  FAL_BASE_URL: zOptionalString.pipe(z.url().optional()),
  /** fal's signed completion webhooks (needs PUBLIC_URL reachable by fal); polling stays the fallback. */
  FAL_WEBHOOKS: zBool,
  FAL_WEBHOOK_JWKS_URL: zOptionalString.pipe(z.url().optional()),
  /**
   * `ip:port` pairs (comma-separated, IP literals) that hosted-provider result downloads may
   * reach although they are private addresses: a model server on the operator's own network.
   */
  PROVIDER_DOWNLOAD_ALLOW_ORIGINS: zOptionalString,
  WEBHOOK_ALLOW_ORIGINS: zOptionalString,
  REPLICATE_API_TOKEN: zOptionalString,
  REPLICATE_BASE_URL: zOptionalString.pipe(z.url().optional()),
  REPLICATE_WEBHOOK_SECRET: zOptionalString,
  /** A JSON file of model catalogue changes (add, disable, reprice): see docs/models.md. */
  MODEL_CATALOG_FILE: zOptionalString,
  /** Kinds (comma-separated, or `all`) the local engine must not make: only hosted models do. */
  LOCAL_ENGINE_OFF: zOptionalString,
  /** Where media live: `local` (DATA_DIR/media) or `s3` (an S3-compatible bucket, every node sees every file). */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: zOptionalString.pipe(z.url().optional()),
  S3_BUCKET: zOptionalString,
  S3_REGION: zOptionalString,
  S3_ACCESS_KEY_ID: zOptionalString,
  S3_SECRET_ACCESS_KEY: zOptionalString,
  S3_FORCE_PATH_STYLE: zBool,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /**
   * Interface to listen on. Outside production it defaults to 127.0.0.1: a development server
   * serves the dev mailbox and the test checkout, which must not be reachable from the network
   * by accident. Production (the Docker image sets HOST=0.0.0.0) takes what it is given.
   */
  host: string;
  dataDir: string;
  /** `local`: files under DATA_DIR/media; `s3`: the bucket (docs/configuration.md, Media storage). */
  mediaStore: { kind: 'local' } | ({ kind: 's3' } & S3Settings);
  databaseUrl: string | undefined;
  /** The origin users reach the app at; auth cookies and trusted origins derive from it. */
  publicUrl: string;
  /** Extra origins allowed to call /api/auth (the Vite dev server, loopback aliases). */
  trustedOrigins: string[];
  authSecret: string;
  logLevel: z.infer<typeof zEnv>['LOG_LEVEL'];
  trustProxy: boolean;
  /** Header set by a trusted proxy with the visitor's ISO country (e.g. cf-ipcountry). */
  countryHeader: string | undefined;
  defaultCountry: string;
  rateLimitMax: number;
  authRateLimitMax: number;
  bodyLimitBytes: number;
  /** Media uploads in progress at once, counted where RATE_LIMIT_STORE counts: more answer 429. */
  uploadLimits: { perSession: number; perIp: number };
  studioDist: string;
  google: { clientId: string; clientSecret: string } | undefined;
  adminEmails: string[];
  /** Redis for cross-node fan-out (Socket.IO adapter); unset = single node, in process. */
  redisUrl: string | undefined;
  /** Prefix of our Redis keys and channels (rate limits, Socket.IO adapter, collaboration). */
  redisPrefix: string;
  /** PostgreSQL pool size per process; unset: each process's default. */
  databasePoolSize: number | undefined;
  /** Where request rate limits are counted (plugins/sharedCounters.ts). */
  rateLimitStore: 'auto' | 'memory' | 'redis' | 'postgres';
  /** Event-loop delay (ms) above which requests are shed with 503; 0 = off. */
  loadShedEventLoopDelayMs: number;
  metricsToken: string | undefined;
  drainDelayMs: number;
  workerHealthPort: number;
  workerStopGraceMs: number;
  /** In-process generation workers; 0 leaves all work to separate worker processes. */
  workerConcurrency: number;
  /** Hosted text moderation (OpenAI moderation protocol), after the built-in blocklist. */
  moderation: { url: string; apiKey: string | undefined; model: string | undefined } | undefined;
  /** Image moderation threshold on porn + hentai (generation/imageModeration.ts); undefined: off. */
  imageModerationThreshold: number | undefined;
  /** Worker threads for the local engine's CPU work; unset = one per core but one. */
  engineThreads: number | undefined;
  /** Task lease, heartbeat and reaper timing: a crashed worker's task is re-queued after the lease. */
  workerTiming: { leaseMs: number; heartbeatMs: number; reapMs: number };
  /**
   * Outgoing mail. With `smtpUrl` (e.g. smtps://user:pass@smtp.example.com) mail goes out over
   * SMTP; without it every message lands in the dev mailbox table (shown at /dev/mailbox
   * outside production).
   */
  mail: { smtpUrl: string | undefined; from: string };
  /**
   * Requests per client IP and auth path within `windowSeconds`, counted in the database (all
   * nodes share them): password sign-in, sign-up, sending a code, checking a code.
   */
  authLimits: { windowSeconds: number; signIn: number; signUp: number; sendCode: number; checkCode: number };
  /**
   * Welcome (trial) credits per client network — an IPv4 address or an IPv6 /64 — and window,
   * on top of once per device id (which the client chooses). Sign-ins past it get an account
   * without welcome credits; admins see the refusals (admin.abuse.welcomeCredits).
   */
  welcomeCredits: { perNetwork: number; windowHours: number };
  /**
   * Password sign-in per account (normalised e-mail), whatever the client IP: from the
   * `failures`-th attempt without success within `windowSeconds`, the address is locked for
   * `lockSeconds`, doubling per further attempt up to `maxLockSeconds`.
   */
  accountSignInLimit: { failures: number; windowSeconds: number; lockSeconds: number; maxLockSeconds: number };
  /**
   * Payments. With both Stripe keys, subscriptions go through Stripe (`apiBase` points the SDK
   * at another host, e.g. a local stand-in). Without them the built-in test checkout takes
   * over — on by default outside production only, since it hands out paid plans for nothing.
   */
  billing: {
    stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
    testCheckout: boolean;
  };
  /** The site-wide announcement shown once to each visitor (ANNOUNCEMENT_JSON); null = none. */
  announcement: Announcement | null;
  /**
   * The chat's prompt planner: an OpenAI-compatible chat-completions API when OPENAI_API_KEY is
   * set (OPENAI_BASE_URL points it at any compatible server); undefined = the local planner.
   */
  openai: { apiKey: string; baseUrl: string; model: string } | undefined;
  /**
   * Hosted model providers (see shared/generation/models): each is used for the kinds its models
   * make when its key is set. OpenAI's images API uses `openai` above. `replicate.webhookSecret`
   * (whsec_…) turns on Replicate's signed completion webhooks; polling remains the fallback.
   */
  /** MODEL_CATALOG_FILE: the operator's changes to the model catalogue (docs/models.md). */
  modelCatalogFile: string | undefined;
  /** LOCAL_ENGINE_OFF: kinds the local engine does not make here (`*` for all). */
  localEngineOff: string[];
  hosted: {
    fal: { key: string; baseUrl: string; webhookJwksUrl?: string | undefined } | undefined;
    replicate: { token: string; baseUrl: string; webhookSecret: string | undefined } | undefined;
    /**
     * OPENAI_IMAGES: OpenAI's images API for text to image (with OPENAI_API_KEY). Off by default:
     * a key set for the chat planner (perhaps for a compatible server without images) must not
     * start sending paid image requests by itself.
     */
    openaiImages: boolean;
  };
  /**
   * `ip:port` pairs that provider result downloads may reach although they are not public
   * addresses (PROVIDER_DOWNLOAD_ALLOW_ORIGINS; tests' stand-ins listen on 127.0.0.1).
   */
  providerDownloadAllowList: string[];
  /** `ip:port` pairs a task's webhook may be delivered to although they are not public (WEBHOOK_ALLOW_ORIGINS). */
  webhookAllowList: string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment; `overrides` let tests and benches set values without touching process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = zEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.ENGINE_MEDIA_PROFILE === 'test') {
    throw new ConfigError('ENGINE_MEDIA_PROFILE=test is for the test suite (smaller, faster renders); it is never set in production.');
  }
  const dataDir = resolve(overrides.dataDir ?? e.DATA_DIR);
  const port = overrides.port ?? e.PORT;
  const publicUrl = (overrides.publicUrl ?? e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const google =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
      : undefined;

  const config: Config = {
    env: e.NODE_ENV,
    port,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    mediaStore: mediaStoreOf(e),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    trustedOrigins: defaultTrustedOrigins(publicUrl, e.NODE_ENV),
    authSecret: '',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    countryHeader: e.COUNTRY_HEADER?.toLowerCase(),
    defaultCountry: e.DEFAULT_COUNTRY,
    rateLimitMax: e.RATE_LIMIT_MAX,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadLimits: { perSession: e.UPLOADS_PER_SESSION, perIp: e.UPLOADS_PER_IP },
    studioDist: resolve(e.STUDIO_DIST ?? new URL('../../studio/dist', import.meta.url).pathname),
    google,
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    rateLimitStore: e.RATE_LIMIT_STORE,
    // Off in tests by default: a loaded CI machine must not shed a suite's requests.
    loadShedEventLoopDelayMs: e.LOAD_SHED_EVENT_LOOP_DELAY_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    metricsToken: e.METRICS_TOKEN,
    drainDelayMs: e.DRAIN_DELAY_MS,
    workerHealthPort: e.WORKER_HEALTH_PORT,
    workerStopGraceMs: e.WORKER_STOP_GRACE_MS,
    workerConcurrency: e.WORKER_CONCURRENCY,
    engineThreads: e.ENGINE_THREADS,
    // Off in tests by default: most suites generate images and need not pay a classification each.
    imageModerationThreshold:
      e.MODERATION_IMAGE_THRESHOLD === 'off' ? undefined : (e.MODERATION_IMAGE_THRESHOLD ?? (e.NODE_ENV === 'test' ? undefined : DEFAULT_IMAGE_MODERATION_THRESHOLD)),
    moderation: e.MODERATION_URL ? { url: e.MODERATION_URL, apiKey: e.MODERATION_API_KEY, model: e.MODERATION_MODEL } : undefined,
    workerTiming: { leaseMs: e.WORKER_LEASE_MS, heartbeatMs: e.WORKER_HEARTBEAT_MS, reapMs: e.WORKER_REAP_MS },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `Tessera <no-reply@${new URL(publicUrl).hostname}>` },
    authLimits: {
      windowSeconds: e.AUTH_LIMIT_WINDOW_SECONDS,
      signIn: e.AUTH_SIGN_IN_LIMIT,
      signUp: e.AUTH_SIGN_UP_LIMIT,
      sendCode: e.AUTH_SEND_CODE_LIMIT,
      checkCode: e.AUTH_CHECK_CODE_LIMIT,
    },
    welcomeCredits: { perNetwork: e.WELCOME_CREDITS_PER_NETWORK, windowHours: e.WELCOME_CREDITS_WINDOW_HOURS },
    accountSignInLimit: {
      failures: e.SIGN_IN_ACCOUNT_FAILURES,
      windowSeconds: e.SIGN_IN_ACCOUNT_WINDOW_SECONDS,
      lockSeconds: e.SIGN_IN_ACCOUNT_LOCK_SECONDS,
      maxLockSeconds: e.SIGN_IN_ACCOUNT_MAX_LOCK_SECONDS,
    },
    billing: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
          : undefined,
      testCheckout: e.TEST_CHECKOUT === undefined || e.TEST_CHECKOUT === '' ? e.NODE_ENV !== 'production' : e.TEST_CHECKOUT === 'true' || e.TEST_CHECKOUT === '1',
    },
    announcement: e.ANNOUNCEMENT_JSON ?? null,
    openai: e.OPENAI_API_KEY
      ? { apiKey: e.OPENAI_API_KEY, baseUrl: (e.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, ''), model: e.OPENAI_MODEL ?? 'gpt-4o-mini' }
      : undefined,
    hosted: {
      fal: e.FAL_KEY
        ? {
            key: e.FAL_KEY,
            baseUrl: (e.FAL_BASE_URL ?? 'https://queue.fal.run').replace(/\/+$/, ''),
            webhookJwksUrl: e.FAL_WEBHOOKS ? (e.FAL_WEBHOOK_JWKS_URL ?? 'https://rest.alpha.fal.ai/.well-known/jwks.json') : undefined,
          }
        : undefined,
      replicate: e.REPLICATE_API_TOKEN
        ? {
            token: e.REPLICATE_API_TOKEN,
            baseUrl: (e.REPLICATE_BASE_URL ?? 'https://api.replicate.com').replace(/\/+$/, ''),
            webhookSecret: e.REPLICATE_WEBHOOK_SECRET,
          }
        : undefined,
      openaiImages: e.OPENAI_IMAGES,
    },
    modelCatalogFile: e.MODEL_CATALOG_FILE,
    localEngineOff: (e.LOCAL_ENGINE_OFF ?? '')
      .split(',')
      .map((kind) => kind.trim())
      .filter(Boolean)
      .map((kind) => (kind === 'all' ? '*' : kind)),
    providerDownloadAllowList: (e.PROVIDER_DOWNLOAD_ALLOW_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    webhookAllowList: (e.WEBHOOK_ALLOW_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    ...overrides,
  };
  config.authSecret = overrides.authSecret ?? e.AUTH_SECRET ?? resolveAuthSecret(config);
  return config;
}

/** The same server answers on localhost and 127.0.0.1; both are trusted in non-production. */
function mediaStoreOf(e: z.infer<typeof zEnv>): Config['mediaStore'] {
  if (e.MEDIA_STORE === 'local') return { kind: 'local' };
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !e[name]);
  if (missing.length > 0) throw new ConfigError(`MEDIA_STORE=s3 needs ${missing.join(', ')}.`);
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

function defaultTrustedOrigins(publicUrl: string, env: Config['env']): string[] {
  const origins = new Set([new URL(publicUrl).origin]);
  if (env !== 'production') {
    const url = new URL(publicUrl);
    for (const host of ['localhost', '127.0.0.1']) {
      origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
    }
    origins.add('http://localhost:5173'); // Vite dev server (npm run dev)
  }
  return [...origins];
}

/**
 * Production must set AUTH_SECRET. Elsewhere a random secret is generated once and kept under
 * DATA_DIR so sessions survive restarts.
 */
function resolveAuthSecret(config: Config): string {
  if (config.env === 'production') {
    throw new ConfigError('AUTH_SECRET is required in production (at least 32 characters).');
  }
  const file = join(config.dataDir, 'auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
