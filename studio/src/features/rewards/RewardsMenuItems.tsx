/** The user menu's ways to earn credits: daily check-in (with a dot until done today), invites, missions. */
import { CalendarCheck, Target, UserPlus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { usePopupStore } from '../popups/popupStore.ts';

export function RewardsMenuItems({ itemClass, checkInPending }: { itemClass: string; checkInPending: boolean }) {
  // Loaded alongside the menu, never suspending the header.
  const { t } = useTranslation('rewards', { useSuspense: false });
  const to = useLocalizedPath();
  const open = usePopupStore((s) => s.open);
  return (
    <>
      <DropdownMenu.Item onSelect={() => open('checkIn')} className={itemClass} data-testid="user-menu-check-in">
        <CalendarCheck size={14} aria-hidden /> {t('menu.checkIn')}
        {checkInPending && (
          <span className="ms-auto h-2 w-2 rounded-full bg-accent-2" data-testid="check-in-dot">
            <span className="sr-only">{t('menu.checkInPending')}</span>
          </span>
        )}
      </DropdownMenu.Item>
      <DropdownMenu.Item onSelect={() => open('referFriend')} className={itemClass} data-testid="user-menu-invite">
        <UserPlus size={14} aria-hidden /> {t('menu.invite')}
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild className={itemClass}>
        <Link to={to('/app/missions')} data-testid="user-menu-missions">
          <Target size={14} aria-hidden /> {t('menu.missions')}
        </Link>
      </DropdownMenu.Item>
    </>
  );
}
