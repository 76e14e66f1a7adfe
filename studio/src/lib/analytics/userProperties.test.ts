import { describe, expect, it } from 'vitest';
import { pushUserProperties, userPropertiesOf, userStatusOf } from './userProperties.ts';

describe('analytics user properties (§3)', () => {
  it('sends a signed-in user with their group, band and a hashed e-mail, never the address', async () => {
    const event = await userPropertiesOf({ id: 'u1', email: ' Ada@Example.com ', isAnonymous: false, userGroup: 133 });
    expect(event).toEqual({
      event: 'user_properties',
      user_id: 'u1',
      anonymous_id: null,
      user_status: 'free',
      user_group: 133,
      user_group_band: 'D', // 131–140
      // sha256("ada@example.com"): trimmed and lowercased first.
      email_sha256: 'b5fc85e55755f9e0d030a10ab4429b6b2944855f9a0d60077fe832becbc41d72',
      remaining_credits: null,
    });
    expect(JSON.stringify(event)).not.toContain('ada@example.com');
  });

  it('sends an anonymous visitor as anon with the default band when the group is missing', async () => {
    expect(await userPropertiesOf({ id: 'anon-1', email: null, isAnonymous: true, userGroup: null })).toMatchObject({
      user_id: null,
      anonymous_id: 'anon-1',
      user_status: 'anon',
      user_group: null,
      user_group_band: 'B',
      email_sha256: null,
    });
  });

  it('appends to an existing data layer', async () => {
    const target = { dataLayer: [{ event: 'gtm.js' }] } as unknown as Window;
    await pushUserProperties({ id: 'u2', email: 'x@y.com', isAnonymous: false, userGroup: 101 }, target);
    expect(target.dataLayer).toHaveLength(2);
    expect(target.dataLayer?.[1]).toMatchObject({ event: 'user_properties', user_group: 101, user_group_band: 'A' });
  });

  it('tells subscribers (other) from former subscribers (expired) and sends the credits left', async () => {
    const plan = (currentPeriodEnd: string) => ({ currentPeriodEnd }) as never;
    const base = { id: 'u3', email: 'p@q.com', isAnonymous: false, userGroup: 120 };
    const now = new Date('2027-01-01T00:00:00Z');
    expect(userStatusOf({ ...base, subLog: { isSub: false, currentPlan: null, otherPlan: [] } }, now)).toBe('free');
    expect(userStatusOf({ ...base, subLog: { isSub: true, currentPlan: plan('2027-02-01T00:00:00Z'), otherPlan: [] } }, now)).toBe('other');
    expect(userStatusOf({ ...base, subLog: { isSub: true, currentPlan: plan('2026-12-01T00:00:00Z'), otherPlan: [] } }, now)).toBe('expired');
    expect(userStatusOf({ ...base, email: null, isAnonymous: true, subLog: null }, now)).toBe('anon');
    expect(await userPropertiesOf({ ...base, remainingCredits: 42 })).toMatchObject({ user_status: 'free', remaining_credits: 42 });
  });
});
