/**
 * Two app nodes on one database and one Redis: an event emitted on node A reaches a socket
 * connected to node B (production runs several replicas behind a load balancer).
 */
import { connect, type DatabaseHandle } from '@tessera/db/connect';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildTestApp, REDIS_URL, redisForTests, connectTestSocket, disconnectTestSockets, signUpTestUser, type TestApp, testConfig } from './harness.ts';

const reachable = await redisForTests('the cross-node realtime test');

describe.skipIf(!reachable)('realtime across nodes through Redis', () => {
  let nodeA: TestApp;
  let nodeB: FastifyInstance;
  let databaseB: DatabaseHandle;

  beforeAll(async () => {
    nodeA = await buildTestApp({ config: { redisUrl: REDIS_URL } });
    databaseB = await connect({ databaseUrl: nodeA.config.databaseUrl, poolSize: 2 });
    nodeB = await buildApp({ config: testConfig({ databaseUrl: nodeA.config.databaseUrl, redisUrl: REDIS_URL }), database: databaseB });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    disconnectTestSockets();
    await nodeB?.close();
    await databaseB?.close();
    await nodeA?.close();
  });

  it('delivers an event emitted on node A to the user socket on node B, and only to that user', async () => {
    const alice = await signUpTestUser(nodeA.app);
    const bob = await signUpTestUser(nodeA.app);
    const [aliceSocket, bobSocket] = await Promise.all([connectTestSocket(nodeB, alice.cookie), connectTestSocket(nodeB, bob.cookie)]);

    const bobGot: unknown[] = [];
    bobSocket.on('credits:changed', (p) => bobGot.push(p));
    const received = new Promise((resolve) => aliceSocket.once('credits:changed', resolve));
    nodeA.app.services.realtime.toUser(alice.id, 'credits:changed', { used: 2, total: 10, remaining: 8 });

    await expect(received).resolves.toEqual({ used: 2, total: 10, remaining: 8 });
    // Sentinel: an event for Bob emitted on node A after Alice's arrived. Node A publishes both
    // on its one Redis client, Redis hands one subscriber connection its messages in publish
    // order, node B's adapter broadcasts each synchronously as it comes, and one socket's
    // packets keep their order: anything of Alice's that went to Bob would be ahead of it.
    const sentinel = { used: 0, total: 10, remaining: 10 };
    const bobSentinel = new Promise((resolve) => bobSocket.once('credits:changed', resolve));
    nodeA.app.services.realtime.toUser(bob.id, 'credits:changed', sentinel);
    await bobSentinel;
    expect(bobGot).toEqual([sentinel]);
  });
});
