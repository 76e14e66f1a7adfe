/** Dates and numbers in the page's language for the console's tables. */
import { getLanguage } from '@tessera/shared/i18n';
import { useMemo } from 'react';
import { useLanguage } from '../../app/useLanguage.ts';

export function useAdminFormat() {
  const locale = getLanguage(useLanguage()).bcp47;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const number = new Intl.NumberFormat(locale);
    return {
      locale,
      dateTime: (iso: string | null | undefined) => {
        if (!iso) return '';
        const date = new Date(iso);
        return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
      },
      number: (n: number) => number.format(n),
    };
  }, [locale]);
}
