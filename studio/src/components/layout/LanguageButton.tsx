import { getLanguage } from '@tessera/shared/i18n';
import { Globe } from 'lucide-react';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/useLanguage.ts';

/** The language menu's trigger, shared by the deferred placeholder and the Radix menu. */
export function LanguageButton({ ref, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation('common');
  const name = getLanguage(useLanguage()).nativeName;
  return (
    <button
      type="button"
      {...props}
      ref={ref}
      className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm text-muted hover:bg-surface-2 hover:text-fg"
      // The visible language name starts the accessible name (WCAG 2.5.3 label in name).
      aria-label={`${name} · ${t('header.language')}`}
      data-testid="language-switcher"
    >
      <Globe size={16} aria-hidden />
      <span className="hidden sm:inline">{name}</span>
    </button>
  );
}
