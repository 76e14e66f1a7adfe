/**
 * What an audited change did: the leaves that differ between the `before` and `after` JSON of an
 * audit row, as paths (`options.speed`, `tags[1]`). A create has no `before` and a delete no
 * `after`; either side is then read as an empty object so every field shows as added or removed.
 */
export type DiffKind = 'added' | 'removed' | 'changed';

export interface DiffEntry {
  /** Dotted path with array indexes; empty for a change of the whole value. */
  path: string;
  kind: DiffKind;
  before?: unknown;
  after?: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

function walk(before: unknown, after: unknown, path: string, out: DiffEntry[]): void {
  if (deepEqual(before, after)) return;
  if (before === undefined) {
    out.push({ path, kind: 'added', after });
    return;
  }
  if (after === undefined) {
    out.push({ path, kind: 'removed', before });
    return;
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    // Keys in the order the admin knows them: the old row's, then the new ones.
    const keys = [...Object.keys(before), ...Object.keys(after).filter((k) => !Object.hasOwn(before, k))];
    for (const key of keys) walk(before[key], after[key], join(path, key), out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) walk(before[i], after[i], `${path}[${i}]`, out);
    return;
  }
  out.push({ path, kind: 'changed', before, after });
}

export function jsonDiff(before: unknown, after: unknown): DiffEntry[] {
  const out: DiffEntry[] = [];
  const empty = (v: unknown) => v === null || v === undefined;
  // A create (no before) or delete (no after) of an object: list its fields.
  if (empty(before) && isPlainObject(after)) walk({}, after, '', out);
  else if (isPlainObject(before) && empty(after)) walk(before, {}, '', out);
  else walk(before, after, '', out);
  return out;
}

/** A leaf for a table cell: strings as they are, everything else as compact JSON. */
export function formatLeaf(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
