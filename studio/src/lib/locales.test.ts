/**
 * Every language has every namespace with the same keys as English: plural keys in exactly the
 * forms its plural rules need, and the same {{placeholders}} as the English text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@tessera/shared/i18n';
import { describe, expect, it } from 'vitest';
import { PAGE_NAMESPACES } from './i18n.ts';

const DIR = join(import.meta.dirname, '../locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const load = (lang: string, ns: string) => flatten(JSON.parse(readFileSync(join(DIR, lang, `${ns}.json`), 'utf8')) as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const NAMESPACES = ['common', ...PAGE_NAMESPACES];

describe('locale files', () => {
  it('exist for every language and namespace, and nothing else', () => {
    expect(readdirSync(DIR).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
    for (const { code } of LANGUAGES) expect(readdirSync(join(DIR, code)).sort(), code).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
  });

  describe.each(NAMESPACES)('%s', (ns) => {
    const en = load('en', ns);
    const base = (key: string) => key.replace(PLURAL, '');
    const enKeys = new Set([...en.keys()].map(base));
    const pluralKeys = new Set([...en.keys()].filter((k) => PLURAL.test(k)).map(base));

    it.each(LANGUAGES.map((l) => [l.code, l.bcp47] as const))('%s has the same keys and placeholders as English', (code, bcp47) => {
      const other = load(code, ns);
      expect(new Set([...other.keys()].map(base))).toEqual(enKeys);
      const categories = new Intl.PluralRules(code === 'tw' ? bcp47 : code).resolvedOptions().pluralCategories;
      for (const key of pluralKeys) {
        for (const category of categories) expect(other.has(`${key}_${category}`), `${code} ${ns}:${key}_${category}`).toBe(true);
      }
      for (const [key, text] of other) {
        const enText = en.get(key) ?? en.get(`${base(key)}_other`) ?? '';
        expect(placeholders(text), `${code} ${ns}:${key}`).toEqual(placeholders(enText));
        expect(text.trim(), `${code} ${ns}:${key}`).not.toBe('');
      }
    });
  });
});
