/**
 * The console's list filters (tasks, creations, audit) live in the URL query so a filtered view
 * can be reloaded and shared. Dates are picked as UTC days (`YYYY-MM-DD`) and sent as ISO
 * instants: `from` is the start of its day (inclusive), `to` the start of the next day, because
 * the server's `to` is exclusive and an admin picking "to 3 May" means all of 3 May.
 */
import { TASK_STATUSES } from '@tessera/shared/admin';

export const PUBLISH_STATUSES = ['unpublished', 'published', 'hidden', 'removed'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];
export type TaskStatus = (typeof TASK_STATUSES)[number];

export interface AdminListFilters {
  /** A user id or an e-mail address. */
  user?: string;
  kind?: string;
  /** Task status (tasks page) or publish status (creations page). */
  status?: string;
  /** UTC days, `YYYY-MM-DD`. */
  from?: string;
  to?: string;
}

const FILTER_KEYS = ['user', 'kind', 'status', 'from', 'to'] as const;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day in `YYYY-MM-DD` form (2030-02-30 is not). */
export function isDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * Reads the filters from the query, dropping what the page cannot use (an unknown status, a
 * malformed day) rather than sending the server a request it would reject.
 */
export function readFilters(params: URLSearchParams, allowedStatuses: readonly string[]): AdminListFilters {
  const out: AdminListFilters = {};
  const user = params.get('user')?.trim();
  if (user) out.user = user.slice(0, 200);
  const kind = params.get('kind')?.trim();
  if (kind) out.kind = kind.slice(0, 64);
  const status = params.get('status');
  if (status && allowedStatuses.includes(status)) out.status = status;
  for (const key of ['from', 'to'] as const) {
    const day = params.get(key);
    if (day && isDay(day)) out[key] = day;
  }
  return out;
}

/** The filters as a query, empty values left out; other parameters of `base` are kept. */
export function writeFilters(filters: AdminListFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** Start of a UTC day as an ISO instant. */
export const dayStart = (day: string): string => `${day}T00:00:00.000Z`;

/** Start of the UTC day after `day`, as an ISO instant. */
export function nextDayStart(day: string): string {
  const date = new Date(dayStart(day));
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/** The server input for admin.tasks.list. */
export function taskListInput(f: AdminListFilters): { user?: string; kind?: string; status?: TaskStatus; from?: string; to?: string } {
  return {
    ...(f.user ? { user: f.user } : {}),
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.status && (TASK_STATUSES as readonly string[]).includes(f.status) ? { status: f.status as TaskStatus } : {}),
    ...(f.from ? { from: dayStart(f.from) } : {}),
    ...(f.to ? { to: nextDayStart(f.to) } : {}),
  };
}

/** The server input for admin.creations.list (its status filter is the publish status). */
export function creationListInput(f: AdminListFilters): { user?: string; kind?: string; publishStatus?: PublishStatus; from?: string; to?: string } {
  return {
    ...taskListInput({ ...f, status: undefined }),
    ...(f.status && (PUBLISH_STATUSES as readonly string[]).includes(f.status) ? { publishStatus: f.status as PublishStatus } : {}),
  };
}

/** `to` before `from` selects nothing: worth telling the admin instead of showing an empty table. */
export const isInvertedRange = (f: AdminListFilters): boolean => Boolean(f.from && f.to && f.to < f.from);

export const hasFilters = (f: AdminListFilters): boolean => FILTER_KEYS.some((key) => Boolean(f[key]));
