#!/usr/bin/env node
/**
 * Merges translations into a language's locale files, in English key order.
 * Input: a JSON file `{ "<namespace>": { "<dotted.key>": "text", … }, … }` (the shape
 * `i18n-status.mjs --json` prints per language). Keys English does not have are refused.
 * Usage: node scripts/i18n-merge.mjs <lang> <translations.json>
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { base, flatten, LOCALES_DIR, PLURAL } from './i18n-lib.mjs';

const DIR = LOCALES_DIR;
const [lang, input] = process.argv.slice(2);
if (!lang || !input || lang === 'en') throw new Error('usage: i18n-merge.mjs <lang> <translations.json>');


/** Rebuilds a nested tree from flat keys, ordered like English (plural forms grouped at their base). */
function build(enFlat, values) {
  const order = [];
  const seen = new Set();
  for (const key of enFlat.keys()) {
    const b = base(key);
    const forms = [...values.keys()].filter((k) => k === key || (PLURAL.test(k) && base(k) === b));
    for (const f of forms) {
      if (seen.has(f)) continue;
      seen.add(f);
      order.push(f);
    }
  }
  const tree = {};
  for (const key of order) {
    const parts = key.split('.');
    let node = tree;
    for (const p of parts.slice(0, -1)) node = node[p] ??= {};
    node[parts.at(-1)] = values.get(key);
  }
  return tree;
}

const translations = JSON.parse(readFileSync(input, 'utf8'));
let merged = 0;
for (const [ns, entries] of Object.entries(translations)) {
  const enFile = join(DIR, 'en', `${ns}.json`);
  if (!existsSync(enFile)) throw new Error(`unknown namespace ${ns}`);
  const enFlat = flatten(JSON.parse(readFileSync(enFile, 'utf8')));
  const enBases = new Set([...enFlat.keys()].map(base));
  const file = join(DIR, lang, `${ns}.json`);
  const current = flatten(existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
  for (const [key, text] of Object.entries(entries)) {
    if (!enBases.has(base(key))) throw new Error(`${ns}: English has no key ${key}`);
    if (typeof text !== 'string' || text.trim() === '') throw new Error(`${ns}: empty text for ${key}`);
    current.set(key, text);
    merged++;
  }
  writeFileSync(file, `${JSON.stringify(build(enFlat, current), null, 2)}\n`);
}
console.log(`${lang}: merged ${merged} strings`);
