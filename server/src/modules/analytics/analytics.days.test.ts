import { describe, expect, it } from 'vitest';
import { clampEventTime, dayWindow, MAX_CLOCK_SKEW_MS, utcDay, zeroFill, zeroFillByKind } from './analytics.days.ts';

describe('dayWindow', () => {
  it('covers the last N UTC days with today last, whatever the time of day', () => {
    const w = dayWindow(new Date('2030-03-02T23:59:59.999Z'), 3);
    expect(w.days).toEqual(['2030-02-28', '2030-03-01', '2030-03-02']);
    expect(w.start.toISOString()).toBe('2030-02-28T00:00:00.000Z');
    expect(w.end.toISOString()).toBe('2030-03-03T00:00:00.000Z');
  });

  it('is just today for one day', () => {
    const w = dayWindow(new Date('2030-01-01T00:00:00.000Z'), 1);
    expect(w.days).toEqual(['2030-01-01']);
    expect(w.end.getTime() - w.start.getTime()).toBe(86_400_000);
  });

  it('has 90 distinct days for the longest window', () => {
    const w = dayWindow(new Date('2030-06-15T12:00:00Z'), 90);
    expect(new Set(w.days).size).toBe(90);
    expect(w.days.at(-1)).toBe('2030-06-15');
  });
});

describe('zeroFill', () => {
  it('gives every day of the window a count, in order, and drops days outside it', () => {
    const days = ['2030-01-01', '2030-01-02', '2030-01-03'];
    const rows = [
      { day: '2030-01-03', count: 4 },
      { day: '2029-12-31', count: 9 },
      { day: '2030-01-01', count: 1 },
    ];
    expect(zeroFill(days, rows)).toEqual([
      { day: '2030-01-01', count: 1 },
      { day: '2030-01-02', count: 0 },
      { day: '2030-01-03', count: 4 },
    ]);
  });
});

describe('zeroFillByKind', () => {
  it('lists each kind once and fills missing kinds and days with 0', () => {
    const days = ['2030-01-01', '2030-01-02'];
    const result = zeroFillByKind(days, [
      { day: '2030-01-02', kind: 'upscale', count: 2 },
      { day: '2030-01-01', kind: 'text_to_image', count: 3 },
      { day: '2030-01-02', kind: 'text_to_image', count: 1 },
      { day: '2029-01-01', kind: 'face_swap', count: 7 },
    ]);
    expect(result.kinds).toEqual(['text_to_image', 'upscale']);
    expect(result.series).toEqual([
      { day: '2030-01-01', counts: { text_to_image: 3, upscale: 0 }, total: 3 },
      { day: '2030-01-02', counts: { text_to_image: 1, upscale: 2 }, total: 3 },
    ]);
  });
});

describe('clampEventTime', () => {
  const now = new Date('2030-01-01T12:00:00Z');
  it('keeps past and slightly-ahead client times', () => {
    expect(clampEventTime(now.getTime() - 60_000, now).getTime()).toBe(now.getTime() - 60_000);
    expect(clampEventTime(now.getTime() + 60_000, now).getTime()).toBe(now.getTime() + 60_000);
  });
  it('pulls a clock far ahead back to five minutes from now', () => {
    expect(clampEventTime(now.getTime() + 86_400_000, now).getTime()).toBe(now.getTime() + MAX_CLOCK_SKEW_MS);
  });
  it('formats UTC days regardless of the local zone', () => {
    expect(utcDay(new Date('2030-01-01T23:30:00-05:00'))).toBe('2030-01-02');
  });
});
