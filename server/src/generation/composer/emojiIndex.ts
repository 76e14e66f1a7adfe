/**
 * The composer's art and vocabulary, read once per process from node_modules (nothing is
 * downloaded): Microsoft's Fluent Emoji Flat (MIT, via @iconify-json/fluent-emoji-flat) for the
 * pictures, and the Unicode CLDR emoji annotations (Unicode-3.0, via cldr-annotations-full) for
 * what each picture is called, with its keywords, in each of the studio's 19 languages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type Locale, UNSPACED } from './lexicon.ts';

const require = createRequire(import.meta.url);

/** CLDR names Norwegian Bokmål `no` and keeps traditional Chinese under `zh-Hant`. */
const CLDR_LOCALE: Record<Locale, string> = {
  ar: 'ar', da: 'da', de: 'de', en: 'en', es: 'es', fr: 'fr', id: 'id', it: 'it', ja: 'ja', ko: 'ko', nb: 'no',
  nl: 'nl', pl: 'pl', pt: 'pt', ru: 'ru', th: 'th', tr: 'tr', 'zh-Hant': 'zh-Hant', zh: 'zh',
};

/** Fluent's categories, most drawable first: a word naming both an animal and a symbol means the animal. */
const CATEGORY_RANK: Record<string, number> = {
  'Animals & Nature': 0, 'Food & Drink': 0, 'Travel & Places': 1, Objects: 1, Activities: 1,
  'People & Body': 2, 'Smileys & Emotion': 3, Symbols: 4, Flags: 5,
};
/** A keyword shared by more pictures than this ("animal", "food", "face") names none of them. */
const GENERIC_KEYWORD = 10;

export interface Icon {
  name: string;
  /** The SVG body on a 0 0 32 32 view box (some are a little taller). */
  body: string;
  width: number;
  height: number;
  hFlip: boolean;
  category: string;
}

export interface Candidate {
  emoji: string;
  icon: string;
  /** 3: the emoji's name is the word; 2.5: its name ends with it; 2: its name contains it; 1: a keyword. */
  weight: number;
  rank: number;
  keywords: number;
  /** The emoji's name in the language (to prefer the red apple when red is named). */
  name: string;
}

export interface LocaleIndex {
  /** Whole-word keys (spaced languages), or every key (unspaced languages), best candidate first. */
  words: Map<string, Candidate[]>;
  /** Keys of several words, by their words joined with one space. */
  phrases: Map<string, Candidate[]>;
  /** Longest key, for substring scans. */
  longest: number;
}

interface IconEntry {
  body?: string;
  width?: number;
  height?: number;
  parent?: string;
  hFlip?: boolean;
}

let names: { chars: Record<string, string>; category: Map<string, string> } | undefined;
let iconText: { text: string; width: number; height: number } | undefined;
const iconCache = new Map<string, Icon | undefined>();

function packageRoot(): string {
  return dirname(require.resolve('@iconify-json/fluent-emoji-flat/icons.json'));
}

/** Emoji → icon names and icon categories: small files, enough to build the keyword indexes. */
function loadNames() {
  if (names) return names;
  const read = <T>(file: string) => JSON.parse(readFileSync(join(packageRoot(), file), 'utf8')) as T;
  const category = new Map<string, string>();
  for (const [name, list] of Object.entries(read<{ categories: Record<string, string[]> }>('metadata.json').categories)) for (const icon of list) category.set(icon, name);
  names = { chars: read<Record<string, string>>('chars.json'), category };
  return names;
}

/**
 * One icon's entry out of icons.json (9 MB), without parsing the whole file (~0.6 s on a small
 * machine): its key is found as text, and only its own object is parsed. Keys cannot occur inside
 * the SVG bodies, whose quotes are escaped.
 */
function rawEntry(name: string): IconEntry | undefined {
  if (!iconText) {
    const text = readFileSync(join(packageRoot(), 'icons.json'), 'utf8');
    const tail = text.slice(-400);
    iconText = { text, width: Number(/"width":\s*(\d+)/.exec(tail)?.[1] ?? 32), height: Number(/"height":\s*(\d+)/.exec(tail)?.[1] ?? 32) };
  }
  const { text } = iconText;
  const key = JSON.stringify(name);
  let at = text.indexOf(`${key}: {`);
  if (at < 0) at = text.indexOf(`${key}:{`);
  if (at < 0) return undefined;
  const start = text.indexOf('{', at + key.length);
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return JSON.parse(text.slice(start, i + 1)) as IconEntry;
  }
  return undefined;
}

/** The Fluent icon name of an emoji (its code points in hex, variation selectors dropped). */
export function iconNameOf(emoji: string): string | undefined {
  const hex = [...emoji].map((c) => c.codePointAt(0)!.toString(16)).filter((h) => h !== 'fe0f').join('-');
  return loadNames().chars[hex];
}

export function iconByName(name: string): Icon | undefined {
  if (iconCache.has(name)) return iconCache.get(name);
  let entry = rawEntry(name);
  let hFlip = false;
  if (entry?.parent) {
    hFlip = !!entry.hFlip;
    entry = rawEntry(entry.parent);
  }
  const { category } = loadNames();
  const icon = entry?.body
    ? { name, body: entry.body, width: entry.width ?? iconText!.width, height: entry.height ?? iconText!.height, hFlip, category: category.get(name) ?? 'Objects' }
    : undefined;
  iconCache.set(name, icon);
  return icon;
}

const indexes = new Map<Locale, LocaleIndex>();

/** The keyword index of one language, built on first use (~20 ms). */
export function localeIndex(locale: Locale, normalise: (w: string) => string): LocaleIndex {
  const cached = indexes.get(locale);
  if (cached) return cached;
  const file = join(dirname(require.resolve('cldr-annotations-full/package.json')), 'annotations', CLDR_LOCALE[locale], 'annotations.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as { annotations: { annotations: Record<string, { default?: string[]; tts?: string[] }> } };
  const words = new Map<string, Candidate[]>();
  const phrases = new Map<string, Candidate[]>();
  const unspaced = UNSPACED.has(locale);
  let longest = 1;
  for (const [emoji, entry] of Object.entries(data.annotations.annotations)) {
    const icon = iconNameOf(emoji);
    if (!icon) continue;
    const category = loadNames().category.get(icon) ?? 'Objects';
    const rank = CATEGORY_RANK[category] ?? 1;
    // Symbols and flags are not things to draw in a scene; nor is a new moon (a dark disc on a dark sky).
    if (rank >= 4 || icon.startsWith('new-moon')) continue;
    const name = normalise(entry.tts?.[0] ?? '');
    const nameWords = new Set(name.split(' '));
    const keys = new Set([name, ...(entry.default ?? []).map(normalise)].filter(Boolean));
    for (const key of keys) {
      // The name's last word is its head noun: "crescent moon" is a moon, "moon cake" is not.
      const weight = key === name ? 3 : name.endsWith(` ${key}`) ? 2.5 : nameWords.has(key) ? 2 : 1;
      // A face or gesture only when the word is its very name ("ghost"), not a keyword ("below");
      // a game only by its name ("table" is not ping pong).
      if ((rank >= 2 && weight < 3) || (category === 'Activities' && weight < 2)) continue;
      const candidate = { emoji, icon, weight, rank, keywords: keys.size, name };
      const target = unspaced || !key.includes(' ') ? words : phrases;
      const list = target.get(key);
      if (list) list.push(candidate);
      else target.set(key, [candidate]);
      if (unspaced) longest = Math.max(longest, key.length);
    }
  }
  for (const map of [words, phrases]) {
    for (const [key, list] of map) {
      // Ties go to the older, plainer emoji (lower code point: 🎂 before 🥮 for "cake").
      list.sort((a, b) => b.weight - a.weight || a.rank - b.rank || a.emoji.length - b.emoji.length || a.emoji.codePointAt(0)! - b.emoji.codePointAt(0)! || a.keywords - b.keywords);
      if (list.length > GENERIC_KEYWORD && list[0]!.weight < 2) map.delete(key);
    }
  }
  const index = { words, phrases, longest };
  indexes.set(locale, index);
  return index;
}
