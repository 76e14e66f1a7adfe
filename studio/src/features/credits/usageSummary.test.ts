import { describe, expect, it } from 'vitest';
import { summaryOfUsage } from './usageSummary.ts';

describe('summaryOfUsage (§3 usage record)', () => {
  const record = (usageType: 'credits' | 'api_credits', totalCount: number, useCount: number) => ({ appName: 'tessera', usageType, totalCount, useCount });

  it('reads the credits record: remaining is total minus used', () => {
    expect(summaryOfUsage([record('api_credits', 5, 1), record('credits', 130, 12)])).toEqual({ used: 12, total: 130, remaining: 118 });
  });

  it('never goes below zero and has nothing to say without the record', () => {
    expect(summaryOfUsage([record('credits', 10, 14)])).toEqual({ used: 14, total: 10, remaining: 0 });
    expect(summaryOfUsage([record('api_credits', 5, 1)])).toBeUndefined();
    expect(summaryOfUsage(undefined)).toBeUndefined();
  });
});
