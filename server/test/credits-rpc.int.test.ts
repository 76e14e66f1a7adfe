/**
 * Credits as users meet them: the §7 usage RPC, the summary and history over HTTP, the live
 * credits:changed event, and welcome credits that follow a visitor from their anonymous
 * session into the account they register.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { creditGrants } from '@tessera/db/schema';
import { ANONYMOUS_TRIAL_CREDITS, type CreditHistoryPage, type CreditBadge, VERIFIED_EMAIL_BONUS_CREDITS } from '@tessera/shared/credits';
import type { ServerToClientEvents } from '@tessera/shared/realtime';
import { eq } from 'drizzle-orm';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishCreditsChanged } from '../src/modules/credits/credits.events.ts';
import { grantCredits, grantWelcomeCredits } from '../src/modules/credits/credits.service.ts';
import { buildTestApp, signInAnonymously, signUpTestUser, type TestApp } from './harness.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

async function rpc<T>(path: string, cookie: string | null, input?: unknown): Promise<{ status: number; data: T }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
    headers: cookie ? { cookie } : {},
  });
  return { status: res.statusCode, data: res.json<{ result: { data: T } }>().result?.data };
}

const summaryOf = async (cookie: string) => (await rpc<CreditBadge>('credits.summary', cookie)).data;

function deviceId(): string {
  return `dev${randomBytes(8).toString('hex')}`;
}

async function grantsOf(userId: string) {
  return t.database.db.select({ sourceId: creditGrants.sourceId, amount: creditGrants.amount }).from(creditGrants).where(eq(creditGrants.userId, userId));
}

describe('subUsage.getSubUsage', () => {
  it('lists credits and api_credits usage for a signed-in user', async () => {
    const user = await signUpTestUser(t.app);
    await grantCredits(t.database.db, { userId: user.id, sourceKind: 'purchase', sourceId: `inv-${user.id}`, amount: 500, note: 'API pack', usageType: 'api_credits' });
    const res = await rpc<unknown>('subUsage.getSubUsage', user.cookie, { appName: 'tessera' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      usageList: [
        { appName: 'tessera', usageType: 'credits', totalCount: ANONYMOUS_TRIAL_CREDITS + VERIFIED_EMAIL_BONUS_CREDITS, useCount: 0 },
        { appName: 'tessera', usageType: 'api_credits', totalCount: 500, useCount: 0 },
      ],
    });
  });

  it('answers 401 to an anonymous session and to no session', async () => {
    const anon = await signInAnonymously(t.app);
    expect((await rpc('subUsage.getSubUsage', anon.cookie, { appName: 'tessera' })).status).toBe(401);
    expect((await rpc('subUsage.getSubUsage', null, { appName: 'tessera' })).status).toBe(401);
  });
});

describe('credits.summary and credits.history', () => {
  it('shows an anonymous visitor their trial credits', async () => {
    const anon = await signInAnonymously(t.app);
    expect(await summaryOf(anon.cookie)).toEqual({ used: 0, total: ANONYMOUS_TRIAL_CREDITS, remaining: ANONYMOUS_TRIAL_CREDITS, trial: 'granted' });
    expect((await rpc('credits.summary', null)).status).toBe(401);
  });

  it('pages the history newest first', async () => {
    const anon = await signInAnonymously(t.app);
    for (let i = 1; i <= 3; i++) await grantCredits(t.database.db, { userId: anon.id, sourceKind: 'mission', sourceId: `${anon.id}:${i}`, amount: i, note: `Mission ${i}` });
    const first = await rpc<CreditHistoryPage>('credits.history', anon.cookie, { limit: 3 });
    expect(first.status).toBe(200);
    expect(first.data.entries.map((e) => e.note)).toEqual(['Mission 3', 'Mission 2', 'Mission 1']);
    expect(first.data.entries[0]).toMatchObject({ kind: 'grant', amount: 3, taskId: null });
    const second = await rpc<CreditHistoryPage>('credits.history', anon.cookie, { cursor: first.data.nextCursor, limit: 3 });
    expect(second.data.entries).toMatchObject([{ kind: 'grant', amount: ANONYMOUS_TRIAL_CREDITS, note: 'Welcome credits' }]);
    expect(second.data.nextCursor).toBeNull();
    expect((await rpc('credits.history', anon.cookie, { limit: 101 })).status).toBe(400);
  });
});

describe('credits:changed', () => {
  it('reaches the user’s socket with the fresh summary after a grant', async () => {
    const user = await signUpTestUser(t.app);
    const socket: Socket<ServerToClientEvents, Record<string, never>> = connectClient(`http://127.0.0.1:${port}`, {
      path: '/socket.io/',
      transports: ['websocket'],
      extraHeaders: { cookie: user.cookie },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise((resolve, reject) => {
        socket.once('session:ready', resolve);
        socket.once('connect_error', reject);
      });
      const received = new Promise((resolve) => socket.once('credits:changed', resolve));
      await grantCredits(t.app.services.db, { userId: user.id, sourceKind: 'check_in', sourceId: `${user.id}:day1`, amount: 5, note: 'Daily check-in' });
      await publishCreditsChanged(t.app.services, user.id);
      const total = ANONYMOUS_TRIAL_CREDITS + VERIFIED_EMAIL_BONUS_CREDITS + 5;
      await expect(received).resolves.toEqual({ used: 0, total, remaining: total });
    } finally {
      socket.disconnect();
    }
  });
});

describe('welcome credits', () => {
  it('keeps the anonymous credits through sign-up, with no second trial', async () => {
    const device = deviceId();
    const anon = await signInAnonymously(t.app, device);
    expect(await summaryOf(anon.cookie)).toEqual({ used: 0, total: ANONYMOUS_TRIAL_CREDITS, remaining: ANONYMOUS_TRIAL_CREDITS, trial: 'granted' });

    const registered = await signUpTestUser(t.app, { cookie: anon.cookie });
    expect(registered.id).not.toBe(anon.id);
    // The trial moved with the data; verifying the address added the e-mail bonus.
    const total = ANONYMOUS_TRIAL_CREDITS + VERIFIED_EMAIL_BONUS_CREDITS;
    expect(await summaryOf(registered.cookie)).toEqual({ used: 0, total, remaining: total, trial: 'granted' });
    expect(await grantsOf(registered.id)).toEqual(
      expect.arrayContaining([
        { sourceId: `device:${device}`, amount: ANONYMOUS_TRIAL_CREDITS },
        { sourceId: `email:${registered.email}`, amount: VERIFIED_EMAIL_BONUS_CREDITS },
      ]),
    );
    expect(await grantsOf(registered.id)).toHaveLength(2);
    const history = await rpc<CreditHistoryPage>('credits.history', registered.cookie, { limit: 10 });
    expect(history.data.entries).toHaveLength(2);

    // The same device signing in anonymously again gets no second trial, and the badge says why.
    const again = await signInAnonymously(t.app, device);
    expect(await summaryOf(again.cookie)).toEqual({ used: 0, total: 0, remaining: 0, trial: 'device' });
  });

  it('gives a direct e-mail sign-up (no anonymous session) its own trial', async () => {
    const user = await signUpTestUser(t.app);
    expect(await grantsOf(user.id)).toEqual([
      { sourceId: `user:${user.id}`, amount: ANONYMOUS_TRIAL_CREDITS },
      { sourceId: `email:${user.email}`, amount: VERIFIED_EMAIL_BONUS_CREDITS },
    ]);
  });

  it('adds the verified e-mail bonus once per address when the address arrives verified', async () => {
    const first = await signUpTestUser(t.app);
    const second = await signUpTestUser(t.app);
    const email = 'Verified.Person@Example.com';
    const base = { email, emailVerified: true, deviceId: null, isAnonymous: false, fromAnonymousSession: false };
    await grantWelcomeCredits(t.database.db, { ...base, id: first.id });
    await grantWelcomeCredits(t.database.db, { ...base, id: second.id, email: email.toLowerCase() });
    expect(await grantsOf(first.id)).toContainEqual({ sourceId: 'email:verified.person@example.com', amount: VERIFIED_EMAIL_BONUS_CREDITS });
    expect((await grantsOf(second.id)).map((g) => g.sourceId)).not.toContain('email:verified.person@example.com');
  });
});
