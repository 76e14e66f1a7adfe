/**
 * A catalogue entry's data, executed: its `input` mapping turned into the provider's parameters
 * for one task, and its `output` paths read out of the provider's answer. The adapters (fal,
 * Replicate, OpenAI) only add their wire protocol around these; nothing here knows a provider.
 */
import { readField } from '@tessera/shared/generation';
import type { ModelEntry, ParamSource } from '@tessera/shared/generation/models';

/** What a mapping needs besides the task input: links to stored media and the computed inputs. */
export interface MappingContext {
  input: unknown;
  /** A short-lived URL of a stored media key that the provider can fetch. */
  url(key: string): Promise<string>;
  /** `$speech`, `$lastFrame` (URLs) and `$sourceSeconds`; undefined when the task has none. */
  computed(name: string): Promise<unknown>;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** `{path}` placeholders filled from the input; `{a|b}` takes the first non-empty of a, b. */
export function fillTemplate(template: string, input: unknown): string {
  return template
    .replace(/\{([^{}]+)\}/g, (_match, paths: string) => {
      for (const path of paths.split('|')) {
        const value = readField(input, path.trim());
        if (!isBlank(value) && typeof value !== 'object') return String(value);
      }
      return '';
    })
    .replace(/\s+/g, ' ')
    .trim();
}

async function resolveSource(source: ParamSource, ctx: MappingContext): Promise<unknown> {
  if ('const' in source) return source.const;
  if ('template' in source) {
    const text = fillTemplate(source.template, ctx.input);
    return text === '' ? undefined : text;
  }
  let value = source.from.startsWith('$') ? await ctx.computed(source.from) : readField(ctx.input, source.from);
  if (isBlank(value)) value = source.default;
  if (isBlank(value)) return undefined;
  if (source.map) {
    const mapped = source.map[String(value)];
    value = mapped === undefined ? (source.default ?? value) : mapped;
  }
  if (source.scale !== undefined && typeof value === 'number') value *= source.scale;
  switch (source.as) {
    case 'string':
      return String(value);
    case 'number':
      return Number(value);
    case 'int':
      return Math.round(Number(value));
    case 'url':
      // Computed inputs already are URLs; a stored key becomes a signed link.
      return typeof value === 'string' && /^https?:\/\//.test(value) ? value : ctx.url(String(value));
    case 'urls':
      return Promise.all((Array.isArray(value) ? value : [value]).map((item) => ctx.url(String(item))));
    default:
      return value;
  }
}

/** Sets `path` (dotted) in `target`, creating the objects on the way. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (node[part] === null || typeof node[part] !== 'object') node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1)!] = value;
}

/** The provider parameters of `entry` for one task; parameters without a value are left out. */
export async function buildParams(entry: ModelEntry, ctx: MappingContext): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = {};
  for (const [name, source] of Object.entries(entry.input)) {
    const value = await resolveSource(source, ctx);
    if (value !== undefined) setPath(params, name, value);
  }
  return params;
}

/** Every value at `path` of `answer`: dotted, with `[]` after a segment taking each element. */
export function valuesAt(answer: unknown, path: string): unknown[] {
  let values: unknown[] = [answer];
  for (const segment of path.split('.')) {
    const each = segment.endsWith('[]');
    const key = each ? segment.slice(0, -2) : segment;
    const next: unknown[] = [];
    for (const value of values) {
      const child = key === '' ? value : value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
      if (child === undefined || child === null) continue;
      if (each) {
        if (Array.isArray(child)) next.push(...child);
      } else next.push(child);
    }
    values = next;
  }
  return values;
}

/** A result file: a URL to download, or the file itself in base64 (OpenAI's `b64_json`). */
export type ResultFile = { url: string } | { base64: string };

/** The result files of an answer: the first of `entry.output.files` paths that holds any. */
export function extractFiles(entry: ModelEntry, answer: unknown): ResultFile[] {
  for (const path of entry.output.files) {
    const found = valuesAt(answer, path).filter((v): v is string => typeof v === 'string' && v !== '');
    if (found.length) return found.map((value) => (path.endsWith('b64_json') ? { base64: value } : { url: value }));
  }
  return [];
}

/** The text of a text answer (a script step): strings joined, as LLM token streams arrive. */
export function extractText(entry: ModelEntry, answer: unknown): string {
  for (const path of entry.output.files) {
    const found = valuesAt(answer, path);
    const flat = found.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is string => typeof v === 'string');
    if (flat.length) return flat.join('').trim();
  }
  return '';
}

/** True when the provider flagged the result as unsafe (`output.unsafe`). */
export function flaggedUnsafe(entry: ModelEntry, answer: unknown): boolean {
  return entry.output.unsafe ? valuesAt(answer, entry.output.unsafe).some(Boolean) : false;
}
