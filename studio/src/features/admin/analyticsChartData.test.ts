import type { AnalyticsOverview } from '@tessera/shared/analytics';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { formatDay, formatRate, generationRows, isAccessDenied, isEmptyOverview, kindColor, parseOverviewDays } from './analyticsChartData.ts';

const overview = (totals: Partial<AnalyticsOverview['totals']> = {}): AnalyticsOverview => ({
  days: 1,
  from: '2030-01-01',
  to: '2030-01-01',
  dailyActiveUsers: [{ day: '2030-01-01', count: 0 }],
  signUps: [{ day: '2030-01-01', signUpEvents: 0, newAccounts: 0 }],
  generationsByKind: { kinds: [], series: [{ day: '2030-01-01', counts: {}, total: 0 }] },
  conversions: [{ day: '2030-01-01', count: 0 }],
  totals: { events: 0, activeUsers: 0, signUpEvents: 0, newAccounts: 0, generations: 0, conversions: 0, ...totals },
  conversionRate: null,
});

describe('analytics chart data', () => {
  it('accepts only the offered day ranges from the URL', () => {
    expect(parseOverviewDays('7')).toBe(7);
    expect(parseOverviewDays('90')).toBe(90);
    expect(parseOverviewDays('45')).toBe(30);
    expect(parseOverviewDays(null)).toBe(30);
    expect(parseOverviewDays('abc')).toBe(30);
  });

  it('flattens generations into one row per day with a key per kind', () => {
    const rows = generationRows({
      kinds: ['text_to_image', 'upscale'],
      series: [
        { day: '2030-01-01', counts: { text_to_image: 2, upscale: 0 }, total: 2 },
        { day: '2030-01-02', counts: { text_to_image: 0, upscale: 1 }, total: 1 },
      ],
    });
    expect(rows).toEqual([
      { day: '2030-01-01', text_to_image: 2, upscale: 0 },
      { day: '2030-01-02', text_to_image: 0, upscale: 1 },
    ]);
  });

  it('labels UTC days without shifting them and formats rates as percentages', () => {
    expect(formatDay('2030-01-02', 'en-US')).toBe('Jan 2');
    expect(formatDay('nonsense', 'en-US')).toBe('nonsense');
    expect(formatRate(0.125, 'en-US')).toBe('12.5%');
    expect(formatRate(null, 'en-US')).toBeNull();
  });

  it('is empty only when nothing at all happened in the window', () => {
    expect(isEmptyOverview(overview())).toBe(true);
    expect(isEmptyOverview(overview({ events: 1, activeUsers: 1 }))).toBe(false);
    expect(isEmptyOverview(overview({ generations: 3 }))).toBe(false);
  });

  it('recognises the server refusing a non-admin', () => {
    const refused = (code: string) => new TRPCClientError('no', { result: { error: { code: -32003, message: 'no', data: { code } } } });
    expect(isAccessDenied(refused('FORBIDDEN'))).toBe(true);
    expect(isAccessDenied(refused('UNAUTHORIZED'))).toBe(true);
    expect(isAccessDenied(refused('INTERNAL_SERVER_ERROR'))).toBe(false);
    expect(isAccessDenied(new Error('network'))).toBe(false);
  });

  it('cycles colours for many kinds', () => {
    expect(kindColor(0)).toBe('var(--color-accent)');
    expect(kindColor(10)).toBe(kindColor(0));
  });
});
