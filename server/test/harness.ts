/**
 * Test harness: a fresh, migrated PostgreSQL database per test file, the real app on it, and
 * helpers to act as a user. No mocks of our own code.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type DatabaseHandle } from '@tessera/db/connect';
import type { AddressInfo } from 'node:net';
import type { ServerToClientEvents } from '@tessera/shared/realtime';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
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

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `tessera_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
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
  opts: { pglite?: boolean; config?: Partial<Config>; providers?: GenerationProvider[] } = {},
): Promise<TestApp> {
  const testDb = opts.pglite ? null : await createTestDatabase();
  const config = testConfig({ databaseUrl: testDb?.url, ...opts.config });
  const database = await connect(testDb ? { databaseUrl: testDb.url, poolSize: 5 } : { inMemory: true });
  const app = await buildApp({ config, database, ...(opts.providers ? { providers: opts.providers } : {}) });
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

/** Signs up with e-mail and password through the real auth endpoint. */
export async function signUpTestUser(
  app: FastifyInstance,
  opts: { email?: string; password?: string; cookie?: string } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    payload: { email, password: opts.password ?? 'correct horse battery', name: email.split('@')[0] },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ user: { id: string } }>();
  return { id: body.user.id, email, cookie: cookiesFrom(res.headers['set-cookie']) };
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
