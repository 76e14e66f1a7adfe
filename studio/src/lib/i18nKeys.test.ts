/**
 * No raw keys and no unfilled placeholders (issue 22): every key the code asks for exists in
 * English (locales.test.ts then holds every language to English's keys and placeholders), every
 * key built from a value (`common:kinds.${kind}`, `missions.${key}.title` …) exists for every
 * value the server can send, and every {{placeholder}} a text has is passed by its callers.
 * The browser side (studio/e2e/routes.spec.ts) checks the rendered pages on top of this.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { TASK_STATUSES } from '@tessera/shared/admin';
import { TEMPLATE_STATUSES } from '@tessera/shared/catalog';
import { CREDIT_ENTRY_KINDS } from '@tessera/shared/credits';
import { PUBLISH_STATUSES, REPORT_REASONS } from '@tessera/shared/feed';
import { GENERATION_KINDS } from '@tessera/shared/generation';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PAGE_NAMESPACES } from './i18n.ts';

const SRC = join(import.meta.dirname, '..');
const NAMESPACES = ['common', ...PAGE_NAMESPACES] as string[];
const PLURAL = /_(zero|one|two|few|many|other)$/;
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}

/** English texts by `ns:key` (plural forms under their base key as well). */
const english = new Map<string, string>();
for (const ns of NAMESPACES) {
  const tree = JSON.parse(readFileSync(join(SRC, 'locales/en', `${ns}.json`), 'utf8')) as Tree;
  for (const [key, text] of flatten(tree)) {
    english.set(`${ns}:${key}`, text);
    if (PLURAL.test(key)) english.set(`${ns}:${key.replace(PLURAL, '')}`, text);
  }
}
const has = (nsKey: string) => english.has(nsKey);
const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

interface Call {
  file: string;
  /** The key with every `${…}` of a template replaced by DYNAMIC. */
  key: string;
  /** The namespaces the file's `useTranslation` / `getFixedT` calls name. */
  namespaces: string[];
  /** The option names passed with the call; null when unknown (a spread, a variable). */
  options: Set<string> | null;
}

const DYNAMIC = '§';

function keyOf(node: ts.Expression | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => DYNAMIC + span.literal.text).join('');
  return null;
}

function optionsOf(node: ts.Expression | undefined): Set<string> | null {
  if (!node) return new Set();
  if (!ts.isObjectLiteralExpression(node)) return null;
  const names = new Set<string>();
  for (const property of node.properties) {
    if (ts.isSpreadAssignment(property) || !property.name) return null;
    names.add(property.name.getText().replace(/^['"]|['"]$/g, ''));
  }
  return names;
}

function callsOf(file: string): Call[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const namespaces: string[] = [];
  const found: Omit<Call, 'namespaces'>[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      const [first, second] = node.arguments;
      if (['useTranslation', 'getFixedT', 'withTranslation'].includes(name) && first) {
        const list = ts.isArrayLiteralExpression(first) ? [...first.elements] : [first];
        for (const element of list) if (ts.isStringLiteral(element)) namespaces.push(element.text);
      }
      const key = name === 't' ? keyOf(first) : null;
      if (key !== null) found.push({ file: relative(SRC, file), key, options: optionsOf(second) });
    }
    if (ts.isJsxAttribute(node) && node.name.getText() === 'i18nKey' && node.initializer && ts.isStringLiteral(node.initializer)) {
      found.push({ file: relative(SRC, file), key: node.initializer.text, options: null });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.map((call) => ({ ...call, namespaces }));
}

const calls = sourceFiles(SRC).flatMap(callsOf);

/** The `ns:key` candidates a call's key can resolve to. */
function candidates(call: Call, key: string): string[] {
  if (key.includes(':')) return [key];
  const namespaces = call.namespaces.length > 0 ? [...call.namespaces, 'common'] : NAMESPACES;
  return namespaces.map((ns) => `${ns}:${key}`);
}

const isDynamic = (key: string) => key.includes(DYNAMIC);
const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
/** The English keys a call can resolve to (for a built key: every key it can build). */
function resolved(call: Call): string[] {
  const patterns = candidates(call, call.key).map((k) => new RegExp(`^${k.split(DYNAMIC).map(escape).join('[\\w-]+')}$`));
  return isDynamic(call.key) ? [...english.keys()].filter((k) => patterns.some((p) => p.test(k))) : candidates(call, call.key).filter(has).slice(0, 1);
}

describe('translation keys used in the studio', () => {
  it('finds the calls it checks', () => {
    expect(calls.length).toBeGreaterThan(1000);
    expect(calls.filter((c) => isDynamic(c.key)).length).toBeGreaterThan(20);
  });

  it('every key exists in English (a built key: at least one)', () => {
    const missing = calls.filter((c) => resolved(c).length === 0).map((c) => `${c.file}: ${c.key.replaceAll(DYNAMIC, '${…}')}`);
    expect(missing).toEqual([]);
  });

  it('every placeholder of a text is passed by the calls that show it', () => {
    const unfilled = calls.flatMap((c) => {
      // A built key of the form `prefix.${…}.field` names one field across a family (the title of
      // every mission): its texts share their placeholders, so every one must be passed. Keys built
      // otherwise (`period.${p}`) pick texts that differ, and are checked by their literal uses.
      if (c.options === null || (isDynamic(c.key) && !/^[^§]+\.§[^§]*\.[\w.]+$/.test(c.key))) return [];
      const needed = new Set(resolved(c).flatMap((k) => [...placeholders(english.get(k) ?? '')]).filter((p) => !c.options?.has(p)));
      return needed.size > 0 ? [`${c.file}: ${c.key.replaceAll(DYNAMIC, '${…}')} needs ${[...needed].join(', ')}`] : [];
    });
    expect(unfilled).toEqual([]);
  });

  // Keys built from values the server sends: every value has its text (a `defaultValue` would
  // otherwise show the raw value, untranslated).
  const seed = JSON.parse(readFileSync(join(SRC, '../../db/seed/catalogue.json'), 'utf8')) as { missions: { key: string }[] };
  it.each([
    ['common:kinds', Object.keys(GENERATION_KINDS)],
    ['admin:statuses', [...TASK_STATUSES, ...PUBLISH_STATUSES, ...TEMPLATE_STATUSES]],
    ['admin:task.ledgerKind', CREDIT_ENTRY_KINDS],
    ['admin:reports.reason', REPORT_REASONS],
    ['rewards:missions', seed.missions.map((m) => m.key)],
  ] as const)('%s has a text for every value', (prefix, values) => {
    const missing = values.filter((value) => !has(`${prefix}.${value}`) && !has(`${prefix}.${value}.title`));
    expect(missing).toEqual([]);
  });
});
