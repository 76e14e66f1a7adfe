/**
 * Text the catalogue forms take that is not a plain field: a template's options as a JSON
 * object (the same rules as zOptions in shared/catalog, with messages a form can show), lists
 * typed as comma-separated words (tags, template ids), and ISO instants edited in a
 * `datetime-local` input (which has no zone: the admin's local time).
 */
export type OptionValue = number | string | boolean;

export type OptionsParseError =
  | { code: 'syntax'; detail: string }
  | { code: 'notObject' }
  | { code: 'keyTooLong'; key: string }
  | { code: 'badValue'; key: string }
  | { code: 'valueTooLong'; key: string };

export type OptionsParse = { ok: true; value: Record<string, OptionValue> } | ({ ok: false } & OptionsParseError);

const MAX_KEY = 40;
const MAX_STRING = 200;

/** Parses the options textarea; blank means no options. */
export function parseOptionsJson(text: string): OptionsParse {
  if (!text.trim()) return { ok: true, value: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { ok: false, code: 'syntax', detail: err instanceof Error ? err.message : String(err) };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, code: 'notObject' };
  const value: Record<string, OptionValue> = {};
  for (const [key, v] of Object.entries(parsed)) {
    if (key.length > MAX_KEY) return { ok: false, code: 'keyTooLong', key };
    if (typeof v === 'string') {
      if (v.length > MAX_STRING) return { ok: false, code: 'valueTooLong', key };
    } else if (!(typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)))) {
      return { ok: false, code: 'badValue', key };
    }
    value[key] = v as OptionValue;
  }
  return { ok: true, value };
}

/** Options as the textarea shows them: pretty JSON, or blank when there are none. */
export const formatOptionsJson = (options: Record<string, OptionValue>): string => (Object.keys(options).length ? JSON.stringify(options, null, 2) : '');

/** `a, b,,c ` → `['a', 'b', 'c']`, duplicates dropped (order kept). Whitespace also separates. */
export function parseList(text: string, { spaces = true }: { spaces?: boolean } = {}): string[] {
  const parts = text.split(spaces ? /[\s,]+/ : /,/).map((s) => s.trim());
  return [...new Set(parts.filter(Boolean))];
}

export const formatList = (items: readonly string[]): string => items.join(', ');

/** An ISO instant as a `datetime-local` value in the viewer's zone (minutes precision). */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (local time) as an ISO instant; blank or invalid → null. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
