import { LogOut, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../features/auth/useCurrentUser.ts';
import { useSignOut } from '../../features/auth/useSignOut.ts';

export function UserMenu({ email }: { email: string }) {
  const { t } = useTranslation('common');
  const signOut = useSignOut();
  const { data: user } = useCurrentUser();
  const displayName = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.name;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex h-9 items-center gap-2 rounded-full border border-border bg-surface-2 pl-1 pr-3 text-sm hover:border-accent"
        data-testid="user-menu"
      >
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-gradient-to-br from-accent to-accent-2 text-xs font-semibold uppercase text-white">
          {email.slice(0, 1)}
        </span>
        <span className="hidden max-w-40 truncate md:inline" data-testid="user-email">
          {email}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-56 rounded-xl border border-border bg-surface p-1 shadow-2xl">
          <DropdownMenu.Label className="flex items-center gap-2 px-3 py-2 text-xs text-muted">
            <User size={14} aria-hidden />
            <span className="flex flex-col">
              {displayName && (
                <span className="text-sm text-fg" data-testid="user-display-name">
                  {displayName}
                </span>
              )}
              <span>{email}</span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            onSelect={() => void signOut()}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2"
          >
            <LogOut size={14} aria-hidden /> {t('header.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
