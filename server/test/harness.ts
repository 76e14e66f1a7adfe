/**
 * Test harness: a fresh, migrated PostgreSQL database per test file, the real app on it, and
 * helpers to act as a user. No mocks of our own code.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, type DatabaseHandle } from '@tessera/db/connect';
import { type AddressInfo, createServer } from 'node:net';
import type { ServerToClientEvents } from '@tessera/shared/realtime';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { createClient } from 'redis';
import sharp from 'sharp';
import { io as connectSocketClient, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { GenerationProvider } from '../src/generation/providers/provider.ts';

/** Admin connection used to create and drop per-file databases. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file, cloned from a migrated and seeded template
 * (`CREATE DATABASE … TEMPLATE`), so a file pays a ~0.2 s copy instead of every migration.
 * connect() still migrates and seeds the clone (both are no-ops on an up-to-date copy), so a
 * stale template can slow a run down but never change what it tests.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `tessera_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  try {
    await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${await templateDatabase()}"`);
  } catch (error) {
    // Another checkout's run (other migrations) may have dropped our template meanwhile: make it again.
    if ((error as { code?: string }).code !== '3D000') throw error;
    template = undefined;
    await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${await templateDatabase()}"`);
  }
  return {
    url: databaseUrl(name),
    async drop() {
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** A TCP port free on 127.0.0.1 right now, for a child process to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(text: string): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
}

let template: Promise<string> | undefined;

/**
 * The name of the migrated template database for this checkout's migrations and seed data,
 * created once (under an advisory lock, so parallel test workers and runs share it). Templates
 * of other versions are dropped when a new one is made, but for the newest few.
 */
function templateDatabase(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    for (const file of templateInputs()) hash.update(file).update(readFileSync(file));
    const name = `tessera_template_${hash.digest('hex').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) {
        // The newest few stay: another checkout's run (other migrations) may be cloning from them now.
        const stale = await admin.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE datname LIKE 'tessera\\_template\\_%' AND datname NOT LIKE '%\\_building' ORDER BY oid DESC OFFSET ${KEPT_TEMPLATES}`,
        );
        for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
        // Built under a temporary name and renamed when complete: a crash never leaves a half-made template.
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
        await admin.query(`CREATE DATABASE "${building}"`);
        const database = await connect({ databaseUrl: databaseUrl(building), poolSize: 1 });
        await database.close();
        await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
      await admin.end();
    }
    return name;
  })();
  return template;
}

const TEMPLATE_LOCK_KEY = 726_012;
/** Templates of other versions kept when a new one is made (runs of other checkouts on this server). */
const KEPT_TEMPLATES = 3;
const DB_ROOT = fileURLToPath(new URL('../../db/', import.meta.url));

/** Files whose content decides what a migrated, seeded database holds. */
function templateInputs(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.endsWith('.test.ts')) files.push(path);
    }
  };
  for (const dir of ['migrations', 'seed', 'src']) walk(join(DB_ROOT, dir));
  return files;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    // No in-process workers unless a test asks for them: most tests need no generation.
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', WORKER_CONCURRENCY: '0' },
    {
      dataDir: mkdtempSync(join(tmpdir(), 'tessera-test-')),
      publicUrl: TEST_ORIGIN,
      authSecret: 'test-secret-test-secret-test-secret-0123',
      trustedOrigins: [TEST_ORIGIN],
      // Every inject comes from 127.0.0.1: production per-IP auth limits would throttle the
      // suites. auth-limits.int.test.ts sets small ones on purpose.
      authLimits: { windowSeconds: 60, signIn: 1000, signUp: 1000, sendCode: 1000, checkCode: 1000 },
      // The same address again: every anonymous visitor of a suite gets its welcome credits.
      // welcome-credits.int.test.ts sets the production bound on purpose.
      welcomeCredits: { perNetwork: 1_000_000, windowHours: 24 },
      ...overrides,
    },
  );
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh PostgreSQL database (or on in-memory PGlite with `pglite: true`). */
export async function buildTestApp(
  opts: { pglite?: boolean; config?: Partial<Config>; providers?: GenerationProvider[]; logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const testDb = opts.pglite ? null : await createTestDatabase();
  const config = testConfig({ databaseUrl: testDb?.url, ...opts.config });
  const database = await connect(testDb ? { databaseUrl: testDb.url, poolSize: 5 } : { inMemory: true });
  const app = await buildApp({ config, database, ...(opts.providers ? { providers: opts.providers } : {}), ...(opts.logStream ? { logStream: opts.logStream } : {}) });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await testDb?.drop();
    },
  };
}

/** Cookie header value from a response's set-cookie headers. */
export function cookiesFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export interface TestUser {
  id: string;
  email: string | null;
  cookie: string;
}

export interface DevMailMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The dev mailbox (GET /dev/mailbox.json), newest first; `to` narrows to one recipient. */
export async function devMailbox(app: FastifyInstance, to?: string): Promise<DevMailMessage[]> {
  const res = await app.inject({ method: 'GET', url: `/dev/mailbox.json${to ? `?to=${encodeURIComponent(to.toLowerCase())}` : ''}` });
  if (res.statusCode !== 200) throw new Error(`dev mailbox: ${res.statusCode} ${res.body}`);
  return res.json<{ messages: DevMailMessage[] }>().messages;
}

/** Highest dev-mailbox id for `to` so far (0 when none): pass it to waitForMail as `afterId`. */
export async function lastMailId(app: FastifyInstance, to: string): Promise<number> {
  return (await devMailbox(app, to))[0]?.id ?? 0;
}

/** Waits for a message to `to` newer than `afterId` (mail is sent in the background). */
export async function waitForMail(app: FastifyInstance, to: string, afterId = 0, timeoutMs = 5000): Promise<DevMailMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const newest = (await devMailbox(app, to))[0];
    if (newest && newest.id > afterId) return newest;
    if (Date.now() > deadline) throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The 6-digit code in a verification or reset e-mail. */
export function codeIn(message: DevMailMessage): string {
  const match = /\b(\d{6})\b/.exec(message.text);
  if (!match?.[1]) throw new Error(`no code in mail "${message.subject}"`);
  return match[1];
}

/**
 * Signs up with e-mail and password through the real auth endpoints, as the studio does: sign-up,
 * read the code from the dev mailbox, verify (which signs in). `cookie` is the browser's cookie
 * (an anonymous session), sent with both requests.
 */
export async function signUpTestUser(
  app: FastifyInstance,
  opts: { email?: string; password?: string; cookie?: string } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'correct horse battery';
  const headers = { origin: TEST_ORIGIN, ...(opts.cookie ? { cookie: opts.cookie } : {}) };
  const before = await lastMailId(app, email);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers,
    payload: { email, password, name: email.split('@')[0] },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const otp = codeIn(await waitForMail(app, email, before));
  const verified = await app.inject({ method: 'POST', url: '/api/auth/email-otp/verify-email', headers, payload: { email, otp, password } });
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  const body = verified.json<{ user: { id: string } }>();
  return { id: body.user.id, email, cookie: cookiesFrom(verified.headers['set-cookie']) };
}

/** Signs in anonymously with a device id, as the studio does on a first visit. */
export async function signInAnonymously(app: FastifyInstance, deviceId = `dev${randomBytes(8).toString('hex')}`): Promise<TestUser> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/anonymous',
    headers: { origin: TEST_ORIGIN },
    payload: { deviceId, version: 'v1' },
  });
  if (res.statusCode !== 200) throw new Error(`anonymous sign-in failed: ${res.statusCode} ${res.body}`);
  return { id: res.json<{ user: { id: string } }>().user.id, email: null, cookie: cookiesFrom(res.headers['set-cookie']) };
}

const openSockets: Socket<ServerToClientEvents>[] = [];

/**
 * A Socket.IO client for `user`, connected over WebSocket to a listening app, resolved once the
 * server announced the session. Close them with disconnectTestSockets() before closing the app:
 * an open WebSocket keeps the server from closing.
 */
export async function connectTestSocket(app: FastifyInstance, cookie: string): Promise<Socket<ServerToClientEvents>> {
  const port = (app.server.address() as AddressInfo).port;
  const socket: Socket<ServerToClientEvents> = connectSocketClient(`http://127.0.0.1:${port}`, {
    path: '/socket.io/',
    transports: ['websocket'],
    extraHeaders: { cookie, origin: TEST_ORIGIN },
  });
  openSockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('session:ready', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

export function disconnectTestSockets(): void {
  for (const socket of openSockets.splice(0)) socket.disconnect();
}

/** A tRPC call as the studio makes it: mutations POST a JSON body (with the page's Origin), queries GET `?input=`. */
export async function rpc(app: FastifyInstance, cookie: string | null, path: string, input?: unknown, method: 'GET' | 'POST' = 'POST') {
  const headers = { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) };
  const res =
    method === 'POST'
      ? await app.inject({ method, url: `/api/trpc/${path}`, headers, payload: (input ?? {}) as object })
      : await app.inject({ method, url: `/api/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, headers });
  return { status: res.statusCode, body: res.json() };
}

/** The §3 numbers of credits.summary (without what the badge says about the welcome trial). */
export async function creditSummary(app: FastifyInstance, cookie: string): Promise<{ used: number; total: number; remaining: number }> {
  const { used, total, remaining } = (await rpc(app, cookie, 'credits.summary', undefined, 'GET')).body.result.data as { used: number; total: number; remaining: number };
  return { used, total, remaining };
}

/** A multipart body with one `file` field, as a browser sends it. */
export function multipartBody(filename: string, contentType: string, data: Buffer) {
  const boundary = '----tessera-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadFile(app: FastifyInstance, cookie: string | null, data: Buffer, filename = 'photo.png', contentType = 'image/png') {
  const body = multipartBody(filename, contentType, data);
  return app.inject({ method: 'POST', url: '/api/media/upload', headers: { ...body.headers, origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }, payload: body.payload });
}

/**
 * A provider standing in at the system's edge: one flat image of `width`×`height` per task,
 * enough for tests of the bookkeeping around generation (creations, the feed, the admin console).
 */
export function flatImageProvider(opts: { width?: number; height?: number; color?: string } = {}): GenerationProvider {
  const { width = 320, height = 200, color = '#3366cc' } = opts;
  return {
    name: 'flat stand-in',
    supports: () => true,
    async run() {
      const data = await sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
      return [{ data, contentType: 'image/png', mediaType: 'image', width, height }];
    },
  };
}

/** The Redis the cross-node tests use. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 1000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.quit();
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the tests of `what` that need Redis can run. On a developer's machine without Redis
 * they are skipped with a warning; in CI (`CI=true`) an unreachable Redis fails the file, so a
 * run can never pass with those tests silently left out.
 */
export async function redisForTests(what: string): Promise<boolean> {
  if (await redisReachable()) return true;
  const message = `Redis is not reachable at ${REDIS_URL} (set TEST_REDIS_URL): ${what}`;
  if (process.env.CI === 'true') throw new Error(`${message} cannot run, and CI runs every test`);
  console.warn(`${message}: skipped`);
  return false;
}

/**
 * The statements every `pg` client of this process sends to `databaseUrl`'s database while
 * `during` runs (the pool's clients are patched for that time only).
 */
export async function countStatements<T>(databaseUrl: string, during: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const database = new URL(databaseUrl).pathname.slice(1);
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (this.database === database && text) statements.push(text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await during(), statements };
  } finally {
    pg.Client.prototype.query = original;
  }
}

/** Statements on the identity tables: what reading a session costs (it touches nothing else). */
export const IDENTITY_TABLES = /"(sessions|users|deleted_sessions)"/;
