import { type LanguageCode, localizePath, splitLanguagePrefix } from '@tessera/shared/i18n';
import { useCallback } from 'react';
import { useLocation } from 'react-router';

/** The language of the current URL (English is unprefixed). */
export function useLanguage(): LanguageCode {
  return splitLanguagePrefix(useLocation().pathname).lang;
}

/** Builds links in the current language: `to('/home')` → `/de/home` on a German page. */
export function useLocalizedPath(): (path: string) => string {
  const lang = useLanguage();
  return useCallback((path: string) => localizePath(path, lang), [lang]);
}
