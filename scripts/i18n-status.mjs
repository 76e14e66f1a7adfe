#!/usr/bin/env node
/**
 * Translation status: for every language and namespace, the English keys it lacks.
 * `--prune` also removes keys English no longer has (plural forms are kept by base key).
 * `--json` prints the missing keys with their English text, for translators.
 * `--ns=a,b` limits the report to those namespaces.
 * Usage: node scripts/i18n-status.mjs [--prune] [--json] [--ns=a,b] [lang…]
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { base, flatten, LOCALES_DIR } from './i18n-lib.mjs';

const DIR = LOCALES_DIR;
const args = process.argv.slice(2);
const prune = args.includes('--prune');
const asJson = args.includes('--json');
const only = args.filter((a) => !a.startsWith('--'));
const nsFilter = args.find((a) => a.startsWith('--ns='))?.slice(5).split(',');

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});

function removeKey(tree, path) {
  const parts = path.split('.');
  const last = parts.pop();
  let node = tree;
  for (const p of parts) node = node?.[p];
  if (node && typeof node === 'object') delete node[last];
}
function dropEmpty(tree) {
  for (const [k, v] of Object.entries(tree)) {
    if (!v || typeof v !== 'object') continue;
    dropEmpty(v);
    if (Object.keys(v).length === 0) delete tree[k];
  }
  return tree;
}

const namespaces = readdirSync(join(DIR, 'en')).map((f) => f.replace(/\.json$/, '')).filter((ns) => !nsFilter || nsFilter.includes(ns));
const langs = readdirSync(DIR).filter((l) => l !== 'en' && (only.length === 0 || only.includes(l)));
const report = {};
let missingTotal = 0;
for (const lang of langs) {
  for (const ns of namespaces) {
    const en = flatten(read(join(DIR, 'en', `${ns}.json`)));
    const file = join(DIR, lang, `${ns}.json`);
    const tree = read(file);
    const other = flatten(tree);
    const enBases = new Set([...en.keys()].map(base));
    const otherBases = new Set([...other.keys()].map(base));
    const missing = [...en.entries()].filter(([k]) => !otherBases.has(base(k)));
    if (prune) {
      const extra = [...other.keys()].filter((k) => !enBases.has(base(k)));
      for (const k of extra) removeKey(tree, k);
      if (extra.length) writeFileSync(file, `${JSON.stringify(dropEmpty(tree), null, 2)}\n`);
    }
    if (missing.length) {
      missingTotal += missing.length;
      (report[lang] ??= {})[ns] = Object.fromEntries(missing);
    }
  }
}
// One language: the `{namespace: {key: English}}` map i18n-merge.mjs takes back, translated.
if (asJson) console.log(JSON.stringify(langs.length === 1 ? (report[langs[0]] ?? {}) : report, null, 2));
else for (const [lang, byNs] of Object.entries(report)) for (const [ns, keys] of Object.entries(byNs)) console.log(`${lang}/${ns}: ${Object.keys(keys).length} missing`);
console.error(`${missingTotal} missing translations`);
