/**
 * The offline text filter (§8 moderation): refuses prompts asking for sexual content involving
 * minors, explicit sexual content, graphic violence or weapons instructions, in the studio's 19
 * languages. It lives in shared so the studio can pre-check a prompt as it is typed (data plus
 * small regular expressions, indexed once on first use in well under a second; then well under a
 * millisecond a prompt); the server runs the same filter before a task is accepted, so the
 * studio's check is a courtesy and never the gate.
 *
 * Not a flat word list: categories combine term families (terms.ts) —
 *   csam     a CSAM term, or a minor (word or age under 18) together with a sexual or suggestive term;
 *   weapons  a how-to marker anywhere with a weapon, or a making verb next to one (≤ 2 words apart);
 *   gore     a gore term, or a violence term together with a graphic one;
 *   sexual   an explicit term.
 * Harmless phrases that contain a term ("naked eye", "bath bomb", "water gun", "nude lipstick") are
 * removed before matching. Obfuscation is normalised away: NFKC (full-width, ligatures), case,
 * missing diacritics, leetspeak inside words (p0rn, s3x), letters spaced or dotted out (p.o.r.n, p o r n),
 * letters repeated (pooorn), zero-width characters. Space-separated languages match on word
 * boundaries (with `*` as a prefix/suffix wildcard in the data); Chinese, Japanese, Korean and
 * Thai match as substrings, with the spaces between their characters removed; Arabic allows its
 * attached clitics (و ف ب ل ك ال).
 *
 * Deliberate decisions (docs/configuration.md): swimsuits, bikinis, "sexy" on its own, shirtless,
 * a bomb-shaped cake, a picture of a gun, blood on its own, "killer whale", "shooting star" and
 * "naked eye" pass; "girl"/"boy" alone are not treated as minors (they are used for adults), but
 * "little girl", "schoolgirl", "teen" and ages under 18 are.
 */
import { MODERATION_TERMS, type TermFamily } from './terms.ts';

export type ModerationCategory = 'csam' | 'sexual' | 'gore' | 'weapons';

export interface TextVerdict {
  allowed: boolean;
  /** The refused category, most serious first (csam, weapons, gore, sexual). */
  category?: ModerationCategory;
  /** The terms that decided it, as matched in the normalised text (for logs and tests). */
  matched?: string[];
}

const ZERO_WIDTH = /[\u00ad\u200b-\u200f\u2060\ufeff]/gu;
/** Scripts written without spaces between words (or, for Korean, with particles glued on): matched as substrings. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const ARABIC = /\p{Script=Arabic}/u;
/**
 * Letters people type without their mark that NFD does not decompose. Used only on the term side
 * (see {@link letterPattern}), like accents. Not ø → o: Danish "nøgen" (naked) would then match
 * "nogen" (someone).
 */
const FOLD: Record<string, string> = { ı: 'i', ł: 'l', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', þ: 'th' };
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '!': 'i', '|': 'i', '€': 'e' };

/**
 * The text as the matcher sees it: lower case, leetspeak undone inside words that contain a letter,
 * spaced-out letters joined, punctuation turned to single spaces, and no spaces between CJK/Thai
 * characters. Terms go through the same function, so data and text agree. Accents stay in the
 * text: a term's accented letter also matches the bare letter ("pornografía" matches
 * "pornografia"), but a bare term never matches an accented word — stripping accents from the
 * text made Polish "góry" (mountains) "gory" and Turkish "gün" (day) "gun".
 */
export function normaliseText(input: string): string {
  let text = input
    .normalize('NFKC')
    .replace(ZERO_WIDTH, '')
    .toLowerCase()
    .replace(/i\u0307/gu, 'i') // Turkish İ lower-cased
    .normalize('NFC');
  // Arabic: short-vowel marks and letter stretching are optional, and ة/ى are often typed as ه/ي.
  text = text
    .normalize('NFD')
    .replace(/(\p{Script=Arabic})\p{M}+/gu, '$1')
    .normalize('NFC')
    .replace(/\u0640/gu, '')
    .replace(/ة/gu, 'ه')
    .replace(/ى/gu, 'ي');
  // Leetspeak: only inside a token that also has a letter, so "12 year old" keeps its number.
  text = text.replace(/[\p{L}\p{N}@$!|€]+/gu, (token) => {
    // Skipped: tokens without a letter, and number-then-letters ones ("12yo", "3d", "4k") that are units, not disguise.
    if (!/\p{L}/u.test(token) || !/[0-9@$!|€]/u.test(token) || /^\p{N}+\p{L}+$/u.test(token)) return token;
    const core = token.replace(/[!|]+$/u, ''); // a trailing "!" is punctuation, not an i
    return core.replace(/[0-9@$!|€]/gu, (c) => LEET[c] ?? c);
  });
  // Punctuation inside a word ("po.rn", "p_orn", "p*orn"): dropped between letters. Apostrophes are
  // not: French and Italian elide with them ("d'explosif", "l'arma"), so they separate words.
  text = text.replace(/(?<=\p{L})[.*_·•`~^]+(?=\p{L})/gu, '');
  // Everything else that is not a letter or digit separates words.
  text = text.replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ');
  // Letters spelled out one by one ("p o r n", from "p.o.r.n" or "p-o-r-n"): three or more single letters joined.
  text = text.replace(/(?<![\p{L}\p{N}])\p{L}(?: \p{L}(?![\p{L}\p{N}])){2,}/gu, (run) => run.replace(/ /gu, ''));
  // No spaces inside unspaced scripts: "儿 童" = "儿童". Korean keeps its word spaces (joining them
  // would glue "생성" + "기" across words); its terms list both spacings where both are usual.
  text = text.replace(/(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]) (?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}])/gu, '');
  return ` ${text.trim()} `;
}

/** Runs of three or more of one letter squeezed to one ("pooorn" → "porn"); matched as a second form. */
const squeeze = (text: string): string => text.replace(/(\p{L})\1{2,}/gu, '$1');

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
const WORD = '[\\p{L}\\p{N}\\p{M}]';

/** A normalised word as a pattern: each accented (or foldable) letter also matches its bare form. */
function letterPattern(word: string): string {
  let out = '';
  for (const c of word) {
    const bare = FOLD[c] ?? c.normalize('NFD').replace(/\p{M}+/gu, '');
    if (!bare || bare === c || !/^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]+$/u.test(bare)) out += escape(c);
    else out += bare.length === 1 ? `[${c}${bare}]` : `(?:${c}|${bare})`; // a class is much cheaper for the regex engine
  }
  return out;
}

/**
 * The regular-expression source of one term, without word boundaries. Each word is normalised on
 * its own so a `*` (any letters before or after it) survives.
 */
function termCore(term: string): { core: string; bounded: boolean } {
  const whole = normaliseText(term.replace(/\*/gu, '')).trim();
  if (UNSPACED.test(whole)) return { core: letterPattern(whole), bounded: false };
  const core = term
    .trim()
    .split(/\s+/u)
    .map((word) => {
      const text = normaliseText(word.replace(/\*/gu, '')).trim();
      return text ? (word.startsWith('*') ? `${WORD}*` : '') + text.split(' ').map(letterPattern).join(' ') + (word.endsWith('*') ? `${WORD}*` : '') : '';
    })
    .filter(Boolean)
    .join(' ');
  // Arabic glues conjunctions, prepositions and the article to the word: و ف, ب ل ك, ال.
  return { core: ARABIC.test(whole) ? `(?:[وف])?(?:[بلك])?(?:ال|لل)?${core}` : core, bounded: true };
}

/** Accent-free, folded form of a word: the key a word is looked up by (the term's pattern then decides). */
const fold = (word: string): string =>
  word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ıłæœßđþ]/gu, (c) => FOLD[c] ?? c);

interface Found {
  term: string;
  start: number;
  end: number;
}

/**
 * One family across every language (a prompt's language is not known, and may be mixed). Word
 * terms are indexed by their first word's folded form (or its stem, for "porn*"), so a text is
 * judged by looking up each of its words and trying only the few terms that start with it — one
 * regular expression of thousands of alternatives took seconds to compile and warm up. The rest
 * (substring terms of unspaced scripts, Arabic with its clitics, "*porno*" inside compounds) is
 * one smaller expression.
 */
class FamilyMatcher {
  private readonly exact = new Map<string, RegExp[]>();
  private readonly stems = new Map<string, RegExp[]>();
  private readonly rest: RegExp | undefined;

  constructor(family: TermFamily) {
    const rest: string[] = [];
    for (const terms of Object.values(MODERATION_TERMS)) {
      for (const term of terms[family] ?? []) {
        const { core, bounded } = termCore(term);
        const first = term.trim().split(/\s+/u)[0] ?? '';
        if (!bounded || first.startsWith('*') || ARABIC.test(term)) {
          rest.push(bounded ? `(?<= )(?:${core})(?= )` : core);
          continue;
        }
        const key = fold(normaliseText(first.replace(/\*/gu, '')).trim().split(' ')[0] ?? '');
        const index = first.endsWith('*') && !first.slice(0, -1).includes(' ') ? this.stems : this.exact;
        const list = index.get(key) ?? [];
        list.push(new RegExp(`${core}(?= )`, 'uy'));
        index.set(key, list);
      }
    }
    // Longest first, so the alternation reports the most specific term.
    if (rest.length) this.rest = new RegExp([...new Set(rest)].sort((x, y) => y.length - x.length).join('|'), 'gu');
  }

  /** Every match in a normalised text, with its position. */
  find(text: string): Found[] {
    const found: Found[] = [];
    for (const word of text.matchAll(/[^ ]+/gu)) {
      const key = fold(word[0]);
      const candidates = [...(this.exact.get(key) ?? [])];
      for (let length = 1; length <= key.length; length++) candidates.push(...(this.stems.get(key.slice(0, length)) ?? []));
      let best: Found | undefined;
      for (const re of candidates) {
        re.lastIndex = word.index;
        const m = re.exec(text);
        if (m && (!best || m[0].length > best.term.length)) best = { term: m[0], start: word.index, end: word.index + m[0].length };
      }
      if (best) found.push(best);
    }
    if (this.rest) {
      this.rest.lastIndex = 0;
      for (const m of text.matchAll(this.rest)) if (m[0]) found.push({ term: m[0], start: m.index, end: m.index + m[0].length });
    }
    return found;
  }
}

/** Ages 0–17 written in any of the 19 languages ("12 year old", "12-jährig", "12 años", "12歳", "12살", "12 ขวบ" …). */
const MINOR_AGE = new RegExp(
  String.raw`(?<![\p{N}])(?:1[0-7]|[0-9]) ?(?:y ?o|yrs? ?old|years? ?old|jahre ?alt|j[aä]hrig\p{L}*|ans|a[nñ]os|anni|jaar|[aå]r ?gammel|[aå]r|lat|let|года|лет|летн\p{L}*|ya[sş][iı]nda\p{L}*|tahun|سنوات|سنه|عام|岁|歲|歳|살|세|ขวบ)(?![\p{L}])`,
  'u',
);

type Families = Record<TermFamily, FamilyMatcher>;
let families: Families | undefined;

const FAMILIES: TermFamily[] = ['minor', 'sexual', 'suggestive', 'csam', 'gore', 'violence', 'graphic', 'weapon', 'howto', 'verb', 'allow'];

/** A making verb with at most two words between it and a weapon, either order ("build a pipe bomb", "eine Bombe bauen"). */
function verbNearWeapon(text: string, verbs: Found[], weapons: Found[]): string | undefined {
  for (const verb of verbs) {
    for (const weapon of weapons) {
      const [a, b] = verb.start < weapon.start ? [verb, weapon] : [weapon, verb];
      if (a.end > b.start) continue;
      if (text.slice(a.end, b.start).split(' ').filter(Boolean).length <= 2) return text.slice(a.start, b.end).trim();
    }
  }
  return undefined;
}

function judge(f: Families, text: string): TextVerdict {
  const found = (family: TermFamily): string[] => f[family].find(text).map((m) => m.term.trim());
  const csam = found('csam');
  if (csam.length) return { allowed: false, category: 'csam', matched: csam };
  const sexual = found('sexual');
  const sexualOrSuggestive = [...sexual, ...found('suggestive')];
  if (sexualOrSuggestive.length) {
    const minor = [...found('minor'), ...(MINOR_AGE.exec(text)?.slice(0, 1) ?? [])];
    if (minor.length) return { allowed: false, category: 'csam', matched: [...minor, ...sexualOrSuggestive] };
  }
  const weapons = f.weapon.find(text);
  if (weapons.length) {
    const howto = found('howto');
    if (howto.length) return { allowed: false, category: 'weapons', matched: [...howto, ...weapons.map((w) => w.term)] };
    const near = verbNearWeapon(text, f.verb.find(text), weapons);
    if (near) return { allowed: false, category: 'weapons', matched: [near] };
  }
  const gore = found('gore');
  if (gore.length) return { allowed: false, category: 'gore', matched: gore };
  const violence = found('violence');
  if (violence.length) {
    const graphic = found('graphic');
    if (graphic.length) return { allowed: false, category: 'gore', matched: [...violence, ...graphic] };
  }
  if (sexual.length) return { allowed: false, category: 'sexual', matched: sexual };
  return { allowed: true };
}

/** The text with the harmless phrases ("naked eye", "bath bomb" …) blanked out, so their neighbours stay separate words. */
function stripAllowed(f: Families, text: string): string {
  let out = '';
  let at = 0;
  for (const m of f.allow.find(text).sort((x, y) => x.start - y.start)) {
    if (m.start < at) continue;
    out += `${text.slice(at, m.start)} `;
    at = m.end;
  }
  return out + text.slice(at);
}

/** Judges one text. Pure and synchronous; the patterns compile on first use. */
export function checkText(input: string): TextVerdict {
  families ??= Object.fromEntries(FAMILIES.map((family) => [family, new FamilyMatcher(family)])) as Families;
  const f = families;
  const text = stripAllowed(f, normaliseText(input));
  const verdict = judge(f, text);
  if (!verdict.allowed) return verdict;
  // Repeated letters ("pooorn", "nuuude"): judged again with the runs squeezed.
  const squeezed = stripAllowed(f, squeeze(text));
  return squeezed === text ? verdict : judge(f, squeezed);
}
