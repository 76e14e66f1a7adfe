/**
 * i18next with one JSON namespace per page, each loaded only when its page opens (§7 "Locale
 * data read per page from JSON files"). `common` holds the header, popups and error texts.
 */
import { DEFAULT_LANGUAGE, getLanguage, LANGUAGE_CODES, type LanguageCode, splitLanguagePrefix } from '@tessera/shared/i18n';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

export const PAGE_NAMESPACES = ['home', 'signIn', 'aiImage', 'aiTools', 'creations', 'tasks', 'credits', 'media', 'account', 'rewards', 'pricing', 'landing', 'explore', 'pages', 'admin', 'popups', 'effects', 'projects', 'canvas', 'video', 'videoForms', 'editor'] as const;

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
