/**
 * What a rendered page must never show (issue 22): a translation key in place of its text
 * (`kinds.photo_effect`, `common:nav.home`) or a value sent for one (`Mission: daily_create`), an unfilled `{{placeholder}}`, or a key that no
 * language has — the studio's i18next missing-key handler records those in
 * `window.__i18nMissing` (studio/src/lib/i18n.ts), which catches a `defaultValue` fallback too.
 * Visible text, document title, option labels and the attributes people and screen readers see
 * (alt, aria-label, title, placeholder) are checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const ENGLISH = fileURLToPath(new URL('../src/locales/en/', import.meta.url));

/** `root.segment(.segment)*`, optionally `ns:`-prefixed, not part of an address, path or file name. */
const KEY_SHAPE = /(?<![\w@/.:-])(?:([a-zA-Z]+):)?([a-zA-Z][a-zA-Z0-9]*)((?:\.[a-zA-Z0-9_-]+)+)(?![\w@/(-])/g;

type Tree = { [key: string]: string | Tree };
const texts = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : texts(v)));

/** The first segment of every key (each namespace, each namespace's top-level keys), and the key-shaped words the texts say on purpose (`task.get` on the API page). */
const KEY_ROOTS = new Set<string>();
const CONTENT = new Set<string>();
/** Snake-case key segments (`photo_effect`, `daily_create`): values the server sends, shown raw when a label is missing. */
const VALUE_KEYS = new Set<string>();
const SNAKE = /(?<![\w.:/-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w.:/-])/g;
const keySegments = (tree: Tree): string[] => Object.entries(tree).flatMap(([k, v]) => [k, ...(typeof v === 'string' ? [] : keySegments(v))]);
for (const file of readdirSync(ENGLISH)) {
  const tree = JSON.parse(readFileSync(`${ENGLISH}${file}`, 'utf8')) as Tree;
  KEY_ROOTS.add(file.replace(/\.json$/, ''));
  for (const key of Object.keys(tree)) KEY_ROOTS.add(key);
  for (const text of texts(tree)) for (const [word] of [...text.matchAll(KEY_SHAPE), ...text.matchAll(SNAKE)]) CONTENT.add(word);
  for (const segment of keySegments(tree)) if (segment.includes('_')) VALUE_KEYS.add(segment.replace(/_(zero|one|two|few|many|other)$/, ''));
}

export async function renderedTextProblems(page: Page): Promise<string[]> {
  const { text, missing } = await page.evaluate(() => {
    // Code samples (the API page's) show RPC names and JSON as they are.
    let body = document.body.innerText;
    for (const el of document.querySelectorAll('pre, code')) body = body.replace((el as HTMLElement).innerText, '');
    const parts = [document.title, body];
    for (const el of document.querySelectorAll('option')) parts.push(el.textContent ?? '');
    for (const el of document.querySelectorAll('[alt],[aria-label],[title],[placeholder]')) {
      for (const name of ['alt', 'aria-label', 'title', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    return { text: parts.join('\n'), missing: (window as { __i18nMissing?: string[] }).__i18nMissing ?? [] };
  });
  const problems = missing.map((m) => `missing key ${m}`);
  for (const match of text.matchAll(KEY_SHAPE)) {
    const [shown, ns, root, rest] = match;
    // A segment of digits only is data (`guest.1795725469144`, a visitor's generated name), never a key.
    if (rest!.split('.').some((segment) => /^\d+$/.test(segment))) continue;
    if (!CONTENT.has(shown) && ((ns && KEY_ROOTS.has(ns)) || KEY_ROOTS.has(root!))) problems.push(`raw key "${shown}"`);
  }
  for (const [word] of text.matchAll(SNAKE)) if (VALUE_KEYS.has(word) && !CONTENT.has(word)) problems.push(`raw value "${word}"`);
  for (const match of text.matchAll(/.{0,30}(\{\{|\}\}).{0,30}/g)) problems.push(`placeholder "${match[0]}"`);
  return [...new Set(problems)];
}
