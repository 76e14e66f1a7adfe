/**
 * Welcome credits are bounded per client network, not just per device id (which the client
 * picks): past the bound an anonymous sign-in still works but brings no credits, and admins see
 * the refused grants per network.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, creditSummary, cookiesFrom, rpc, signUpTestUser, TEST_ORIGIN, type TestApp } from './harness.ts';

const ADMIN = 'admin.abuse@example.com';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { adminEmails: [ADMIN], welcomeCredits: { perNetwork: 3, windowHours: 24 } } });
});
afterAll(async () => {
  await t?.close();
});

let devices = 0;
/** An anonymous sign-in from `ip`, with a new device id unless told otherwise (`null`: none). */
async function anonymousFrom(ip: string, deviceId: string | null = `abuse-device-${++devices}`) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/anonymous',
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN },
    payload: deviceId ? { deviceId, version: 'v1' } : { version: 'v1' },
  });
  expect(res.statusCode).toBe(200);
  const cookie = cookiesFrom(res.headers['set-cookie']);
  return { cookie, remaining: (await creditSummary(t.app, cookie)).remaining };
}

describe('welcome credits per network', () => {
  it('gives the 4th anonymous sign-in from one IP in the window an account with 0 credits, with or without a device id', async () => {
    const ip = '198.51.100.10';
    expect((await anonymousFrom(ip)).remaining).toBe(30);
    expect((await anonymousFrom(ip, null)).remaining).toBe(30);
    expect((await anonymousFrom(ip)).remaining).toBe(30);
    expect((await anonymousFrom(ip)).remaining).toBe(0);
    expect((await anonymousFrom(ip, null)).remaining).toBe(0);

    // Another address still gets its welcome credits.
    expect((await anonymousFrom('198.51.100.11')).remaining).toBe(30);
  });

  it('counts an IPv6 /64 as one network', async () => {
    for (let i = 1; i <= 3; i++) expect((await anonymousFrom(`2001:db8:aa:1::${i}`)).remaining).toBe(30);
    expect((await anonymousFrom('2001:db8:aa:1:ffff::9')).remaining).toBe(0);
    expect((await anonymousFrom('2001:db8:aa:2::1')).remaining).toBe(30);
  });

  it('still gives a device its credits once only, without using its network share', async () => {
    const ip = '198.51.100.20';
    expect((await anonymousFrom(ip, 'returning-device')).remaining).toBe(30);
    expect((await anonymousFrom(ip, 'returning-device')).remaining).toBe(0);
    expect((await anonymousFrom(ip)).remaining).toBe(30);
    expect((await anonymousFrom(ip)).remaining).toBe(30);
  });

  it('shows admins the refused grants per network, most first, and refuses non-admins', async () => {
    const ip = '198.51.100.30';
    for (let i = 0; i < 3; i++) await anonymousFrom(ip);
    for (let i = 0; i < 3; i++) expect((await anonymousFrom(ip)).remaining).toBe(0);

    const admin = await signUpTestUser(t.app, { email: ADMIN });
    const res = await rpc(t.app, admin.cookie, 'admin.abuse.welcomeCredits', { days: 1 }, 'GET');
    expect(res.status).toBe(200);
    const { networks } = res.body.result.data as { networks: { network: string; refused: number; lastRefusedAt: string }[] };
    expect(networks.map(({ network, refused }) => ({ network, refused }))).toEqual([
      { network: '198.51.100.30', refused: 3 },
      { network: '198.51.100.10', refused: 2 },
      { network: '2001:db8:aa:1::/64', refused: 1 },
    ]);
    expect(Date.parse(networks[0]?.lastRefusedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const user = await signUpTestUser(t.app);
    const forbidden = await rpc(t.app, user.cookie, 'admin.abuse.welcomeCredits', {}, 'GET');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.data.code).toBe('FORBIDDEN');
    const anonymous = await anonymousFrom('198.51.100.40');
    expect((await rpc(t.app, anonymous.cookie, 'admin.abuse.welcomeCredits', {}, 'GET')).status).toBe(401);
  });
});
