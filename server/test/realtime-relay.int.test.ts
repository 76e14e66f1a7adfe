/**
 * Worker processes have no Socket.IO server: their events travel through Postgres
 * LISTEN/NOTIFY to the app nodes, which deliver them to their own sockets.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_CHANNEL, parseRelayed, pgPublisher } from '../src/realtime/pgRelay.ts';
import { Realtime } from '../src/realtime/realtime.ts';
import { buildTestApp, connectTestSocket, disconnectTestSockets, signUpTestUser, type TestApp } from './harness.ts';

let t: TestApp;
let pool: pg.Pool;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 })
    // An idle client cut by the server (a dropped database, a terminated backend) must not crash the test process.
    .on('error', () => undefined);
});
afterAll(async () => {
  disconnectTestSockets();
  await pool?.end();
  await t?.close();
});

describe('event relay through Postgres', () => {
  it("delivers a worker process's event to the user's socket, and only theirs", async () => {
    const alice = await signUpTestUser(t.app);
    const bob = await signUpTestUser(t.app);
    const [aliceSocket, bobSocket] = await Promise.all([connectTestSocket(t.app, alice.cookie), connectTestSocket(t.app, bob.cookie)]);
    const bobGot: unknown[] = [];
    bobSocket.on('task:progress', (p) => bobGot.push(p));

    const worker = new Realtime(); // no Socket.IO server, like `npm run worker`
    worker.useRelay(pgPublisher(pool), (err) => {
      throw err;
    });
    const received = new Promise((resolve) => aliceSocket.once('task:progress', resolve));
    worker.toUser(alice.id, 'task:progress', { id: 'task-1', projectId: null, progress: 40, stage: 'rendering' });
    await expect(received).resolves.toEqual({ id: 'task-1', projectId: null, progress: 40, stage: 'rendering' });
    // Sentinel: an event for Bob, published once Alice's was delivered (so its NOTIFY committed
    // first). The app node's one LISTEN connection gets notifications in commit order and hands
    // each to Socket.IO synchronously, and one socket's packets keep their order: anything of
    // Alice's that went to Bob would be ahead of it.
    const sentinel = { id: 'task-sentinel', projectId: null, progress: 1, stage: 'queued' };
    const bobSentinel = new Promise((resolve) => bobSocket.once('task:progress', resolve));
    worker.toUser(bob.id, 'task:progress', sentinel);
    await bobSentinel;
    expect(bobGot).toEqual([sentinel]);
  });

  it('drops malformed or forged notifications', async () => {
    expect(parseRelayed('not json')).toBeNull();
    expect(parseRelayed(JSON.stringify({ room: 'everyone', event: 'task:progress', payload: {} }))).toBeNull();
    expect(parseRelayed(JSON.stringify({ room: 'user:x', event: 'credits:changed', payload: { used: -1 } }))).toBeNull();
    const alice = await signUpTestUser(t.app);
    const socket = await connectTestSocket(t.app, alice.cookie);
    const got: unknown[] = [];
    socket.on('credits:changed', (p) => got.push(p));
    const notify = (payload: unknown) => pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, JSON.stringify({ room: `user:${alice.id}`, event: 'credits:changed', payload })]);
    await notify({ used: 'lots' });
    // Sentinel: a valid notification to the same room, sent after the forged one committed.
    // The app node's one LISTEN connection gets notifications in commit order and delivers each
    // synchronously, and the socket keeps their order: once the sentinel is in, the forged one
    // was handled (and, had it got through, would be ahead of it).
    const sentinel = { used: 1, total: 10, remaining: 9 };
    const arrived = new Promise((resolve) => socket.once('credits:changed', resolve));
    await notify(sentinel);
    await arrived;
    expect(got).toEqual([sentinel]);
  });
});
