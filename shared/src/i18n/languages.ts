/** The 19 languages of spec §2 and the language rules of §7. */

export interface Language {
  /** Abbreviation used in URLs, the user-language header and locale folders. */
  readonly code: string;
  readonly englishName: string;
  readonly nativeName: string;
  readonly dir: 'ltr' | 'rtl';
  /** BCP 47 tag for `<html lang>` and hreflang. */
  readonly bcp47: string;
}

export const LANGUAGES = [
  { code: 'en', englishName: 'English', nativeName: 'English', dir: 'ltr', bcp47: 'en' },
  { code: 'zh', englishName: 'Chinese (Simplified)', nativeName: '简体中文', dir: 'ltr', bcp47: 'zh-Hans' },
  { code: 'tw', englishName: 'Chinese (Traditional)', nativeName: '繁體中文', dir: 'ltr', bcp47: 'zh-Hant' },
  { code: 'th', englishName: 'Thai', nativeName: 'ไทย', dir: 'ltr', bcp47: 'th' },
  { code: 'it', englishName: 'Italian', nativeName: 'Italiano', dir: 'ltr', bcp47: 'it' },
  { code: 'pl', englishName: 'Polish', nativeName: 'Polski', dir: 'ltr', bcp47: 'pl' },
  { code: 'tr', englishName: 'Turkish', nativeName: 'Türkçe', dir: 'ltr', bcp47: 'tr' },
  { code: 'fr', englishName: 'French', nativeName: 'Français', dir: 'ltr', bcp47: 'fr' },
  { code: 'ko', englishName: 'Korean', nativeName: '한국어', dir: 'ltr', bcp47: 'ko' },
  { code: 'de', englishName: 'German', nativeName: 'Deutsch', dir: 'ltr', bcp47: 'de' },
  { code: 'ja', englishName: 'Japanese', nativeName: '日本語', dir: 'ltr', bcp47: 'ja' },
  { code: 'ru', englishName: 'Russian', nativeName: 'Русский', dir: 'ltr', bcp47: 'ru' },
  { code: 'pt', englishName: 'Portuguese', nativeName: 'Português', dir: 'ltr', bcp47: 'pt' },
  { code: 'ar', englishName: 'Arabic', nativeName: 'العربية', dir: 'rtl', bcp47: 'ar' },
  { code: 'nb', englishName: 'Norwegian Bokmål', nativeName: 'Norsk bokmål', dir: 'ltr', bcp47: 'nb' },
  { code: 'nl', englishName: 'Dutch', nativeName: 'Nederlands', dir: 'ltr', bcp47: 'nl' },
  { code: 'da', englishName: 'Danish', nativeName: 'Dansk', dir: 'ltr', bcp47: 'da' },
  { code: 'es', englishName: 'Spanish', nativeName: 'Español', dir: 'ltr', bcp47: 'es' },
  { code: 'id', englishName: 'Indonesian', nativeName: 'Bahasa Indonesia', dir: 'ltr', bcp47: 'id' },
] as const satisfies readonly Language[];

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code);

/** The HTTP header every RPC call carries (§7). */
export const USER_LANGUAGE_HEADER = 'user-language';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function getLanguage(code: LanguageCode): Language {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
}

const TRADITIONAL_CHINESE = /^zh[-_](tw|hk|mo|hant)/i;

/**
 * §7: "tw for Traditional Chinese, else the matching supported language, else en".
 * Accepts our own codes (`tw`, `de`), BCP 47 tags (`zh-TW`, `pt-BR`, `nb-NO`) and
 * Accept-Language-style lists (`de-CH,de;q=0.9`): the first usable entry wins.
 */
export function resolveUserLanguage(input: string | null | undefined): LanguageCode {
  if (!input) return DEFAULT_LANGUAGE;
  for (const raw of input.split(',')) {
    const tag = raw.split(';')[0]?.trim() ?? '';
    if (!tag) continue;
    if (TRADITIONAL_CHINESE.test(tag) || tag.toLowerCase() === 'tw') return 'tw';
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (base === 'no' || base === 'nn') return 'nb';
    if (isLanguageCode(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * Splits a language prefix off a path: `/de/home` → `{ lang: 'de', rest: '/home' }`.
 * English is unprefixed (§2: non-English locales carry the language code as prefix).
 */
export function splitLanguagePrefix(pathname: string): { lang: LanguageCode; rest: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLanguageCode(match[1]) && match[1] !== DEFAULT_LANGUAGE) {
    return { lang: match[1], rest: match[2] || '/' };
  }
  return { lang: DEFAULT_LANGUAGE, rest: pathname || '/' };
}

/** Builds the path of `rest` in `lang`: `localizePath('/home', 'de')` → `/de/home`. */
export function localizePath(rest: string, lang: LanguageCode): string {
  const path = rest.startsWith('/') ? rest : `/${rest}`;
  if (lang === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${lang}` : `/${lang}${path}`;
}
