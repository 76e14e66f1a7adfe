/**
 * Prompt → scene graph: what the scene composer will draw. The prompt's words, in any of the
 * studio's 19 languages, name subjects (emoji whose CLDR annotations carry the word), how many of
 * each, colours, a setting, a time of day, weather and a style. Latin-script prompts are matched
 * word by word (with cheap stemming: a word may carry a few letters more than the key, "Katzen"
 * → "Katze"); Chinese, Japanese and Thai by the longest key found at each position of the text.
 * The graph is a plain object, exported so tests can check that the named subjects are in it.
 */
import { type Candidate, localeIndex } from './emojiIndex.ts';
import { COLOUR_HEX, type Colour, type Lexicon, type Locale, lexiconFor, MODIFIERS, type Setting, type Style, type TimeOfDay, UNSPACED, type Weather } from './lexicon.ts';

export type Placement = 'ground' | 'sky' | 'water';

export interface SceneSubject {
  /** The emoji character, and its Fluent icon name. */
  emoji: string;
  icon: string;
  /** The prompt's word that named it. */
  word: string;
  count: number;
  placement: Placement;
}

export interface SceneGraph {
  locale: Locale;
  subjects: SceneSubject[];
  colours: Colour[];
  /** The colour words' colours, in the order named. */
  palette: string[];
  setting: Setting;
  time: TimeOfDay;
  weather: Weather[];
  style?: Style;
  /** True when the prompt named nothing the composer knows (no subject, setting, time or weather). */
  empty: boolean;
}

/** Most pictures one scene draws: more would be too small to read. */
export const MAX_INSTANCES = 9;

/** Words of Fluent icon names ("crescent-moon", "tropical-fish") that place a subject in the sky, on water or indoors. */
const SKY_WORDS = new Set(['moon', 'star', 'stars', 'sun', 'cloud', 'rainbow', 'comet', 'airplane', 'helicopter', 'rocket', 'balloon', 'kite', 'bird', 'dove', 'eagle', 'owl', 'bat', 'parrot', 'saucer', 'butterfly', 'honeybee', 'parachute', 'fireworks', 'sparkles', 'planet']);
const WATER_WORDS = new Set(['boat', 'ship', 'sailboat', 'canoe', 'ferry', 'speedboat', 'dolphin', 'whale', 'fish', 'shark', 'octopus', 'crab', 'swan', 'duck', 'seal', 'squid', 'jellyfish', 'surfing', 'rowing', 'lobster', 'shrimp']);
const ROOM_WORDS = new Set(['couch', 'bed', 'chair', 'lamp', 'television', 'bathtub', 'teacup', 'teddy']);
/** Things named after the sky that stay on the ground ("moon-cake"). */
const GROUNDED_WORDS = new Set(['cake', 'ceremony', 'viewing']);
const iconWords = (icon: string) => icon.split('-');

/** Lower case, compatibility forms folded; Arabic without vowel marks, its alef and ta marbuta forms unified. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي');
}

const SCRIPT: { test: RegExp; locale: Locale }[] = [
  { test: /[\u3040-\u30ff]/, locale: 'ja' },
  { test: /[\uac00-\ud7af]/, locale: 'ko' },
  { test: /[\u0e00-\u0e7f]/, locale: 'th' },
  { test: /[\u0600-\u06ff]/, locale: 'ar' },
  { test: /[\u0400-\u04ff]/, locale: 'ru' },
];
const LATIN: Locale[] = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'da', 'nb', 'pl', 'tr', 'id'];

const ROMANCE: ReadonlySet<Locale> = new Set(['it', 'es', 'pt', 'fr']);
/** Languages that count after the noun ("고양이 세 마리", "แมวสามตัว"). */
const COUNT_AFTER: ReadonlySet<Locale> = new Set(['ko', 'th', 'ja']);
const ARABIC_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال', 'و', 'ب', 'ل', 'ف', 'ك'];
const ARABIC_SUFFIXES = ['تان', 'تين', 'ات', 'ان', 'ين', 'ه'];
/** Arabic dual endings: "قطتان" is two cats. */
const ARABIC_DUAL = /(?:ان|ين)$/;
const KOREAN_PARTICLES = ['에서', '으로', '은', '는', '이', '가', '을', '를', '에', '의', '와', '과', '로', '도', '들'];

/** The forms a word may take without its affixes, the word itself first. */
function variants(word: string, locale: Locale): string[] {
  const out = [word];
  if (locale === 'ar') {
    const stems = [word, ...ARABIC_PREFIXES.filter((p) => word.startsWith(p) && word.length - p.length >= 2).map((p) => word.slice(p.length))];
    for (const s of stems) {
      out.push(s);
      for (const suffix of ARABIC_SUFFIXES) if (s.endsWith(suffix) && s.length - suffix.length >= 2) out.push(s.slice(0, -suffix.length));
    }
  } else if (locale === 'ko') {
    for (const p of KOREAN_PARTICLES) if (word.endsWith(p) && word.length > p.length) out.push(word.slice(0, -p.length));
  } else if (ROMANCE.has(locale) && word.length > 3 && /[aeiosx]$/.test(word)) {
    // Plural and gender endings: gatti → gatto, gatte → gatta, chevaux → cheval is beyond this.
    const stem = word.replace(/(?:i|e|s|es|x)$/, '');
    out.push(`${stem}o`, `${stem}a`, `${stem}e`, stem);
  } else if ((locale === 'ru' || locale === 'pl') && word.length > 3) {
    // Case and number endings: собаки → собака, koty → kot, лисы → лиса.
    const stem = word.replace(/(?:[аяыиеуюоьй]+|[aęyioąeu]+)$/, '');
    out.push(stem, `${stem}а`, `${stem}ь`, `${stem}a`);
  }
  return [...new Set(out)];
}

/**
 * A map's entry for a word: exactly (or a variant without its affixes), or — `prefix` — the
 * longest key the word starts with, a few letters short of it (Latin and Cyrillic).
 */
function lookup<V>(map: ReadonlyMap<string, V>, word: string, locale: Locale, minStem = 4, prefix = false): { value: V; key: string } | undefined {
  if (!prefix) {
    for (const v of variants(word, locale)) {
      const value = map.get(v);
      if (value !== undefined) return { value, key: v };
    }
    return undefined;
  }
  if (locale === 'ar' || locale === 'ko') return undefined;
  for (let len = word.length - 1; len >= Math.max(Math.min(minStem, 3), word.length - 4); len--) {
    // Short keys take short endings only ("kot" → "koty", not "carpet" → "car").
    if (len < minStem && word.length - len > 2) continue;
    const value = map.get(word.slice(0, len));
    if (value !== undefined) return { value, key: word.slice(0, len) };
  }
  return undefined;
}

/** The best-named picture among the word's forms: "stars" finds ⭐ (named "star") over 🌃 (which only mentions stars). */
function lookupSubject(words: ReadonlyMap<string, Candidate[]>, word: string, locale: Locale): { value: Candidate[]; key: string } | undefined {
  const forms = variants(word, locale);
  if (locale === 'en' && word.length > 3 && word.endsWith('s')) forms.push(word.slice(0, -1), word.replace(/es$/, ''));
  let best: { value: Candidate[]; key: string } | undefined;
  for (const key of forms) {
    const value = words.get(key);
    if (value && (!best || value[0]!.weight > best.value[0]!.weight)) best = { value, key };
  }
  return best;
}

function placementOf(icon: string): Placement {
  const words = iconWords(icon);
  if (words.some((w) => GROUNDED_WORDS.has(w))) return 'ground';
  return words.some((w) => SKY_WORDS.has(w)) ? 'sky' : words.some((w) => WATER_WORDS.has(w)) ? 'water' : 'ground';
}

interface Found {
  subjects: SceneSubject[];
  colours: Colour[];
  setting?: Setting;
  time?: TimeOfDay;
  weather: Weather[];
  style?: Style;
  /** A snowy landscape was named ("verschneit"): snow over whatever setting is named. */
  snowy?: boolean;
  /** The colour words as matched, to prefer "red apple" over "green apple" after "red". */
  colourKeys: string[];
  /** How much of the prompt the language's words explained (to choose between languages). */
  score: number;
}

class Collector {
  found: Found = { subjects: [], colours: [], colourKeys: [], weather: [], score: 0 };
  private pending: number | undefined;
  /** The subject just read, while nothing else has been read since. */
  private last: SceneSubject | undefined;

  constructor(private readonly locale: Locale) {}

  /** A number; `before` is true when the text right after it shows it counts what follows (Japanese "二匹の…"). */
  number(n: number, before = false) {
    const count = Math.max(1, Math.min(MAX_INSTANCES, n));
    if (COUNT_AFTER.has(this.locale) && this.last && this.last.count === 1 && !before) {
      this.last.count = count;
      this.last = undefined;
      return;
    }
    this.pending = count;
  }

  /** Something that is neither a subject nor a number was read. */
  other() {
    this.last = undefined;
  }

  subject(list: Candidate[], word: string, plural = false) {
    // Among equally good pictures, the one whose name carries a colour the prompt named.
    const best = list.find((c) => c.weight === list[0]!.weight && this.found.colourKeys.some((k) => c.name.includes(k))) ?? list[0]!;
    const count = this.pending ?? (plural ? 3 : 1);
    this.pending = undefined;
    const same = this.found.subjects.find((s) => s.emoji === best.emoji);
    if (same) {
      same.count = Math.max(same.count, count);
      this.last = undefined;
    } else {
      this.last = { emoji: best.emoji, icon: best.icon, word, count, placement: placementOf(best.icon) };
      this.found.subjects.push(this.last);
    }
  }

  /** Setting, time, weather, style or colour; true when the key was one. */
  lexical(lex: Lexicon, get: <V>(m: ReadonlyMap<string, V>, minStem?: number) => { value: V; key: string } | undefined): boolean {
    const f = this.found;
    this.last = undefined;
    const weather = get(lex.weather)?.value;
    if (weather) {
      if (!f.weather.includes(weather)) f.weather.push(weather);
      return true;
    }
    const time = get(lex.time)?.value;
    if (time) return (f.time ??= time), true;
    const setting = get(lex.setting)?.value;
    if (setting === 'snow') return (f.snowy = true), true;
    if (setting) return (f.setting ??= setting), true;
    const style = get(lex.style)?.value;
    if (style) return (f.style ??= style), true;
    const colour = get(lex.colour, 3);
    if (colour) {
      if (!f.colours.includes(colour.value)) f.colours.push(colour.value);
      f.colourKeys.push(colour.key);
      return true;
    }
    return false;
  }
}

/** Word by word, for languages written with spaces. */
function readSpaced(text: string, locale: Locale): Found {
  const lex = lexiconFor(locale, normalise);
  const index = localeIndex(locale, normalise);
  const words = text.match(/[\p{L}\p{M}\p{N}-]+/gu) ?? [];
  const c = new Collector(locale);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (/^\d+$/.test(word)) {
      c.number(Number(word));
      continue;
    }
    // Names of several words first ("motor boat", "zwierzę domowe").
    let phrase: Candidate[] | undefined;
    let span = 0;
    for (let k = Math.min(4, words.length - i); k >= 2 && !phrase; k--) {
      phrase = index.phrases.get(words.slice(i, i + k).join(' '));
      span = k;
    }
    if (phrase) {
      c.subject(phrase, words.slice(i, i + span).join(' '));
      c.found.score += span;
      i += span - 1;
      continue;
    }
    if (lex.function.has(word) || MODIFIERS.has(word)) {
      c.found.score += lex.function.has(word) ? 1 : 0;
      continue;
    }
    const num = lex.number.get(word);
    if (num !== undefined) {
      c.number(num);
      c.found.score++;
      continue;
    }
    // Whole words first, in the scene words and then the emoji names; only then stems, so
    // "snowman" is a snowman, not snow.
    if (c.lexical(lex, (m, minStem) => lookup(m, word, locale, minStem))) {
      c.found.score++;
      continue;
    }
    const hit = lookupSubject(index.words, word, locale) ?? (c.lexical(lex, (m, minStem) => lookup(m, word, locale, minStem, true)) ? 'lexical' : lookup(index.words, word, locale, 4, true));
    if (hit === 'lexical') {
      c.found.score++;
      continue;
    }
    if (hit) {
      // An English plural the annotations lack ("apples") means a few of them; an Arabic dual, two.
      const plural = locale === 'en' && hit.key !== word && word.endsWith('s');
      if (locale === 'ar' && hit.key !== word && ARABIC_DUAL.test(word) && !hit.key.endsWith(word.slice(-2))) c.number(2);
      c.subject(hit.value, word, plural);
      c.found.score++;
    }
  }
  return c.found;
}

/** Longest key at each position, for languages written without spaces. */
function readUnspaced(text: string, locale: Locale): Found {
  const lex = lexiconFor(locale, normalise);
  const index = localeIndex(locale, normalise);
  const c = new Collector(locale);
  const tables = [lex.number, lex.weather, lex.time, lex.setting, lex.style, lex.colour] as const;
  const longest = Math.max(index.longest, 8);
  // Thai runs its words together and its short words hide inside longer ones ("นก", bird, in
  // "ตอนกลางคืน", at night): a match must start and end where ICU's word breaker puts a boundary.
  const bounds = locale === 'th' ? new Set([...new Intl.Segmenter('th', { granularity: 'word' }).segment(text)].flatMap((w) => [w.index, w.index + w.segment.length])) : undefined;
  const fits = (from: number, to: number) => !bounds || (bounds.has(from) && bounds.has(to));
  let p = 0;
  while (p < text.length) {
    const digits = /^\d+/.exec(text.slice(p));
    if (digits) {
      c.number(Number(digits[0]));
      p += digits[0].length;
      continue;
    }
    let matched = 0;
    for (let len = Math.min(longest, text.length - p); len >= 1 && !matched; len--) {
      if (!fits(p, p + len)) continue;
      const piece = text.slice(p, p + len);
      // The language's own words win over an emoji keyword of the same length ("雨" is weather).
      if (tables.some((t) => t.has(piece))) {
        const n = lex.number.get(piece);
        // "二匹の…": a counter word and の after the number, so it counts what follows.
        if (n !== undefined) c.number(n, /^.{0,2}の/.test(text.slice(p + len)));
        else c.lexical(lex, (m) => (m.has(piece) ? { value: m.get(piece)!, key: piece } : undefined));
        matched = len;
      } else {
        const hit = index.words.get(piece);
        // One character names a thing only when it is the thing's name (桜) or an animal, plant or food (猫), not any keyword (中, 的).
        if (hit && (len > 1 || hit[0]!.weight === 3 || hit[0]!.rank === 0)) {
          c.subject(hit, piece);
          matched = len;
        }
      }
    }
    if (matched) c.found.score += matched;
    else if (!/[一-龥ぁ-んァ-ン]/.test(text[p]!) || text[p] === 'の') c.other();
    p += matched || 1;
  }
  return c.found;
}

function read(text: string, locale: Locale): Found {
  return UNSPACED.has(locale) ? readUnspaced(text, locale) : readSpaced(text, locale);
}

/** How many of the words are the language's own little words, numbers or scene words: cheap, no emoji index needed. */
function lexicalScore(words: string[], locale: Locale): number {
  const lex = lexiconFor(locale, normalise);
  const tables = [lex.number, lex.setting, lex.time, lex.weather, lex.style, lex.colour];
  return words.filter((w) => lex.function.has(w) || tables.some((t) => t.has(w))).length;
}

/**
 * The prompt's language: by its script, else the language whose words explain most of it. Latin
 * prompts are first ranked by their little words ("the", "auf", "dans"), so only the likeliest
 * languages' emoji indexes are read (each costs ~50 ms the first time); all of them only when
 * those explain nothing.
 */
function bestReading(text: string): { locale: Locale; found: Found } {
  for (const { test, locale } of SCRIPT) if (test.test(text)) return { locale, found: read(text, locale) };
  let groups: Locale[][];
  if (/\p{Script=Han}/u.test(text)) groups = [['zh', 'zh-Hant', 'ja']];
  else {
    const words = text.match(/[\p{L}\p{M}\p{N}-]+/gu) ?? [];
    const scored = LATIN.map((locale) => ({ locale, score: lexicalScore(words, locale) })).sort((a, b) => b.score - a.score);
    const top = scored.filter((s) => s.score === scored[0]!.score && s.score > 0).slice(0, 3).map((s) => s.locale);
    const first = top.length ? top : ['en' as const];
    groups = [first, LATIN.filter((l) => !first.includes(l))];
  }
  let best: { locale: Locale; found: Found } | undefined;
  for (const group of groups) {
    for (const locale of group) {
      const found = read(text, locale);
      if (!best || found.score > best.found.score) best = { locale, found };
    }
    if (best!.found.subjects.length > 0) break;
  }
  return best!;
}

/** Reads a prompt into the scene to draw. */
export function parsePrompt(prompt: string): SceneGraph {
  const text = normalise(prompt);
  const { locale, found } = bestReading(text);
  // Nine pictures at most, the first-named subjects keeping their counts.
  let room = MAX_INSTANCES;
  const subjects = found.subjects
    .map((s) => {
      const count = Math.max(0, Math.min(s.count, room));
      room -= count;
      return { ...s, count };
    })
    .filter((s) => s.count > 0);
  const setting: Setting =
    found.setting ??
    (subjects.some((s) => s.placement === 'water')
      ? 'sea'
      : subjects.some((s) => iconWords(s.icon).some((w) => ROOM_WORDS.has(w)))
        ? 'room'
        : found.snowy || found.weather.includes('snow')
          ? 'snow'
          : 'land');
  // "A dog in the snowy forest": the forest, under snow.
  const weather = found.snowy && setting !== 'snow' && !found.weather.includes('snow') ? [...found.weather, 'snow' as const] : found.weather;
  const time: TimeOfDay = found.time ?? (setting === 'space' || subjects.some((s) => s.placement === 'sky' && /moon|star/.test(s.icon)) ? 'night' : 'day');
  return {
    locale,
    subjects,
    colours: found.colours,
    palette: found.colours.map((c) => COLOUR_HEX[c]),
    setting,
    time,
    weather,
    style: found.style,
    empty: subjects.length === 0 && setting === 'land' && !found.time && weather.length === 0,
  };
}
