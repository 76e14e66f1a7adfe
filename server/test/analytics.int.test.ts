/**
 * First-party analytics: the collector (POST /api/analytics/collect) stores each valid event of
 * a batch, rejects bad ones one by one, takes the user from the session, accepts sendBeacon's
 * text/plain; the admin overview (admin.analytics.overview) counts visitors, sign-ups,
 * generations and conversions per UTC day, for admins only.
 */
import { analyticsEvents, billingInvoices, generationTasks } from '@tessera/db/schema';
import { ANALYTICS_COLLECT_PATH, type AnalyticsEnvelope, analyticsEvent, MAX_BATCH_EVENTS } from '@tessera/shared/analytics';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_BATCHES_PER_MINUTE } from '../src/modules/analytics/analytics.routes.ts';
import { buildTestApp, rpc, signInAnonymously, signUpTestUser, TEST_ORIGIN, type TestApp, type TestUser } from './harness.ts';

const ADMIN_EMAIL = 'analytics-admin@example.com';
const DAY_MS = 86_400_000;

let t: TestApp;
let admin: TestUser;
/** E-mail accounts this file created: the overview's newAccounts must match. */
let accountsCreated = 0;

const signUp = async () => {
  accountsCreated += 1;
  return signUpTestUser(t.app);
};

beforeAll(async () => {
  t = await buildTestApp({ config: { adminEmails: [ADMIN_EMAIL] } });
  admin = await signUpTestUser(t.app, { email: ADMIN_EMAIL });
  accountsCreated += 1;
});
afterAll(async () => {
  await t?.close();
});

/** Start of the UTC day `daysAgo` days before today, plus a minute. */
const dayTs = (daysAgo: number) => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY_MS + 60_000;
};
const utcDay = (daysAgo: number) => new Date(dayTs(daysAgo)).toISOString().slice(0, 10);

const context = (o: { sessionId?: string; anonymousId?: string | null; ts?: number; page?: string } = {}) => ({
  anonymous_id: o.anonymousId === undefined ? 'anon-default' : o.anonymousId,
  user_status: 'anon' as const,
  ts: o.ts ?? Date.now(),
  super: {
    platform_type: 'Web' as const,
    program_name: 'tessera',
    device_language: 'en-US',
    application_language: 'en',
    timezone: 'Europe/Zurich',
    page_name: o.page ?? 'home',
    session_id: o.sessionId ?? 'sess-default',
    login_type: 'none' as const,
    subscribe_type: 'none' as const,
    credits_amount: null,
  },
});

const pageView = (o: Parameters<typeof context>[0] = {}) => analyticsEvent('page_view', { path: '/home' }, context(o));
const signUpEvent = (o: Parameters<typeof context>[0] = {}) => analyticsEvent('sign_up', { method: 'email' }, context(o));

function send(body: unknown, opts: { cookie?: string; contentType?: string; headers?: Record<string, string> } = {}) {
  const contentType = opts.contentType ?? 'application/json';
  return t.app.inject({
    method: 'POST',
    url: ANALYTICS_COLLECT_PATH,
    // sendBeacon sends the page's Origin like any other POST.
    headers: { 'content-type': contentType, origin: TEST_ORIGIN, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const storedFor = (sessionId: string) => t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId)).orderBy(asc(analyticsEvents.id));

describe('POST /api/analytics/collect', () => {
  it('stores a valid batch with the request country and no user without a session', async () => {
    const res = await send(
      {
        events: [
          { ...pageView({ sessionId: 's-valid', anonymousId: 'a-valid', page: 'pricing' }), last_click: { element: 'nav-pricing', page_name: 'home', ts: Date.now() - 1000 } },
          signUpEvent({ sessionId: 's-valid', anonymousId: 'a-valid' }),
        ],
      },
      { headers: { 'accept-language': 'de-CH,de;q=0.9' } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, rejected: [] });
    const rows = await storedFor('s-valid');
    expect(rows.map((r) => r.event)).toEqual(['page_view', 'sign_up']);
    expect(rows[0]).toMatchObject({ userId: null, anonymousId: 'a-valid', pageName: 'pricing', userStatus: 'anon', country: 'CH', props: { path: '/home', referrer: null } });
    expect(rows[0]?.super).toMatchObject({ platform_type: 'Web', session_id: 's-valid' });
    expect(rows[0]?.lastClick).toMatchObject({ element: 'nav-pricing', page_name: 'home' });
    expect(rows[1]?.lastClick).toBeNull();
  });

  it('rejects invalid events one by one and stores the valid ones of the same batch', async () => {
    const events: unknown[] = [
      pageView({ sessionId: 's-mixed' }),
      { ...pageView({ sessionId: 's-mixed' }), event: 'not_an_event' },
      analyticsEvent('sign_up', { method: 'Twitter' as 'email' }, context({ sessionId: 's-mixed' })),
      'just a string',
      signUpEvent({ sessionId: 's-mixed' }),
    ];
    const res = await send({ events });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ accepted: number; rejected: { index: number; error: string }[] }>();
    expect(body.accepted).toBe(2);
    expect(body.rejected.map((r) => r.index)).toEqual([1, 2, 3]);
    expect(body.rejected[1]?.error).toMatch(/^sign_up: .*method/s);
    for (const r of body.rejected) expect(r.error.length).toBeGreaterThan(0);
    expect((await storedFor('s-mixed')).map((r) => r.event)).toEqual(['page_view', 'sign_up']);
  });

  it('accepts the text/plain body navigator.sendBeacon sends', async () => {
    const res = await send(JSON.stringify({ events: [pageView({ sessionId: 's-beacon' })] }), { contentType: 'text/plain;charset=UTF-8' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 1, rejected: [] });
    expect(await storedFor('s-beacon')).toHaveLength(1);
  });

  it('answers an unparsable body with 400 PARSE_ERROR in the error catalogue shape', async () => {
    for (const contentType of ['application/json', 'text/plain;charset=UTF-8']) {
      const res = await send('{"events": [', { contentType });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'PARSE_ERROR',
          message: 'The request body could not be parsed.',
          data: { code: 'PARSE_ERROR', httpStatus: 400, appCode: 'MALFORMED_BODY', path: ANALYTICS_COLLECT_PATH },
        },
      });
    }
  });

  it('answers a body that is not a batch of 1 to 50 events with 400 BAD_REQUEST and stores nothing', async () => {
    const tooMany = Array.from({ length: MAX_BATCH_EVENTS + 1 }, () => pageView({ sessionId: 's-too-many' }));
    for (const body of [{ events: tooMany }, { events: [] }, { nope: 1 }, [pageView()], 'null']) {
      const res = await send(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'Incorrect Parameter', data: { code: 'BAD_REQUEST', appCode: 'INCORRECT_PARAMETER' } });
    }
    expect(await storedFor('s-too-many')).toHaveLength(0);
    // Exactly the maximum is fine.
    const full = await send({ events: tooMany.slice(0, MAX_BATCH_EVENTS) });
    expect(full.json()).toEqual({ accepted: MAX_BATCH_EVENTS, rejected: [] });
  });

  it('takes the user and user group from the session, whatever the client claims', async () => {
    const user = await signUp();
    const forged = { ...pageView({ sessionId: 's-session' }), user_id: 'someone-else', user_group: 101 } satisfies AnalyticsEnvelope & { user_id: string };
    expect((await send({ events: [forged] }, { cookie: user.cookie })).json()).toEqual({ accepted: 1, rejected: [] });
    expect((await send({ events: [forged] })).json()).toEqual({ accepted: 1, rejected: [] });
    const [signedIn, noSession] = await storedFor('s-session');
    const group = (await rpc(t.app, user.cookie, 'user.find', undefined, 'GET')).body.result.data.userGroup;
    expect(signedIn).toMatchObject({ userId: user.id, userGroup: group, anonymousId: 'anon-default' });
    expect(noSession).toMatchObject({ userId: null, userGroup: 101 });
  });

  it('records anonymous sessions under their user and keeps the events when that user goes away', async () => {
    const guest = await signInAnonymously(t.app);
    await send({ events: [pageView({ sessionId: 's-guest', anonymousId: 'a-guest' })] }, { cookie: guest.cookie });
    expect((await storedFor('s-guest'))[0]).toMatchObject({ userId: guest.id, anonymousId: 'a-guest' });
  });

  it('binds the events of an anonymous visitor to the account they sign up for', async () => {
    const guest = await signInAnonymously(t.app);
    await send({ events: [pageView({ sessionId: 's-bind', anonymousId: 'a-bind' })] }, { cookie: guest.cookie });
    accountsCreated += 1;
    const account = await signUpTestUser(t.app, { cookie: guest.cookie });
    expect(account.id).not.toBe(guest.id);
    expect((await storedFor('s-bind'))[0]).toMatchObject({ userId: account.id, anonymousId: 'a-bind' });
  });

  it('never stores an event more than five minutes in the future', async () => {
    const before = Date.now();
    await send({ events: [pageView({ sessionId: 's-future', ts: before + 7 * DAY_MS })] });
    const [row] = await storedFor('s-future');
    expect(row?.occurredAt.getTime()).toBeGreaterThanOrEqual(before + 5 * 60_000);
    expect(row?.occurredAt.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
  });
});

describe('admin.analytics.overview', () => {
  const overview = (cookie: string | null, input: unknown) => rpc(t.app, cookie, 'admin.analytics.overview', input, 'GET');

  it('refuses signed-in users who are not admins with FORBIDDEN, and anonymous visitors with UNAUTHORIZED', async () => {
    const user = await signUp();
    const res = await overview(user.cookie, { days: 7 });
    expect(res.status).toBe(403);
    expect(res.body.error.data.code).toBe('FORBIDDEN');
    const guest = await signInAnonymously(t.app);
    expect((await overview(guest.cookie, { days: 7 })).status).toBe(401);
    expect((await overview(null, { days: 7 })).status).toBe(401);
  });

  it('accepts 1 to 90 days', async () => {
    expect((await overview(admin.cookie, { days: 0 })).status).toBe(400);
    expect((await overview(admin.cookie, { days: 91 })).status).toBe(400);
    const defaulted = await overview(admin.cookie, {});
    expect(defaulted.status).toBe(200);
    expect(defaulted.body.result.data.days).toBe(30);
  });

  it('counts visitors, sign-ups, generations and conversions per UTC day', async () => {
    await t.database.db.delete(analyticsEvents);
    const a = await signUp();
    const b = await signUp();
    const c = await signUp();
    // Today: user a (two events, one of them a sign_up), an anonymous visitor, a visitor known only
    // by its browsing session. Yesterday: the anonymous visitor again and another sign_up event.
    // Ten days ago: outside a 7-day window.
    await send({ events: [pageView({ sessionId: 'sa', anonymousId: 'x-a', ts: dayTs(0) }), signUpEvent({ sessionId: 'sa', anonymousId: 'x-a', ts: dayTs(0) })] }, { cookie: a.cookie });
    await send({
      events: [
        pageView({ sessionId: 'sv', anonymousId: 'visitor-1', ts: dayTs(0) }),
        pageView({ sessionId: 'sv2', anonymousId: null, ts: dayTs(0) }),
        pageView({ sessionId: 'sv', anonymousId: 'visitor-1', ts: dayTs(1) }),
        signUpEvent({ sessionId: 'sv', anonymousId: 'visitor-1', ts: dayTs(1) }),
        pageView({ sessionId: 'old', anonymousId: 'visitor-old', ts: dayTs(10) }),
      ],
    });

    const task = (kind: string, daysAgo: number) => ({
      userId: a.id,
      kind,
      rpcName: `${kind}.create`,
      input: {},
      cost: 1,
      status: 'succeeded' as const,
      createdAt: new Date(dayTs(daysAgo)),
    });
    await t.database.db.insert(generationTasks).values([task('text_to_image', 0), task('text_to_image', 0), task('upscale', 1), task('upscale', 20)]);

    const invoice = (id: string, userId: string, status: string, daysAgo: number) => ({
      id,
      userId,
      subscriptionId: `sub_${userId}`,
      productId: 'pro_monthly',
      status,
      billingReason: 'subscription_create',
      amount: 999,
      currency: 'usd',
      createdAt: new Date(dayTs(daysAgo)),
    });
    await t.database.db.insert(billingInvoices).values([
      // a converts today (a second paid invoice the same day is not a second conversion).
      invoice('in_a1', a.id, 'paid', 0),
      invoice('in_a2', a.id, 'paid', 0),
      // b converted ten days ago and renewed today: one conversion, ten days ago.
      invoice('in_b1', b.id, 'paid', 10),
      invoice('in_b2', b.id, 'paid', 0),
      // c's payment failed.
      invoice('in_c1', c.id, 'failed', 0),
    ]);

    const week = (await overview(admin.cookie, { days: 7 })).body.result.data;
    const days = [6, 5, 4, 3, 2, 1, 0].map(utcDay);
    expect(week).toMatchObject({ days: 7, from: days[0], to: days[6] });
    expect(week.dailyActiveUsers).toEqual(days.map((day, i) => ({ day, count: [0, 0, 0, 0, 0, 1, 3][i] })));
    expect(week.signUps).toEqual(days.map((day, i) => ({ day, signUpEvents: [0, 0, 0, 0, 0, 1, 1][i], newAccounts: i === 6 ? accountsCreated : 0 })));
    expect(week.generationsByKind.kinds).toEqual(['text_to_image', 'upscale']);
    expect(week.generationsByKind.series.slice(-2)).toEqual([
      { day: days[5], counts: { text_to_image: 0, upscale: 1 }, total: 1 },
      { day: days[6], counts: { text_to_image: 2, upscale: 0 }, total: 2 },
    ]);
    expect(week.generationsByKind.series[0]).toEqual({ day: days[0], counts: { text_to_image: 0, upscale: 0 }, total: 0 });
    expect(week.conversions).toEqual(days.map((day, i) => ({ day, count: i === 6 ? 1 : 0 })));
    expect(week.totals).toEqual({ events: 6, activeUsers: 3, signUpEvents: 2, newAccounts: accountsCreated, generations: 3, conversions: 1 });
    expect(week.conversionRate).toBeCloseTo(1 / accountsCreated);

    // Thirty days reach back to b's conversion, the old visitor and the old task.
    const month = (await overview(admin.cookie, { days: 30 })).body.result.data;
    expect(month.dailyActiveUsers).toHaveLength(30);
    expect(month.conversions.find((d: { day: string }) => d.day === utcDay(10))).toEqual({ day: utcDay(10), count: 1 });
    expect(month.totals).toMatchObject({ events: 7, activeUsers: 4, generations: 4, conversions: 2 });
  });
});

describe('rate limit', () => {
  it(`allows ${ANALYTICS_BATCHES_PER_MINUTE} batches a minute per address, then answers 429`, async () => {
    const body = { events: [pageView({ sessionId: 's-limit' })] };
    let last = 0;
    for (let i = 0; i < ANALYTICS_BATCHES_PER_MINUTE + 1; i += 1) last = (await send(body)).statusCode;
    expect(last).toBe(429);
    const res = await send(body);
    expect(res.json().error.data.code).toBe('TOO_MANY_REQUESTS');
    expect(res.headers['retry-after']).toBeDefined();
    // Other routes keep their own budget.
    expect((await rpc(t.app, admin.cookie, 'admin.analytics.overview', { days: 7 }, 'GET')).status).toBe(200);
  });
});
