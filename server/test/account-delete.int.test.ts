/**
 * Deleting an account: confirmed with the e-mail, everything of the user is gone (rows, ledger,
 * files), their sockets are closed, their old session cookie is answered USER_DELETED, and
 * nobody else is touched.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, connectTestSocket, disconnectTestSockets, rpc, signUpTestUser, type TestApp, uploadFile } from './harness.ts';

let t: TestApp;
let db: pg.Pool;
beforeAll(async () => {
  t = await buildTestApp({ config: { workerConcurrency: 1 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  db = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 })
    // An idle client cut by the server (a dropped database, a terminated backend) must not crash the test process.
    .on('error', () => undefined);
});
afterAll(async () => {
  disconnectTestSockets();
  await db.end();
  await t.close();
});

const count = async (table: string, userId: string) => (await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [userId])).rows[0].n as number;

it('deletes everything of the user, signs out their open tabs and answers USER_DELETED to the old session', async () => {
  const user = await signUpTestUser(t.app);
  const other = await signUpTestUser(t.app);
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#f00' } }).png().toBuffer();
  const { key } = (await uploadFile(t.app, user.cookie, png)).json();
  const socket = await connectTestSocket(t.app, user.cookie);
  const done = new Promise((resolve) => socket.once('task:succeeded', resolve));
  expect((await rpc(t.app, user.cookie, 'text2Image.create', { prompt: 'a farewell picture' })).status).toBe(200);
  await done;
  for (const table of ['creations', 'generation_tasks', 'credit_entries', 'credit_grants', 'media_objects', 'sessions']) expect(await count(table, user.id)).toBeGreaterThan(0);

  // The confirmation must be the account's own address.
  expect((await rpc(t.app, user.cookie, 'user.deleteAccount', { confirmEmail: 'someone@else.com' })).status).toBe(400);
  const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
  const ended = new Promise((resolve) => socket.once('session:ended', resolve));
  const res = await rpc(t.app, user.cookie, 'user.deleteAccount', { confirmEmail: user.email!.toUpperCase() });
  expect(res.status).toBe(200);
  expect(res.body.result.data).toEqual({ deleted: true });
  // The open tab is told to sign out before its socket closes.
  expect(await ended).toEqual({ reason: 'deleted' });
  await disconnected;

  for (const table of ['creations', 'generation_tasks', 'credit_entries', 'credit_grants', 'credit_holds', 'media_objects', 'sessions', 'accounts']) {
    expect(await count(table, user.id), table).toBe(0);
  }
  expect((await db.query('SELECT count(*)::int AS n FROM users WHERE id = $1', [user.id])).rows[0].n).toBe(0);
  expect(existsSync(join(t.config.dataDir, 'media', 'u', user.id))).toBe(false);
  expect(existsSync(join(t.config.dataDir, 'media', key))).toBe(false);

  const old = await rpc(t.app, user.cookie, 'user.session', undefined, 'GET');
  expect(old.status).toBe(401);
  expect(old.body.error.message).toBe('USER_DELETED');
  // Signing in again is impossible: the account is gone.
  const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: 'http://localhost:3000' }, payload: { email: user.email, password: 'correct horse battery' } });
  expect(signIn.statusCode).toBe(401);

  // The other user is untouched.
  expect((await rpc(t.app, other.cookie, 'user.session', undefined, 'GET')).status).toBe(200);
  expect(await count('credit_grants', other.id)).toBeGreaterThan(0);
});

it('is not available to anonymous visitors or without a session', async () => {
  expect((await rpc(t.app, null, 'user.deleteAccount', { confirmEmail: 'x@y.z' })).status).toBe(401);
});
