import { navSection } from '@tessera/shared/routes';
import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { useViewer } from '../../features/auth/useViewer.ts';
import { CreditsPill } from '../../features/credits/CreditsPill.tsx';
import { usePanelStore } from '../../features/popups/panelStore.ts';
import { usePopupStore } from '../../features/popups/popupStore.ts';
import { TasksButton } from '../../features/tasks/TasksButton.tsx';
import { Button } from '../ui/Button.tsx';
import { cn } from '../ui/cn.ts';
import { DeferredMenu } from '../ui/DeferredMenu.tsx';
import { CreateButton } from './CreateButton.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';
import { CREATE_GROUPS, type NavItem, PRIMARY_ITEMS } from './navItems.ts';

const loadCreateMenu = () => import('./CreateMenu.tsx');
const CreateMenu = lazy(loadCreateMenu);
// Signed-in visitors only: its menu code loads with their first page.
const UserMenu = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu })));
const userMenuFallback = <span className="h-9 w-24 animate-pulse rounded-full bg-surface-2" aria-hidden />;

const LINK = 'whitespace-nowrap rounded-lg px-3 py-2 text-sm transition hover:bg-surface-2 hover:text-fg';
const linkClass = (active: boolean) => cn(LINK, active ? 'bg-surface-2 font-medium text-fg' : 'text-muted');

export function Header() {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  const viewer = useViewer();
  const open = usePopupStore((s) => s.open);
  const showPanel = usePanelStore((s) => s.show);
  const section = navSection(useLocation().pathname);
  const [menuOpen, setMenuOpen] = useState(false);

  const link = (item: NavItem, extra?: string) => (
    <Link
      key={item.key}
      to={to(item.path)}
      className={cn(linkClass(item.section === section), extra)}
      aria-current={item.section === section ? 'page' : undefined}
      data-nav={item.section}
      onClick={() => setMenuOpen(false)}
    >
      {t(`nav.${item.key}`)}
    </Link>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-border/60 bg-bg/80 backdrop-blur" data-section={section ?? ''}>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-4">
        <Logo />
        <nav aria-label={t('header.navigation')} className="ms-2 hidden items-center gap-1 lg:flex">
          {link(PRIMARY_ITEMS[0]!)}
          <DeferredMenu Menu={CreateMenu} preload={() => void loadCreateMenu()} renderTrigger={(props) => <CreateButton {...props} />} />
          {PRIMARY_ITEMS.slice(1).map((item) => link(item))}
        </nav>
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          {/* Phones keep the language menu in the menu panel: the bar has no room for it. */}
          <div className="hidden sm:block">
            <LanguageSwitcher />
          </div>
          <TasksButton />
          <CreditsPill />
          {viewer.status === 'signedIn' ? (
            <Suspense fallback={userMenuFallback}>
              <UserMenu email={viewer.email} />
            </Suspense>
          ) : viewer.status === 'loading' ? (
            <span className="h-9 w-24 animate-pulse rounded-lg bg-surface-2 sm:w-40" aria-hidden />
          ) : (
            <>
              <Button variant="ghost" size="sm" className="hidden sm:inline-flex" onClick={() => open('logIn', {})} data-testid="open-log-in">
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
            aria-controls="mobile-nav"
            onClick={() => setMenuOpen((v) => !v)}
            data-testid="open-menu"
          >
            {menuOpen ? <X size={18} /> : <Menu size={18} />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-nav" aria-label={t('header.navigation')} className="grid max-h-[70vh] grid-cols-2 gap-1 overflow-y-auto border-t border-border px-4 py-2 lg:hidden">
          {PRIMARY_ITEMS.map((item) => link(item))}
          {/* Every kind and tool, as in the desktop Create menu (two taps from the bar). */}
          {CREATE_GROUPS.map((group) => (
            <div key={group.key} role="group" aria-labelledby={`mobile-create-${group.key}`} className="col-span-2 grid grid-cols-2 gap-1 border-t border-border/60 pt-1">
              <Link
                id={`mobile-create-${group.key}`}
                to={to(group.path)}
                className={cn(LINK, 'col-span-2 font-semibold text-fg')}
                onClick={() => setMenuOpen(false)}
              >
                {t(`nav.${group.key}`)}
              </Link>
              {group.items.map((item) => (
                <Link key={item.id} to={to(item.path)} className={cn(LINK, 'text-muted')} data-create={item.id} onClick={() => setMenuOpen(false)}>
                  {t(`nav.${item.id}`)}
                </Link>
              ))}
            </div>
          ))}
          <div className="col-span-2 sm:hidden">
            <LanguageSwitcher />
          </div>
          {/* A phone's bar shows the tasks button only while something runs: finished tasks are here. */}
          {(viewer.status === 'signedIn' || viewer.status === 'anonymous') && (
            <button
              type="button"
              className={cn(LINK, 'text-start text-muted sm:hidden')}
              onClick={() => (setMenuOpen(false), showPanel('tasks'))}
              data-testid="menu-tasks"
            >
              {t('tasks.label')}
            </button>
          )}
          {viewer.status !== 'signedIn' && (
            <button type="button" className={cn(LINK, 'text-start text-muted sm:hidden')} onClick={() => (setMenuOpen(false), open('logIn', {}))}>
              {t('header.logIn')}
            </button>
          )}
        </nav>
      )}
    </header>
  );
}
