/**
 * Realtime over a real socket: Socket.IO on the app's port authenticates from the session
 * cookie, pushes events only to the user they concern, refuses foreign origins, and unknown
 * WebSocket paths are answered instead of left hanging.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerToClientEvents } from '@tessera/shared/realtime';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInAnonymously, signUpTestUser, TEST_ORIGIN, type TestApp } from './harness.ts';

type ClientSocket = Socket<ServerToClientEvents, Record<string, never>>;

let t: TestApp;
let port: number;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t?.close();
});

function open(headers: Record<string, string> = {}): ClientSocket {
  const socket: ClientSocket = connectClient(`http://127.0.0.1:${port}`, {
    path: '/socket.io/',
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
  });
  sockets.push(socket);
  return socket;
}

/** Resolves with the session:ready payload, rejects on connect_error. */
function ready(socket: ClientSocket): Promise<{ userId: string; anonymous: boolean }> {
  return new Promise((resolve, reject) => {
    socket.once('session:ready', resolve);
    socket.once('connect_error', reject);
  });
}

function connectError(socket: ClientSocket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect_error', resolve);
    socket.once('connect', () => reject(new Error('connected, but should have been refused')));
  });
}

describe('Socket.IO', () => {
  it('authenticates a signed-up user from the cookie and announces the session', async () => {
    const user = await signUpTestUser(t.app);
    const socket = open({ cookie: user.cookie });
    await expect(ready(socket)).resolves.toEqual({ userId: user.id, anonymous: false });
    expect(socket.connected).toBe(true);
  });

  it('accepts anonymous sessions too', async () => {
    const anon = await signInAnonymously(t.app);
    await expect(ready(open({ cookie: anon.cookie }))).resolves.toEqual({ userId: anon.id, anonymous: true });
  });

  it('delivers an event to its user only', async () => {
    const alice = await signUpTestUser(t.app);
    const bob = await signUpTestUser(t.app);
    const aliceSocket = open({ cookie: alice.cookie });
    const bobSocket = open({ cookie: bob.cookie });
    await Promise.all([ready(aliceSocket), ready(bobSocket)]);

    const bobReceived: unknown[] = [];
    bobSocket.on('credits:changed', (payload) => bobReceived.push(payload));
    const aliceReceived = new Promise((resolve) => aliceSocket.once('credits:changed', resolve));

    t.app.services.realtime.toUser(alice.id, 'credits:changed', { used: 1, total: 10, remaining: 9 });
    await expect(aliceReceived).resolves.toEqual({ used: 1, total: 10, remaining: 9 });

    // Bob's socket sees a later event for him, and never saw Alice's.
    const bobOwn = new Promise((resolve) => bobSocket.once('credits:changed', resolve));
    t.app.services.realtime.toUser(bob.id, 'credits:changed', { used: 2, total: 10, remaining: 8 });
    await expect(bobOwn).resolves.toEqual({ used: 2, total: 10, remaining: 8 });
    expect(bobReceived).toEqual([{ used: 2, total: 10, remaining: 8 }]);
  });

  it('refuses a payload that breaks the event contract before it leaves the server', () => {
    expect(() => t.app.services.realtime.toUser('someone', 'credits:changed', { used: -1, total: 10, remaining: 9 })).toThrow();
  });

  it('disconnects every socket of a user on demand', async () => {
    const user = await signUpTestUser(t.app);
    const socket = open({ cookie: user.cookie });
    await ready(socket);
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    t.app.services.realtime.disconnectUser(user.id);
    await expect(disconnected).resolves.toBe('io server disconnect');
  });

  it('refuses a connection without a session cookie with UNAUTHORIZED', async () => {
    const error = await connectError(open());
    expect(error.message).toBe('UNAUTHORIZED');
  });

  it('refuses a connection with a cookie that is not a valid session', async () => {
    const error = await connectError(open({ cookie: 'tessera.session_token=forged.value' }));
    expect(error.message).toBe('UNAUTHORIZED');
  });

  it('accepts a trusted Origin', async () => {
    const user = await signUpTestUser(t.app);
    await expect(ready(open({ cookie: user.cookie, origin: TEST_ORIGIN }))).resolves.toMatchObject({ userId: user.id });
  });

  it('refuses an Origin that is not trusted, even with a valid session cookie', async () => {
    const user = await signUpTestUser(t.app);
    const socket = open({ cookie: user.cookie, origin: 'https://evil.example' });
    let readyFired = false;
    socket.on('session:ready', () => {
      readyFired = true;
    });
    const error = await connectError(socket);
    expect(error).toBeInstanceOf(Error);
    expect(readyFired).toBe(false);
    expect(socket.connected).toBe(false);
  });
});

describe('WebSocket upgrades', () => {
  it('answers an upgrade to an unknown path with 404 instead of hanging', async () => {
    const result = await new Promise<{ status: number | undefined }>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/nope',
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
        timeout: 5_000,
      });
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode });
      });
      req.on('upgrade', (res, socket) => {
        socket.destroy();
        reject(new Error(`upgraded with ${res.statusCode}`));
      });
      req.on('timeout', () => req.destroy(new Error('upgrade request hung')));
      req.on('error', reject);
      req.end();
    });
    expect(result.status).toBe(404);
  });
});
