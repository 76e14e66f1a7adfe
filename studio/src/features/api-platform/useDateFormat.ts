/** Dates of the dashboard in the page language: "12 Mar 2026" and "5 minutes ago". */
import { getLanguage } from '@tessera/shared/i18n';
import { useMemo } from 'react';
import { useLanguage } from '../../app/useLanguage.ts';
import { relativeTime } from '../projects/ProjectCards.tsx';

export function useDateFormat() {
  const lang = getLanguage(useLanguage()).bcp47;
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      date: (iso: string) => date.format(new Date(iso)),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      relative: (iso: string) => relativeTime(iso, lang),
    };
  }, [lang]);
}
