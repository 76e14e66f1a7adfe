/**
 * The §8 catalogue messages in all 19 languages. The server answers every catalogue error in
 * the request's language (the §7 user-language header), keeping the code: the studio reacts to
 * `data.code` / `data.appCode` and shows the message as it comes. English is the catalogue itself.
 * A separate entry point (`@tessera/shared/errors/messages`) so the studio bundle never carries it.
 */
import type { LanguageCode } from '../../i18n/languages.ts';
import { type CatalogueCode, ERROR_CATALOGUE, formatForbiddenUsage, isCatalogueCode, parseForbiddenUsage } from '../errors.ts';
import { ar } from './ar.ts';
import { da } from './da.ts';
import { de } from './de.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { id } from './id.ts';
import { it } from './it.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { nb } from './nb.ts';
import { nl } from './nl.ts';
import { pl } from './pl.ts';
import { pt } from './pt.ts';
import { ru } from './ru.ts';
import { th } from './th.ts';
import { tr } from './tr.ts';
import { tw } from './tw.ts';
import { zh } from './zh.ts';

export type CatalogueMessages = Record<CatalogueCode, string>;

const en = Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [code, entry.message])) as CatalogueMessages;

export const CATALOGUE_MESSAGES: Readonly<Record<LanguageCode, CatalogueMessages>> = { en, ar, da, de, es, fr, id, it, ja, ko, nb, nl, pl, pt, ru, th, tr, tw, zh };

/**
 * `message` in `lang` when it is the catalogue text of `code`, bare or in the
 * `app::usageType::message` form (§8). A message a service worded itself (a catalogue code with
 * its own `message`) has no translation and is returned as it is.
 */
export function localizeMessage(code: string | undefined, message: string, lang: LanguageCode): string {
  if (lang === 'en' || !code || !isCatalogueCode(code)) return message;
  const english = ERROR_CATALOGUE[code].message;
  const translated = CATALOGUE_MESSAGES[lang][code];
  if (message === english) return translated;
  const usage = parseForbiddenUsage(message);
  return usage && usage.message === english ? formatForbiddenUsage(usage, translated) : message;
}
