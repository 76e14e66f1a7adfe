/** Helpers the translation scripts share: the locale folder and flat, plural-aware keys. */
import { join } from 'node:path';

export const LOCALES_DIR = join(import.meta.dirname, '../studio/src/locales');
export const PLURAL = /_(zero|one|two|few|many|other)$/;

/** `{a: {b: 'x'}}` → Map { 'a.b' => 'x' }. */
export function flatten(tree, prefix = '', out = new Map()) {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}

/** A key without its plural suffix: `count_one` → `count`. */
export const base = (key) => key.replace(PLURAL, '');
