import type { NavSection } from '@tessera/shared/routes';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { navSection } from '@tessera/shared/routes';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { cn } from '../ui/cn.ts';
import { CreateButton } from './CreateButton.tsx';
import { CREATE_ITEMS } from './navItems.ts';

/** The header's "Create" menu: every creation kind. */
export default function CreateMenu({ defaultOpen }: { defaultOpen?: boolean }) {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  const section: NavSection | null = navSection(useLocation().pathname);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <CreateButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={6} className="z-50 min-w-52 rounded-xl border border-border bg-surface p-1 shadow-xl">
          {CREATE_ITEMS.map((item) => (
            <DropdownMenu.Item key={item.key} asChild>
              <Link
                to={to(item.path)}
                className={cn('block rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2', item.section === section && 'font-medium text-accent-fg')}
                aria-current={item.section === section ? 'page' : undefined}
              >
                {t(`nav.${item.key}`)}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
