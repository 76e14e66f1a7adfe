/**
 * i18next with one JSON namespace per page, each loaded only when its page opens (§7 "Locale
 * data read per page from JSON files"). `common` holds the header, popups and error texts.
 */
import { DEFAULT_LANGUAGE, getLanguage, LANGUAGE_CODES, type LanguageCode, splitLanguagePrefix } from '@tessera/shared/i18n';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

declare global {
  interface Window {
    /** Keys a page asked for that no language has (`lng:ns:key`); the browser tests assert none. */
    __i18nMissing?: string[];
  }
}

/** At most this many misses are kept: enough to name the problem, never a leak. */
const MAX_MISSES = 50;

/**
 * Records a key no language has (i18next's missing-key handler; found in English is not missing).
 * A call with a `defaultValue` chose its fallback (an option value shown as it is, `16:9`); the
 * key families whose values must all be translated are checked by lib/i18nKeys.test.ts. A lookup
 * in a namespace still loading (`useSuspense: false`) is not a miss: it renders again once loaded.
 */
function recordMissing(lngs: readonly string[], ns: string, key: string, _fallback: unknown, _update: unknown, options?: { defaultValue?: unknown }): void {
  if (options?.defaultValue !== undefined || !i18n.hasLoadedNamespace(ns)) return;
  const misses = (window.__i18nMissing ??= []);
  if (misses.length < MAX_MISSES) misses.push(`${lngs.join(',')}:${ns}:${key}`);
}

export const PAGE_NAMESPACES = ['home', 'signIn', 'aiImage', 'aiTools', 'creations', 'tasks', 'credits', 'media', 'account', 'rewards', 'pricing', 'landing', 'explore', 'pages', 'admin', 'popups', 'effects', 'projects', 'canvas', 'video', 'videoForms', 'editor', 'apiPlatform', 'flows', 'flowTemplates'] as const;

export function initI18n(pathname: string = window.location.pathname) {
  const { lang } = splitLanguagePrefix(pathname);
  void i18n
    .use(resourcesToBackend((lng: string, ns: string) => import(`../locales/${lng}/${ns}.json`)))
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGE_CODES],
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
      // No backend writes: the handler only records the miss (see recordMissing).
      saveMissing: true,
      missingKeyHandler: recordMissing,
    });
  applyDocumentLanguage(lang);
  return i18n;
}

export function applyDocumentLanguage(lang: LanguageCode) {
  const language = getLanguage(lang);
  document.documentElement.lang = language.bcp47;
  document.documentElement.dir = language.dir;
}

export { i18n };
