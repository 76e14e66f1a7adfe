import { TASK_STATUSES } from '@tessera/shared/admin';
import { describe, expect, it } from 'vitest';
import {
  creationListInput,
  hasFilters,
  isDay,
  isInvertedRange,
  nextDayStart,
  PUBLISH_STATUSES,
  readFilters,
  taskListInput,
  writeFilters,
} from './adminFilters.ts';

describe('admin list filters', () => {
  it('round-trips through the URL query and keeps unrelated parameters', () => {
    const filters = { user: 'ann@example.com', kind: 'text_to_image', status: 'failed', from: '2030-05-01', to: '2030-05-03' };
    const query = writeFilters(filters, new URLSearchParams('tab=x&user=old'));
    expect(query.get('tab')).toBe('x');
    expect(readFilters(query, TASK_STATUSES)).toEqual(filters);
  });

  it('drops empty values from the query', () => {
    const query = writeFilters({ user: '  ', kind: 'upscale' }, new URLSearchParams('user=a&status=failed'));
    expect(query.toString()).toBe('kind=upscale');
    expect(hasFilters(readFilters(query, TASK_STATUSES))).toBe(true);
    expect(hasFilters(readFilters(new URLSearchParams(), TASK_STATUSES))).toBe(false);
  });

  it('ignores statuses the page does not offer and days that do not exist', () => {
    const query = new URLSearchParams('status=published&from=2030-02-30&to=03-05-2030&user=%20id-1%20');
    expect(readFilters(query, TASK_STATUSES)).toEqual({ user: 'id-1' });
    expect(readFilters(query, PUBLISH_STATUSES)).toEqual({ user: 'id-1', status: 'published' });
    expect(isDay('2032-02-29')).toBe(true);
    expect(isDay('2030-02-29')).toBe(false);
  });

  it('sends whole UTC days: from the start of `from` to the start of the day after `to`', () => {
    expect(taskListInput({ from: '2030-12-31', to: '2030-12-31', status: 'queued' })).toEqual({
      from: '2030-12-31T00:00:00.000Z',
      to: '2031-01-01T00:00:00.000Z',
      status: 'queued',
    });
    expect(nextDayStart('2032-02-28')).toBe('2032-02-29T00:00:00.000Z');
  });

  it('maps the status to the publish status for creations and never sends a task status there', () => {
    expect(creationListInput({ user: 'u', status: 'hidden' })).toEqual({ user: 'u', publishStatus: 'hidden' });
    expect(creationListInput({ status: 'failed' })).toEqual({});
    expect(taskListInput({ status: 'hidden' })).toEqual({});
  });

  it('spots a range that ends before it starts', () => {
    expect(isInvertedRange({ from: '2030-05-03', to: '2030-05-01' })).toBe(true);
    expect(isInvertedRange({ from: '2030-05-01', to: '2030-05-01' })).toBe(false);
    expect(isInvertedRange({ to: '2030-05-01' })).toBe(false);
  });
});
