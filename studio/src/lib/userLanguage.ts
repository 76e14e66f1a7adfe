/**
 * The user-language header (§7) every call to our server carries: tRPC calls and the auth
 * calls alike, so e-mails the server sends (verification and reset codes) are in the page's
 * language.
 */
import { resolveUserLanguage, USER_LANGUAGE_HEADER } from '@tessera/shared/i18n';
import { i18n } from './i18n.ts';

export function userLanguageHeaders(): Record<string, string> {
  return { [USER_LANGUAGE_HEADER]: resolveUserLanguage(i18n.language) };
}
