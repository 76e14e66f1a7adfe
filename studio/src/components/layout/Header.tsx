import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { usePopupStore } from '../../features/popups/popupStore.ts';
import { useViewer } from '../../features/auth/useViewer.ts';
import { CreditsPill } from '../../features/credits/CreditsPill.tsx';
import { TasksButton } from '../../features/tasks/TasksButton.tsx';
import { Button } from '../ui/Button.tsx';
import { cn } from '../ui/cn.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';
import { UserMenu } from './UserMenu.tsx';

/** Sections of the home page; feature pages join this list as they land. */
const NAV = [
  { key: 'aiImage', path: '/app/ai-image' },
  { key: 'tools', path: '/app/ai-tools' },
  { key: 'myCreations', path: '/app/my-creations' },
  { key: 'pricing', path: '/pricing' },
  { key: 'create', hash: '#create' },
  { key: 'howItWorks', hash: '#how-it-works' },
  { key: 'credits', hash: '#credits' },
  { key: 'faq', hash: '#faq' },
] as const;

export function Header() {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  const viewer = useViewer();
  const open = usePopupStore((s) => s.open);
  const [menuOpen, setMenuOpen] = useState(false);

  const linkClass = 'whitespace-nowrap rounded-lg px-3 py-2 text-sm text-muted transition hover:bg-surface-2 hover:text-fg';
  // The wide header keeps the home page's section links for extra-wide screens.
  const nav = (wide: boolean) => NAV.map((item) =>
    'path' in item ? (
      <Link key={item.key} to={to(item.path)} className={linkClass} onClick={() => setMenuOpen(false)}>
        {t(`nav.${item.key}`)}
      </Link>
    ) : (
      <a key={item.key} href={`${to('/home')}${item.hash}`} className={cn(linkClass, wide && 'hidden xl:inline')} onClick={() => setMenuOpen(false)}>
        {t(`nav.${item.key}`)}
      </a>
    ),
  );

  return (
    <header className="sticky top-0 z-30 border-b border-border/60 bg-bg/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Logo />
        <nav aria-label={t('header.navigation')} className="ms-4 hidden items-center gap-1 lg:flex">
          {nav(true)}
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <LanguageSwitcher />
          <TasksButton />
          <CreditsPill />
          {viewer.status === 'signedIn' ? (
            <UserMenu email={viewer.email} />
          ) : viewer.status === 'loading' ? (
            <span className="h-9 w-40 animate-pulse rounded-lg bg-surface-2" aria-hidden />
          ) : (
            <>
              <Button variant="ghost" size="sm" onClick={() => open('logIn', {})} data-testid="open-log-in">
                {t('header.logIn')}
              </Button>
              <Button size="sm" onClick={() => open('signUp')} data-testid="open-sign-up">
                {t('header.signUp')}
              </Button>
            </>
          )}
          <button
            type="button"
            className="rounded-lg p-2 text-muted hover:bg-surface-2 lg:hidden"
            aria-label={t('header.menu')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((v) => !v)}
          >
            {menuOpen ? <X size={18} /> : <Menu size={18} />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav aria-label={t('header.navigation')} className="flex flex-col border-t border-border px-4 py-2 lg:hidden">
          {nav(false)}
        </nav>
      )}
    </header>
  );
}
