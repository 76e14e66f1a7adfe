import { LANGUAGES, type LanguageCode, localizePath, splitLanguagePrefix } from '@tessera/shared/i18n';
import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useLocation, useNavigate } from 'react-router';
import { LanguageButton } from './LanguageButton.tsx';

/** Switches language by moving to the same page under the other language prefix. */
export default function LanguageMenu({ defaultOpen }: { defaultOpen?: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { lang, rest } = splitLanguagePrefix(location.pathname);

  const choose = (code: LanguageCode) => {
    void navigate(`${localizePath(rest, code)}${location.search}${location.hash}`);
  };

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <LanguageButton />
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
