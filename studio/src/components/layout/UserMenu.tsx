import { LogOut, Settings, ShieldCheck, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { useUserDeletedReaction } from '../../features/account/userDeleted.ts';
import { useAdminAccess } from '../../features/admin/useAdminAccess.ts';
import { useCurrentUser } from '../../features/auth/useCurrentUser.ts';
import { useSignOut } from '../../features/auth/useSignOut.ts';
import { RewardsMenuItems } from '../../features/rewards/RewardsMenuItems.tsx';
import { useCheckInPending } from '../../features/rewards/useCheckInPending.ts';

const ITEM_CLASS = 'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2';

export function UserMenu({ email }: { email: string }) {
  const { t } = useTranslation('common');
  // The account page's namespace holds the link's label: loaded alongside, never suspending the header.
  const { t: tAccount } = useTranslation('account', { useSuspense: false });
  const to = useLocalizedPath();
  const signOut = useSignOut();
  const { data: user } = useCurrentUser();
  // While someone is shown as signed in, a USER_DELETED answer can sign them out from anywhere.
  useUserDeletedReaction();
  const checkInPending = useCheckInPending();
  const displayName = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.name;
  const isAdmin = useAdminAccess() === 'admin';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="relative inline-flex h-9 items-center gap-2 rounded-full border border-border bg-surface-2 pl-1 pr-3 text-sm hover:border-accent"
        data-testid="user-menu"
      >
        {user?.image ? (
          <img src={user.image} alt="" className="h-7 w-7 rounded-full object-cover" data-testid="user-avatar" />
        ) : (
          <span className="flex h-7 w-7 items-center justify-center rounded-full bg-gradient-to-br from-accent to-accent-2 text-xs font-semibold uppercase text-white">
            {email.slice(0, 1)}
          </span>
        )}
        {/* Today's check-in is still open: the menu's check-in entry says so in words. */}
        {checkInPending && <span className="absolute start-6 top-0.5 h-2.5 w-2.5 rounded-full border-2 border-surface-2 bg-accent-2" aria-hidden data-testid="user-menu-dot" />}
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
          <RewardsMenuItems itemClass={ITEM_CLASS} checkInPending={checkInPending} />
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={ITEM_CLASS}>
            <Link to={to('/app/account')} data-testid="user-menu-account">
              <Settings size={14} aria-hidden /> {tAccount('menu.account')}
            </Link>
          </DropdownMenu.Item>
          {isAdmin && <AdminConsoleItem to={to('/app/admin')} />}
          <DropdownMenu.Item onSelect={() => void signOut()} className={ITEM_CLASS}>
            <LogOut size={14} aria-hidden /> {t('header.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The console's entry for admins (the server still decides every console call). Its label loads with it, for admins only. */
function AdminConsoleItem({ to }: { to: string }) {
  const { t } = useTranslation('admin', { useSuspense: false });
  return (
    <DropdownMenu.Item asChild className={ITEM_CLASS}>
      <Link to={to} data-testid="user-menu-admin">
        <ShieldCheck size={14} aria-hidden /> {t('nav.label')}
      </Link>
    </DropdownMenu.Item>
  );
}
