// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { subscribeTypeOf } from './analyticsContext.ts';
import { pageNameOf, superProperties } from './superProperties.ts';

describe('super properties (§3)', () => {
  it('names pages by navigation section, else by their first path segment, ignoring the language', () => {
    expect(pageNameOf('/')).toBe('home');
    expect(pageNameOf('/home')).toBe('home');
    expect(pageNameOf('/explore')).toBe('explore');
    expect(pageNameOf('/de/app/ai-image')).toBe('aiImage');
    expect(pageNameOf('/pricing')).toBe('pricing');
    expect(pageNameOf('/sign-in')).toBe('sign-in');
    expect(pageNameOf('/ja/test-checkout/abc')).toBe('test-checkout');
  });

  it('describes the browser and the session', () => {
    const props = superProperties('/home');
    expect(props).toMatchObject({ platform_type: 'Web', program_name: 'Tessera', page_name: 'home', login_type: 'none', subscribe_type: 'none', credits_amount: null });
    expect(props.timezone).toBeTruthy();
    expect(props.device_language).toBe(navigator.language);
  });

  it('reads subscribe_type from the running paid plan’s product duration', () => {
    const plan = (duration: number, currentPeriodEnd: string) =>
      ({ currentPeriodEnd, subProductRelation: [{ productName: 'Tessera Pro', duration, usageList: [{ usageType: 'credits', usageCount: 1000 }] }] }) as never;
    const now = new Date('2027-01-01T00:00:00Z');
    expect(subscribeTypeOf({ currentPlan: plan(1, '2027-02-01T00:00:00Z'), otherPlan: [] }, now)).toBe('monthly');
    expect(subscribeTypeOf({ currentPlan: plan(12, '2027-12-01T00:00:00Z'), otherPlan: [] }, now)).toBe('annually');
    expect(subscribeTypeOf({ currentPlan: plan(12, '2026-12-01T00:00:00Z'), otherPlan: [] }, now)).toBe('none');
    expect(subscribeTypeOf(null, now)).toBe('none');
  });
});
