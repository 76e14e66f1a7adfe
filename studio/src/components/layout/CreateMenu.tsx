import type { NavSection } from '@tessera/shared/routes';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { navSection } from '@tessera/shared/routes';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { cn } from '../ui/cn.ts';
import { CreateButton } from './CreateButton.tsx';
import { CREATE_GROUPS } from './navItems.ts';

const ITEM = 'block rounded-lg px-3 py-1.5 text-sm outline-none data-[highlighted]:bg-surface-2';

/**
 * The header's "Create" menu: every creation kind and tool of the spec, one click away once it is
 * open (issue 22), in three columns. A column's heading opens its page (AI video, AI image, AI
 * tools); each entry opens its form, a tab-hidden kind with its tab selected.
 */
export default function CreateMenu({ defaultOpen }: { defaultOpen?: boolean }) {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  const location = useLocation();
  const section: NavSection | null = navSection(location.pathname);
  const here = `${location.pathname}${location.search}`;
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <CreateButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 grid max-h-[var(--radix-dropdown-menu-content-available-height)] w-[min(54rem,calc(100vw-1rem))] gap-x-2 gap-y-3 overflow-y-auto rounded-xl border border-border bg-surface p-2 shadow-xl sm:grid-cols-3"
          data-testid="create-menu"
        >
          {CREATE_GROUPS.map((group) => (
            <DropdownMenu.Group key={group.key} aria-labelledby={`create-group-${group.key}`} className="flex min-w-0 flex-col">
              <DropdownMenu.Item asChild>
                <Link
                  id={`create-group-${group.key}`}
                  to={to(group.path)}
                  className={cn(ITEM, 'mb-1 font-semibold text-fg', group.section === section && 'text-accent-fg')}
                  aria-current={group.section === section && to(group.path) === here ? 'page' : undefined}
                >
                  {t(`nav.${group.key}`)}
                </Link>
              </DropdownMenu.Item>
              {group.items.map((item) => {
                const current = to(item.path) === here;
                return (
                  <DropdownMenu.Item key={item.id} asChild>
                    <Link
                      to={to(item.path)}
                      className={cn(ITEM, current ? 'font-medium text-accent-fg' : 'text-muted data-[highlighted]:text-fg')}
                      aria-current={current ? 'page' : undefined}
                      data-create={item.id}
                    >
                      {t(`nav.${item.id}`)}
                    </Link>
                  </DropdownMenu.Item>
                );
              })}
            </DropdownMenu.Group>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
