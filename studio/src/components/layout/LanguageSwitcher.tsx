import { LANGUAGES, type LanguageCode, localizePath, splitLanguagePrefix } from '@tessera/shared/i18n';
import { Check, Globe } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getLanguage } from '@tessera/shared/i18n';

/** Switches language by moving to the same page under the other language prefix. */
export function LanguageSwitcher() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const navigate = useNavigate();
  const { lang, rest } = splitLanguagePrefix(location.pathname);

  const choose = (code: LanguageCode) => {
    void navigate(`${localizePath(rest, code)}${location.search}${location.hash}`);
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm text-muted hover:bg-surface-2 hover:text-fg"
        // The visible language name starts the accessible name (WCAG 2.5.3 label in name).
        aria-label={`${getLanguage(lang).nativeName} · ${t('header.language')}`}
        data-testid="language-switcher"
      >
        <Globe size={16} aria-hidden />
        <span className="hidden sm:inline">{getLanguage(lang).nativeName}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 max-h-[70vh] min-w-48 overflow-y-auto rounded-xl border border-border bg-surface p-1 shadow-2xl"
        >
          {LANGUAGES.map((language) => (
            <DropdownMenu.Item
              key={language.code}
              onSelect={() => choose(language.code)}
              className="flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2"
              lang={language.bcp47}
            >
              <span>{language.nativeName}</span>
              {language.code === lang && <Check size={14} aria-hidden className="text-accent-fg" />}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
