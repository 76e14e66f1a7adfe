import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../i18n/languages.ts';
import { ERROR_CATALOGUE, formatForbiddenUsage, type CatalogueCode } from '../errors.ts';
import { CATALOGUE_MESSAGES, localizeMessage } from './index.ts';

const codes = Object.keys(ERROR_CATALOGUE) as CatalogueCode[];
/** Numbers a message states (limits, sizes, credits) must survive translation. */
const numbers = (text: string) => (text.match(/\d+/g) ?? []).sort();

describe('§8 messages in every language', () => {
  it.each(LANGUAGES.filter((l) => l.code !== 'en').map((l) => l.code))('%s translates every catalogue message', (lang) => {
    const table = CATALOGUE_MESSAGES[lang];
    expect(Object.keys(table).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const text = table[code];
      expect(text.trim(), `${lang} ${code}`).not.toBe('');
      expect(numbers(text), `${lang} ${code}`).toEqual(numbers(ERROR_CATALOGUE[code].message));
      // USER_DELETED is a code the studio matches; everything else is worded in the language.
      if (code !== 'USER_DELETED') expect(text, `${lang} ${code}`).not.toBe(ERROR_CATALOGUE[code].message);
    }
    expect(table.USER_DELETED).toBe('USER_DELETED');
  });

  it('translates a catalogue message, also in the app::usageType::message form', () => {
    expect(localizeMessage('PAYMENT_DECLINED', ERROR_CATALOGUE.PAYMENT_DECLINED.message, 'ja')).toBe('カードが拒否されました。別のお支払い方法をお試しください。');
    const usage = { app: 'tessera', usageType: 'pro_feature' };
    expect(localizeMessage('PRO_FEATURE', formatForbiddenUsage(usage, ERROR_CATALOGUE.PRO_FEATURE.message), 'de')).toBe(
      formatForbiddenUsage(usage, CATALOGUE_MESSAGES.de.PRO_FEATURE),
    );
  });

  it('leaves English, unknown codes and messages a service worded itself alone', () => {
    expect(localizeMessage('PAYMENT_DECLINED', ERROR_CATALOGUE.PAYMENT_DECLINED.message, 'en')).toBe(ERROR_CATALOGUE.PAYMENT_DECLINED.message);
    expect(localizeMessage('NO_SUCH_CODE', 'Something', 'ja')).toBe('Something');
    expect(localizeMessage(undefined, 'Something', 'ja')).toBe('Something');
    expect(localizeMessage('INCORRECT_PARAMETER', 'This style is not available.', 'ja')).toBe('This style is not available.');
  });
});
