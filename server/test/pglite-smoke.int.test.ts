/**
 * Embedded mode: the same app on PGlite (what `npm start` uses without DATABASE_URL), and a
 * file-backed PGlite database that keeps its data across restarts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@tessera/db/connect';
import { users } from '@tessera/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInAnonymously, signUpTestUser, type TestApp } from './harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ pglite: true });
});
afterAll(async () => {
  await t?.close();
});

describe('the app on in-memory PGlite', () => {
  it('reports a healthy pglite database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: { kind: 'pglite', ok: true }, storage: { ok: true } });
  });

  it('signs up a user who can read their record', async () => {
    const user = await signUpTestUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/trpc/user.find', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ result: { data: { id: string; email: string } } }>().result.data).toMatchObject({
      id: user.id,
      email: user.email,
    });
  });

  it('signs in anonymously with the device id stored', async () => {
    const anon = await signInAnonymously(t.app, 'device-pglite-01');
    const session = await t.app.inject({ method: 'GET', url: '/api/trpc/user.session', headers: { cookie: anon.cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json<{ result: { data: { user: Record<string, unknown> } } }>().result.data.user).toMatchObject({
      id: anon.id,
      email: null,
      isAnonymous: true,
      deviceId: 'device-pglite-01',
    });
  });
});

describe('file-backed PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-pglite-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps rows across a close and reconnect to the same folder', async () => {
    const first = await connect({ dataDir });
    expect(first.kind).toBe('pglite');
    await first.db.insert(users).values({ id: 'persisted-user', name: 'Persisted', email: 'persisted@example.com', userGroup: 142 });
    await first.close();

    // Reconnecting migrates again; that must be a no-op on an up-to-date database.
    const second = await connect({ dataDir });
    try {
      const rows = await second.db.select().from(users).where(eq(users.id, 'persisted-user'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Persisted', email: 'persisted@example.com', userGroup: 142, role: 'user' });
      expect(await second.ping()).toBe(true);
    } finally {
      await second.close();
    }
  });
});
