/**
 * Earned credits: the daily check-in (once per UTC day, streaks), missions (claims once, §8
 * refusals) and invites (friend reward once per e-mail and device, inviter reward when the
 * friend subscribes, the already-registered cases).
 */
import { generationTasks, users } from '@tessera/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIn } from '../src/modules/rewards/checkIn.service.ts';
import { claimMission } from '../src/modules/rewards/missions.service.ts';
import {
  buildTestApp,
  connectTestSocket,
  creditSummary,
  disconnectTestSockets,
  rpc,
  signInAnonymously,
  signUpTestUser,
  type TestApp,
  TEST_ORIGIN,
  type TestUser,
} from './harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  disconnectTestSockets();
  await t.close();
});

const remaining = async (u: TestUser) => (await creditSummary(t.app, u.cookie)).remaining;
const errorOf = (res: { status: number; body: { error?: { message: string } } }) => ({ status: res.status, message: res.body.error?.message });

describe('daily check-in', () => {
  it('grants once per day even when two tabs check in at once', async () => {
    const user = await signUpTestUser(t.app);
    const before = await remaining(user);
    const [a, b] = await Promise.all([rpc(t.app, user.cookie, 'checkIn.checkIn'), rpc(t.app, user.cookie, 'checkIn.checkIn')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.result.data.granted, b.body.result.data.granted].sort()).toEqual([0, 5]);
    expect(await remaining(user)).toBe(before + 5);
    const state = (await rpc(t.app, user.cookie, 'checkIn.get', undefined, 'GET')).body.result.data;
    expect(state).toMatchObject({ checkedInToday: true, streak: 1, todayCredits: 5 });
    expect(state.week.map((d: { done: boolean }) => d.done)).toEqual([true, false, false, false, false, false, false]);
  });

  it('counts a streak day by UTC day, pays 20 on the 7th and starts over after a gap', async () => {
    const user = await signUpTestUser(t.app);
    const services = t.app.services;
    const day = (n: number) => new Date(Date.UTC(2030, 0, 1 + n, 23, 30));
    const grants: number[] = [];
    for (let n = 0; n < 7; n += 1) grants.push((await checkIn(services, user.id, day(n))).granted);
    expect(grants).toEqual([5, 5, 5, 5, 5, 5, 20]);
    expect((await checkIn(services, user.id, day(6))).granted).toBe(0);
    const afterGap = await checkIn(services, user.id, day(9));
    expect(afterGap).toMatchObject({ streak: 1, granted: 5 });
  });

  it('needs an e-mail account', async () => {
    const guest = await signInAnonymously(t.app);
    expect((await rpc(t.app, guest.cookie, 'checkIn.checkIn')).status).toBe(401);
  });
});

describe('missions', () => {
  it('claims a completed mission once and refuses the rest with the §8 messages', async () => {
    const user = await signUpTestUser(t.app);
    const list = (await rpc(t.app, user.cookie, 'mission.list', undefined, 'GET')).body.result.data;
    expect(list.find((m: { key: string }) => m.key === 'verify_email')).toMatchObject({ completed: true, claimed: false, credits: 20 });
    const before = await remaining(user);
    expect((await rpc(t.app, user.cookie, 'mission.claim', { key: 'verify_email' })).status).toBe(200);
    expect(await remaining(user)).toBe(before + 20);
    expect(errorOf(await rpc(t.app, user.cookie, 'mission.claim', { key: 'verify_email' }))).toEqual({ status: 409, message: 'Mission credit has been claimed.' });
    expect(errorOf(await rpc(t.app, user.cookie, 'mission.claim', { key: 'first_image' }))).toEqual({ status: 412, message: 'Mission has not been completed.' });
    expect(errorOf(await rpc(t.app, user.cookie, 'mission.claim', { key: 'no_such_mission' }))).toEqual({ status: 404, message: 'Mission not found.' });
    expect(await remaining(user)).toBe(before + 20);
  });

  it('a daily mission is claimed once per UTC day', async () => {
    const user = await signUpTestUser(t.app);
    const now = new Date();
    await t.database.db
      .insert(generationTasks)
      .values({ userId: user.id, kind: 'text_to_image', rpcName: 'text2Image.create', input: {}, cost: 0, status: 'succeeded', finishedAt: now, maxAttempts: 3 });
    const first = await claimMission(t.app.services, user.id, 'daily_create', now);
    expect(first.credits).toBe(5);
    await expect(claimMission(t.app.services, user.id, 'daily_create', now)).rejects.toMatchObject({ message: 'Reward mission already completed.' });
    // first_image is complete too now: a once-mission claimed in parallel grants once.
    const both = await Promise.allSettled([claimMission(t.app.services, user.id, 'first_image', now), claimMission(t.app.services, user.id, 'first_image', now)]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('invites', () => {
  let inviter: TestUser;
  let code = '';

  beforeAll(async () => {
    inviter = await signUpTestUser(t.app);
    code = (await rpc(t.app, inviter.cookie, 'invite.get', undefined, 'GET')).body.result.data.code;
  });

  it('gives a new friend 10 credits and tells the inviter', async () => {
    const socket = await connectTestSocket(t.app, inviter.cookie);
    const notice = new Promise((resolve) => socket.once('reward:notice', resolve));
    const guest = await signInAnonymously(t.app, 'device-friend-1');
    const friend = await signUpTestUser(t.app, { cookie: guest.cookie });
    const before = await remaining(friend);
    const res = await rpc(t.app, friend.cookie, 'invite.redeem', { code: code.toLowerCase() });
    expect(res.body.result.data).toEqual({ status: 'rewarded', credits: 10, message: null });
    expect(await remaining(friend)).toBe(before + 10);
    await expect(notice).resolves.toEqual({ kind: 'inviteFriendJoined', credits: 10 });
    expect(errorOf(await rpc(t.app, friend.cookie, 'invite.redeem', { code }))).toEqual({ status: 409, message: 'You have already entered an invite code.' });
    expect((await rpc(t.app, inviter.cookie, 'invite.get', undefined, 'GET')).body.result.data).toMatchObject({ joined: 1, rewarded: 1 });
  });

  it('refuses invalid and own codes', async () => {
    expect(errorOf(await rpc(t.app, inviter.cookie, 'invite.redeem', { code }))).toEqual({ status: 400, message: 'Please fill in the invitation code of others.' });
    expect(errorOf(await rpc(t.app, inviter.cookie, 'invite.redeem', { code: 'ZZZZ9999' }))).toEqual({
      status: 400,
      message: 'Please enter the correct invite code.',
    });
  });

  it('answers in the language the request asks for (§7 user-language header), keeping the code', async () => {
    const redeem = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trpc/invite.redeem',
        headers: { origin: TEST_ORIGIN, cookie: inviter.cookie, 'user-language': lang },
        payload: { code: 'ZZZZ9999' },
      });
    const ja = await redeem('ja');
    expect(ja.statusCode).toBe(400);
    expect(ja.json().error).toMatchObject({ message: '正しい招待コードを入力してください。', data: { code: 'BAD_REQUEST', appCode: 'INVALID_INVITE_CODE' } });
    expect((await redeem('zh-TW')).json().error.message).toBe('請輸入正確的邀請碼。');
    expect((await redeem('ar')).json().error.message).toBe('يرجى إدخال رمز الدعوة الصحيح.');
    // Plain HTTP routes too: the error handler's catalogue answers.
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'user-language': 'ja' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 'NOT_FOUND', message: '見つかりません。', data: { appCode: 'NOT_FOUND' } });
  });

  it('gives nothing to a second account on the same device', async () => {
    const guest = await signInAnonymously(t.app, 'device-friend-1');
    const second = await signUpTestUser(t.app, { cookie: guest.cookie });
    const before = await remaining(second);
    const res = await rpc(t.app, second.cookie, 'invite.redeem', { code });
    expect(res.body.result.data).toMatchObject({ status: 'alreadyRewarded', credits: 0 });
    expect(await remaining(second)).toBe(before);
  });

  it('links an already-registered user without the sign-up reward; their first payment rewards the inviter once', async () => {
    const old = await signUpTestUser(t.app);
    await t.database.db.update(users).set({ createdAt: new Date(Date.now() - 30 * 86_400_000) }).where(eq(users.id, old.id));
    const res = await rpc(t.app, old.cookie, 'invite.redeem', { code });
    expect(res.body.result.data.status).toBe('registered');
    expect(res.body.result.data.message).toMatch(/already registered.*50-credit subscription reward/);

    const before = await remaining(inviter);
    const checkout = await rpc(t.app, old.cookie, 'billing.checkout', { productId: 'lite_monthly' });
    const id = String(checkout.body.result.data.url).split('/').pop();
    expect((await rpc(t.app, old.cookie, 'billing.testCheckout.pay', { id, card: 'success' })).status).toBe(200);
    expect(await remaining(inviter)).toBe(before + 50);
    const sub = (await rpc(t.app, old.cookie, 'subLog.getSubLog', { appName: 'tessera' }, 'GET')).body.result.data.currentPlan.subscriptionId;
    await rpc(t.app, old.cookie, 'billing.testCheckout.advanceClock', { subscriptionId: sub });
    expect(await remaining(inviter)).toBe(before + 50);
  });

  it('tells a subscriber they cannot get the sign-up reward', async () => {
    const subscriber = await signUpTestUser(t.app);
    const checkout = await rpc(t.app, subscriber.cookie, 'billing.checkout', { productId: 'lite_monthly' });
    const id = String(checkout.body.result.data.url).split('/').pop();
    await rpc(t.app, subscriber.cookie, 'billing.testCheckout.pay', { id, card: 'success' });
    const res = errorOf(await rpc(t.app, subscriber.cookie, 'invite.redeem', { code }));
    expect(res.status).toBe(409);
    expect(res.message).toMatch(/already registered.*subscriber you can still invite friends/);
  });
});
